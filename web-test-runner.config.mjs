// @web/test-runner: the browser tests of the web components (test/elements),
// in the machine's Debian Chromium (never a downloaded browser). TypeScript is
// compiled on the fly with the esbuild already in devDependencies (a tiny
// plugin instead of @web/dev-server-esbuild, whose current major needs Node 22
// and whose older one pins another esbuild). Reporters: the default one for
// humans, plus one that writes test-results/wtr.json ({passed, failed}) for
// scripts/test-all.mjs.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultReporter } from '@web/test-runner';
import { playwrightLauncher } from '@web/test-runner-playwright';
import { transform } from 'esbuild';

const root = dirname(fileURLToPath(import.meta.url));

/** Serves .ts as JavaScript, and resolves NodeNext-style `./x.js` imports to `./x.ts`. */
const typescript = {
  name: 'forge-typescript',
  resolveMimeType(context) {
    if (context.path.endsWith('.ts')) return 'js';
  },
  resolveImport({ source, context }) {
    if (!context.path.endsWith('.ts') || !source.startsWith('.') || !source.endsWith('.js')) return;
    const ts = source.replace(/\.js$/, '.ts');
    if (existsSync(join(root, dirname(context.path), ts))) return ts;
  },
  async transform(context) {
    if (!context.path.endsWith('.ts')) return;
    const out = await transform(context.body, {
      loader: 'ts',
      target: 'es2022',
      sourcemap: 'inline',
      sourcefile: context.path,
      tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: false, verbatimModuleSyntax: true } },
    });
    return { body: out.code };
  },
};

/** Counts individual tests over all sessions; a session that errored (e.g. failed to load) counts as a failure. */
function jsonCountsReporter(file = join(root, 'test-results', 'wtr.json')) {
  const count = (suite) => {
    let passed = 0;
    let failed = 0;
    if (!suite) return { passed, failed };
    for (const t of suite.tests) {
      if (t.skipped) continue;
      if (t.passed) passed++;
      else failed++;
    }
    for (const s of suite.suites) {
      const c = count(s);
      passed += c.passed;
      failed += c.failed;
    }
    return { passed, failed };
  };
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      for (const session of sessions) {
        const c = count(session.testResults);
        passed += c.passed;
        failed += c.failed;
        if ((session.errors?.length ?? 0) > 0 || (session.passed === false && c.failed === 0)) failed++;
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify({ passed, failed }) + '\n');
    },
  };
}

const chromiumFlags = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export default {
  rootDir: root,
  files: ['test/elements/**/*.test.{js,ts}'],
  nodeResolve: true,
  concurrency: 4,
  // Generous bounds for a busy machine: waitFor (test/elements/helpers/dom.ts)
  // allows 20 s per condition, a test 60 s, the whole run 10 minutes.
  testsFinishTimeout: 600_000,
  testFramework: { config: { timeout: 60_000 } },
  plugins: [typescript],
  browsers: [playwrightLauncher({ product: 'chromium', launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumFlags } })],
  reporters: [defaultReporter(), jsonCountsReporter()],
};
