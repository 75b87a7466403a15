// The interop suite (test/interop): our parser, validator, compiler, catalog
// and build on Forge's embedded-skill corpus. Opt-in: it needs the folder in
// FORGE_CORPUS_DIR and runs through `npm run test:interop` (scripts/test-interop.mjs),
// never as part of the default `vitest run`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/interop/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
