// Gemini specifics over the real `@google/generative-ai`: the
// streamGenerateContent?alt=sse path with the model in it, systemInstruction,
// "model" role for assistant turns, x-goog-api-key, responseMimeType +
// converted responseSchema (JSON mode only for open maps), google.rpc details.
import { describe, expect, it } from 'vitest';
import { CLOSED_SCHEMA, CONVERSATION, drain, HELLO, useProviderServer } from '../support.js';

const KEY = 'AIza-test-0123456789';
const wire = useProviderServer('gemini', { model: 'gemini-test-flash', apiKey: KEY });
const { start, client } = wire;

describe('gemini: the request the SDK sends', () => {
  it('streams from models/{model}:streamGenerateContent?alt=sse with systemInstruction and user/model turns', async () => {
    await start({ replies: ['ok'] });
    await drain(client({ maxOutputTokens: 321 }), CONVERSATION);
    const req = wire.server.requests[0]!;
    expect(req.path).toBe('/v1beta/models/gemini-test-flash:streamGenerateContent');
    expect(req.query.alt).toBe('sse');
    expect(req.headers['x-goog-api-key']).toBe(KEY);
    expect(req.body.systemInstruction.parts).toEqual([{ text: 'SYSTEM PROMPT' }]);
    expect(req.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'u1' }] },
      { role: 'model', parts: [{ text: 'a1' }] },
      { role: 'user', parts: [{ text: 'u2' }] },
    ]);
    expect(req.body.generationConfig).toEqual({ maxOutputTokens: 321 });
  });

  it('takes the API version from a base URL that carries it', async () => {
    await start({ replies: ['ok'] });
    await drain(client({ baseUrl: `${wire.server.url}/v1` }), HELLO);
    expect(wire.server.requests[0]!.path).toBe('/v1/models/gemini-test-flash:streamGenerateContent');
  });

  it('asks responseMimeType application/json with the converted responseSchema', async () => {
    await start({ replies: ['{}'] });
    const out = await drain(client(), { ...HELLO, responseSchema: CLOSED_SCHEMA });
    expect(out.warnings).toEqual([]);
    expect(wire.server.requests[0]!.body.generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseSchema: {
        type: 'object',
        properties: { message: { type: 'string' }, done: { type: 'boolean' } },
        propertyOrdering: ['message', 'done'],
        required: ['message', 'done'],
      },
    });
  });

  it('asks JSON mode without a schema when the schema has an open map, and says why', async () => {
    await start({ replies: ['{}'] });
    const open = {
      name: 'envelope',
      schema: { type: 'object', properties: { message: { type: 'string' }, scripts: { type: 'object', additionalProperties: { type: 'string' } } } },
    };
    const out = await drain(client(), { ...HELLO, responseSchema: open });
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain('#/properties/scripts');
    expect(wire.server.requests[0]!.body.generationConfig).toEqual({ responseMimeType: 'application/json' });
  });
});

describe('gemini: replies and errors', () => {
  it('400 API_KEY_INVALID (what Gemini answers for a bad key) → auth', async () => {
    await start({ failWith: { status: 400, code: 'API_KEY_INVALID' } });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('auth');
    expect(out.error?.status).toBe(400);
    expect(out.error?.message).toContain('GEMINI_API_KEY');
  });

  it('429 with google.rpc.RetryInfo only (no header) → retryAfter from retryDelay', async () => {
    await start({ failWith: { status: 429, retryAfter: 17, headers: { 'retry-after': '' } } });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('rate_limit');
    expect(out.error?.retryAfter).toBe(17);
    // the provider's explanation is kept, without the SDK's URL prefix or the details JSON
    expect(out.error?.message).toContain('Resource has been exhausted');
    expect(out.error?.message).not.toContain('RetryInfo');
  });

  it.each([
    ['MAX_TOKENS', 'length'],
    ['RECITATION', 'content_filter'],
    ['SAFETY', 'content_filter'],
    ['OTHER', 'other'],
  ])('maps finishReason %s to %s', async (native, reason) => {
    await start({ replies: [{ text: 'x', nativeFinish: native }] });
    expect((await drain(client(), HELLO)).finish).toEqual({ type: 'finish', reason });
  });

  it('a blocked prompt (promptFeedback, no candidates) finishes with content_filter', async () => {
    await start({ replies: [{ raw: [`data: ${JSON.stringify({ promptFeedback: { blockReason: 'SAFETY' } })}\r\n\r\n`] }] });
    const out = await drain(client(), HELLO);
    expect(out.error).toBeUndefined();
    expect(out.text).toBe('');
    expect(out.finish).toEqual({ type: 'finish', reason: 'content_filter' });
  });

  it('an in-stream RESOURCE_EXHAUSTED error → rate_limit', async () => {
    await start({ replies: [{ text: 'abcd', deltaSize: 2, streamError: { afterDeltas: 1, code: 'RESOURCE_EXHAUSTED', message: 'quota' } }] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('rate_limit');
    expect(out.text).toBe('ab');
  });

  it('skips thought parts', async () => {
    const ev = (parts: object[], finishReason?: string) =>
      `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts }, ...(finishReason ? { finishReason } : {}), index: 0 }] })}\r\n\r\n`;
    await start({ replies: [{ raw: [ev([{ text: 'thinking…', thought: true }]), ev([{ text: 'answer' }], 'STOP')] }] });
    const out = await drain(client(), HELLO);
    expect(out.text).toBe('answer');
  });
});
