#!/usr/bin/env node
// `npm test`: builds the package (the CLI and browser tests use dist/), type
// checks, runs every test runner — vitest (core, node, HTTP, CLI) and @web/test-runner
// (elements in Chromium) — and ends with one line `N passed, N failed` summed
// over all of them. Exits non-zero if any runner failed or any test failed.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
mkdirSync(results, { recursive: true });
rmSync(join(results, 'summary.txt'), { force: true });
const bin = (name) => join(root, 'node_modules', '.bin', name);
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: process.env }).status ?? 1;

let passed = 0;
let failed = 0;
let runnerFailed = false;

// 1. Build (dist/ is what the CLI end-to-end tests and the standalone-bundle tests load).
if (run('npm', ['run', '--silent', 'build']) !== 0) {
  console.error('build failed');
  runnerFailed = true;
}

// 1b. Type check (tests, benches and examples included): a type error counts as one failure.
if (run(bin('tsc'), ['--noEmit', '-p', 'tsconfig.json']) !== 0) {
  console.error('type check failed (tsc --noEmit)');
  failed += 1;
}

/** Adds the totals of a vitest JSON report; a missing report counts as one failure. */
function countVitest(file) {
  if (!existsSync(file)) {
    failed += 1;
    return;
  }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  // A test file that fails to load (syntax error, missing fixture, a throw at
  // import time) has no test results of its own: count each such file as one failure.
  const brokenFiles = (r.testResults ?? []).filter((f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0);
  for (const f of brokenFiles) console.error(`test file failed to load: ${f.name}\n${(f.message ?? '').split('\n').slice(0, 3).join('\n')}`);
  failed += brokenFiles.length;
}
const jsonReport = (file) => ['--reporter=default', '--reporter=json', `--outputFile.json=${file}`];

// 2. vitest, with its JSON report for the totals.
const vitestJson = join(results, 'vitest.json');
rmSync(vitestJson, { force: true });
const vitestStatus = run(bin('vitest'), ['run', ...jsonReport(vitestJson)]);
countVitest(vitestJson);
if (vitestStatus !== 0) runnerFailed = true;

// 2b. The interop suite on Forge's corpus, only when FORGE_CORPUS_DIR is set
// (.ci/run sets it when the corpus is beside the checkout); otherwise
// scripts/test-interop.mjs prints one line saying it was skipped.
if (process.env.FORGE_CORPUS_DIR) {
  const interopJson = join(results, 'interop.json');
  rmSync(interopJson, { force: true });
  const interopStatus = run('node', [join(root, 'scripts', 'test-interop.mjs'), ...jsonReport(interopJson)]);
  countVitest(interopJson);
  if (interopStatus !== 0) runnerFailed = true;
} else {
  run('node', [join(root, 'scripts', 'test-interop.mjs')]);
}

// 3. @web/test-runner, when there are browser tests; its reporter writes test-results/wtr.json.
const hasBrowserTests = existsSync(join(root, 'test', 'elements')) && readdirSync(join(root, 'test', 'elements')).some((f) => /\.test\.(js|ts)$/.test(f));
if (hasBrowserTests) {
  const wtrJson = join(results, 'wtr.json');
  rmSync(wtrJson, { force: true });
  const wtrStatus = run(bin('web-test-runner'), []);
  if (existsSync(wtrJson)) {
    const r = JSON.parse(readFileSync(wtrJson, 'utf8'));
    passed += r.passed ?? 0;
    failed += r.failed ?? 0;
  } else {
    failed += 1;
  }
  if (wtrStatus !== 0) runnerFailed = true;
}

if (runnerFailed && failed === 0) failed = 1; // a runner that crashed counts as a failure
const summary = `${passed} passed, ${failed} failed`;
writeFileSync(join(results, 'summary.txt'), `${summary}\n`);
console.log(summary);
process.exit(failed > 0 || runnerFailed ? 1 : 0);
