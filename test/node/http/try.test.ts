// POST …/skill-builder/try (issue 15): off unless the host enables tool runs
// (403 saying how), then runs the draft's tool with the agent's .env values
// and answers the result in snake_case; runs that cannot start are a 4xx
// naming the fix, and the agent's folder is never touched.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { listDir } from '../../../src/node/fs/types.js';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import type { ApiHandlerOptions } from '../../../src/node/http/types.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { processesWith, toolSkill } from '../../helpers/tool-run.js';
import { listen } from './support.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const FILES = {
  '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n',
  '.forge/.env': 'OPENAI_API_KEY=sk-try-builder-key-0123456789\nCITY_TOKEN=from-workspace\n',
  'agents/alpha/forge.yaml': 'agent_id: alpha\n',
  'agents/alpha/.env': 'CITY_TOKEN=from-agent\n',
};

async function serve(extra: Partial<ApiHandlerOptions>) {
  const ws = await createMemoryWorkspace(FILES);
  const handler = createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir, ...extra });
  const srv = await listen(handler);
  cleanups.push(() => srv.close());
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${srv.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  return { ws, post, url: srv.url };
}

const skill_md = toolSkill({ env: { required: ['CITY_TOKEN'] }, output: { type: 'object', required: ['city'] } });
const scripts = { 'do-it.sh': '#!/usr/bin/env bash\nset -euo pipefail\n[ "$CITY_TOKEN" = from-agent ] || exit 9\necho "{\\"input\\": $1}"\n' };

describe('POST /agents/{id}/skill-builder/try', () => {
  it('is off unless the host enables tool runs, and says how to enable them', async () => {
    const { post } = await serve({});
    for (const path of ['/agents/alpha/skill-builder/try', '/skill-builder/try']) {
      const r = await post(path, { skill_md, scripts, tool: 'do_it', input: {} });
      expect(r.status).toBe(403);
      expect(r.body.error).toMatch(/--allow-tool-runs.*toolRuns: true/);
    }
  });

  it("runs the tool with the agent's env values and answers in snake_case, leaving the agent folder alone", async () => {
    const { ws, post } = await serve({ toolRuns: { sandbox: 'bwrap' } });
    const before = JSON.stringify(await listDir(ws.fs, '/workspace/agents/alpha'));
    const r = await post('/agents/alpha/skill-builder/try', { skill_md, scripts, tool: 'do_it', input: { city: 'Oslo' } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      ok: true,
      exit_code: 0,
      signal: null,
      timed_out: false,
      truncated: false,
      json: { input: { city: 'Oslo' } },
      output_diagnostics: [{ path: '', message: 'Instance does not have required property "city".' }],
      egress_blocked: [],
      sandbox: 'bwrap',
      script: 'scripts/do-it.sh',
      interpreter: 'bash',
      env_names: ['CITY_TOKEN'],
    });
    expect(typeof r.body.duration_ms).toBe('number');
    expect(JSON.stringify(await listDir(ws.fs, '/workspace/agents/alpha'))).toBe(before);
  });

  it('refuses runs that cannot start with a status and a message naming the fix', async () => {
    const { post } = await serve({ toolRuns: true });
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['/agents/nobody/skill-builder/try', { skill_md, scripts, tool: 'do_it' }, 404, /no agent "nobody"/],
      ['/agents/alpha/skill-builder/try', { skill_md, scripts, tool: 'other' }, 400, /tool "other" is not in the SKILL\.md; its tools are: do_it/],
      ['/agents/alpha/skill-builder/try', { skill_md, scripts: {}, tool: 'do_it' }, 400, /add scripts\/do-it\.sh/],
      ['/agents/alpha/skill-builder/try', { skill_md, scripts: { '../../x.sh': 'echo' }, tool: 'do_it' }, 400, /scripts/],
      ['/agents/alpha/skill-builder/try', { skill_md, scripts }, 400, /tool/],
      [
        '/skill-builder/try',
        { skill_md: toolSkill({ env: { required: ['NOWHERE_SET'] } }), scripts, tool: 'do_it' },
        400,
        /needs NOWHERE_SET.*an agent's \.env/,
      ],
    ];
    for (const [path, body, status, message] of cases) {
      const r = await post(path, body);
      expect([path, r.status]).toEqual([path, status]);
      expect(r.body.error).toMatch(message);
    }
  });

  it('kills the run when the client goes away', async () => {
    const { url } = await serve({ toolRuns: true });
    const abort = new AbortController();
    const sleep = `sleep 9${String(process.pid).padStart(7, '0')}7`; // unique to this test process
    const body = JSON.stringify({ skill_md: toolSkill(), scripts: { 'do-it.sh': `${sleep}\n` }, tool: 'do_it' });
    const request = fetch(`${url}/api/agents/alpha/skill-builder/try`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      signal: abort.signal,
    }).catch(() => null);
    await vi.waitFor(() => expect(processesWith(sleep).length).toBeGreaterThan(0), { timeout: 10_000 });
    abort.abort();
    await request;
    await vi.waitFor(() => expect(processesWith(sleep)).toEqual([]), { timeout: 10_000 });
  });
});
