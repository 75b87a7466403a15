import { afterEach, describe, expect, it, vi } from 'vitest';
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { formatSseEvent, HEARTBEAT_COMMENT, pumpSse, type SseSink } from '../../../src/node/http/sse.js';
import type { SseEvent } from '../../../src/node/http/types.js';

function memorySink(): SseSink & { chunks: string[]; ended: boolean; close(): void } {
  let closed = false;
  const sink = {
    chunks: [] as string[],
    ended: false,
    get closed() {
      return closed;
    },
    write(chunk: string) {
      sink.chunks.push(chunk);
    },
    end() {
      sink.ended = true;
    },
    close() {
      closed = true;
    },
  };
  return sink;
}

function parseAll(text: string): EventSourceMessage[] {
  const out: EventSourceMessage[] = [];
  const p = createParser({ onEvent: (e) => out.push(e) });
  p.feed(text);
  return out;
}

async function* fromArray(events: SseEvent[]): AsyncGenerator<SseEvent> {
  for (const e of events) yield e;
}

describe('formatSseEvent', () => {
  it('writes one event line and one data line of JSON, then a blank line', () => {
    // SPEC §6: each event is `event: <name>` + `data: <json>`.
    expect(formatSseEvent({ event: 'message_delta', data: { delta: 'a\nb' } })).toBe('event: message_delta\ndata: {"delta":"a\\nb"}\n\n');
  });

  it('keeps a newline in the event name from splitting the frame', () => {
    const [e] = parseAll(formatSseEvent({ event: 'done\ndata: x', data: {} }));
    expect(e?.event).toBe('donedata: x');
    expect(e?.data).toBe('{}');
  });
});

describe('pumpSse', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes every event in order and ends the sink after the terminal event', async () => {
    const sink = memorySink();
    const terminal = await pumpSse(
      fromArray([
        { event: 'message_delta', data: { delta: 'Hi' } },
        { event: 'message', data: { content: 'Hi' } },
        { event: 'done', data: { status: 'complete', structured: true, truncated: false } },
        { event: 'message_delta', data: { delta: 'late' } },
      ]),
      sink,
      { heartbeatMs: 0 },
    );
    expect(terminal).toBe('done');
    expect(sink.ended).toBe(true);
    expect(parseAll(sink.chunks.join('')).map((e) => e.event)).toEqual(['message_delta', 'message', 'done']);
  });

  it('asks a coalescing sink to flush right after the first message_delta, and only then', async () => {
    const sink = memorySink();
    const log: string[] = [];
    const write = sink.write;
    sink.write = (chunk: string) => {
      log.push(parseAll(chunk)[0]!.event!);
      write(chunk);
    };
    const withFlush = Object.assign(sink, { flush: () => log.push('flush') });
    await pumpSse(
      fromArray([
        { event: 'progress', data: { chars: 13, phase: 'message' } },
        { event: 'message_delta', data: { delta: 'Hi' } },
        { event: 'message_delta', data: { delta: ' there' } },
        { event: 'done', data: { status: 'complete', structured: true, truncated: false } },
      ]),
      withFlush,
      { heartbeatMs: 0 },
    );
    expect(log).toEqual(['progress', 'message_delta', 'flush', 'message_delta', 'done']);
  });

  it('closes a source that throws with one error event carrying the described message', async () => {
    const sink = memorySink();
    async function* failing(): AsyncGenerator<SseEvent> {
      yield { event: 'message_delta', data: { delta: 'x' } };
      throw new Error('socket hang up');
    }
    await pumpSse(failing(), sink, { heartbeatMs: 0, describeError: (e) => `model call failed: ${(e as Error).message}` });
    const events = parseAll(sink.chunks.join(''));
    expect(events.map((e) => e.event)).toEqual(['message_delta', 'error']);
    expect(JSON.parse(events[1]!.data)).toEqual({ error: 'model call failed: socket hang up' });
  });

  it('adds an error event when the source ends without done or error', async () => {
    const sink = memorySink();
    await pumpSse(fromArray([{ event: 'message', data: { content: 'x' } }]), sink, { heartbeatMs: 0 });
    expect(parseAll(sink.chunks.join('')).map((e) => e.event)).toEqual(['message', 'error']);
  });

  it('passes every chunk through redact', async () => {
    const sink = memorySink();
    await pumpSse(fromArray([{ event: 'error', data: { error: 'bad key sk-secret-123' } }]), sink, {
      heartbeatMs: 0,
      redact: (t) => t.split('sk-secret-123').join('[redacted]'),
    });
    expect(sink.chunks.join('')).not.toContain('sk-secret-123');
    expect(sink.chunks.join('')).toContain('[redacted]');
  });

  it('sends a heartbeat comment after each idle interval, and none while events flow', async () => {
    vi.useFakeTimers();
    const sink = memorySink();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    async function* slow(): AsyncGenerator<SseEvent> {
      yield { event: 'progress', data: { chars: 0, phase: 'message' } };
      await gate;
      yield { event: 'done', data: { status: 'complete', structured: true, truncated: false } };
    }
    const pumping = pumpSse(slow(), sink, { heartbeatMs: 15_000 });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(sink.chunks.filter((c) => c === HEARTBEAT_COMMENT)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sink.chunks.filter((c) => c === HEARTBEAT_COMMENT)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(sink.chunks.filter((c) => c === HEARTBEAT_COMMENT)).toHaveLength(3);
    release();
    await pumping;
    const countAtEnd = sink.chunks.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sink.chunks.length).toBe(countAtEnd); // no heartbeat after the stream ended
    // The heartbeat is a comment: an SSE parser sees only the two events.
    expect(parseAll(sink.chunks.join('')).map((e) => e.event)).toEqual(['progress', 'done']);
  });

  it('stops writing once the client is gone', async () => {
    const sink = memorySink();
    async function* source(): AsyncGenerator<SseEvent> {
      yield { event: 'message_delta', data: { delta: 'a' } };
      sink.close();
      yield { event: 'message_delta', data: { delta: 'b' } };
      yield { event: 'done', data: {} };
    }
    const terminal = await pumpSse(source(), sink, { heartbeatMs: 0 });
    expect(terminal).toBeUndefined();
    expect(parseAll(sink.chunks.join('')).map((e) => JSON.parse(e.data).delta)).toEqual(['a']);
  });
});
