// Secrets in streams, over real HTTP/SSE (issue 11): a model that echoes the
// key in 1-character and 7-character pieces never reveals it in the joined
// message_delta events, the message, the draft or any byte of the stream; a
// settings PUT whose base_url is the key (pasted in the wrong box) gets a 400
// that does not echo it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';
import type { RequestLogEntry } from '../../../src/node/http/types.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';
import { writeTrustedWorkspace } from '../../helpers/trusted-workspace.js';
import { readSse } from './support.js';

const KEY = 'sk-stream-KEY-0a1b2c3d4e5f6789';
const ENVELOPE = JSON.stringify({
  message: `Configured with ${KEY}. Done.`,
  skill: { skill_md: skillMd('leaky', { body: `Use key ${KEY}.` }), scripts: { 'leaky.sh': `${SCRIPT}# ${KEY}\n` } },
});

let root: string;
let provider: ProviderServer | undefined;
let server: RunningServer;
let logs: RequestLogEntry[];

async function start(deltaSize: number): Promise<void> {
  provider = await startProviderServer({ provider: 'openai', handler: () => ENVELOPE, requireKey: KEY, deltaSize });
  await writeTrustedWorkspace(root, provider.url, KEY);
  server = await startOpenServer({ workspaceDir: root, homeDir: join(root, 'home'), env: {}, port: 0, serveDemo: false, logger: (e) => logs.push(e) });
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-redact-'));
  logs = [];
});
afterEach(async () => {
  await server?.close();
  await provider?.close();
  provider = undefined;
  await rm(root, { recursive: true, force: true });
});

describe('a model echoing the key', () => {
  for (const size of [1, 7]) {
    it(`in ${size}-character pieces never reveals it`, async () => {
      await start(size);
      const res = await fetch(`${server.url}/api/skill-builder/chat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ role: 'user', content: 'make it' }] }),
      });
      expect(res.status).toBe(200);
      let raw = '';
      const events = await readSse(res.body, { onChunk: (t) => (raw += t) });
      const deltas = events.filter((e) => e.event === 'message_delta').map((e) => e.data.delta as string);
      expect(deltas.length).toBeGreaterThan(2); // it did stream in pieces
      const joined = deltas.join('');
      expect(joined).toBe('Configured with [redacted]. Done.');
      expect(events.find((e) => e.event === 'message')!.data.content).toBe(joined);
      const draft = events.find((e) => e.event === 'skill_draft')!.data;
      expect(draft.skill_md).toContain('Use key [redacted].');
      expect(draft.scripts['leaky.sh']).toContain('# [redacted]');
      expect(events.at(-1)!.event).toBe('done');
      expect(raw).not.toContain(KEY);
      expect(JSON.stringify(logs)).not.toContain(KEY);
    });
  }
});

it('a settings PUT whose base_url is the key gets a 400 that does not echo it', async () => {
  server = await startOpenServer({ workspaceDir: root, homeDir: join(root, 'home'), env: {}, port: 0, serveDemo: false, logger: (e) => logs.push(e) });
  const res = await fetch(`${server.url}/api/settings/skill-builder`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'openai', model: 'gpt-4.1', base_url: KEY, api_key: KEY }),
  });
  const text = await res.text();
  expect(res.status).toBe(400);
  expect(JSON.parse(text).error).toMatch(/base_url "\[redacted\]" is not a URL/);
  expect(text).not.toContain(KEY);
  expect(JSON.stringify(logs)).not.toContain(KEY);
});
