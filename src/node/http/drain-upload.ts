// The rest of an upload we refused (413), read and thrown away before the
// connection closes. A client that sends its whole body before it reads the
// reply (Node's fetch, most HTTP libraries) is still writing when the 413 is
// ready; closing the socket then makes its kernel answer the late bytes with a
// reset, which discards the 413 unread ("fetch failed", EPIPE). Reading on
// until the upload ends lets it finish and read the status. Bounded, so a
// client cannot keep the connection busy by uploading forever.

import type { IncomingMessage } from 'node:http';

/** At most this many more bytes are read and dropped after a refused body. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** And for at most this long. */
export const DRAIN_MAX_MS = 10_000;

/**
 * Reads and discards what is left of `req`'s body. Resolves true when the
 * upload ended, false when the client left or a bound was reached (the caller
 * then closes the connection anyway).
 */
export function drainUpload(req: IncomingMessage, bounds: { maxBytes?: number; maxMs?: number } = {}): Promise<boolean> {
  const maxBytes = bounds.maxBytes ?? DRAIN_MAX_BYTES;
  if (req.readableEnded || req.destroyed) return Promise.resolve(req.readableEnded);
  return new Promise<boolean>((resolve) => {
    let read = 0;
    const done = (ended: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer | string) => {
      read += chunk.length;
      if (read > maxBytes) done(false);
    };
    const onEnd = () => done(true);
    const onClose = () => done(req.readableEnded);
    const timer = setTimeout(() => done(false), bounds.maxMs ?? DRAIN_MAX_MS);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
    req.resume();
  });
}
