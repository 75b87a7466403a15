// With no timeoutMs, a provider that never answers still ends the call: the
// client's default idle timeout (DEFAULT_IDLE_TIMEOUT_MS) turns it into an
// LlmError `timeout` (issue 11). Fake timers stand in for five minutes.
import { afterEach, expect, it, vi } from 'vitest';
import { createLlmClient } from '../../../src/core/llm/client.js';
import { DEFAULT_IDLE_TIMEOUT_MS } from '../../../src/core/llm/defaults.js';

afterEach(() => {
  vi.useRealTimers();
});

it('a stalled provider times out after the default idle timeout when none is configured', async () => {
  await import('../../../src/core/llm/providers/openai.js'); // the adapter loads on first use: load it before time is faked
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  // A fetch that never answers, but honours its abort signal as a real one does.
  const stalled: typeof fetch = (_input, init) =>
    new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason), { once: true }));
  const client = createLlmClient({ provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-test-idle-0123456789', baseUrl: 'http://127.0.0.1:9/v1', fetch: stalled });
  const outcome = (async () => {
    for await (const _ of client.stream({ system: '', messages: [{ role: 'user', content: 'hi' }] })) {
      // nothing arrives
    }
  })().then(
    () => 'ended',
    (e: { code?: string; message: string }) => `${e.code}: ${e.message}`,
  );
  let settled = false;
  void outcome.then(() => (settled = true));
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r)); // the call starts (real time)
  await vi.advanceTimersByTimeAsync(DEFAULT_IDLE_TIMEOUT_MS - 2_000);
  expect(settled).toBe(false);
  for (let i = 0; i < 100 && !settled; i++) await vi.advanceTimersByTimeAsync(100);
  expect(settled).toBe(true);
  expect(await outcome).toMatch(/^timeout: .*sent nothing for 300 s/);
});
