// Server-sent events: formats one event as `event: <name>\ndata: <json>\n\n`,
// and pumps a stream of events into a sink (a node:http response or a
// ReadableStream controller) with a `: ping` comment after every idle
// `heartbeatMs`, so proxies and browsers keep a quiet stream open while the
// model thinks. Every chunk passes through `redact` before it is written; a
// sink that coalesces writes is told to flush after the first message_delta.

import type { SseEvent } from './types.js';

export const DEFAULT_HEARTBEAT_MS = 15_000;
export const HEARTBEAT_COMMENT = ': ping\n\n';

export const SSE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-store, no-transform',
  // Tells nginx-style proxies not to buffer the stream.
  'x-accel-buffering': 'no',
});

/** One event in wire form. The data is one JSON line (JSON.stringify never emits a raw newline). */
export function formatSseEvent(event: SseEvent): string {
  const name = event.event.replace(/[\r\n]/g, '');
  return `event: ${name}\ndata: ${JSON.stringify(event.data ?? null)}\n\n`;
}

/** Where pumped chunks go. `write` may return a promise to apply backpressure. */
export interface SseSink {
  write(chunk: string): void | Promise<void>;
  end(): void;
  /** True once the other side went away: the pump stops writing. */
  readonly closed: boolean;
  /** Sends anything the sink holds back now (a sink that coalesces writes). */
  flush?(): void;
}

export interface PumpOptions {
  heartbeatMs?: number;
  /** Applied to every chunk before it is written (removes secrets). */
  redact?: (text: string) => string;
  /** Turns an exception thrown by the event source into the final `error` event's message. */
  describeError?: (err: unknown) => string;
}

const TERMINAL_EVENTS = new Set(['done', 'error']);

/**
 * Writes every event of `events` to `sink`, a heartbeat comment whenever
 * nothing was written for `heartbeatMs`, and ends the sink. If the source
 * throws, or ends without a `done`/`error` event, an `error` event closes the
 * stream so a client always sees exactly one terminal event.
 * Resolves with the name of the terminal event written (or `undefined` when the
 * client left first).
 */
export async function pumpSse(events: AsyncIterable<SseEvent>, sink: SseSink, opts: PumpOptions = {}): Promise<string | undefined> {
  const heartbeatMs = opts.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const redact = opts.redact ?? ((t: string) => t);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let terminal: string | undefined;
  let lastWrite = Date.now();

  // One timer per stream (not one per event): when it fires it pings only if
  // nothing was written for heartbeatMs, else it waits for the rest of the interval.
  const armHeartbeat = (delay = heartbeatMs): void => {
    if (heartbeatMs <= 0 || sink.closed) return;
    timer = setTimeout(() => {
      timer = undefined;
      if (sink.closed || terminal !== undefined) return;
      const idle = Date.now() - lastWrite;
      if (idle >= heartbeatMs) {
        void sink.write(HEARTBEAT_COMMENT);
        lastWrite = Date.now();
        armHeartbeat();
      } else armHeartbeat(heartbeatMs - idle);
    }, delay);
    // A heartbeat alone must not keep a process alive.
    (timer as { unref?: () => void }).unref?.();
  };

  let deltaSeen = false;
  const send = async (event: SseEvent): Promise<void> => {
    if (sink.closed) return;
    lastWrite = Date.now();
    const written = sink.write(redact(formatSseEvent(event)));
    // The first text of the reply is what the user waits for: never held back.
    if (!deltaSeen && event.event === 'message_delta') {
      deltaSeen = true;
      sink.flush?.();
    }
    await written;
  };

  armHeartbeat();
  try {
    for await (const event of events) {
      if (sink.closed) break;
      if (terminal !== undefined) continue; // nothing may follow the terminal event
      await send(event);
      if (TERMINAL_EVENTS.has(event.event)) terminal = event.event;
    }
    if (terminal === undefined && !sink.closed) {
      await send({ event: 'error', data: { error: 'the reply stream ended before the model finished' } });
      terminal = 'error';
    }
  } catch (err) {
    if (!sink.closed && terminal === undefined) {
      const message = opts.describeError ? opts.describeError(err) : 'the reply stream failed';
      await send({ event: 'error', data: { error: message } });
      terminal = 'error';
    }
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    if (!sink.closed) sink.end();
  }
  return terminal;
}
