// OpenAI specifics over the real `openai` SDK: what goes on the wire (system
// message first, model verbatim, max token parameter, response_format
// json_schema, Bearer key), OpenAI-compatible quirks, finish reasons.
import { describe, expect, it } from 'vitest';
import { createLlmClient } from '../../../../src/core/llm/client.js';
import { CLOSED_SCHEMA, CONVERSATION, drain, HELLO, useProviderServer } from '../support.js';

const KEY = 'sk-openai-test-0123456789';
const wire = useProviderServer('openai', { model: 'm', apiKey: KEY });
const { start, client } = wire;

const MAP_SCHEMA = {
  name: 'skill envelope!',
  schema: {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    properties: {
      message: { type: 'string' },
      scripts: { type: 'object', additionalProperties: { type: 'string' } },
    },
    required: ['message', 'scripts'],
  },
};

describe('openai: the request the SDK sends', () => {
  it('puts the system prompt first as a system message, keeps turns in order, uses the model verbatim', async () => {
    await start({ replies: ['ok'] });
    const model = 'org/Some-Model:v1.2';
    const c = client({ model });
    await drain(c, CONVERSATION);
    const req = wire.server.requests[0]!;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req.body).toEqual({
      model,
      stream: true,
      messages: [
        { role: 'system', content: 'SYSTEM PROMPT' },
        { role: 'user', content: 'u1' },
        { role: 'assistant', content: 'a1' },
        { role: 'user', content: 'u2' },
      ],
    });
  });

  it('sends max_tokens to an OpenAI-compatible base URL', async () => {
    await start({ replies: ['ok'] });
    const c = createLlmClient({ provider: 'openai', model: 'm', apiKey: KEY, baseUrl: `${wire.server.url}/`, maxOutputTokens: 1234 });
    await drain(c, HELLO);
    expect(wire.server.requests[0]!.path).toBe('/v1/chat/completions');
    expect(wire.server.requests[0]!.body.max_tokens).toBe(1234);
    expect(wire.server.requests[0]!.body.max_completion_tokens).toBeUndefined();
  });

  it('sends max_completion_tokens to api.openai.com (reasoning models refuse max_tokens)', async () => {
    const seen: Array<{ url: string; body: any }> = [];
    const fakeFetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), body: JSON.parse(String(init?.body)) });
      return new Response(JSON.stringify({ error: { message: 'stop here', type: 'invalid_request_error' } }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    const c = createLlmClient({ provider: 'openai', model: 'gpt-4.1', apiKey: KEY, maxOutputTokens: 99, fetch: fakeFetch });
    await drain(c, HELLO);
    expect(seen[0]!.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(seen[0]!.body.max_completion_tokens).toBe(99);
    expect(seen[0]!.body.max_tokens).toBeUndefined();
  });

  it('asks response_format json_schema, strict when the schema is closed', async () => {
    await start({ replies: ['{}'] });
    const c = client();
    await drain(c, { ...HELLO, responseSchema: CLOSED_SCHEMA });
    expect(wire.server.requests[0]!.body.response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'envelope', schema: CLOSED_SCHEMA.schema, strict: true },
    });
  });

  it('sends a schema with an open map non-strict, without $schema, with a valid name', async () => {
    await start({ replies: ['{}'] });
    const c = client();
    const out = await drain(c, { ...HELLO, responseSchema: MAP_SCHEMA });
    expect(out.warnings).toEqual([]);
    const format = wire.server.requests[0]!.body.response_format;
    expect(format.json_schema.name).toBe('skill_envelope_');
    expect(format.json_schema.strict).toBeUndefined();
    expect(format.json_schema.schema.$schema).toBeUndefined();
    expect(format.json_schema.schema.properties.scripts).toEqual({ type: 'object', additionalProperties: { type: 'string' } });
  });

  it('sends no Authorization header when no key is configured', async () => {
    await start({ replies: ['ok'] });
    const c = client({ model: 'local', apiKey: undefined });
    const out = await drain(c, HELLO);
    expect(out.text).toBe('ok');
    expect(wire.server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('routes every request through an injected fetch', async () => {
    await start({ replies: ['ok'] });
    let calls = 0;
    const spy = ((input: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      return fetch(input, init);
    }) as typeof fetch;
    const c = client({ fetch: spy });
    expect((await drain(c, HELLO)).text).toBe('ok');
    expect(calls).toBe(1);
  });
});

describe('openai: replies and errors', () => {
  it('maps finish_reason tool_calls to other', async () => {
    await start({ replies: [{ text: 'x', nativeFinish: 'tool_calls' }] });
    const out = await drain(client(), HELLO);
    expect(out.finish).toEqual({ type: 'finish', reason: 'other' });
  });

  it('an OpenAI-compatible 400 "model does not exist" → model_not_found', async () => {
    await start({ failWith: { status: 400, message: 'The model `llama-9000` does not exist.' } });
    const out = await drain(client({ model: 'llama-9000' }), HELLO);
    expect(out.error?.code).toBe('model_not_found');
    expect(out.error?.message).toContain('"llama-9000"');
  });

  it('retry-after-ms wins over retry-after', async () => {
    await start({ failWith: { status: 429, retryAfter: 30, headers: { 'retry-after-ms': '1500' } } });
    const out = await drain(client(), HELLO);
    expect(out.error?.retryAfter).toBe(2);
  });

  it('an in-stream rate-limit error → rate_limit', async () => {
    await start({ replies: [{ text: 'abcd', deltaSize: 2, streamError: { afterDeltas: 1, message: 'slow down', code: 'rate_limit_exceeded' } }] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('rate_limit');
    expect(out.text).toBe('ab');
  });

  it('a compatible server that omits [DONE] but sends finish_reason still finishes', async () => {
    const chunk = (delta: object, finish: string | null) =>
      `data: ${JSON.stringify({ id: 'c', object: 'chat.completion.chunk', created: 1, model: 'm', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
    await start({ replies: [{ raw: [chunk({ content: 'hi' }, null), chunk({}, 'length')] }] });
    const out = await drain(client(), HELLO);
    expect(out.error).toBeUndefined();
    expect(out.finish).toEqual({ type: 'finish', reason: 'length' });
  });
});
