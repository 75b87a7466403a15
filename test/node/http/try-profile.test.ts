// POST …/skill-builder/try answers declared versus observed over real HTTP
// with real bwrap runs: `capability_profile` with the findings, their fixes
// and `fixed_skill_md`; the body's `runs` (the session's earlier runs, as the
// replies gave them) make the profile the union over the session; the fixed
// SKILL.md, tried again, has no findings left.

import { afterEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { listen } from './support.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function serve() {
  const ws = await createMemoryWorkspace({ '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n' });
  const handler = createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir, toolRuns: { sandbox: 'bwrap' } });
  const srv = await listen(handler);
  cleanups.push(() => srv.close());
  return async (body: unknown) => {
    const res = await fetch(`${srv.url}/api/skill-builder/try`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
}

const SKILL_MD = `---
name: profile-demo
description: When the user asks for a forecast ("forecast for Oslo"), fetch it.
metadata:
  forge:
    # what the scripts need
    requires:
      bins: [wget, curl]
    egress_domains: [api.example.org]
---
# Forecast

## Tool: fetch_forecast

Fetches it.

**Input:** city (string): the city

## Tool: mirror_forecast

Mirrors it.

**Input:** city (string): the city
`;

const SCRIPTS = {
  'fetch-forecast.sh': `#!/usr/bin/env bash
set -euo pipefail
bash -c 'echo {} | jq -c .' >/dev/null
/usr/bin/curl -sS --max-time 5 https://blocked.example.net/ >/dev/null 2>&1 || true
echo "{\\"region\\": \\"\${REGION_NAME:-eu}\\"}"
`,
  'mirror-forecast.sh': `#!/usr/bin/env bash
wget -q -T 5 -O /dev/null https://api.example.org/ 2>/dev/null || true
echo '{}'
`,
};

const kinds = (p: any) => p.findings.map((f: any) => `${f.kind} ${f.subject}`).sort();
const asRun = (reply: any, tool: string) => ({ id: reply.capability_profile.runs.at(-1).id, tool, ok: reply.ok, observation: reply.observation });

describe('POST …/skill-builder/try: capability profile', () => {
  it('answers the profile with its fixes, accumulates the session runs the body sends back, and the fixed SKILL.md clears the findings', async () => {
    const post = await serve();
    const first = await post({ skill_md: SKILL_MD, scripts: SCRIPTS, tool: 'fetch_forecast', input: { city: 'Oslo' } });
    expect(first.status).toBe(200);
    expect(first.body.ok).toBe(true);
    const p1 = first.body.capability_profile;
    expect(p1.runs).toEqual([{ id: 'run 1', tool: 'fetch_forecast', ok: true }]);
    expect(p1.declared).toEqual({ egress: ['api.example.org'], bins: ['wget', 'curl'], env: [] });
    expect(kinds(p1)).toEqual([
      'declared-bin-unused wget',
      'declared-egress-unused api.example.org',
      'env-referenced-undeclared REGION_NAME',
      'observed-bin-undeclared jq',
      'observed-egress-undeclared blocked.example.net',
    ]);
    expect(p1.findings.find((f: any) => f.subject === 'jq')).toMatchObject({
      file: 'SKILL.md',
      line: 7,
      runs: ['run 1'],
      fix: { op: 'add', field: 'bins', value: 'jq' },
    });
    expect(p1.findings.find((f: any) => f.subject === 'REGION_NAME')).toMatchObject({ file: 'scripts/fetch-forecast.sh', line: 5 });
    expect(p1.summary).toMatch(/^declares 1 host, used 1; uses jq, not declared; asked for blocked\.example\.net, not declared$/);
    expect(p1.risk).toEqual({ before: expect.any(Number), after: expect.any(Number) });
    expect(p1.fixed_skill_md).toContain('bins: [curl, jq]');

    // The second run (the other tool) comes with the first: wget and api.example.org are used after all.
    const second = await post({ skill_md: SKILL_MD, scripts: SCRIPTS, tool: 'mirror_forecast', input: {}, runs: [asRun(first.body, 'fetch_forecast')] });
    expect(second.status).toBe(200);
    const p2 = second.body.capability_profile;
    expect(p2.runs.map((r: any) => r.id)).toEqual(['run 1', 'run 2']);
    expect(p2.used.programs).toEqual(expect.arrayContaining(['jq', 'wget']));
    expect(kinds(p2)).toEqual(['env-referenced-undeclared REGION_NAME', 'observed-bin-undeclared jq', 'observed-egress-undeclared blocked.example.net']);
    const fixed: string = p2.fixed_skill_md;
    // Only the frontmatter entries change: the comment, the order and the body stay byte for byte.
    expect(fixed.slice(fixed.indexOf('\n---\n'))).toBe(SKILL_MD.slice(SKILL_MD.indexOf('\n---\n')));
    expect(fixed).toContain('    # what the scripts need\n');
    expect(fixed).toMatch(/bins: \[wget, curl, jq\]/);

    const runs = [asRun(first.body, 'fetch_forecast'), asRun(second.body, 'mirror_forecast')];
    const third = await post({ skill_md: fixed, scripts: SCRIPTS, tool: 'fetch_forecast', input: {}, runs });
    expect(third.status).toBe(200);
    expect(third.body.capability_profile.runs.map((r: any) => r.id)).toEqual(['run 1', 'run 2', 'run 3']);
    expect(kinds(third.body.capability_profile)).toEqual([]);
    expect(third.body.capability_profile.fixed_skill_md).toBeUndefined();
    expect(third.body.capability_profile.risk.before).toBe(p2.risk.after);
  });

  it('refuses earlier runs that are not runs, naming the field', async () => {
    const post = await serve();
    for (const runs of [
      'run 1',
      [{ id: 'run 1', tool: 'x', ok: 'yes', observation: {} }],
      Array.from({ length: 51 }, () => ({ id: 'r', tool: 't', ok: true, observation: {} })),
    ]) {
      const r = await post({ skill_md: SKILL_MD, scripts: SCRIPTS, tool: 'fetch_forecast', input: {}, runs });
      expect(r.status).toBe(400);
      expect(r.body.field).toMatch(/^runs/);
    }
  });
});
