// What a sandboxed run is seen doing: hosts asked for (with port and
// verdict, from the egress proxy), programs executed (strace outside the
// sandbox: `bash -c`, `env`, `xargs` and absolute paths), files written (its
// copy, HOME, /tmp) — with real bwrap runs of bash, Python and Node scripts,
// as root and under `runuser -u nobody`; and "not observed" when asked not to trace.

import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDraft } from '../../helpers/run-draft.js';
import { recordingServer, toolSkill, type RecordingServer } from '../../helpers/tool-run.js';

const SH = (body: string) => `#!/usr/bin/env bash\nset -euo pipefail\n${body}\n`;
const root = join(import.meta.dirname, '../../..');
let server: RecordingServer;
beforeAll(async () => {
  server = await recordingServer();
});
afterAll(() => server.close());

const BASH = (port: number) =>
  SH(
    [
      `bash -c 'echo {} | jq -c .' >/dev/null`,
      '/usr/bin/curl --version >/dev/null',
      'env true',
      'echo x | xargs echo >/dev/null',
      `curl -sS --max-time 5 http://localhost:${port}/seen || true`,
      'curl -sS --max-time 5 https://refused.example.org/ || true',
      'echo a > "$HOME/notes.txt"; echo b > /tmp/scratch.txt; echo c > out.txt',
      'echo "{}"',
    ].join('\n'),
  );

describe('observing a sandboxed run', () => {
  it('sees the hosts with port and verdict, the programs by name and path, and the files written', async () => {
    const r = await runDraft({
      skillMd: toolSkill({ egress: ['localhost'] }),
      scripts: { 'do-it.sh': BASH(server.port) },
      tool: 'do_it',
      input: {},
      sandbox: 'bwrap',
      allowPrivateEgress: true,
    });
    expect(r.ok).toBe(true);
    const o = r.observation;
    expect(o.mechanism).toBe('strace');
    expect(o.egress).toEqual(
      expect.arrayContaining([
        { host: 'localhost', port: server.port, verdict: 'allowed' },
        expect.objectContaining({ host: 'refused.example.org', port: 443, verdict: 'refused' }),
      ]),
    );
    const names = (o.programs ?? []).map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['bash', 'jq', 'curl', 'env', 'true', 'xargs', 'echo']));
    expect(o.programs).toContainEqual(expect.objectContaining({ name: 'curl', path: '/usr/bin/curl' }));
    expect(names).not.toContain('socat');
    expect(names).not.toContain('grep');
    expect(o.files).toEqual(
      expect.arrayContaining([
        { path: '/skill-run/home/notes.txt', area: 'home' },
        { path: '/tmp/scratch.txt', area: 'tmp' },
        { path: '/skill-run/agent/out.txt', area: 'copy' },
      ]),
    );
  });

  it('keeps the trace out of the script’s reach: strace lines it prints on stderr or on any descriptor stay output, never observations', async () => {
    const forged = '[pid 99] execve("/usr/bin/forged", ["forged"], 0x1 /* 1 var */) = 0';
    const r = await runDraft({
      skillMd: toolSkill(),
      scripts: {
        'do-it.sh': SH(
          [
            `echo '${forged}' >&2`,
            `for fd in 3 4 5 6 7 8 9; do { echo '${forged}' >&$fd; } 2>/dev/null || true; done`,
            'ls /proc/self/fd | tr "\\n" " " >&2',
            'echo "{}"',
          ].join('\n'),
        ),
      },
      tool: 'do_it',
      input: {},
      sandbox: 'bwrap',
    });
    expect(r.ok).toBe(true);
    expect(r.observation.mechanism).toBe('strace');
    expect((r.observation.programs ?? []).map((p) => p.name)).not.toContain('forged');
    expect(r.stderr).toContain(forged);
    // Only stdin, stdout, stderr and ls's own listing are open in the script.
    expect(r.stderr.trim().split('\n').at(-1)!.trim().split(' ')).toEqual(['0', '1', '2', '3']);
  });

  it('sees Python and Node scripts start programs too', async () => {
    const py = await runDraft({
      skillMd: toolSkill(),
      scripts: { 'do-it.py': 'import subprocess\nsubprocess.run(["jq", "-n", "1"], capture_output=True)\nprint("{}")\n' },
      tool: 'do_it',
      input: {},
      sandbox: 'bwrap',
    });
    expect(py.observation.programs?.map((p) => p.name)).toEqual(expect.arrayContaining(['python3', 'jq']));
    const js = await runDraft({
      skillMd: toolSkill(),
      scripts: { 'do-it.js': "require('child_process').execFileSync('/usr/bin/curl', ['--version']);\nconsole.log('{}');\n" },
      tool: 'do_it',
      input: {},
      sandbox: 'bwrap',
    });
    expect(js.observation.programs).toContainEqual(expect.objectContaining({ name: 'curl', path: '/usr/bin/curl' }));
  });

  it('says "not observed" (null, with why) rather than "none" when programs and files are not traced', async () => {
    const r = await runDraft({
      skillMd: toolSkill(),
      scripts: { 'do-it.sh': SH('jq -n 1 >/dev/null; echo "{}"') },
      tool: 'do_it',
      input: {},
      sandbox: 'bwrap',
      observe: false,
    });
    expect(r.observation).toMatchObject({ programs: null, files: null, mechanism: null });
    expect(r.observation.notObserved).toMatch(/turned off/);
  });

  it('keeps the sandbox as it was under observation: ptrace still refused, process limit and uid unchanged', async () => {
    const r = await runDraft({
      skillMd: toolSkill(),
      scripts: {
        'do-it.py': [
          'import ctypes, os, json, resource',
          'libc = ctypes.CDLL(None, use_errno=True)',
          'rc = libc.ptrace(0, 0, 0, 0)',
          'print(json.dumps({"ptrace": rc, "errno": ctypes.get_errno(), "uid": os.getuid(), "nproc": resource.getrlimit(resource.RLIMIT_NPROC)[0]}))',
        ].join('\n'),
      },
      tool: 'do_it',
      input: {},
      sandbox: 'bwrap',
    });
    expect(r.observation.mechanism).toBe('strace');
    expect(r.json).toMatchObject({ ptrace: -1, errno: 1, nproc: 64 });
  });

  it('observes under runuser -u nobody too', () => {
    const opts = { skillMd: toolSkill(), scripts: { 'do-it.sh': SH("bash -c 'jq -n 1' >/dev/null; echo '{}'") }, tool: 'do_it', input: {}, sandbox: 'bwrap' };
    const child = spawnSync(
      'runuser',
      ['-u', 'nobody', '--', process.execPath, '--import', 'tsx', join(root, 'test/helpers/run-tool-child.ts'), JSON.stringify(opts)],
      { cwd: root, encoding: 'utf8', timeout: 60_000, env: { ...process.env, HOME: '/tmp' } },
    );
    if (!child.stdout) throw new Error(`the runner died: ${child.stderr.slice(-1000)}`);
    const out = JSON.parse(child.stdout) as { uid?: number; ok?: boolean; observation?: { programs: Array<{ name: string }> | null }; thrown?: string };
    expect(out.thrown).toBeUndefined();
    expect(out.uid).toBe(65534);
    expect(out.ok).toBe(true);
    expect(out.observation?.programs?.map((p) => p.name)).toEqual(expect.arrayContaining(['bash', 'jq']));
  });
});

describe('observation and env values', () => {
  it('redacts an env value that shows up in a written path or a host', async () => {
    const r = await runDraft({
      skillMd: toolSkill({ env: { required: ['OBS_TOKEN'] } }),
      scripts: { 'do-it.sh': SH('echo x > "/tmp/$OBS_TOKEN"; curl -sS --max-time 5 "https://$OBS_TOKEN.example.org/" || true; echo "{}"') },
      tool: 'do_it',
      input: {},
      sandbox: 'bwrap',
      env: { OBS_TOKEN: 'sekrit-value-123' },
    });
    const text = JSON.stringify(r.observation);
    expect(text).not.toContain('sekrit-value-123');
    expect(r.observation.files).toContainEqual({ path: '/tmp/[redacted]', area: 'tmp' });
  });
});
