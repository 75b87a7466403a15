// Unit and integration tests that run in Node (core, node adapters, HTTP, CLI).
// Browser tests of the elements run under @web/test-runner (web-test-runner.config.mjs);
// the opt-in interop suite on Forge's corpus under vitest.interop.config.ts.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/elements/**', 'test/interop/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
