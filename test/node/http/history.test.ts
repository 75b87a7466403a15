// A skill's history over real HTTP: GET …/history lists the kept versions
// with their risk and summary, GET …/diff compares a version with the skill
// on disk (or another version), POST …/rollback `{to}` restores it byte for
// byte through the save (recorded, undoable); the workspace's
// skill_builder.history.keep applies; names and ids that would reach a path
// are refused before they do.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';

let ws: string;
let home: string;
let server: RunningServer;
const md = (n: number) => `---\nname: notes\ndescription: When the user asks for notes ("take a note"), write one (v${n}).\n---\n\n# Notes v${n}\n`;
const base = () => `${server.url}/api/agents/alpha/skill-builder`;

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base()}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, json: await res.json() };
}
const save = (n: number, edit = true) =>
  call('POST', '/save', { skill_name: 'notes', skill_md: md(n), ...(edit ? { editing_name: 'notes', overwrite: true } : {}) });

beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fsb-history-ws-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-history-home-'));
  await mkdir(join(ws, 'alpha'), { recursive: true });
  await writeFile(join(ws, 'alpha/forge.yaml'), 'agent_id: alpha\n');
  await mkdir(join(ws, 'secret/.forge/skill-history/x/versions'), { recursive: true });
  server = await startOpenServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, serveDemo: false });
});
afterAll(async () => {
  await server.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe('history over HTTP', () => {
  it('lists, diffs and rolls back, recorded', async () => {
    expect((await save(1, false)).status).toBe(200);
    expect((await save(2)).status).toBe(200);
    const h = await call('GET', '/skills/notes/history');
    expect(h.status).toBe(200);
    expect(h.json.name).toBe('notes');
    expect(h.json.keep).toBe(20);
    expect(h.json.versions).toHaveLength(1);
    const v1 = h.json.versions[0];
    expect(v1).toMatchObject({ summary: 'first version kept (1 file)', risk_level: expect.any(String), files: [{ path: 'SKILL.md' }] });
    expect(typeof v1.risk_score).toBe('number');

    const d = await call('GET', `/skills/notes/diff?from=${v1.id}`);
    expect(d.status).toBe(200);
    expect(d.json).toMatchObject({ from: v1.id, to: 'current', files: [{ path: 'SKILL.md', status: 'changed', added: 2, removed: 2, binary: false }] });
    expect(d.json.files[0].patch).toContain('-# Notes v1');
    expect(d.json.files[0].patch).toContain('+# Notes v2');

    const rb = await call('POST', '/skills/notes/rollback', { to: v1.id });
    expect(rb.status).toBe(200);
    expect(rb.json.path).toContain(join('skills', 'notes'));
    expect(await readFile(join(ws, 'alpha/skills/notes/SKILL.md'), 'utf8')).toBe(md(1));
    const after = await call('GET', '/skills/notes/history');
    expect(after.json.versions).toHaveLength(2);
    expect(after.json.versions[0].summary).toBe('changed SKILL.md');
    // Two versions compared with each other: v2 (kept by the rollback) against v1.
    const between = await call('GET', `/skills/notes/diff?from=${after.json.versions[0].id}&to=${v1.id}`);
    expect(between.json.files[0].patch).toContain('+# Notes v1');
  });

  it('honours skill_builder.history.keep of the workspace', async () => {
    await mkdir(join(ws, '.forge'), { recursive: true });
    await writeFile(join(ws, '.forge/ui.yaml'), 'skill_builder:\n  history:\n    keep: 2\n');
    for (let i = 3; i <= 6; i++) expect((await save(i)).status).toBe(200);
    const h = await call('GET', '/skills/notes/history');
    expect(h.json.keep).toBe(2);
    expect(h.json.versions).toHaveLength(2);
    await rm(join(ws, '.forge/ui.yaml'));
  });

  it('refuses names and ids that would reach a path, and unknown versions', async () => {
    const traversal = await call('GET', '/skills/..%2F..%2Fsecret/history');
    expect(traversal.status).toBe(400);
    const diffTraversal = await call('GET', '/skills/notes/diff?from=..%2F..%2Fx');
    expect(diffTraversal.status).toBe(400);
    const badTo = await call('POST', '/skills/notes/rollback', { to: '../../x' });
    expect(badTo.status).toBe(400);
    expect(badTo.json.field).toBe('to');
    const rbTraversal = await call('POST', '/skills/..%2F..%2Fsecret/rollback', { to: '0000000000000000' });
    expect(rbTraversal.status).toBe(400);
    expect((await call('POST', '/skills/notes/rollback', { to: '0000000000000000' })).status).toBe(404);
    expect((await call('GET', '/skills/notes/diff')).status).toBe(400);
    expect((await call('GET', '/skills/notes/diff?from=0000000000000000')).status).toBe(404);
  });
});
