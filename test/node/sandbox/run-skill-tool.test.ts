// runSkillTool with real bash, python3 and node scripts, in bubblewrap and
// unsandboxed (issue 15): exit codes, JSON output and its schema, timeouts
// that kill a process tree, the output cap, env scrubbing, the sandbox's
// read-only filesystem, and egress through the proxy (declared, undeclared,
// and a script that ignores the proxy).

import { existsSync, lstatSync, readlinkSync } from 'node:fs';
import { SANDBOX_ETC } from '../../../src/node/sandbox/etc-files.js';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runDraft } from '../../helpers/run-draft.js';
import { ToolRunError } from '../../../src/node/sandbox/types.js';
import type { DraftRunOptions } from '../../helpers/run-draft.js';
import { processesWith, recordingServer, toolSkill, type RecordingServer } from '../../helpers/tool-run.js';

const SH = (body: string) => `#!/usr/bin/env bash\nset -euo pipefail\nINPUT="\${1:-}"\n${body}\n`;

let server: RecordingServer;
let scratch: string;
beforeAll(async () => {
  server = await recordingServer();
  scratch = await mkdtemp(join(tmpdir(), 'tool-run-test-'));
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

const run = (o: Partial<DraftRunOptions> & { scripts: Record<string, string> }) =>
  runDraft({ skillMd: toolSkill(), tool: 'do_it', input: { text: 'hi' }, ...o });

describe.each(['bwrap', 'none'] as const)('runSkillTool (sandbox: %s)', (sandbox) => {
  it('runs bash, python3 and node scripts with the JSON input as $1 from the agent folder copy', async () => {
    const skillMd = toolSkill({
      output: { type: 'object', required: ['got', 'cwdHasSkill'], properties: { got: { type: 'object' }, cwdHasSkill: { type: 'boolean' } } },
    });
    const scripts = {
      'do-it.sh': SH('if [ -f skills/tool-run-test/SKILL.md ]; then has=true; else has=false; fi\necho "{\\"got\\": $INPUT, \\"cwdHasSkill\\": $has}"'),
      'do_it.py': 'import json, os, sys\nprint(json.dumps({"got": json.loads(sys.argv[1]), "cwdHasSkill": os.path.isfile("skills/tool-run-test/SKILL.md")}))\n',
      'do-it.js':
        'const fs = require("fs");\nconsole.log(JSON.stringify({ got: JSON.parse(process.argv[2]), cwdHasSkill: fs.existsSync("skills/tool-run-test/SKILL.md") }));\n',
    };
    const bash = await runDraft({ skillMd, scripts, tool: 'do_it', input: { text: "it's $(rm -rf /) `x`" }, sandbox });
    expect(bash).toMatchObject({
      ok: true,
      exitCode: 0,
      signal: null,
      timedOut: false,
      truncated: false,
      sandbox,
      script: 'scripts/do-it.sh',
      interpreter: 'bash',
    });
    expect(bash.json).toEqual({ got: { text: "it's $(rm -rf /) `x`" }, cwdHasSkill: true });
    expect(bash.outputDiagnostics).toEqual([]);
    expect(bash.fixRequest).toBeNull();
    // Forge: .py before .js; the hyphenated name before the underscored one.
    const py = await runDraft({
      skillMd,
      scripts: { 'do_it.py': scripts['do_it.py'], 'do-it.js': scripts['do-it.js'] },
      tool: 'do_it',
      input: { n: 1 },
      sandbox,
    });
    expect(py).toMatchObject({ ok: true, script: 'scripts/do_it.py', interpreter: 'python3', json: { got: { n: 1 }, cwdHasSkill: true } });
    const js = await runDraft({ skillMd, scripts: { 'scripts/do-it.js': scripts['do-it.js'] }, tool: 'do_it', input: [1, 2], sandbox });
    expect(js).toMatchObject({ ok: true, script: 'scripts/do-it.js', interpreter: 'node', json: { got: [1, 2], cwdHasSkill: true } });
  });

  it('gives the script LANG (ours, else C.UTF-8), and the launcher’s way of passing it is not counted as the script’s program', async () => {
    vi.stubEnv('LANG', 'C.UTF-8');
    try {
      const py = 'import os, sys\nprint(os.environ.get("LANG"), sys.stdout.encoding, "\u00e9")\n';
      const r = await run({ scripts: { 'do_it.py': py }, sandbox });
      expect(r).toMatchObject({ ok: true, stdout: 'C.UTF-8 utf-8 é\n' });
      vi.stubEnv('LANG', '');
      const sh = await run({ scripts: { 'do-it.sh': SH('echo "$LANG"') }, sandbox });
      expect(sh.stdout).toBe('C.UTF-8\n');
      if (sandbox === 'bwrap' && sh.observation.programs) expect(sh.observation.programs.map((p) => p.name)).toEqual(['bash']); // no `env`
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('reports bad JSON, a non-zero exit with stderr, and output that breaks the Output schema', async () => {
    const bad = await run({ scripts: { 'do-it.sh': SH('echo "done: it worked"') }, sandbox });
    expect(bad).toMatchObject({ ok: true, json: null, stdout: 'done: it worked\n' });
    expect(bad.outputDiagnostics[0]?.message).toMatch(/stdout is not JSON/);
    const failed = await run({ scripts: { 'do-it.sh': SH('echo "partial stdout"\necho "boom: no such city" >&2\nexit 3') }, sandbox });
    expect(failed).toMatchObject({ ok: false, exitCode: 3, signal: null, timedOut: false, stderr: 'boom: no such city\n' });
    // The turn that asks the designer to fix it: input, exit code, stderr, mismatches — not stdout.
    expect(failed.fixRequest).toBe(
      'I ran the tool `do_it` with this input and it did not work:\n```json\n{"text":"hi"}\n```\nExit code: 3.\nstderr:\n```\nboom: no such city\n```\n' +
        "Its output does not match the tool's Output:\n- (the whole output): stdout is not JSON (Unexpected token 'p', \"partial stdout\" is not valid JSON)\nPlease fix the skill.",
    );
    const skillMd = toolSkill({ output: { type: 'object', required: ['temp'], properties: { temp: { type: 'number' } } } });
    const mismatch = await run({ skillMd, scripts: { 'do-it.sh': SH('echo \'{"temp": "warm"}\'') }, sandbox });
    expect(mismatch.outputDiagnostics).toEqual([{ path: '/temp', message: expect.stringMatching(/Expected "number"/) }]);
  });

  it('kills the whole process tree on timeout, and what a finished script left running', async () => {
    const token = `9${String(process.pid).padStart(7, '0')}${sandbox === 'none' ? 1 : 2}`; // unique to this test process: other checkouts may run this test at the same time
    const t0 = Date.now();
    const pending = run({ scripts: { 'do-it.sh': SH(`(sleep ${token}1 &)\nsleep ${token}2\necho '{}'`) }, timeoutMs: 1500, sandbox });
    await vi.waitFor(() => expect(processesWith(`sleep ${token}1`).length).toBe(1), { timeout: 5000 }); // the child is there to outlive its parent
    const slow = await pending;
    expect(slow).toMatchObject({ ok: false, timedOut: true, exitCode: null, signal: 'SIGKILL' });
    expect(Date.now() - t0).toBeLessThan(10_000);
    await vi.waitFor(() => expect(processesWith(`sleep ${token}`)).toEqual([]), { timeout: 5000 });
    const quick = await run({ scripts: { 'do-it.sh': SH(`(sleep ${token}3 &)\nsleep 0.3\necho '{"ok": true}'`) }, sandbox });
    expect(quick).toMatchObject({ ok: true, timedOut: false, json: { ok: true } });
    await vi.waitFor(() => expect(processesWith(`sleep ${token}3`)).toEqual([]), { timeout: 5000 });
  });

  it('takes the timeout from timeout_hint', async () => {
    const r = await run({ skillMd: toolSkill({ timeoutHint: 1 }), scripts: { 'do-it.sh': SH('sleep 30') }, sandbox });
    expect(r).toMatchObject({ timedOut: true, ok: false });
    expect(r.durationMs).toBeGreaterThanOrEqual(900);
  });

  it('caps stdout at 1 MiB and says it was truncated', async () => {
    const r = await run({ scripts: { 'do-it.sh': SH("head -c 1500000 /dev/zero | tr '\\0' a\necho small >&2") }, sandbox });
    expect(r).toMatchObject({ ok: true, truncated: true, stderr: 'small\n' });
    expect(r.stdout.length).toBe(1024 * 1024);
  });

  it("hands the script only its declared env vars from the caller and the agent's .env, never the server's environment or the workspace's .forge/.env", async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-server-env-secret-1');
    vi.stubEnv('SOME_SERVER_SECRET', 'server-only-value');
    vi.stubEnv('FORGE_SKILL_BUILDER_TOKEN', 'ui-token-secret-4');
    const ws = join(scratch, `ws-${sandbox}`);
    const agent = join(ws, 'agent-a');
    await mkdir(join(ws, '.forge'), { recursive: true });
    await mkdir(agent, { recursive: true });
    // OLD_PROVIDER_KEY: the builder's key under a name api_key_env no longer points at; it stays in the workspace file.
    await writeFile(join(ws, '.forge', '.env'), 'OPENAI_API_KEY=sk-builder-key-secret-2\nOLD_PROVIDER_KEY=sk-old-builder-key-3\nREGION=ws-region\n');
    await writeFile(join(agent, '.env'), 'WEATHER_TOKEN=from-agent\nREGION=agent-region\nFORGE_SKILL_BUILDER_TOKEN=ui-token-secret-5\n');
    const skillMd = toolSkill({
      env: { required: ['WEATHER_TOKEN'], optional: ['OPENAI_API_KEY', 'REGION', 'OLD_PROVIDER_KEY', 'FORGE_SKILL_BUILDER_TOKEN'] },
    });
    const script = SH(
      `env | sort\n[ "$WEATHER_TOKEN" = from-agent ] && [ "$REGION" = agent-region ] && echo values-ok\necho ---\ncat "${join(ws, '.forge', '.env')}" 2>&1 || true`,
    );
    try {
      const r = await run({
        skillMd,
        scripts: { 'do-it.sh': script },
        workspaceDir: ws,
        agentDir: agent,
        env: { FORGE_SKILL_BUILDER_TOKEN: 'ui-token-secret-6' },
        sandbox,
      });
      expect(r.envNames).toEqual(['REGION', 'WEATHER_TOKEN']);
      const [env = '', file = ''] = r.stdout.split('---\n');
      expect(env).toContain('WEATHER_TOKEN=[redacted]\n'); // the value reached the script; the result does not repeat it
      expect(env).toContain('REGION=[redacted]\n');
      expect(r.stdout).not.toMatch(/from-agent|agent-region/);
      expect(env).toContain('values-ok\n');
      expect(env).not.toMatch(
        /sk-server-env-secret-1|server-only-value|SOME_SERVER_SECRET|sk-builder-key-secret-2|sk-old-builder-key-3|OLD_PROVIDER_KEY|ws-region|ui-token-secret|FORGE_SKILL_BUILDER_TOKEN/,
      );
      // In the sandbox the workspace's .env is not even visible; unsandboxed, the script could read any file.
      if (sandbox === 'bwrap') expect(file).toMatch(/No such file/);
      else expect(file).toContain('sk-builder-key-secret-2');
      const needsKey = toolSkill({ env: { required: ['OLD_PROVIDER_KEY'] } });
      const refused = run({ skillMd: needsKey, scripts: { 'do-it.sh': script }, workspaceDir: ws, agentDir: agent, sandbox });
      await expect(refused).rejects.toThrow(/OLD_PROVIDER_KEY.*agent's \.env.*workspace's \.forge\/\.env.*never given to scripts/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('reaches a declared local host through the proxy when the run allows private egress, and reports undeclared ones (http and CONNECT)', async () => {
    const skillMd = toolSkill({ egress: ['localhost'] });
    const curl = (url: string, extra = '') => `curl -sS --max-time 5 ${extra} ${url} || echo " curl-failed-$?"`;
    const r = await run({
      skillMd,
      scripts: {
        'do-it.sh': SH(
          [
            curl(`http://localhost:${server.port}/declared-${sandbox}`),
            curl(`http://localhost:${server.port}/tunnel-${sandbox}`, '--proxytunnel'),
            curl(`http://127.0.0.1:${server.port}/undeclared-ip-${sandbox}`),
            curl('https://api.example.com/x'),
          ].join('\necho\n'),
        ),
      },
      sandbox,
      allowPrivateEgress: true,
    });
    expect(r.stdout).toContain(`hello from /declared-${sandbox}`);
    expect(r.stdout).toContain(`hello from /tunnel-${sandbox}`);
    expect(r.egressBlocked).toEqual(['127.0.0.1', 'api.example.com']);
    expect(server.hits).toContain(`/declared-${sandbox}`);
    expect(server.hits).not.toContain(`/undeclared-ip-${sandbox}`);
  });

  it('allows an IP literal only when that IP is declared (and private egress is allowed)', async () => {
    const r = await run({
      skillMd: toolSkill({ egress: ['127.0.0.1'] }),
      scripts: { 'do-it.sh': SH(`curl -sS --max-time 5 http://127.0.0.1:${server.port}/ip-${sandbox}`) },
      sandbox,
      allowPrivateEgress: true,
    });
    expect(r).toMatchObject({ ok: true, stdout: `hello from /ip-${sandbox}`, egressBlocked: [] });
  });

  it('refuses a declared loopback host by default, saying why, and never reaches it', async () => {
    const curl = (url: string, extra = '') => `curl -sS --max-time 5 ${extra} ${url} || echo " curl-failed-$?"`;
    const r = await run({
      skillMd: toolSkill({ egress: ['localhost', '127.0.0.1'] }),
      scripts: {
        'do-it.sh': SH(
          [curl(`http://localhost:${server.port}/private-${sandbox}`), curl(`http://127.0.0.1:${server.port}/private-tunnel-${sandbox}`, '--proxytunnel')].join(
            '\necho\n',
          ),
        ),
      },
      sandbox,
    });
    expect(r.egressBlocked).toEqual(['localhost', '127.0.0.1']);
    expect(r.egressRefusals.map((x) => x.reason).join('\n')).toMatch(/resolves to (127\.0\.0\.1|::1) \(loopback\); a tool run never reaches this machine/);
    expect(r.fixRequest).toContain('- localhost: resolves to');
    expect(server.hits.filter((h) => h.includes(`private-`) && h.endsWith(sandbox))).toEqual([]);
  });

  it('refuses a run when a required env var is missing, before anything runs', async () => {
    const marker = join(scratch, `ran-${sandbox}`);
    const p = run({ skillMd: toolSkill({ env: { required: ['NOT_SET_ANYWHERE'] } }), scripts: { 'do-it.sh': SH(`touch "${marker}"`) }, sandbox });
    await expect(p).rejects.toSatisfy((e: unknown) => ToolRunError.isInstance(e) && e.problem === 'missing_env' && e.missing.includes('NOT_SET_ANYWHERE'));
    expect(existsSync(marker)).toBe(false);
  });
});

describe('runSkillTool in bubblewrap', () => {
  it('refuses writes outside the skill copy, its HOME and TMPDIR, and leaves the host untouched', async () => {
    const target = join(scratch, 'escape.txt');
    const r = await run({
      scripts: {
        'do-it.sh': SH(
          `echo x > skills/tool-run-test/out.txt\necho x > "$HOME/h"\necho x > "$TMPDIR/t"\necho x > "${target}" 2>/dev/null && echo wrote-host\ntouch /usr/pwned 2>/dev/null && echo wrote-usr\necho '{"done": true}'`,
        ),
      },
      sandbox: 'bwrap',
    });
    expect(r).toMatchObject({ ok: true, json: { done: true } });
    expect(existsSync(target)).toBe(false);
    expect(existsSync('/usr/pwned')).toBe(false);
  });

  it('gives a script that ignores the proxy no network at all', async () => {
    const before = server.hits.length;
    const r = await run({
      skillMd: toolSkill({ egress: ['localhost', '127.0.0.1'] }),
      scripts: {
        'do-it.py': `import json, urllib.request\ntry:\n    urllib.request.build_opener(urllib.request.ProxyHandler({})).open("http://127.0.0.1:${server.port}/direct", timeout=3)\n    print(json.dumps({"reached": True}))\nexcept Exception as e:\n    print(json.dumps({"reached": False, "error": type(e).__name__}))\n`,
      },
      sandbox: 'bwrap',
    });
    expect(r.json).toMatchObject({ reached: false });
    expect(server.hits.length).toBe(before);
  });

  it('keeps the run on one CPU, with its tracer (taskset)', async () => {
    const r = await run({ scripts: { 'do-it.sh': SH(`grep Cpus_allowed_list /proc/self/status; nproc`) }, sandbox: 'bwrap' });
    expect(r.exitCode).toBe(0);
    if (!existsSync('/usr/bin/taskset') && !existsSync('/bin/taskset')) return;
    expect(r.stdout).toMatch(/^Cpus_allowed_list:\s+\d+\n1\n$/);
    expect(r.observation.programs?.map((p) => p.name)).toEqual(['bash', 'grep', 'nproc']);
  });

  it('sees no host process and no host home', async () => {
    const r = await run({ scripts: { 'do-it.sh': SH(`ls /proc | grep -c '^[0-9]' ; (ls /root 2>&1 || true) | head -1; echo "$PWD"`) }, sandbox: 'bwrap' });
    const [count, root, pwd] = r.stdout.trim().split('\n');
    expect(Number(count)).toBeLessThan(8);
    expect(root).toMatch(/No such file/);
    expect(pwd).toBe('/skill-run/agent');
  });
});

describe('the sandbox’s /etc', () => {
  it('holds the host’s entries programs need, read-only, and nothing else of /etc', async () => {
    const script = SH(
      [
        'ls -A /etc',
        'echo ---',
        'head -1 /etc/passwd',
        'test -s /etc/ld.so.cache && echo loader-cache',
        'test -d /etc/ssl && echo ssl',
        'if [ -L /etc/localtime ]; then readlink /etc/localtime; else echo no-link; fi',
        '(echo x >> /etc/passwd) 2>/dev/null && echo wrote || echo read-only',
        '(touch /etc/new) 2>/dev/null && echo created || echo no-create',
        'getent hosts localhost >/dev/null && echo hosts',
      ].join('\n'),
    );
    const r = await run({ scripts: { 'do-it.sh': script }, sandbox: 'bwrap' });
    expect(r.exitCode).toBe(0);
    const [list = '', rest = ''] = r.stdout.split('---\n');
    const host = (name: string) => existsSync(`/etc/${name}`);
    const seen = list.trim().split('\n').filter(Boolean);
    expect(seen.every((n) => (SANDBOX_ETC as readonly string[]).includes(n))).toBe(true);
    expect(seen).toEqual(SANDBOX_ETC.filter(host).sort());
    const lines = rest.trim().split('\n');
    expect(lines[0]).toBe((await readFile('/etc/passwd', 'utf8')).split('\n')[0]);
    expect(lines).toEqual(expect.arrayContaining(['loader-cache', 'read-only', 'no-create', 'hosts']));
    if (host('ssl')) expect(lines).toContain('ssl');
    if (lstatSync('/etc/localtime', { throwIfNoEntry: false })?.isSymbolicLink()) expect(lines).toContain(readlinkSync('/etc/localtime'));
  });
});

describe('runSkillTool refusals', () => {
  it('names the tools when the tool is unknown, and the script to add when there is none', async () => {
    await expect(run({ tool: 'nope', scripts: {} })).rejects.toThrow('tool "nope" is not in the SKILL.md; its tools are: do_it');
    await expect(run({ scripts: { 'other.sh': 'echo' } })).rejects.toThrow('add scripts/do-it.sh');
    await expect(run({ scripts: { '../x.sh': 'echo' } })).rejects.toThrow(/scripts: "\.\.\/x\.sh"/);
  });

  it('runs one tool per skill at a time', async () => {
    const first = run({ scripts: { 'do-it.sh': SH('sleep 1; echo "{}"') }, sandbox: 'none' });
    await new Promise((r) => setTimeout(r, 50));
    await expect(run({ scripts: { 'do-it.sh': SH('echo "{}"') }, sandbox: 'none' })).rejects.toThrow(/already running/);
    expect((await first).ok).toBe(true);
    expect((await run({ scripts: { 'do-it.sh': SH('echo "{}"') }, sandbox: 'none' })).ok).toBe(true);
  });

  it('leaves no temporary copy behind', async () => {
    const r = await run({ scripts: { 'do-it.sh': SH('echo "{\\"dir\\": \\"$(dirname "$PWD")\\"}"') }, sandbox: 'none' });
    const dir = (r.json as { dir: string }).dir;
    expect(dir).toMatch(/forge-try-/);
    expect(existsSync(dir)).toBe(false);
    await expect(readFile(join(dir, 'agent', 'skills', 'tool-run-test', 'SKILL.md'))).rejects.toThrow();
  });
});
