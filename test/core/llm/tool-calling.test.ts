// Native tool calling through each real SDK against its wire-format server: the
// tools reach the wire in the provider's own shape with tool choice `auto`, the
// model's tool calls come back as `tool-call` parts with their arguments
// assembled from the streamed pieces, usage is reported, and a text answer
// (no call) still works.
import { describe, expect, it } from 'vitest';
import { PROVIDERS, type LlmRequest, type LlmTool, type ProviderName } from '../../../src/core/llm/types.js';
import { RequestError } from '../../../src/core/errors.js';
import { thoughtSignature } from '../../helpers/provider-servers/gemini.js';
import { drain, useProviderServer } from './support.js';

const TOOLS: LlmTool[] = [
  {
    name: 'read_skill',
    description: 'Read the full instructions for an available skill.',
    parameters: { type: 'object', properties: { name: { type: 'string', description: 'Skill name' }, file: { type: 'string' } }, required: ['name'] },
  },
  {
    name: 'weather_current',
    description: 'Current weather for a city.',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
];
const REQUEST: LlmRequest = { system: 'SYSTEM', messages: [{ role: 'user', content: 'weather in Köln?' }], tools: TOOLS };

/** The tool names as each provider's request body carries them. */
function toolNamesOnWire(provider: ProviderName, body: any): string[] {
  if (provider === 'anthropic') return body.tools.map((t: any) => t.name);
  if (provider === 'gemini') return body.tools[0].functionDeclarations.map((f: any) => f.name);
  return body.tools.map((t: any) => t.function.name);
}

describe.each(PROVIDERS)('%s: tool calling', (provider) => {
  const wire = useProviderServer(provider, { model: 'tool-model', apiKey: 'sk-tools' });

  it('sends the tools natively with tool choice auto and returns the call with its arguments', async () => {
    await start();
    const out = await drain(wire.client(), REQUEST);
    expect(out.error).toBeUndefined();
    const calls = out.parts.filter((p) => p.type === 'tool-call');
    const signed = provider === 'gemini' ? { signature: thoughtSignature('weather_current') } : {};
    expect(calls).toEqual([{ type: 'tool-call', id: expect.any(String), name: 'weather_current', arguments: { city: 'Köln "Altstadt"', days: 2 }, ...signed }]);
    expect(out.parts.at(-1)?.type).toBe('finish');
    const usage = out.parts.find((p) => p.type === 'usage');
    expect(usage && usage.type === 'usage' && usage.usage.inputTokens).toBeGreaterThan(0);

    const body = wire.server.requests[0]!.body;
    expect(toolNamesOnWire(provider, body)).toEqual(['read_skill', 'weather_current']);
    if (provider === 'openai') {
      expect(body.tool_choice).toBe('auto');
      expect(body.tools[0].function.parameters.required).toEqual(['name']);
    } else if (provider === 'anthropic') {
      expect(body.tool_choice).toEqual({ type: 'auto' });
      expect(body.tools[0].input_schema.properties.name.type).toBe('string');
    } else if (provider === 'gemini') {
      expect(body.toolConfig.functionCallingConfig.mode).toBe('AUTO');
      expect(body.tools[0].functionDeclarations[0].parameters.required).toEqual(['name']);
    } else {
      expect(body.tools[1].function.description).toBe('Current weather for a city.');
    }
  });

  it('keeps text and several calls in order', async () => {
    await wire.start({
      replies: [
        {
          text: 'Let me check.',
          toolCalls: [
            { name: 'read_skill', arguments: { name: 'weather' } },
            { name: 'weather_current', arguments: { city: 'Oslo' } },
          ],
        },
      ],
    });
    const out = await drain(wire.client(), REQUEST);
    expect(out.text).toBe('Let me check.');
    expect(out.parts.filter((p) => p.type === 'tool-call').map((p) => p.type === 'tool-call' && [p.name, p.arguments])).toEqual([
      ['read_skill', { name: 'weather' }],
      ['weather_current', { city: 'Oslo' }],
    ]);
  });

  it('answers in text when the model calls no tool', async () => {
    await wire.start({ replies: ['It is sunny.'] });
    const out = await drain(wire.client(), REQUEST);
    expect(out.text).toBe('It is sunny.');
    expect(out.parts.some((p) => p.type === 'tool-call')).toBe(false);
    expect(out.finish).toEqual({ type: 'finish', reason: 'stop' });
  });

  async function start(): Promise<void> {
    await wire.start({ replies: [{ toolCalls: [{ name: 'weather_current', arguments: { city: 'Köln "Altstadt"', days: 2 } }] }], chunkSize: 7 });
  }
});

describe('tool requests are checked before any call', () => {
  const wire = useProviderServer('openai', { model: 'm', apiKey: 'k' });
  it.each([
    [{ tools: 'x' }, 'tools'],
    [{ tools: [{ name: 'bad name', description: '', parameters: {} }] }, 'tools[0].name'],
    [{ tools: [{ name: 'ok', description: 'd', parameters: null }] }, 'tools[0].parameters'],
    [{ tools: TOOLS, responseSchema: { name: 'x', schema: {} } }, 'tools'],
  ])('%j names %s', async (extra, field) => {
    await wire.start({ replies: [] });
    const err = await (async () => {
      try {
        for await (const _ of wire.client().stream({ ...REQUEST, ...(extra as object) } as LlmRequest)) void _;
      } catch (e) {
        return e;
      }
    })();
    expect(RequestError.isInstance(err)).toBe(true);
    expect((err as RequestError).field).toBe(field);
    expect(wire.server.requests).toHaveLength(0);
  });
});
