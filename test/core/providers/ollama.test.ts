// Ollama specifics over the real `ollama` SDK (browser build): POST /api/chat
// NDJSON with the system prompt as the first message, `format: <schema>`,
// options.num_predict, Bearer only when a key is configured, done_reason.
import { afterEach, describe, expect, it } from 'vitest';
import { createLlmClient } from '../../../src/core/llm/client.js';
import { startProviderServer, type ProviderServer, type ProviderServerOptions } from '../../helpers/provider-servers/index.js';
import { CLOSED_SCHEMA, drain, HELLO } from './support.js';

let server: ProviderServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
async function start(opts: Omit<ProviderServerOptions, 'provider'>): Promise<ProviderServer> {
  server = await startProviderServer({ provider: 'ollama', ...opts });
  return server;
}
const client = (extra: Record<string, unknown> = {}) => createLlmClient({ provider: 'ollama', model: 'llama3.2:3b', baseUrl: server!.url, ...extra });

describe('ollama: the request the SDK sends', () => {
  it('posts /api/chat with the system prompt first, the schema as format, num_predict, and no auth header', async () => {
    await start({ replies: ['{}'] });
    await drain(client({ maxOutputTokens: 512 }), {
      system: 'SYSTEM PROMPT',
      messages: [
        { role: 'user', content: 'u1' },
        { role: 'assistant', content: 'a1' },
      ],
      responseSchema: CLOSED_SCHEMA,
    });
    const req = server!.requests[0]!;
    expect(req.path).toBe('/api/chat');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toEqual({
      model: 'llama3.2:3b',
      stream: true,
      messages: [
        { role: 'system', content: 'SYSTEM PROMPT' },
        { role: 'user', content: 'u1' },
        { role: 'assistant', content: 'a1' },
      ],
      format: CLOSED_SCHEMA.schema,
      options: { num_predict: 512 },
    });
  });

  it('sends a configured key as Bearer and accepts a host written with /api', async () => {
    await start({ replies: ['ok'] });
    await drain(client({ apiKey: 'ollama-proxy-key-123', baseUrl: `${server!.url}/api` }), HELLO);
    expect(server!.requests[0]!.path).toBe('/api/chat');
    expect(server!.requests[0]!.headers.authorization).toBe('Bearer ollama-proxy-key-123');
  });
});

describe('ollama: replies and errors', () => {
  it('maps done_reason load to other and a missing done_reason to stop', async () => {
    const line = (o: object) => `${JSON.stringify(o)}\n`;
    await start({
      replies: [
        { text: 'x', nativeFinish: 'load' },
        { raw: [line({ model: 'm', message: { role: 'assistant', content: 'hi' }, done: false }), line({ model: 'm', message: { role: 'assistant', content: '' }, done: true })] },
      ],
    });
    const c = client();
    expect((await drain(c, HELLO)).finish).toEqual({ type: 'finish', reason: 'other' });
    const second = await drain(c, HELLO);
    expect(second.text).toBe('hi');
    expect(second.finish).toEqual({ type: 'finish', reason: 'stop' });
  });

  it('"model not found, try pulling it first" → model_not_found', async () => {
    await start({ failWith: { status: 404 } });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('model_not_found');
    expect(out.error?.message).toContain('try pulling it first');
    expect(out.error?.message).toContain('"llama3.2:3b"');
  });

  it('an {"error"} line in the middle of the stream → server error after the text so far', async () => {
    await start({ replies: [{ text: 'abcd', deltaSize: 2, streamError: { afterDeltas: 1, message: 'unexpected EOF' } }] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('server');
    expect(out.error?.message).toContain('unexpected EOF');
    expect(out.text).toBe('ab');
  });
});
