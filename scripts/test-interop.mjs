#!/usr/bin/env node
// `npm run test:interop`: the interop suite (test/interop) on Forge's
// embedded-skill corpus, which this repository does not include. It runs only
// when FORGE_CORPUS_DIR names that folder; otherwise it prints one line saying
// so and succeeds. Extra arguments go to vitest (a file filter, reporters).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dir = process.env.FORGE_CORPUS_DIR;
if (!dir) {
  console.log("interop suite skipped: FORGE_CORPUS_DIR is not set (set it to the folder of Forge's embedded skills to run test/interop)");
  process.exit(0);
}
const abs = resolve(dir);
if (!existsSync(abs)) {
  console.error(`interop suite: FORGE_CORPUS_DIR=${dir} does not exist`);
  process.exit(1);
}
const vitest = join(root, 'node_modules', '.bin', 'vitest');
const args = ['run', '--config', join(root, 'vitest.interop.config.ts'), ...process.argv.slice(2)];
const r = spawnSync(vitest, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORGE_CORPUS_DIR: abs } });
process.exit(r.status ?? 1);
