// The per-call abort/idle-timeout control and the signal-bound fetch, with
// fake timers (no real waiting): activity extends the idle window without a
// timer per event, the caller's abort wins over a later timeout, dispose
// releases everything.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anySignal, createCallControl, fetchBoundTo } from '../../../src/core/llm/transport.js';

describe('createCallControl', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('times out after timeoutMs without activity', () => {
    const c = createCallControl(undefined, 1000);
    vi.advanceTimersByTime(999);
    expect(c.state()).toBe('running');
    vi.advanceTimersByTime(1);
    expect(c.state()).toBe('timeout');
    expect(c.signal.aborted).toBe(true);
  });

  it('activity re-arms the timer (an idle timeout, not a total one)', () => {
    const c = createCallControl(undefined, 1000);
    for (let i = 0; i < 10; i++) {
      vi.advanceTimersByTime(900);
      c.activity();
    }
    expect(c.state()).toBe('running');
    vi.advanceTimersByTime(1000);
    expect(c.state()).toBe('timeout');
  });

  it('starts no timer per provider event (activity only records the time)', () => {
    const c = createCallControl(undefined, 1000);
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    for (let i = 0; i < 1000; i++) c.activity();
    expect(setTimer).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(999);
    expect(c.state()).toBe('running');
    vi.advanceTimersByTime(1);
    expect(c.state()).toBe('timeout');
    setTimer.mockRestore();
  });

  it('times out exactly timeoutMs after the last event, wherever the pending timer stood', () => {
    const c = createCallControl(undefined, 1000);
    vi.advanceTimersByTime(700);
    c.activity(); // idle window now ends at 1700, after the first timer (1000) fires
    vi.advanceTimersByTime(999);
    expect(c.state()).toBe('running');
    vi.advanceTimersByTime(1);
    expect(c.state()).toBe('timeout');
    expect((c.signal.reason as DOMException).name).toBe('TimeoutError');
  });

  it('follows the caller signal and reports aborted, never timeout afterwards', () => {
    const user = new AbortController();
    const c = createCallControl(user.signal, 1000);
    user.abort();
    expect(c.state()).toBe('aborted');
    expect(c.signal.aborted).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(c.state()).toBe('aborted');
  });

  it('starts aborted when the caller signal already is', () => {
    const c = createCallControl(AbortSignal.abort(), undefined);
    expect(c.state()).toBe('aborted');
  });

  it('without timeoutMs never times out', () => {
    const c = createCallControl(undefined, undefined);
    vi.advanceTimersByTime(10 * 60_000);
    expect(c.state()).toBe('running');
  });

  it('dispose stops the timer, detaches from the caller and aborts what is still open', () => {
    const user = new AbortController();
    const c = createCallControl(user.signal, 1000);
    c.dispose();
    expect(c.state()).toBe('done');
    expect(c.signal.aborted).toBe(true);
    vi.advanceTimersByTime(5000);
    user.abort();
    expect(c.state()).toBe('done');
  });
});

describe('anySignal and fetchBoundTo', () => {
  it('anySignal fires when any input fires', () => {
    const a = new AbortController();
    const b = new AbortController();
    const s = anySignal([a.signal, b.signal]);
    expect(s.aborted).toBe(false);
    b.abort('why');
    expect(s.aborted).toBe(true);
  });

  it('fetchBoundTo passes a signal that follows both the SDK signal and the call signal', async () => {
    const seen: AbortSignal[] = [];
    const base = (async (_input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(init!.signal!);
      return new Response('ok');
    }) as typeof fetch;
    const call = new AbortController();
    const sdk = new AbortController();
    const bound = fetchBoundTo(() => base, call.signal);
    await bound('http://x', { signal: sdk.signal, method: 'POST' });
    await bound('http://x');
    expect(seen[0]!.aborted).toBe(false);
    call.abort();
    expect(seen[0]!.aborted).toBe(true);
    expect(seen[1]!.aborted).toBe(true);
  });
});
