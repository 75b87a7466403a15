// Recording details with the real SDKs: identical requests replay their answers
// in order, a recorded provider error replays as the same LlmError, a key the
// provider echoes is redacted from the file, and an injected fetch now reaches
// the Gemini SDK (through the global fetch route).
import { describe, expect, it } from 'vitest';
import { createLlmClient } from '../../../../src/core/llm/client.js';
import { createMemoryRecordingStore } from '../../../../src/core/llm/recording/transport.js';
import { PROVIDERS } from '../../../../src/core/llm/types.js';
import { startProviderServer } from '../../../helpers/provider-servers/index.js';
import { drain, HELLO } from '../support.js';

const KEY = 'sk-echo-SECRET-9876543210fedcba';

describe.each(PROVIDERS)('%s recording sessions', (provider) => {
  it('replays identical requests in recorded order, then repeats the last answer', async () => {
    const server = await startProviderServer({ provider, replies: ['one', 'two'] });
    const store = createMemoryRecordingStore();
    const rec = createLlmClient({ provider, model: 'm', apiKey: KEY, baseUrl: server.url, recording: { mode: 'record', store } });
    expect((await drain(rec, HELLO)).text).toBe('one');
    expect((await drain(rec, HELLO)).text).toBe('two');
    await server.close();
    expect(store.files.size).toBe(1);
    const play = createLlmClient({ provider, model: 'm', baseUrl: server.url, recording: { mode: 'replay', store } });
    const texts = [(await drain(play, HELLO)).text, (await drain(play, HELLO)).text, (await drain(play, HELLO)).text];
    expect(texts).toEqual(['one', 'two', 'two']);
  });

  it('replays a recorded error as the same LlmError and never writes the key the provider echoed', async () => {
    const server = await startProviderServer({ provider, replies: [{ error: { status: 401, message: 'bad key {key}' } }] });
    const store = createMemoryRecordingStore();
    const rec = createLlmClient({ provider, model: 'm', apiKey: KEY, baseUrl: server.url, recording: { mode: 'record', store } });
    const recorded = await drain(rec, HELLO);
    await server.close();
    expect(recorded.error?.code).toBe('auth');
    expect(JSON.stringify([...store.files.values()])).not.toContain(KEY);
    expect(JSON.stringify([...store.files.values()])).toContain('[redacted]');
    const play = createLlmClient({ provider, model: 'm', baseUrl: server.url, recording: { mode: 'replay', store } });
    const replayed = await drain(play, HELLO);
    expect(replayed.error?.code).toBe('auth');
    expect(replayed.error?.status).toBe(401);
  });

  it('sends every request through an injected fetch', async () => {
    const server = await startProviderServer({ provider, replies: ['hi'] });
    const seen: string[] = [];
    const client = createLlmClient({
      provider,
      model: 'm',
      apiKey: KEY,
      baseUrl: server.url,
      fetch: (input, init) => {
        seen.push(String(input instanceof Request ? input.url : input));
        expect(new Headers(init?.headers).has('x-forge-fetch-route')).toBe(false);
        return globalThis.fetch(input, init);
      },
    });
    expect((await drain(client, HELLO)).text).toBe('hi');
    await server.close();
    expect(seen).toHaveLength(1);
  });
});
