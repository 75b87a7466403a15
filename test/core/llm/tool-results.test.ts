// Tool calling end to end through each real SDK against its wire-format
// server: the model's calls come back as `tool-call` parts, the conversation
// goes back with the assistant turn carrying those calls and each result as
// the provider's tool-result message (OpenAI `tool_calls` + `role: 'tool'`,
// Anthropic `tool_use` + `tool_result` blocks in one user turn, Gemini
// `functionCall` + `functionResponse` in a `function` turn, Ollama `tool_calls`
// + `role: 'tool'` with `tool_name`), which the server checks the way the
// provider does; the error flag where the wire has one; and the client's
// refusal of a result that answers no call.
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/core/errors.js';
import { PROVIDERS, type LlmMessage, type LlmTool, type ProviderName } from '../../../src/core/llm/types.js';
import { thoughtSignature } from '../../helpers/provider-servers/gemini.js';
import { drain, useProviderServer } from './support.js';

const TOOLS: LlmTool[] = [
  {
    name: 'weather_current',
    description: 'Current weather for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
  { name: 'air_quality', description: 'Air quality for a city.', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
];
const ASK: LlmMessage = { role: 'user', content: 'weather and air in Köln?' };
const CALLS = [
  { name: 'weather_current', arguments: { city: 'Köln' } },
  { name: 'air_quality', arguments: { city: 'Köln' } },
];

/** The second request's tool turns as each provider's API takes them (the ids are the ones the first reply carried). */
function expectWireShape(provider: ProviderName, body: any, ids: string[]): void {
  if (provider === 'openai') {
    expect(body.messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: 'Looking.',
        tool_calls: CALLS.map((c, i) => ({ id: ids[i], type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
      },
      { role: 'tool', tool_call_id: ids[0], content: '{"temp_c": 4}' },
      { role: 'tool', tool_call_id: ids[1], content: 'upstream down' },
    ]);
  } else if (provider === 'anthropic') {
    expect(body.messages.slice(1)).toEqual([
      {
        role: 'assistant',
        content: [{ type: 'text', text: 'Looking.' }, ...CALLS.map((c, i) => ({ type: 'tool_use', id: ids[i], name: c.name, input: c.arguments }))],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: ids[0], content: '{"temp_c": 4}' },
          { type: 'tool_result', tool_use_id: ids[1], content: 'upstream down', is_error: true },
        ],
      },
    ]);
  } else if (provider === 'gemini') {
    expect(body.contents.slice(1)).toEqual([
      // Each call goes back with the thought signature the model gave it.
      {
        role: 'model',
        parts: [{ text: 'Looking.' }, ...CALLS.map((c) => ({ functionCall: { name: c.name, args: c.arguments }, thoughtSignature: thoughtSignature(c.name) }))],
      },
      {
        role: 'function',
        parts: [
          { functionResponse: { name: 'weather_current', response: { output: '{"temp_c": 4}' } } },
          { functionResponse: { name: 'air_quality', response: { error: 'upstream down' } } },
        ],
      },
    ]);
  } else {
    expect(body.messages.slice(2)).toEqual([
      { role: 'assistant', content: 'Looking.', tool_calls: CALLS.map((c) => ({ function: { name: c.name, arguments: c.arguments } })) },
      { role: 'tool', content: '{"temp_c": 4}', tool_name: 'weather_current' },
      { role: 'tool', content: 'upstream down', tool_name: 'air_quality' },
    ]);
  }
}

describe.each(PROVIDERS)('%s: tool results go back natively', (provider) => {
  const wire = useProviderServer(provider, { model: 'tool-model', apiKey: 'sk-tools' });

  it('the second request carries the calls and their results in the provider shape, and the model answers from them', async () => {
    await wire.start({
      handler: (request) => {
        const results = request.toolTurns.results;
        if (results.length === 0) return { text: 'Looking.', toolCalls: CALLS };
        return results.map((r) => `${r.name}=${r.content}${r.isError ? ' (error)' : ''}`).join('; ');
      },
    });
    const client = wire.client();
    const first = await drain(client, { system: 'SYSTEM', messages: [ASK], tools: TOOLS });
    expect(first.error).toBeUndefined();
    const calls = first.parts.flatMap((p) => (p.type === 'tool-call' ? [(({ type: _, ...call }) => call)(p)] : []));
    expect(calls.map((c) => c.name)).toEqual(['weather_current', 'air_quality']);
    if (provider === 'gemini') expect(calls.map((c) => c.signature)).toEqual(CALLS.map((c) => thoughtSignature(c.name)));

    const second = await drain(client, {
      system: 'SYSTEM',
      tools: TOOLS,
      messages: [
        ASK,
        { role: 'assistant', content: first.text, toolCalls: calls },
        { role: 'tool', toolCallId: calls[0]!.id, toolName: 'weather_current', content: '{"temp_c": 4}' },
        { role: 'tool', toolCallId: calls[1]!.id, toolName: 'air_quality', content: 'upstream down', isError: true },
      ],
    });
    expect(second.error).toBeUndefined();
    const request = wire.server.requests[1]!;
    expect(request.toolTurns.problems).toEqual([]);
    expectWireShape(
      provider,
      request.body,
      calls.map((c) => c.id),
    );
    // What the server read back is what the model answers from; the flag survives where the wire has one.
    const flagged = provider === 'anthropic' || provider === 'gemini';
    expect(second.text).toBe(`weather_current={"temp_c": 4}; air_quality=upstream down${flagged ? ' (error)' : ''}`);
  });

  it('an assistant turn with calls but no text sends no empty text', async () => {
    await wire.start({ replies: ['ok'] });
    const out = await drain(wire.client(), {
      system: '',
      tools: TOOLS,
      messages: [
        ASK,
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_a', name: 'weather_current', arguments: { city: 'Köln' } }] },
        { role: 'tool', toolCallId: 'call_a', toolName: 'weather_current', content: 'sunny' },
      ],
    });
    expect(out.error).toBeUndefined();
    const body = wire.server.requests[0]!.body;
    expect(wire.server.requests[0]!.toolTurns).toMatchObject({ problems: [], results: [{ name: 'weather_current', content: 'sunny' }] });
    if (provider === 'anthropic')
      expect(body.messages[1].content).toEqual([{ type: 'tool_use', id: 'call_a', name: 'weather_current', input: { city: 'Köln' } }]);
    if (provider === 'gemini') expect(body.contents[1].parts).toEqual([{ functionCall: { name: 'weather_current', args: { city: 'Köln' } } }]);
    if (provider === 'openai') expect(body.messages[1].content).toBeNull();
  });

  it('refuses a result that answers no call before anything is sent', async () => {
    await wire.start({ replies: ['never'] });
    const out = drain(wire.client(), {
      system: '',
      messages: [ASK, { role: 'tool', toolCallId: 'call_x', toolName: 'weather_current', content: 'sunny' }],
    });
    await expect(out).rejects.toSatisfy((e: unknown) => e instanceof RequestError && e.field === 'messages[1].toolCallId');
    expect(wire.server.requests).toHaveLength(0);
  });
});

describe.each(PROVIDERS)('%s test server: refuses tool turns that do not pair up, as the provider does', (provider) => {
  const wire = useProviderServer(provider, { model: 'tool-model' });

  /** A conversation whose result answers a call nobody made, in the provider's wire shape. */
  function orphanBody(): { path: string; body: unknown } {
    if (provider === 'openai') {
      return {
        path: '/chat/completions',
        body: {
          model: 'm',
          stream: true,
          messages: [
            { role: 'user', content: 'hi' },
            { role: 'tool', tool_call_id: 'call_x', content: 'r' },
          ],
        },
      };
    }
    if (provider === 'anthropic') {
      const messages = [{ role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_x', content: 'r' }] }];
      return { path: '/v1/messages', body: { model: 'm', max_tokens: 10, stream: true, messages } };
    }
    if (provider === 'gemini') {
      const contents = [
        { role: 'model', parts: [{ functionCall: { name: 'f', args: {} } }] },
        { role: 'user', parts: [{ text: 'no response part' }] },
      ];
      return { path: '/v1beta/models/m:streamGenerateContent?alt=sse', body: { contents } };
    }
    return {
      path: '/api/chat',
      body: {
        model: 'm',
        stream: true,
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'tool', content: 'r' },
        ],
      },
    };
  }

  it('answers HTTP 400 in the provider error format', async () => {
    await wire.start({ replies: ['never'] });
    const { path, body } = orphanBody();
    const response = await fetch(`${wire.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/tool|function/i);
    expect(wire.server.requests[0]!.toolTurns.problems.length).toBeGreaterThan(0);
  });
});
