// A tool run attacked from inside (issue 21), with real bwrap, as root and as
// `runuser -u nobody` (a separate process runs the tool: test/helpers/
// run-tool-child.ts): the script reaches for every process it can see to
// forge or flood the result; a fork bomb and 300 sleeps against the process
// limit; 300 MiB against the writable tmpfs; a descriptor the server
// inherited without close-on-exec. The result stays the script's own exit,
// the runner's event loop stays free, nothing outlives the run.

import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import type { ToolRunResult } from '../../../src/node/sandbox/types.js';
import { attackReport, attackScript, FORGE_ONLY_SCRIPT } from '../../helpers/sandbox-attack.js';
import { processesWith, toolSkill } from '../../helpers/tool-run.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CHILD = join(ROOT, 'test/helpers/run-tool-child.ts');
const MiB = 1024 * 1024;
const INHERITED_FD = 300;

type ChildResult = ToolRunResult & { stdoutLength: number; stderrLength: number; ticks: number; uid: number; thrown?: string };

function nobodyProblem(): string | null {
  if (process.getuid?.() !== 0) return 'not root: runuser cannot switch users';
  if (!existsSync('/usr/sbin/runuser') && !existsSync('/sbin/runuser')) return 'runuser is not installed';
  const r = spawnSync('runuser', ['-u', 'nobody', '--', 'test', '-r', CHILD], { encoding: 'utf8' });
  return r.status === 0 ? null : `user nobody cannot read ${CHILD} (a parent folder is private)`;
}
const NOBODY = nobodyProblem();
if (NOBODY) console.log(`isolation tests as nobody are skipped: ${NOBODY}`);
const USERS = [{ name: 'root', nobody: false }, ...(NOBODY ? [] : [{ name: 'nobody', nobody: true }])];

/** Runs one tool in a fresh process (as nobody when asked) holding fd 300 open without close-on-exec. */
function runChild(opts: Record<string, unknown>, asNobody: boolean): Promise<ChildResult> {
  const node = [process.execPath, '--import', 'tsx', CHILD, JSON.stringify(opts)];
  const withFd = ['bash', '-c', `exec "$@" ${INHERITED_FD}</etc/hostname`, 'with-fd', ...node];
  const argv = asNobody ? ['runuser', '-u', 'nobody', '--', ...withFd] : withFd;
  return new Promise((done, fail) => {
    const child = spawn(argv[0]!, argv.slice(1), { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, HOME: '/tmp' } });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      try {
        done(JSON.parse(out) as ChildResult);
      } catch {
        fail(new Error(`the runner process died (exit ${code}): ${err.slice(-2000)}`));
      }
    });
  });
}

const SH = (body: string) => `#!/usr/bin/env bash\n${body}\n`;

describe.each(USERS)('a sandboxed run attacked from inside (server as $name)', ({ nobody }) => {
  it('keeps the exit the script really had, however it reaches for the result channel', async () => {
    const r = await runChild(
      { skillMd: toolSkill(), tool: 'do_it', input: {}, sandbox: 'bwrap', scripts: { 'do_it.py': attackScript(600, 300) }, timeoutMs: 60_000 },
      nobody,
    );
    expect(r.thrown).toBeUndefined();
    expect(r).toMatchObject({ ok: false, exitCode: 1, timedOut: false, sandbox: 'bwrap', truncated: true });
    expect(r.stdoutLength).toBe(MiB);
    expect(r.uid).toBe(nobody ? 65534 : 0);
    const rep = attackReport(r.stderr);
    expect(rep.gotFds).toBe(0);
    const others = rep.pids.filter((p) => p !== rep.me);
    expect(rep.pidfdOpen).toEqual(others.map(() => -1)); // EPERM, from the seccomp filter
    expect(rep.ptrace).toEqual(others.map(() => -1));
    expect(rep.vmWritev).toEqual(others.map(() => -1));
  }, 120_000);

  it('reports exit 1 for a script that exits 1 after writing a forged exit 0 into every descriptor it can take', async () => {
    const r = await runChild(
      { skillMd: toolSkill(), tool: 'do_it', input: {}, sandbox: 'bwrap', scripts: { 'do_it.py': FORGE_ONLY_SCRIPT }, timeoutMs: 30_000 },
      nobody,
    );
    expect(r).toMatchObject({ ok: false, exitCode: 1, timedOut: false });
  }, 60_000);

  it('stops 300 processes and a fork bomb at the process limit; the runner stays responsive and nothing is left', async () => {
    const token = `7${String(process.pid).padStart(7, '0')}${nobody ? 1 : 2}`;
    const many = [
      'import json, os, subprocess',
      'started, refused = 0, 0',
      'for i in range(300):',
      '    try:',
      `        subprocess.Popen(["sleep", "${token}1"])`,
      '        started += 1',
      '    except OSError:',
      '        refused += 1',
      'print(json.dumps({"started": started, "refused": refused, "running": len([p for p in os.listdir("/proc") if p.isdigit()])}))',
    ].join('\n');
    const r = await runChild({ skillMd: toolSkill(), tool: 'do_it', input: {}, sandbox: 'bwrap', scripts: { 'do_it.py': many } }, nobody);
    expect(r.thrown).toBeUndefined();
    const got = r.json as { started: number; refused: number; running: number };
    expect(got.started, JSON.stringify(r)).toBeGreaterThan(10);
    expect(got.running).toBeLessThanOrEqual(64);
    expect(got.refused).toBeGreaterThanOrEqual(300 - 64);
    // The bomb runs until the timeout while the script spins without forking.
    const bomb = SH(`sleep ${token}2 &\nb() { b | b & }\nb 2>/dev/null\nwhile :; do :; done`);
    const t = await runChild({ skillMd: toolSkill(), tool: 'do_it', input: {}, sandbox: 'bwrap', scripts: { 'do-it.sh': bomb }, timeoutMs: 3000 }, nobody);
    expect(t.thrown).toBeUndefined();
    expect(t).toMatchObject({ timedOut: true, ok: false });
    expect(t.ticks).toBeGreaterThan(0); // the runner's timers kept firing during the bomb
    await vi.waitFor(() => expect(processesWith(`sleep ${token}`)).toEqual([]), { timeout: 10_000 });
  }, 120_000);

  it('ends every process a script left running when it exits 0 (setsid, nohup, double fork)', async () => {
    const token = `5${String(process.pid).padStart(7, '0')}${nobody ? 1 : 2}`;
    const script = SH(
      [
        `setsid sleep ${token}1 </dev/null >/dev/null 2>&1 &`,
        `(setsid sleep ${token}2 </dev/null >/dev/null 2>&1 &)`,
        `nohup sleep ${token}3 </dev/null >/dev/null 2>&1 &`,
        'sleep 0.5',
        `echo '{}'`,
      ].join('\n'),
    );
    const r = await runChild({ skillMd: toolSkill(), tool: 'do_it', input: {}, sandbox: 'bwrap', scripts: { 'do-it.sh': script } }, nobody);
    expect(r).toMatchObject({ ok: true, sandbox: 'bwrap' });
    await vi.waitFor(() => expect(processesWith(`sleep ${token}`)).toEqual([]), { timeout: 10_000 });
  }, 60_000);

  it('caps the writable space and keeps it off the host disk', async () => {
    const fill = (path: string) => `head -c ${300 * MiB} /dev/zero > "${path}" 2>/dev/null && echo "wrote ${path}"; echo "$(stat -c %s "${path}")"`;
    // /dev is bwrap's own tmpfs (unsized): /dev/shm has a capped one, the rest of /dev is read-only.
    const places = ['/tmp/big', '$HOME/big', 'skills/tool-run-test/big', '/dev/shm/big', '/dev/big'];
    const script = SH([...places.map(fill), 'df -P /tmp | tail -1'].join('\n'));
    const r = await runChild({ skillMd: toolSkill(), tool: 'do_it', input: {}, sandbox: 'bwrap', scripts: { 'do-it.sh': script } }, nobody);
    expect(r.stdout).not.toContain('wrote');
    const sizes = r.stdout.trim().split('\n').slice(0, places.length);
    expect(sizes).toHaveLength(places.length);
    for (const size of sizes) expect(Number(size || 0), r.stdout).toBeLessThanOrEqual(64 * MiB);
    expect(r.stdout.split('\n')[places.length]).toMatch(/^tmpfs /);
  }, 120_000);

  it.each(['bwrap', 'none'] as const)(
    'hands the script no descriptor the server inherited (sandbox: %s)',
    async (sandbox) => {
      const r = await runChild(
        { skillMd: toolSkill(), tool: 'do_it', input: {}, sandbox, scripts: { 'do-it.sh': SH('ls /proc/self/fd | sort -n | tr "\\n" " "') } },
        nobody,
      );
      expect(r.thrown).toBeUndefined();
      expect(r.stdout.trim().split(' ')).toEqual(['0', '1', '2', '3']); // 3 is ls's own listing
    },
    60_000,
  );
});

describe('a tool run without the sandbox', () => {
  it('kills what a run left behind in another session (setsid) too', async () => {
    const token = `6${String(process.pid).padStart(7, '0')}`;
    const script = SH(`setsid sleep ${token}1 </dev/null >/dev/null 2>&1 &\n(setsid sleep ${token}2 </dev/null >/dev/null 2>&1 &)\nsleep 0.5\necho '{}'`);
    const r = await runChild({ skillMd: toolSkill(), tool: 'do_it', input: {}, sandbox: 'none', scripts: { 'do-it.sh': script } }, false);
    expect(r).toMatchObject({ ok: true, sandbox: 'none' });
    await vi.waitFor(() => expect(processesWith(`sleep ${token}`)).toEqual([]), { timeout: 10_000 });
  }, 60_000);
});
