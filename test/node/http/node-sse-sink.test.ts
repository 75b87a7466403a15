// The node:http SSE sink: a fast stream is coalesced into one socket write per
// window, the first write (and any write after a quiet window) goes out at once,
// end() flushes at once, and backpressure still holds. Fake timers, fake response.
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNodeSseSink } from '../../../src/node/http/node-sse-sink.js';

/** Records what reaches the socket: writes while uncorked go out at once, corked ones on uncork/end. */
function fakeResponse(opts: { accept?: boolean } = {}) {
  const res = new EventEmitter() as EventEmitter & {
    corked: number;
    held: string[];
    flushes: string[][];
    destroyed: boolean;
    writableEnded: boolean;
    cork(): void;
    uncork(): void;
    write(chunk: string): boolean;
    end(): void;
  };
  Object.assign(res, { corked: 0, held: [], flushes: [], destroyed: false, writableEnded: false });
  const flush = () => {
    if (res.held.length > 0) res.flushes.push(res.held.splice(0));
  };
  res.cork = () => void res.corked++;
  res.uncork = () => {
    if (res.corked > 0 && --res.corked === 0) flush();
  };
  res.write = (chunk) => {
    res.held.push(chunk);
    if (res.corked === 0) flush();
    return opts.accept ?? true;
  };
  res.end = () => {
    res.corked = 0;
    flush();
    res.writableEnded = true;
  };
  return res;
}

const sinkOn = (res: ReturnType<typeof fakeResponse>, windowMs = 16) =>
  createNodeSseSink(res as unknown as ServerResponse, { gone: () => false, windowMs, now: () => Date.now() });

describe('createNodeSseSink', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('writes the first event at once and coalesces the ones that follow within the window', () => {
    const res = fakeResponse();
    const sink = sinkOn(res);
    void sink.write('a');
    expect(res.flushes).toEqual([['a']]); // the first delta is never held back
    vi.advanceTimersByTime(5);
    void sink.write('b');
    vi.advanceTimersByTime(5);
    void sink.write('c');
    expect(res.flushes).toEqual([['a']]);
    vi.advanceTimersByTime(5); // 15 ms after the last flush
    expect(res.flushes).toEqual([['a']]);
    vi.advanceTimersByTime(1); // the window closes 16 ms after 'a' went out
    expect(res.flushes).toEqual([['a'], ['b', 'c']]);
    expect(res.corked).toBe(0);
  });

  it('writes at once again after a quiet window (a slow stream is never delayed)', () => {
    const res = fakeResponse();
    const sink = sinkOn(res);
    for (const chunk of ['a', 'b', 'c']) {
      void sink.write(chunk);
      vi.advanceTimersByTime(40);
    }
    expect(res.flushes).toEqual([['a'], ['b'], ['c']]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('flush() sends what is held at once and starts a new window', () => {
    const res = fakeResponse();
    const sink = sinkOn(res);
    void sink.write('progress');
    vi.advanceTimersByTime(5);
    void sink.write('first delta');
    sink.flush!();
    expect(res.flushes).toEqual([['progress'], ['first delta']]);
    expect(vi.getTimerCount()).toBe(0);
    void sink.write('next');
    expect(res.flushes).toHaveLength(2);
    vi.advanceTimersByTime(16);
    expect(res.flushes).toEqual([['progress'], ['first delta'], ['next']]);
  });

  it('flushes at once on end() and leaves no timer behind', () => {
    const res = fakeResponse();
    const sink = sinkOn(res);
    void sink.write('a');
    void sink.write('b');
    sink.end();
    expect(res.flushes).toEqual([['a'], ['b']]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('with windowMs 0 writes every event at once', () => {
    const res = fakeResponse();
    const sink = sinkOn(res, 0);
    void sink.write('a');
    void sink.write('b');
    expect(res.flushes).toEqual([['a'], ['b']]);
  });

  it('waits for drain when the response is over its high-water mark', async () => {
    const res = fakeResponse({ accept: false });
    const sink = sinkOn(res);
    let drained = false;
    const pending = sink.write('big');
    expect(pending).toBeInstanceOf(Promise);
    void (pending as Promise<void>).then(() => (drained = true));
    await Promise.resolve();
    expect(drained).toBe(false);
    res.emit('drain');
    await pending;
    expect(drained).toBe(true);
  });

  it('reports closed once the client is gone or the response ended', () => {
    const res = fakeResponse();
    let gone = false;
    const sink = createNodeSseSink(res as unknown as ServerResponse, { gone: () => gone });
    expect(sink.closed).toBe(false);
    gone = true;
    expect(sink.closed).toBe(true);
    const res2 = fakeResponse();
    const sink2 = sinkOn(res2);
    sink2.end();
    expect(sink2.closed).toBe(true);
  });
});
