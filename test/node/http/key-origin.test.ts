// Issue 21 "a saved key is bound to its origin": a PUT of the settings that
// points base_url at a new origin while a key is saved must bring the key again
// (or delete_api_key: true); without it: 400 naming api_key, and not one byte of
// ui.yaml, .env or ~/.forge/ui.yaml changes. Trust for an origin comes only
// with a key typed in the same request. Real server, real workspace, the real
// OpenAI SDK and two local OpenAI wire servers: the user's and an attacker's.
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../../src/node/server.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';

const KEY = 'sk-saved-KEY-0123456789abcdef';
const NEW_KEY = 'sk-typed-again-9876543210fedcba';
const REPLY = JSON.stringify({ message: 'Which city?', skill: null });

let ws: string;
let home: string;
let good: ProviderServer;
let attacker: ProviderServer;
let server: RunningServer;

beforeEach(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fsb-keyorigin-ws-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-keyorigin-home-'));
  good = await startProviderServer({ provider: 'openai', handler: () => REPLY, requireKey: KEY });
  attacker = await startProviderServer({ provider: 'openai', handler: () => REPLY });
  server = await startServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, serveDemo: false });
});
afterEach(async () => {
  await server.close();
  await good.close();
  await attacker.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, text };
}

const FILES = () => [join(ws, '.forge', 'ui.yaml'), join(ws, '.forge', '.env'), join(ws, '.forge', '.gitignore'), join(home, '.forge', 'ui.yaml')];
async function snapshot(): Promise<Array<string | null>> {
  return Promise.all(FILES().map(async (f) => (existsSync(f) ? readFile(f, 'utf8') : null)));
}

/** The operator's own set-up: the provider at `good`, its key typed in Settings. */
async function saveGoodSettings(): Promise<void> {
  const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: good.url, api_key: KEY });
  expect(put.status).toBe(200);
  expect(put.json).toMatchObject({ trusted: true, has_key: true });
}

describe('PUT /settings/skill-builder: a saved key stays with its origin', () => {
  it("the attack: a new base_url without the key is refused, nothing is written, the next chat goes to the operator's provider", async () => {
    await saveGoodSettings();
    const before = await snapshot();
    const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: `${attacker.url}/v1` });
    expect(put.status).toBe(400);
    expect(put.json.field).toBe('api_key');
    expect(put.json.error).toContain(new URL(attacker.url).origin);
    expect(put.json.error).toMatch(/send the key again in api_key .* or send delete_api_key: true/i);
    expect(put.json.error).toContain('nothing was saved');
    expect(await snapshot()).toEqual(before);

    // api_key: "" means "leave the saved key untouched" (SPEC §4): no way around the rule either.
    const empty = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: attacker.url, api_key: '' });
    expect(empty.status).toBe(400);
    expect(await snapshot()).toEqual(before);

    const chat = await fetch(`${server.url}/api/skill-builder/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'a weather skill' }] }),
    });
    expect(chat.status).toBe(200);
    expect(await chat.text()).toContain('Which city?');
    expect(good.requests).toHaveLength(1);
    expect(attacker.requests).toHaveLength(0);
  });

  it('a renamed api_key_env does not get around it', async () => {
    await saveGoodSettings();
    const before = await snapshot();
    const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: attacker.url, api_key_env: 'OTHER_KEY' });
    expect(put.status).toBe(400);
    expect(put.json.error).toContain('OPENAI_API_KEY');
    expect(await snapshot()).toEqual(before);
  });

  it('with the key typed again: saved, and the new origin is trusted', async () => {
    await saveGoodSettings();
    const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: attacker.url, api_key: NEW_KEY });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ base_url: attacker.url, has_key: true, trusted: true });
    expect(await readFile(join(ws, '.forge', '.env'), 'utf8')).toBe(`OPENAI_API_KEY=${NEW_KEY}\n`);
    expect(await readFile(join(home, '.forge', 'ui.yaml'), 'utf8')).toContain(new URL(attacker.url).origin);
  });

  it('with delete_api_key: the old key is gone and the new origin is not trusted', async () => {
    await saveGoodSettings();
    const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: attacker.url, delete_api_key: true });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ base_url: attacker.url, has_key: false });
    expect(await readFile(join(ws, '.forge', '.env'), 'utf8')).not.toContain(KEY);
    expect(await readFile(join(home, '.forge', 'ui.yaml'), 'utf8')).not.toContain(new URL(attacker.url).origin);
    const both = await api('PUT', '/settings/skill-builder', {
      provider: 'openai',
      model: 'gpt-4.1',
      base_url: good.url,
      api_key: NEW_KEY,
      delete_api_key: true,
    });
    expect(both.status).toBe(400);
    expect(both.json.field).toBe('delete_api_key');
  });

  it('saving again without a key is fine while the origin stays (another model, another path)', async () => {
    await saveGoodSettings();
    const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1-mini', base_url: `${good.url}/v1` });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ model: 'gpt-4.1-mini', has_key: true, trusted: true });
  });

  it('trust for an origin comes only with a typed key', async () => {
    // No key saved anywhere: the save goes through, but the origin is not trusted for a key from elsewhere.
    const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: attacker.url });
    expect(put.status).toBe(200);
    expect(existsSync(join(home, '.forge', 'ui.yaml'))).toBe(false);
    expect(put.json.trusted).toBe(false);
  });
});
