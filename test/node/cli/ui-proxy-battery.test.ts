// The malformed-proxy battery from inside a real run: a `forge-skill-builder
// ui --allow-tool-runs` process (its own process, so a throw in the proxy
// would end it where we can see it) runs a draft in bubblewrap whose script
// talks raw to the egress proxy — `CONNECT localhost:99999` (the request that
// once killed the server), port 0, a bad IPv6 target, an out-of-range port in
// an absolute URI, binary junk, a 20 KiB head, a request cut mid-line. Each
// gets a 4xx or a closed connection; the server is still up and answering,
// by default and with --allow-private-egress.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toolSkill } from '../../helpers/tool-run.js';

const BIN = join(process.cwd(), 'bin/forge-skill-builder.js');
const cleanups: Array<() => Promise<unknown> | void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const CASES: Record<string, string> = {
  connect99999: 'CONNECT localhost:99999 HTTP/1.1\\r\\nHost: localhost:99999\\r\\n\\r\\n',
  connect0: 'CONNECT localhost:0 HTTP/1.1\\r\\n\\r\\n',
  connectV6: 'CONNECT [::1:443 HTTP/1.1\\r\\n\\r\\n',
  get99999: 'GET http://localhost:99999/ HTTP/1.1\\r\\nHost: localhost\\r\\n\\r\\n',
  junk: '\\x00\\x01\\x02\\xff\\xfe GARBAGE\\r\\n\\r\\n',
};

/** One raw exchange with the proxy per case; prints `<case> <first reply line or "closed">`. */
function batteryScript(): string {
  const send = (name: string, printf: string) =>
    `exec 3<>/dev/tcp/127.0.0.1/3128 && { ${printf} >&3; r=$(timeout 10 head -n 1 <&3 | tr -d '\\r'); echo "${name} \${r:-closed}"; exec 3>&-; } || echo "${name} noproxy"`;
  return [
    '#!/usr/bin/env bash',
    ...Object.entries(CASES).map(([name, req]) => send(name, `printf '${req}'`)),
    send('hugeHead', `{ printf 'GET http://localhost/ HTTP/1.1\\r\\nX: '; head -c 20480 /dev/zero | tr '\\0' a; printf '\\r\\n\\r\\n'; }`),
    send('cutMidLine', `printf 'CONNECT localh'`),
    `echo '{"done": true}'`,
  ].join('\n');
}

describe('ui --allow-tool-runs under the malformed-proxy battery from a sandboxed run', () => {
  // With --allow-private-egress the declared localhost passes the address check, so the bad port reaches the dial.
  it.each([[[]], [['--allow-private-egress']]])(
    'answers each with 4xx or a close and stays up (extra flags: %j)',
    { timeout: 120_000 },
    async (flags: string[]) => {
      const root = await mkdtemp(join(tmpdir(), 'fsb-ui-battery-'));
      cleanups.push(() => rm(root, { recursive: true, force: true }));
      const child = spawn(process.execPath, [BIN, 'ui', '--dir', join(root, 'ws'), '--port', '0', '--quiet', '--allow-tool-runs', '--no-token', ...flags], {
        env: { PATH: process.env.PATH ?? '', HOME: root },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      cleanups.push(() => void child.kill('SIGTERM'));
      let out = '';
      let err = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      await vi.waitFor(() => expect(out).toContain('Press Ctrl-C'), { timeout: 30_000, interval: 50 });
      const url = /API: +(http:\/\/\S+)\/api/.exec(out)![1]!;

      const res = await fetch(`${url}/api/skill-builder/try`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          skill_md: toolSkill({ egress: ['localhost'], timeoutHint: 90 }),
          scripts: { 'do-it.sh': batteryScript() },
          tool: 'do_it',
          input: {},
        }),
      });
      expect(res.status).toBe(200);
      const r = (await res.json()) as { stdout: string; sandbox: string; timed_out: boolean };
      expect(r).toMatchObject({ sandbox: 'bwrap', timed_out: false });
      const lines = r.stdout.trim().split('\n');
      expect(lines.at(-1)).toBe('{"done": true}');
      const replies = Object.fromEntries(lines.slice(0, -1).map((l) => [l.split(' ')[0], l.slice(l.indexOf(' ') + 1)]));
      expect(Object.keys(replies)).toEqual([...Object.keys(CASES), 'hugeHead', 'cutMidLine']);
      for (const [name, reply] of Object.entries(replies)) expect(reply, name).toMatch(/^(HTTP\/1\.1 4\d\d\b|closed$)/);
      expect(replies.connect99999).toMatch(/^HTTP\/1\.1 400/);
      // Still up: the process did not exit, and the API answers.
      expect(child.exitCode, err).toBeNull();
      expect((await fetch(`${url}/api/agents`)).status).toBe(200);
    },
  );
});
