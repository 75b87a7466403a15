// POST /api/agents {agent_id} over real HTTP: 201 and the new agent (its
// folder with forge.yaml), which GET /api/agents then lists; an id already
// taken is a 409 and a bad id (a path, upper case) a 400 naming agent_id,
// with nothing written either way.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { listen, type Listening } from './support.js';

let ws: MemoryWorkspace;
let srv: Listening;
beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'alpha/forge.yaml': 'agent_id: alpha\n' });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir }));
});
afterEach(() => srv.close());

async function post(body: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${srv.url}/api/agents`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json() };
}

describe('POST /api/agents', () => {
  it('creates the agent folder with forge.yaml and the list shows it at once', async () => {
    const r = await post({ agent_id: 'support-bot' });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json).toMatchObject({ id: 'support-bot', relative_path: 'support-bot', has_skills: false });
    expect(ws.vol.toJSON()[`${ws.workspaceDir}/support-bot/forge.yaml`]).toBe('agent_id: support-bot\n');
    const list = (await (await fetch(`${srv.url}/api/agents`)).json()) as Array<{ id: string }>;
    expect(list.map((a) => a.id)).toEqual(['alpha', 'support-bot']);
  });

  it('refuses an id that is taken (409) and a bad id (400 naming agent_id), writing nothing', async () => {
    const before = JSON.stringify(ws.vol.toJSON());
    const taken = await post({ agent_id: 'alpha' });
    expect(taken.status).toBe(409);
    expect(JSON.stringify(taken.json)).toMatch(/already has an agent \\"alpha\\"/);
    for (const id of ['../escape', 'Upper', '', 'a/b']) {
      const bad = await post({ agent_id: id });
      expect(bad.status, id).toBe(400);
      expect(JSON.stringify(bad.json)).toContain('agent_id');
    }
    expect((await post({})).status).toBe(400);
    expect(JSON.stringify(ws.vol.toJSON())).toBe(before);
  });
});
