// Anthropic specifics over the real `@anthropic-ai/sdk`: top-level `system`,
// the mandatory max_tokens default, output_config.format json_schema (and why
// it is skipped for open maps), stop reasons and `event: error` in the stream.
import { describe, expect, it } from 'vitest';
import { ANTHROPIC_DEFAULT_MAX_TOKENS } from '../../../../src/core/llm/defaults.js';
import { CLOSED_SCHEMA, CONVERSATION, drain, HELLO, useProviderServer } from '../support.js';

const KEY = 'sk-ant-test-0123456789';
const wire = useProviderServer('anthropic', { model: 'claude-test-1', apiKey: KEY });
const { start, client } = wire;

describe('anthropic: the request the SDK sends', () => {
  it('puts the system prompt in the top-level system field, turns in messages, max_tokens defaulted', async () => {
    await start({ replies: ['ok'] });
    await drain(client(), CONVERSATION);
    const req = wire.server.requests[0]!;
    expect(req.path).toBe('/v1/messages');
    expect(req.key).toBe(KEY);
    expect(typeof req.headers['anthropic-version']).toBe('string');
    expect(req.body).toEqual({
      model: 'claude-test-1',
      max_tokens: ANTHROPIC_DEFAULT_MAX_TOKENS,
      system: 'SYSTEM PROMPT',
      stream: true,
      messages: [
        { role: 'user', content: 'u1' },
        { role: 'assistant', content: 'a1' },
        { role: 'user', content: 'u2' },
      ],
    });
    expect(ANTHROPIC_DEFAULT_MAX_TOKENS).toBe(8192);
  });

  it('sends the configured max_tokens and accepts a base URL written with /v1', async () => {
    await start({ replies: ['ok'] });
    await drain(client({ baseUrl: `${wire.server.url}/v1/`, maxOutputTokens: 2048 }), HELLO);
    expect(wire.server.requests[0]!.path).toBe('/v1/messages');
    expect(wire.server.requests[0]!.body.max_tokens).toBe(2048);
  });

  it('asks output_config.format json_schema, made Anthropic-ready by the SDK transform', async () => {
    await start({ replies: ['{}'] });
    const schema = {
      name: 'envelope',
      schema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { message: { type: 'string', minLength: 1 } },
        required: ['message'],
      },
    };
    const out = await drain(client(), { ...HELLO, responseSchema: schema });
    expect(out.warnings).toEqual([]);
    const format = wire.server.requests[0]!.body.output_config.format;
    expect(format.type).toBe('json_schema');
    expect(format.schema.additionalProperties).toBe(false);
    expect(format.schema.$schema).toBeUndefined();
    expect(format.schema.properties.message.type).toBe('string');
    // minLength is unsupported: moved into the description by the SDK transform.
    expect(format.schema.properties.message.minLength).toBeUndefined();
    expect(format.schema.properties.message.description).toContain('minLength');
  });

  it('does not constrain a schema with an open map (Anthropic would empty it), and warns once per client', async () => {
    await start({ replies: ['a', 'b'] });
    const open = {
      name: 'envelope',
      schema: { type: 'object', properties: { message: { type: 'string' }, scripts: { type: 'object', additionalProperties: { type: 'string' } } } },
    };
    const c = client();
    const first = await drain(c, { ...HELLO, responseSchema: open });
    const second = await drain(c, { ...HELLO, responseSchema: open });
    expect(first.warnings).toHaveLength(1);
    expect(first.warnings[0]).toContain('#/properties/scripts');
    expect(second.warnings).toEqual([]);
    expect(wire.server.requests.map((r) => r.body.output_config)).toEqual([undefined, undefined]);
  });

  it('sends no key header at all when no key is configured', async () => {
    await start({ replies: ['ok'] });
    const out = await drain(client({ apiKey: undefined }), HELLO);
    expect(out.text).toBe('ok');
    expect(wire.server.requests[0]!.headers.authorization).toBeUndefined();
    expect(wire.server.requests[0]!.headers['x-api-key']).toBeUndefined();
  });

  it('uses a closed schema as is after the transform', async () => {
    await start({ replies: ['{}'] });
    await drain(client(), { ...HELLO, responseSchema: CLOSED_SCHEMA });
    expect(wire.server.requests[0]!.body.output_config.format.schema).toEqual(CLOSED_SCHEMA.schema);
  });
});

describe('anthropic: replies and errors', () => {
  it.each([
    ['model_context_window_exceeded', 'length'],
    ['refusal', 'content_filter'],
    ['stop_sequence', 'stop'],
    ['tool_use', 'other'],
  ])('maps stop_reason %s to %s', async (native, reason) => {
    await start({ replies: [{ text: 'x', nativeFinish: native }] });
    expect((await drain(client(), HELLO)).finish).toEqual({ type: 'finish', reason });
  });

  it('529 overloaded → server', async () => {
    await start({ failWith: { status: 529 } });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('server');
    expect(out.error?.message).toContain('Overloaded');
  });

  it('event: error with rate_limit_error in the stream → rate_limit', async () => {
    await start({ replies: [{ text: 'abcd', deltaSize: 2, streamError: { afterDeltas: 1, code: 'rate_limit_error', message: 'too fast' } }] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('rate_limit');
    expect(out.text).toBe('ab');
  });

  it('event: error with overloaded_error → server, keeping the text so far', async () => {
    await start({ replies: [{ text: 'abcdef', deltaSize: 2, streamError: { afterDeltas: 2 } }] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('server');
    expect(out.text).toBe('abcd');
  });
});
