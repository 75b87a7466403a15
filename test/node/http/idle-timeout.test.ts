// A stalled provider ends the chat with an `error` event, not an endless
// `: ping` (issue 11): with no timeout_s, FORGE_SKILL_BUILDER_TIMEOUT_S (here
// 0.4 s, the default being 5 minutes) bounds the silence. The provider hangs
// after two deltas; the stream keeps what had arrived and ends with `timeout`.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { writeTrustedWorkspace } from '../../helpers/trusted-workspace.js';
import { readSse } from './support.js';

const KEY = 'sk-idle-KEY-0123456789abcdef';
let root: string;
let provider: ProviderServer;
let server: RunningServer | undefined;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-idle-'));
  provider = await startProviderServer({
    provider: 'openai',
    handler: () => ({ text: JSON.stringify({ message: 'Thinking about your skill and then some more', skill: null }), deltaSize: 8, hang: { afterDeltas: 2 } }),
    requireKey: KEY,
  });
  await writeTrustedWorkspace(root, provider.url, KEY);
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await provider.close();
  await rm(root, { recursive: true, force: true });
});

async function chat(env: Record<string, string>): Promise<{ events: Array<{ event: string; data: any }>; pings: number }> {
  server = await startOpenServer({ workspaceDir: root, homeDir: join(root, 'home'), env, port: 0, serveDemo: false, heartbeatMs: 100 });
  const res = await fetch(`${server.url}/api/skill-builder/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'a skill' }] }),
  });
  expect(res.status).toBe(200);
  const comments: string[] = [];
  const events = await readSse(res.body, { comments });
  return { events, pings: comments.length };
}

it('ends a stalled chat with a timeout error after FORGE_SKILL_BUILDER_TIMEOUT_S', async () => {
  const started = Date.now();
  const { events, pings } = await chat({ FORGE_SKILL_BUILDER_TIMEOUT_S: '0.4' });
  const last = events.at(-1)!;
  expect(last.event).toBe('error');
  expect(last.data.code).toBe('timeout');
  expect(last.data.error).toMatch(/sent nothing for 400 ms/);
  expect(events.some((e) => e.event === 'message_delta')).toBe(true); // what arrived is kept
  expect(pings).toBeGreaterThan(0); // pings went out while waiting, and did not keep it open
  expect(Date.now() - started).toBeLessThan(10_000);
});

it('a malformed FORGE_SKILL_BUILDER_TIMEOUT_S is a 400 naming it', async () => {
  server = await startOpenServer({
    workspaceDir: root,
    homeDir: join(root, 'home'),
    env: { FORGE_SKILL_BUILDER_TIMEOUT_S: 'soon' },
    port: 0,
    serveDemo: false,
  });
  const res = await fetch(`${server.url}/api/skill-builder/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ role: 'user', content: 'a skill' }] }),
  });
  expect(res.status).toBe(400);
  expect((await res.json()).error).toMatch(/FORGE_SKILL_BUILDER_TIMEOUT_S must be a positive number of seconds/);
});
