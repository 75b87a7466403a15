// The behaviour every provider shares, run against each real SDK talking to a
// local server that speaks that provider's wire format: deltas and finish
// reasons, one test per error class, abort/timeout closing the connection, the
// structured-output fallback, and "the key never appears, process.env never changes".
import { describe, expect, it } from 'vitest';
import { createLlmClient } from '../../../src/core/llm/client.js';
import { PROVIDERS, type ProviderName } from '../../../src/core/llm/types.js';
import { closedPortUrl } from '../../helpers/provider-servers/index.js';
import { CLOSED_SCHEMA, drain, expectNoSecret, HELLO, useProviderServer } from './support.js';

const KEY = 'sk-test-KEY-0123456789abcdef';
const MODEL = 'test-model-1';
const KEY_ENV: Record<ProviderName, string> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY', gemini: 'GEMINI_API_KEY', ollama: 'OLLAMA_KEY' };

describe.each(PROVIDERS)('%s: real SDK against its wire format', (provider) => {
  const wire = useProviderServer(provider, { model: MODEL, apiKey: KEY, apiKeyEnv: KEY_ENV[provider] });
  const { start, client } = wire;

  it('streams text deltas then one finish, with wire chunks split mid-line and mid-UTF-8 character', async () => {
    const text = 'Grüße aus Köln — 漢字テスト 🎉🚀 "quoted" \\ back\nslash, and a long tail of plain ASCII words.';
    await start({ replies: [text], chunkSize: 3, delayMs: 1, deltaSize: 5 });
    const out = await drain(client(), HELLO);
    expect(out.error).toBeUndefined();
    expect(out.text).toBe(text);
    expect(out.deltas.length).toBeGreaterThan(5);
    expect(out.parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(out.parts.filter((p) => p.type === 'finish')).toHaveLength(1);
    expect(wire.server.requests[0]!.model).toBe(MODEL);
    expect(wire.server.requests[0]!.key).toBe(KEY);
  });

  // Ollama has no content-filter stop reason: only `length` applies there.
  const finishKinds = provider === 'ollama' ? (['length'] as const) : (['length', 'content_filter'] as const);
  it.each(finishKinds)('maps the provider finish reason for %s', async (finish) => {
    await start({ replies: [{ text: 'cut here', finish }] });
    const out = await drain(client(), HELLO);
    expect(out.finish).toEqual({ type: 'finish', reason: finish });
  });

  it('serves a multi-turn conversation in order, sending the earlier turns back', async () => {
    await start({ replies: ['First answer?', 'Second answer.'] });
    const c = client();
    const one = await drain(c, HELLO);
    const two = await drain(c, {
      system: HELLO.system,
      messages: [...HELLO.messages, { role: 'assistant', content: one.text }, { role: 'user', content: 'go on' }],
    });
    expect([one.text, two.text]).toEqual(['First answer?', 'Second answer.']);
    const sent = JSON.stringify(wire.server.requests[1]!.body);
    expect(sent).toContain('First answer?');
    expect(sent).toContain('go on');
  });

  // Errors: one test per class (SPEC §8: the key never appears in an error message).
  it('a wrong key → auth, naming the key variable and never the key', async () => {
    await start({ requireKey: 'sk-the-right-one-000' });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('auth');
    expect(out.error?.message).toContain(KEY_ENV[provider]);
    expect(out.error?.isRetryable).toBe(false);
    expectNoSecret(out.error, KEY);
  });

  it('403 → auth', async () => {
    await start({ failWith: { status: 403 } });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('auth');
    expect(out.error?.status).toBe(403);
  });

  it('a provider that echoes the key in its error body never gets it into our error', async () => {
    await start({ failWith: { status: 401, message: 'Incorrect API key provided: {key}. Check it.' } });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('auth');
    expect(out.error?.message).toContain('[redacted]');
    expectNoSecret(out.error, KEY);
  });

  it('429 → rate_limit with retryAfter in seconds', async () => {
    await start({ failWith: { status: 429, retryAfter: 7 } });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('rate_limit');
    expect(out.error?.retryAfter).toBe(7);
    expect(out.error?.message).toMatch(/retry after 7 s/i);
    expect(out.error?.isRetryable).toBe(true);
  });

  it('unknown model → model_not_found naming the model', async () => {
    await start({ knownModels: ['some-other-model'] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('model_not_found');
    expect(out.error?.message).toContain(`"${MODEL}"`);
    expect(out.error?.status).toBe(404);
  });

  it('5xx → server', async () => {
    await start({ failWith: { status: 500 } });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('server');
    expect(out.error?.status).toBe(500);
    expect(out.error?.isRetryable).toBe(true);
  });

  it('a plain 400 → provider_bad_request, without a second attempt', async () => {
    await start({ failWith: { status: 400, message: 'messages: roles must alternate' } });
    const out = await drain(client(), { ...HELLO, responseSchema: CLOSED_SCHEMA });
    expect(out.error?.code).toBe('provider_bad_request');
    expect(out.error?.message).toContain('roles must alternate');
    expect(wire.server.requests).toHaveLength(1);
  });

  it('connection refused → network, naming the host', async () => {
    const url = await closedPortUrl(provider);
    const c = createLlmClient({ provider, model: MODEL, apiKey: KEY, baseUrl: url });
    const out = await drain(c, HELLO);
    expect(out.error?.code).toBe('network');
    expect(out.error?.message).toContain(new URL(url).host);
    expectNoSecret(out.error, KEY);
  });

  it('a connection dropped mid-stream → stream_cut, after the deltas that arrived', async () => {
    await start({ replies: [{ text: 'abcdefghijklmnopqrstuvwxyz', deltaSize: 4, cut: { afterDeltas: 2, mode: 'socket' } }] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('stream_cut');
    expect(out.text).toBe('abcdefgh');
    expect(out.finish).toBeUndefined();
    expect(out.error?.message).toContain('8 characters');
  });

  it('a stream that ends cleanly but without the end marker → stream_cut', async () => {
    await start({ replies: [{ text: 'abcdefghijkl', deltaSize: 4, cut: { afterDeltas: 1, mode: 'clean' } }] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('stream_cut');
    expect(out.text).toBe('abcd');
  });

  it('an error event inside the stream → a typed error after the deltas', async () => {
    await start({ replies: [{ text: 'abcdefgh', deltaSize: 4, streamError: { afterDeltas: 1, message: 'the model crashed' } }] });
    const out = await drain(client(), HELLO);
    expect(out.error?.code).toBe('server');
    expect(out.error?.message).toContain('the model crashed');
    expect(out.text).toBe('abcd');
  });

  it('abort mid-stream → aborted, and the server sees the connection close', async () => {
    await start({ replies: [{ text: 'x'.repeat(200), deltaSize: 10, hang: { afterDeltas: 2 } }] });
    const controller = new AbortController();
    const out = await drain(client(), { ...HELLO, signal: controller.signal }, (p) => {
      if (p.type === 'text-delta') controller.abort();
    });
    expect(out.error?.code).toBe('aborted');
    expect(out.error?.isRetryable).toBe(false);
    await expect(wire.server.requests[0]!.done).resolves.toBe('client-closed');
  });

  it('abort before the response starts → aborted, connection closed', async () => {
    await start({ replies: [{ text: 'late', headDelayMs: 5_000 }] });
    const controller = new AbortController();
    const pending = drain(client(), { ...HELLO, signal: controller.signal });
    while (wire.server.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const out = await pending;
    expect(out.error?.code).toBe('aborted');
    await expect(wire.server.requests[0]!.done).resolves.toBe('client-closed');
  });

  it('an already-aborted signal fails at once with aborted', async () => {
    await start({ replies: ['never'] });
    const out = await drain(client(), { ...HELLO, signal: AbortSignal.abort() });
    expect(out.error?.code).toBe('aborted');
  });

  it('a consumer that stops iterating closes the connection', async () => {
    await start({ replies: [{ text: 'y'.repeat(200), deltaSize: 10, hang: { afterDeltas: 3 } }] });
    for await (const p of client().stream(HELLO)) {
      if (p.type === 'text-delta') break;
    }
    await expect(wire.server.requests[0]!.done).resolves.toBe('client-closed');
  });

  it('timeoutMs: no data for that long → timeout, connection closed', async () => {
    await start({ replies: [{ text: 'z'.repeat(50), deltaSize: 10, hang: { afterDeltas: 1 } }] });
    const out = await drain(client({ timeoutMs: 150 }), HELLO);
    expect(out.error?.code).toBe('timeout');
    expect(out.text).toBe('z'.repeat(10));
    await expect(wire.server.requests[0]!.done).resolves.toBe('client-closed');
  });

  it('timeoutMs is an idle timeout: a slow reply that keeps streaming is not cut', async () => {
    // 12 deltas 150 ms apart: the reply takes ~1.8 s, longer than the 1.2 s timeout, while no
    // single gap comes near it (a loaded machine can stretch a 60 ms gap past a 400 ms timeout).
    const text = 'abcdefghijklmnopqrstuvwx';
    await start({ replies: [{ text, deltaSize: 2, delayMs: 150 }] });
    const started = Date.now();
    const out = await drain(client({ timeoutMs: 1200 }), HELLO);
    expect(out.error).toBeUndefined();
    expect(out.text).toBe(text);
    expect(Date.now() - started).toBeGreaterThan(1200); // the whole reply outlasted the timeout
  });

  it('asks for native structured output with the schema', async () => {
    await start({ replies: ['{"message":"hi","done":true}'] });
    const out = await drain(client(), { ...HELLO, responseSchema: CLOSED_SCHEMA });
    expect(out.warnings).toEqual([]);
    expect(wire.server.requests[0]!.structured).toBe(true);
  });

  it('an endpoint that rejects structured output: one retry without it, a warning, remembered for the client', async () => {
    await start({ rejectStructuredOutput: true, replies: ['plain one', 'plain two'] });
    const c = client();
    const first = await drain(c, { ...HELLO, responseSchema: CLOSED_SCHEMA });
    expect(first.error).toBeUndefined();
    expect(first.text).toBe('plain one');
    expect(first.parts[0]?.type).toBe('warning');
    expect(first.warnings).toHaveLength(1);
    expect(first.warnings[0]).toMatch(/structured output was turned off/i);
    const second = await drain(c, { ...HELLO, responseSchema: CLOSED_SCHEMA });
    expect(second.text).toBe('plain two');
    expect(second.warnings).toEqual([]);
    expect(wire.server.requests.map((r) => r.structured)).toEqual([true, false, false]);
  });

  it('structuredOutput: false never asks for it', async () => {
    await start({ replies: ['plain'] });
    const out = await drain(client({ structuredOutput: false }), { ...HELLO, responseSchema: CLOSED_SCHEMA });
    expect(out.text).toBe('plain');
    expect(out.warnings).toEqual([]);
    expect(wire.server.requests[0]!.structured).toBe(false);
  });

  it('leaves process.env exactly as it was', async () => {
    const before = { ...process.env };
    await start({ replies: ['ok', { error: { status: 401 } }] });
    await drain(client(), { ...HELLO, responseSchema: CLOSED_SCHEMA });
    await drain(client(), HELLO);
    expect({ ...process.env }).toEqual(before);
  });
});
