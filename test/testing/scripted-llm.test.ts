// createScriptedLlm: the LlmClient users (and our tests) script replies with.
import { describe, expect, it } from 'vitest';
import { LlmError } from '../../src/core/errors.js';
import type { LlmStreamPart } from '../../src/core/llm/types.js';
import { createScriptedLlm } from '../../src/testing/scripted-llm.js';

async function collect(parts: AsyncIterable<LlmStreamPart>): Promise<LlmStreamPart[]> {
  const out: LlmStreamPart[] = [];
  for await (const p of parts) out.push(p);
  return out;
}

const request = (content = 'hi') => ({ system: 'sys', messages: [{ role: 'user' as const, content }] });

describe('createScriptedLlm', () => {
  it('streams each reply in chunks of chunkSize and then finishes', async () => {
    const llm = createScriptedLlm(['abcdefgh'], { chunkSize: 3 });
    const parts = await collect(llm.stream(request()));
    expect(parts).toEqual([
      { type: 'text-delta', text: 'abc' },
      { type: 'text-delta', text: 'def' },
      { type: 'text-delta', text: 'gh' },
      { type: 'finish', reason: 'stop' },
    ]);
  });

  it('replays the replies in order and records every request', async () => {
    const llm = createScriptedLlm(['one', 'two']);
    await collect(llm.stream(request('first')));
    await collect(llm.stream({ ...request('second'), responseSchema: { name: 's', schema: { type: 'object' } } }));
    expect(llm.requests.map((r) => r.messages[0]!.content)).toEqual(['first', 'second']);
    expect(llm.requests[1]!.responseSchema?.name).toBe('s');
    expect(llm.remaining).toBe(0);
  });

  it('computes replies from the request when given a function', async () => {
    const llm = createScriptedLlm((req, i) => `${i}:${req.messages.at(-1)!.content}`);
    const parts = await collect(llm.stream(request('ping')));
    expect(parts[0]).toEqual({ type: 'text-delta', text: '0:ping' });
  });

  it('fails with an LlmError when it runs out of replies', async () => {
    const llm = createScriptedLlm([]);
    await expect(collect(llm.stream(request()))).rejects.toSatisfy((e) => LlmError.isInstance(e) && /no reply left/.test((e as Error).message));
  });

  it('scripts a failure after some text, and a cut-off finish', async () => {
    const boom = new LlmError('stream_cut', 'connection dropped', { provider: 'scripted' });
    const llm = createScriptedLlm(
      [
        { text: 'partial', error: boom },
        { text: 'cut', finish: 'length' },
      ],
      { chunkSize: 4 },
    );
    const seen: LlmStreamPart[] = [];
    await expect(
      (async () => {
        for await (const p of llm.stream(request())) seen.push(p);
      })(),
    ).rejects.toBe(boom);
    expect(seen).toEqual([
      { type: 'text-delta', text: 'part' },
      { type: 'text-delta', text: 'ial' },
    ]);
    expect((await collect(llm.stream(request()))).at(-1)).toEqual({ type: 'finish', reason: 'length' });
  });

  it('honours an abort between chunks', async () => {
    const controller = new AbortController();
    const llm = createScriptedLlm(['abcdefghij'], { chunkSize: 2, delayMs: 1 });
    const seen: string[] = [];
    const run = (async () => {
      for await (const p of llm.stream({ ...request(), signal: controller.signal })) {
        if (p.type === 'text-delta') {
          seen.push(p.text);
          if (seen.length === 2) controller.abort();
        }
      }
    })();
    await expect(run).rejects.toSatisfy((e) => LlmError.isInstance(e) && (e as LlmError).code === 'aborted');
    expect(seen).toEqual(['ab', 'cd']);
  });

  it('refuses to start when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const llm = createScriptedLlm(['x']);
    await expect(collect(llm.stream({ ...request(), signal: controller.signal }))).rejects.toSatisfy((e) => (e as LlmError).code === 'aborted');
    // The reply was not consumed.
    expect(llm.remaining).toBe(1);
  });
});

describe('createScriptedLlm tool calls', () => {
  it('answers with native tool-call parts after the text', async () => {
    const llm = createScriptedLlm([{ text: 'ok', toolCalls: [{ name: 'read_skill', arguments: { name: 'weather' } }] }]);
    const parts = [];
    for await (const p of llm.stream({ system: '', messages: [{ role: 'user', content: 'rain?' }] })) parts.push(p);
    expect(parts.slice(-2)).toEqual([
      { type: 'tool-call', id: 'call_0', name: 'read_skill', arguments: { name: 'weather' } },
      { type: 'finish', reason: 'other' },
    ]);
  });
});
