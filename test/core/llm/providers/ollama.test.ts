// Ollama specifics over the real `ollama` SDK (browser build): POST /api/chat
// NDJSON with the system prompt as the first message, `format: <schema>`,
// options.num_ctx sized to the request and num_predict, Bearer only when a key
// is configured, done_reason.
import { describe, expect, it } from 'vitest';
import { buildSystemPrompt } from '../../../../src/core/builder/prompt.js';
import { OLLAMA_MAX_NUM_CTX, OLLAMA_MIN_NUM_CTX, ollamaNumCtx } from '../../../../src/core/llm/providers/ollama.js';
import { CLOSED_SCHEMA, CONVERSATION, drain, HELLO, useProviderServer } from '../support.js';

const wire = useProviderServer('ollama', { model: 'llama3.2:3b' });
const { start, client } = wire;

describe('ollama: the request the SDK sends', () => {
  it('posts /api/chat with the system prompt first, the schema as format, num_ctx, num_predict, and no auth header', async () => {
    await start({ replies: ['{}'] });
    await drain(client({ maxOutputTokens: 512 }), { ...CONVERSATION, responseSchema: CLOSED_SCHEMA });
    const req = wire.server.requests[0]!;
    expect(req.path).toBe('/api/chat');
    expect(req.headers.authorization).toBeUndefined();
    expect(req.body).toEqual({
      model: 'llama3.2:3b',
      stream: true,
      messages: [
        { role: 'system', content: 'SYSTEM PROMPT' },
        { role: 'user', content: 'u1' },
        { role: 'assistant', content: 'a1' },
        { role: 'user', content: 'u2' },
      ],
      format: CLOSED_SCHEMA.schema,
      options: { num_ctx: 8192, num_predict: 512 },
    });
  });

  it('asks for a context that holds the real system prompt and a full reply (Ollama would silently cut it)', async () => {
    await start({ replies: ['{}', '{}'] });
    const system = buildSystemPrompt({ mode: 'create' });
    const c = client();
    await drain(c, { system, messages: [{ role: 'user', content: 'a weather skill' }] });
    const numCtx = (wire.server.requests[0]!.body as { options: { num_ctx: number; num_predict?: number } }).options;
    // chars/3 tokens for the input plus 8192 for the reply, rounded up to a power of two
    expect(numCtx.num_ctx).toBeGreaterThanOrEqual(Math.ceil(system.length / 3) + 8192);
    expect(numCtx.num_ctx).toBe(ollamaNumCtx(system.length + 'a weather skill'.length, undefined));
    expect(numCtx.num_predict).toBeUndefined();
    // A long conversation gets a larger window.
    await drain(c, { system, messages: [{ role: 'user', content: 'x'.repeat(60_000) }] });
    expect((wire.server.requests[1]!.body as { options: { num_ctx: number } }).options.num_ctx).toBe(65_536);
  });

  it('sends a configured key as Bearer and accepts a host written with /api', async () => {
    await start({ replies: ['ok'] });
    await drain(client({ apiKey: 'ollama-proxy-key-123', baseUrl: `${wire.server.url}/api` }), HELLO);
    expect(wire.server.requests[0]!.path).toBe('/api/chat');
    expect(wire.server.requests[0]!.headers.authorization).toBe('Bearer ollama-proxy-key-123');
  });
});

describe('ollamaNumCtx', () => {
  it('rounds input/3 + reply room up to a power of two, within 8192 and 131072', () => {
    expect(ollamaNumCtx(0, undefined)).toBe(OLLAMA_MIN_NUM_CTX);
    expect(ollamaNumCtx(3 * 8000, undefined)).toBe(16_384); // 8000 + 8192
    expect(ollamaNumCtx(3 * 8000, 100)).toBe(8192); // 8000 + 100
    expect(ollamaNumCtx(3 * 8093, 100)).toBe(16_384); // 8093 + 100 = 8193
    expect(ollamaNumCtx(3 * 100_000, 16_000)).toBe(OLLAMA_MAX_NUM_CTX);
    expect(ollamaNumCtx(10_000_000, undefined)).toBe(OLLAMA_MAX_NUM_CTX);
  });
});

describe('ollama: replies and errors', () => {
  it('maps done_reason load to other and a missing done_reason to stop', async () => {
    const line = (o: object) => `${JSON.stringify(o)}\n`;
    await start({
      replies: [
        { text: 'x', nativeFinish: 'load' },
        {
          raw: [
            line({ model: 'm', message: { role: 'assistant', content: 'hi' }, done: false }),
            line({ model: 'm', message: { role: 'assistant', content: '' }, done: true }),
          ],
        },
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
