// A failed run explains its cause (issue 26: a bare "curl 502" told the
// operator nothing): real bash runs in bubblewrap and unsandboxed report, in
// `causes`, the host the proxy refused because it is not in egress_domains
// (with what is declared), a declared host that could not be reached, an env
// var the script reads but does not declare, and a declared one that was not
// set, with where to set it. A run that worked has none.

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDraft } from '../../helpers/run-draft.js';
import { toolSkill } from '../../helpers/tool-run.js';

const SH = (body: string) => `#!/usr/bin/env bash\nset -uo pipefail\nINPUT="\${1:-}"\n${body}\n`;

let agent: string;
beforeAll(async () => {
  agent = await mkdtemp(join(tmpdir(), 'run-causes-'));
});
afterAll(async () => {
  await rm(agent, { recursive: true, force: true });
});

/** A loopback port nothing listens on: bound, then closed. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

describe.each(['bwrap', 'none'] as const)('run failure causes (sandbox: %s)', (sandbox) => {
  it('names the host the proxy refused and that it is not in egress_domains, with the declared list and the fix', async () => {
    const r = await runDraft({
      skillMd: toolSkill({ egress: ['api.weather.example'] }),
      scripts: { 'do-it.sh': SH('curl -sS --fail --max-time 5 https://api.example.com/forecast') },
      tool: 'do_it',
      input: { text: 'hi' },
      sandbox,
    });
    expect(r.ok).toBe(false);
    expect(r.stderr).toMatch(/curl: \(\d+\)/);
    expect(r.causes).toEqual([
      {
        code: 'egress-undeclared',
        message: expect.stringContaining("the sandbox's proxy refused api.example.com: it is not in egress_domains (declared: api.weather.example)"),
        fix: 'add api.example.com to metadata.forge.egress_domains in the frontmatter if the tool needs it, then run again',
      },
    ]);
  });

  it('says a declared host could not be reached (the 502 curl prints) instead of leaving it unexplained', async () => {
    const port = await closedPort();
    const r = await runDraft({
      skillMd: toolSkill({ egress: ['127.0.0.1'] }),
      scripts: { 'do-it.sh': SH(`curl -sS --fail --max-time 5 http://127.0.0.1:${port}/x`) },
      tool: 'do_it',
      input: { text: 'hi' },
      sandbox,
      allowPrivateEgress: true,
    });
    expect(r.ok).toBe(false);
    expect(r.stderr).toContain('502');
    expect(r.causes.map((c) => [c.code, c.message])).toEqual([
      ['egress-unreachable', `127.0.0.1 is declared, but it could not be reached on port ${port} (the connection failed; the script got a 502)`],
    ]);
  });

  it('names an env var the script reads without declaring it, and a declared one that was not set, with the line and where to set it', async () => {
    const script = SH('if [ -z "${FORECAST_TOKEN:-}" ]; then echo "no token" >&2; exit 2; fi\necho "units: ${WEATHER_UNITS:-}"');
    const r = await runDraft({
      skillMd: toolSkill({ env: { optional: ['WEATHER_UNITS'] } }),
      scripts: { 'do-it.sh': script },
      tool: 'do_it',
      input: { text: 'hi' },
      sandbox,
      agentDir: agent,
    });
    expect(r).toMatchObject({ ok: false, exitCode: 2 });
    expect(r.causes).toEqual([
      {
        code: 'env-undeclared',
        message: 'scripts/do-it.sh line 4 reads FORECAST_TOKEN, which is not in requires.env, so the sandbox did not pass it to the script',
        fix: `declare FORECAST_TOKEN under metadata.forge.requires.env (required or optional) and set it in the agent's .env (${join(agent, '.env')}, a line NAME=<value>)`,
      },
      {
        code: 'env-unset',
        message: 'scripts/do-it.sh line 5 reads WEATHER_UNITS, which the skill declares but which was not set for this run, so the script saw it empty',
        fix: `set WEATHER_UNITS in the agent's .env (${join(agent, '.env')}, a line NAME=<value>)`,
      },
    ]);
  });

  it('a run that worked has no causes, even when its script reads an optional env var that is not set', async () => {
    const r = await runDraft({
      skillMd: toolSkill({ env: { optional: ['WEATHER_UNITS'] } }),
      scripts: { 'do-it.sh': SH('echo "{\\"units\\": \\"${WEATHER_UNITS:-metric}\\"}"') },
      tool: 'do_it',
      input: { text: 'hi' },
      sandbox,
    });
    expect(r.ok).toBe(true);
    expect(r.causes).toEqual([]);
  });
});
