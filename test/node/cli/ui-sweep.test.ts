// `ui --allow-tool-runs` sweeps the run folders a crashed server left behind
// as it starts, before any run: a real `forge-skill-builder ui` process with
// its own TMPDIR holding a folder whose owner is dead, one older than an
// hour, and one of a live process. The first two go, the live one stays.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';

const BIN = join(process.cwd(), 'bin/forge-skill-builder.js');
const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function leftovers() {
  const tmp = await mkdtemp(join(tmpdir(), 'fsb-ui-sweep-'));
  cleanups.push(() => rm(tmp, { recursive: true, force: true }));
  const dead = spawnSync('true').pid;
  const paths = {
    deadOwner: join(tmp, `forge-try-${dead}-aaaaaa`),
    old: join(tmp, `forge-try-${process.pid}-bbbbbb`),
    live: join(tmp, `forge-try-${process.pid}-cccccc`),
  };
  for (const p of Object.values(paths)) await mkdir(join(p, 'agent'), { recursive: true });
  const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
  await utimes(paths.old, twoHoursAgo, twoHoursAgo);
  return { tmp, paths };
}

/** Starts `ui` with TMPDIR=tmp and waits until it serves. */
async function startUi(tmp: string, flags: string[]): Promise<void> {
  const child = spawn(process.execPath, [BIN, 'ui', '--dir', join(tmp, 'ws'), '--port', '0', '--quiet', ...flags], {
    env: { PATH: process.env.PATH ?? '', HOME: tmp, TMPDIR: tmp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cleanups.push(() => void child.kill('SIGTERM'));
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  await vi.waitFor(() => expect(out).toContain('Press Ctrl-C'), { timeout: 30_000, interval: 50 });
}

describe('ui at start-up', () => {
  it('with --allow-tool-runs removes the run folders of dead processes and old ones, keeps a live one', { timeout: 60_000 }, async () => {
    const { tmp, paths } = await leftovers();
    await startUi(tmp, ['--allow-tool-runs', '--no-token']);
    await vi.waitFor(
      () => {
        expect(existsSync(paths.deadOwner)).toBe(false);
        expect(existsSync(paths.old)).toBe(false);
      },
      { timeout: 20_000 },
    );
    expect(existsSync(paths.live)).toBe(true);
  });
});
