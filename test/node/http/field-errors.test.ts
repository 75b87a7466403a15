// Field errors travel as data: over real HTTP, a request refused for one field
// answers JSON `{error, field}` with the wire name of that field, whether the
// protocol's codec refused it (settings, save, chat bodies) or a check behind
// it did. The settings element marks its inputs from `field` alone.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/node/server.js';

let ws: string;
let home: string;
let server: RunningServer;

beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fsb-fielderr-ws-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-fielderr-home-'));
  await mkdir(join(ws, 'agents', 'bot', 'skills'), { recursive: true });
  await writeFile(join(ws, 'agents', 'bot', 'forge.yaml'), 'name: bot\n');
  server = await startServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, serveDemo: false });
});
afterAll(async () => {
  await server.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function send(method: string, path: string, body: unknown): Promise<{ status: number; type: string; json: Record<string, unknown> }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', json: (await res.json()) as Record<string, unknown> };
}

describe('field errors over HTTP', () => {
  it('a bad base_url in PUT /settings/skill-builder names base_url', async () => {
    const r = await send('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: 'ftp://llm.example' });
    expect(r.status).toBe(400);
    expect(r.type).toMatch(/application\/json/);
    expect(r.json.field).toBe('base_url');
    expect(typeof r.json.error).toBe('string');
  });

  it('a bad api_key_env names api_key_env', async () => {
    const r = await send('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', api_key_env: '1-bad' });
    expect([r.status, r.json.field]).toEqual([400, 'api_key_env']);
  });

  it('a save with an unsafe skill_name names skill_name, one with a bad env var value names the var under env_vars', async () => {
    const skillMd = '---\nname: weather\ndescription: Weather by city.\n---\n# Weather\n';
    const bad = await send('POST', '/agents/bot/skill-builder/save', { skill_name: '../evil', skill_md: skillMd });
    expect([bad.status, bad.json.field]).toEqual([400, 'skill_name']);
    const env = await send('POST', '/agents/bot/skill-builder/save', { skill_name: 'weather', skill_md: skillMd, env_vars: { API_KEY: 'a\nb' } });
    expect([env.status, env.json.field]).toEqual([400, 'env_vars.API_KEY']);
  });

  it('an edit-mode chat without editing_name names editing_name', async () => {
    const r = await send('POST', '/agents/bot/skill-builder/chat', { messages: [{ role: 'user', content: 'hi' }], mode: 'edit' });
    expect([r.status, r.json.field]).toEqual([400, 'editing_name']);
  });
});
