// One chat turn over real HTTP for each of the other providers (anthropic,
// gemini, ollama): settings saved through the API point the real SDK at the
// local wire-format server, and the SSE stream carries the streamed message
// and the draft in SPEC §6 order.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { skillMd } from '../../helpers/skill-fixtures.js';
import { readSse } from './support.js';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const DRAFT = skillMd('city-time', {
  description: 'Tells the local time of a city. When the user asks for the time somewhere ("time in Tokyo", "what time is it in Lima") use this skill.',
  body: 'Call `datetime_now` with the city time zone and answer with the time.',
});

async function session(provider: 'anthropic' | 'gemini' | 'ollama', model: string, key?: string): Promise<{ server: RunningServer; llm: ProviderServer }> {
  const ws = await mkdtemp(join(tmpdir(), `fsb-${provider}-`));
  const home = await mkdtemp(join(tmpdir(), `fsb-${provider}-home-`));
  await mkdir(join(ws, 'bot'), { recursive: true });
  await writeFile(join(ws, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  const llm = await startProviderServer({
    provider,
    replies: [JSON.stringify({ message: `Drafted with ${provider}: a time skill.`, skill: { skill_md: DRAFT, scripts: {} } })],
    ...(key ? { requireKey: key } : {}),
  });
  const server = await startOpenServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home });
  cleanups.push(
    () => rm(ws, { recursive: true, force: true }),
    () => rm(home, { recursive: true, force: true }),
    () => llm.close(),
    () => server.close(),
  );
  const put = await fetch(`${server.url}/api/settings/skill-builder`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider, model, base_url: llm.url, ...(key ? { api_key: key } : {}) }),
  });
  expect(put.status).toBe(200);
  expect(await put.json()).toMatchObject({ provider, model, has_key: true, source: 'workspace' });
  return { server, llm };
}

describe.each([
  ['anthropic', 'claude-sonnet-4-5', 'sk-ant-test-KEY-123456'],
  ['gemini', 'gemini-2.5-flash', 'AIza-test-KEY-123456'],
  ['ollama', 'llama3.1', undefined],
] as const)('a chat turn with %s', (provider, model, key) => {
  it('streams the message and the draft through the real SDK', async () => {
    const { server, llm } = await session(provider, model, key);
    const res = await fetch(`${server.url}/api/agents/bot/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'A skill that tells the time in a city.' }] }),
    });
    expect(res.status).toBe(200);
    const raw: string[] = [];
    const events = await readSse(res.body, { onChunk: (t) => raw.push(t) });
    const names = events.map((e) => e.event).filter((n) => n !== 'progress');
    const deltas = names.filter((n) => n === 'message_delta').length;
    expect(deltas).toBeGreaterThan(1);
    expect(names.slice(deltas)).toEqual(['message', 'skill_draft', 'done']);
    const message = `Drafted with ${provider}: a time skill.`;
    expect(
      events
        .filter((e) => e.event === 'message_delta')
        .map((e) => e.data.delta)
        .join(''),
    ).toBe(message);
    expect(events.find((e) => e.event === 'skill_draft')!.data).toEqual({ skill_md: DRAFT, scripts: {} });
    expect(llm.requests).toHaveLength(1);
    expect(llm.requests[0]!.model).toBe(model);
    if (key) {
      expect(llm.requests[0]!.key).toBe(key);
      expect(raw.join('')).not.toContain(key);
    }
  });
});
