// The runner's own limits (issue 21): bwrap's status channel is capped like
// stdout/stderr; `timeout_hint` and the timeoutMs override are clamped to 10
// minutes and never overflow setTimeout (which fires at once past 2^31-1 ms);
// leftover run folders from a crashed process are swept; the seccomp program
// is laid out for the two known architectures only.

import { mkdir, mkdtemp, rm, utimes } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Skill } from '../../../src/core/skill/skill.js';
import { MAX_TIMEOUT_MS, prepareRun } from '../../../src/node/sandbox/prepare.js';
import { runDraft } from '../../helpers/run-draft.js';
import { seccompProgram } from '../../../src/node/sandbox/seccomp.js';
import { spawnCollect, STATUS_CAP_BYTES } from '../../../src/node/sandbox/spawn.js';
import { sweepStaleRunDirs } from '../../../src/node/sandbox/sweep.js';
import { toolSkill } from '../../helpers/tool-run.js';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'limits-test-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const hinted = (hint: string) => toolSkill().replace('  forge:', `  forge:\n    timeout_hint: ${hint}`);

describe('the status channel', () => {
  it('keeps at most 64 KiB of what arrives on fd 3 and says it cut the rest', async () => {
    const o = await spawnCollect({
      command: 'sh',
      args: ['-c', 'head -c 200000000 /dev/zero >&3; echo done'],
      cwd: scratch,
      env: { PATH: '/usr/bin:/bin' },
      timeoutMs: 60_000,
      statusFd: true,
    });
    expect(o.exitCode).toBe(0);
    expect(o.stdout).toBe('done\n');
    expect(o.status.length).toBe(STATUS_CAP_BYTES);
    expect(o.statusTruncated).toBe(true);
  }, 90_000);
});

describe('run timeouts', () => {
  it('clamps timeout_hint to 10 minutes, and NaN, zero or negative hints fall back to 30 s', () => {
    const timeoutOf = (skillMd: string, timeoutMs?: number) =>
      prepareRun(Skill.from({ skillMd, scripts: { 'do-it.sh': 'echo' } }), { tool: 'do_it', input: {}, ...(timeoutMs !== undefined ? { timeoutMs } : {}) })
        .timeoutMs;
    expect(MAX_TIMEOUT_MS).toBe(600_000);
    expect(timeoutOf(hinted('3000000'))).toBe(600_000);
    expect(timeoutOf(hinted('.inf'))).toBe(600_000);
    expect(timeoutOf(hinted('.nan'))).toBe(30_000);
    expect(timeoutOf(hinted('-5'))).toBe(30_000);
    expect(timeoutOf(hinted('0'))).toBe(30_000);
    expect(timeoutOf(hinted('45'))).toBe(45_000);
    expect(timeoutOf(hinted('45'), 3e9)).toBe(600_000);
    expect(() => timeoutOf(toolSkill(), Infinity)).toThrow(/timeoutMs must be a positive number/);
  });

  it.each(['bwrap', 'none'] as const)('runs a script to its end under a huge timeout_hint (sandbox: %s)', async (sandbox) => {
    const r = await runDraft({ skillMd: hinted('3000000'), scripts: { 'do-it.sh': "sleep 0.5\necho '{}'" }, tool: 'do_it', input: {}, sandbox });
    expect(r).toMatchObject({ ok: true, timedOut: false, json: {} });
  });

  it('never hands setTimeout a delay it would overflow', async () => {
    const o = await spawnCollect({ command: 'sh', args: ['-c', 'sleep 0.3; echo ok'], cwd: scratch, env: { PATH: '/usr/bin:/bin' }, timeoutMs: 3e12 });
    expect(o).toMatchObject({ timedOut: false, exitCode: 0, stdout: 'ok\n' });
  });
});

describe('stale run folders', () => {
  it('removes the folders of dead processes and old ones, and keeps live and foreign ones', async () => {
    const dir = join(scratch, 'tmp');
    const dead = spawnSyncPid();
    const paths = {
      deadOwner: join(dir, `forge-try-${dead}-aaaaaa`),
      old: join(dir, `forge-try-${process.pid}-bbbbbb`),
      oldUnnamed: join(dir, 'forge-try-cccccc'),
      live: join(dir, `forge-try-${process.pid}-dddddd`),
      liveUnnamed: join(dir, 'forge-try-eeeeee'),
      other: join(dir, 'something-else'),
    };
    for (const p of Object.values(paths)) await mkdir(join(p, 'agent'), { recursive: true });
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    for (const p of [paths.old, paths.oldUnnamed, paths.other]) await utimes(p, twoHoursAgo, twoHoursAgo);
    const removed = await sweepStaleRunDirs(dir);
    expect(removed.sort()).toEqual([paths.deadOwner, paths.old, paths.oldUnnamed].sort());
    for (const p of [paths.live, paths.liveUnnamed, paths.other]) expect(existsSync(p)).toBe(true);
  });
});

describe('the seccomp program', () => {
  it('exists for x86_64 and aarch64 only, as whole sock_filter entries', () => {
    expect(seccompProgram('x64')!.length).toBe(12 * 8);
    expect(seccompProgram('arm64')!.length).toBe(11 * 8);
    expect(seccompProgram('ia32')).toBeNull();
  });
});

/** The pid of a process that has already exited. */
function spawnSyncPid(): number {
  return spawnSync('true').pid;
}
