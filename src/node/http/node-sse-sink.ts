// The SSE sink over a node:http ServerResponse: writes with backpressure and
// coalesces a fast stream into fewer socket writes. Node already corks a
// response until the next tick, which groups the events of one microtask
// chain, but a provider streaming a token every few milliseconds still costs a
// write system call per token (each one also wakes the reader on the other
// end) — the largest part of the server's CPU per token in bench/server.
// Here a write goes out at once when nothing was written for `windowMs` (so
// no delta of a stream slower than that is ever held back); a write sooner
// than that is corked and flushed together with the others when the window
// closes. flush() (pumpSse calls it after the first message_delta) and end()
// send what is held at once.

import type { ServerResponse } from 'node:http';
import type { SseSink } from './sse.js';

/** One display frame: batching within it is invisible to a reader. */
export const DEFAULT_COALESCE_WINDOW_MS = 16;

export interface NodeSseSinkOptions {
  /** True once the client went away (the response's close arrived first). */
  gone: () => boolean;
  /** Writes closer together than this are flushed as one; 0 writes each at once. */
  windowMs?: number;
  /** Clock in ms (tests). Default performance.now. */
  now?: () => number;
}

export function createNodeSseSink(res: ServerResponse, options: NodeSseSinkOptions): SseSink {
  const windowMs = options.windowMs ?? DEFAULT_COALESCE_WINDOW_MS;
  const now = options.now ?? (() => performance.now());
  let lastFlush = -Infinity;
  /** Set while writes are held in the response's cork. */
  let flushTimer: ReturnType<typeof setTimeout> | undefined;

  const flush = (): void => {
    flushTimer = undefined;
    lastFlush = now();
    if (!res.destroyed) res.uncork();
  };
  const flushNow = (): void => {
    if (flushTimer === undefined) return;
    clearTimeout(flushTimer);
    flush();
  };

  const waitForDrain = (): Promise<void> =>
    new Promise<void>((resolve) => {
      const done = (): void => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });

  return {
    get closed() {
      return options.gone() || res.destroyed || res.writableEnded;
    },
    write(chunk) {
      if (flushTimer === undefined) {
        const t = now();
        const since = t - lastFlush;
        if (since >= windowMs) lastFlush = t;
        else {
          res.cork();
          flushTimer = setTimeout(flush, windowMs - since);
        }
      }
      if (res.write(chunk)) return;
      // Over the high-water mark: a corked response drains once flush uncorks it.
      return waitForDrain();
    },
    flush: flushNow,
    end() {
      if (flushTimer !== undefined) {
        clearTimeout(flushTimer);
        flushTimer = undefined;
      }
      res.end(); // flushes whatever is corked
    },
  };
}
