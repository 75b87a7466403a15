// Record then replay with the real SDKs of all four providers against the local
// wire servers: the replay (server stopped, no key) yields exactly the recorded
// parts, an unrecorded request is refused with LlmReplayMissError naming its
// hash, and no recording file holds the key or an auth header.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmReplayMissError } from '../../../../src/core/errors.js';
import { createLlmClient } from '../../../../src/core/llm/client.js';
import { PROVIDERS, type LlmRequest } from '../../../../src/core/llm/types.js';
import { createDirectoryRecordingStore } from '../../../../src/node/llm-recording/directory-store.js';
import { startProviderServer } from '../../../helpers/provider-servers/index.js';
import { drain } from '../support.js';

const KEY = 'sk-record-SECRET-0123456789abcdef';
const AUTH_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key', 'bearer'];

const ASK: LlmRequest = {
  system: 'You route requests.',
  messages: [{ role: 'user', content: 'Which skill reads invoices? ünïcödé ✓' }],
  tools: [{ name: 'pick_skill', description: 'Pick one skill', parameters: { type: 'object', properties: { name: { type: 'string' } } } }],
};

let dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), 'forge-rec-'));
  dirs.push(d);
  return d;
}

async function filesOf(dir: string): Promise<string[]> {
  return Promise.all((await readdir(dir)).map((f) => readFile(join(dir, f), 'utf8')));
}

describe.each(PROVIDERS)('record and replay with the %s SDK', (provider) => {
  it('replays byte for byte with the server stopped and no key, refuses an unrecorded request, writes no key', async () => {
    const dir = await tempDir();
    const server = await startProviderServer({
      provider,
      replies: [{ text: 'The invoices skill — ✓ sure.', deltaSize: 3, chunkSize: 7 }, { toolCalls: [{ name: 'pick_skill', arguments: { name: 'invoices' } }] }],
    });
    const recorder = createLlmClient({
      provider,
      model: 'm-1',
      apiKey: KEY,
      baseUrl: server.url,
      recording: { mode: 'record', store: createDirectoryRecordingStore(dir) },
    });
    const first = await drain(recorder, ASK);
    const second = await drain(recorder, { ...ASK, messages: [...ASK.messages, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'again' }] });
    expect(first.error).toBeUndefined();
    expect(second.error).toBeUndefined();
    expect(first.text).toBe('The invoices skill — ✓ sure.');
    expect(second.parts.some((p) => p.type === 'tool-call')).toBe(true);
    expect(server.requests).toHaveLength(2);
    await server.close();

    const files = await filesOf(dir);
    expect(files).toHaveLength(2);
    for (const text of files) {
      expect(text).not.toContain(KEY);
      for (const h of AUTH_HEADERS) expect(text.toLowerCase()).not.toContain(h);
    }

    const replayer = createLlmClient({ provider, model: 'm-1', baseUrl: server.url, recording: { mode: 'replay', store: createDirectoryRecordingStore(dir) } });
    expect(await drain(replayer, ASK)).toEqual(first);
    expect(await drain(replayer, { ...ASK, messages: [...ASK.messages, { role: 'assistant', content: 'ok' }, { role: 'user', content: 'again' }] })).toEqual(
      second,
    );

    const miss = await drain(replayer, { ...ASK, messages: [{ role: 'user', content: 'never recorded' }] });
    expect(LlmReplayMissError.isInstance(miss.error)).toBe(true);
    const err = miss.error as LlmReplayMissError;
    expect(err.code).toBe('replay_miss');
    expect(err.requestHash).toMatch(/^[0-9a-f]{64}$/);
    expect(err.message).toContain(err.requestHash);
    expect(err.message).toContain(dir);
    expect(err.message).toMatch(/--record/);
    expect(err.isRetryable).toBe(false);
  });
});
