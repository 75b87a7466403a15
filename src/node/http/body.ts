// Request bodies: read with a byte limit (checked against Content-Length up
// front and counted while streaming, so a chunked upload without a length is
// cut off too) and parsed as JSON. Validation against the zod schemas is
// parseRequestBody (core/protocol/schemas.ts). A body must arrive whole within a time
// limit (408 otherwise), so a client trickling bytes (slowloris) cannot hold
// a request open.

import type { IncomingMessage } from 'node:http';
import { RequestError } from '../../core/errors.js';

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** A save carries the whole skill folder: 20 MiB of files as base64 plus SKILL.md and scripts. */
export const DEFAULT_MAX_SAVE_BODY_BYTES = 29 * 1024 * 1024;
/** How long a request body may take to arrive, in ms. */
export const DEFAULT_BODY_TIMEOUT_MS = 30_000;

/** The 408 for a body that did not arrive in time. */
export function bodyTimedOut(timeoutMs: number): RequestError {
  const s = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} s` : `${timeoutMs} ms`;
  return new RequestError('body', `the request body did not arrive within ${s}; send it in one go`, 'timeout');
}

/** The 413 for a body over `limit` bytes (also for one a framework's body parser already read). */
export function tooLarge(limit: number): RequestError {
  return new RequestError('body', `request body is larger than the ${formatBytes(limit)} limit`, 'too_large');
}

function formatBytes(n: number): string {
  if (n % (1024 * 1024) === 0) return `${n / (1024 * 1024)} MiB`;
  if (n % 1024 === 0) return `${n / 1024} KiB`;
  return `${n} bytes`;
}

function checkDeclaredLength(contentLength: string | undefined | null, limit: number): void {
  if (contentLength == null || contentLength === '') return;
  const n = Number(contentLength);
  if (Number.isFinite(n) && n > limit) throw tooLarge(limit);
}

/**
 * Reads a node:http request body as UTF-8, refusing more than `limit` bytes
 * (RequestError 413) and a body still incomplete after `timeoutMs` (408). A
 * refused request is left paused and open, not destroyed, so its reply can
 * still reach the client (see drain-upload.ts).
 */
export async function readNodeBody(req: IncomingMessage, limit: number, timeoutMs = DEFAULT_BODY_TIMEOUT_MS): Promise<string> {
  return (await readNodeBytes(req, limit, timeoutMs)).toString('utf8');
}

/** readNodeBody's bytes, undecoded (a zip upload). */
export function readNodeBytes(req: IncomingMessage, limit: number, timeoutMs = DEFAULT_BODY_TIMEOUT_MS): Promise<Buffer> {
  checkDeclaredLength(req.headers['content-length'], limit);
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const timer = setTimeout(() => {
      stop();
      req.pause();
      reject(bodyTimedOut(timeoutMs));
    }, timeoutMs);
    const stop = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      size += buf.length;
      if (size > limit) {
        stop();
        req.pause();
        reject(tooLarge(limit));
      } else chunks.push(buf);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks));
    };
    const onError = (err: Error) => {
      stop();
      reject(err);
    };
    const onClose = () => onError(new Error('the client closed the connection before the body ended'));
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('close', onClose);
  });
}

/** Reads a Fetch API request body as UTF-8, refusing more than `limit` bytes (413) and a body still incomplete after `timeoutMs` (408). */
export async function readWebBody(request: Request, limit: number, timeoutMs = DEFAULT_BODY_TIMEOUT_MS): Promise<string> {
  return new TextDecoder().decode(await readWebBytes(request, limit, timeoutMs));
}

/** readWebBody's bytes, undecoded (a zip upload). */
export async function readWebBytes(request: Request, limit: number, timeoutMs = DEFAULT_BODY_TIMEOUT_MS): Promise<Uint8Array> {
  checkDeclaredLength(request.headers.get('content-length'), limit);
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(bodyTimedOut(timeoutMs));
      void reader.cancel().catch(() => undefined);
    }, timeoutMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), deadline]);
      // Cancelling ends the pending read too: it must not pass for the end of the body.
      if (timedOut) throw bodyTimedOut(timeoutMs);
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        void reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } finally {
    clearTimeout(timer);
    try {
      reader.releaseLock();
    } catch {
      // a read still pending after a timeout: the stream is cancelled anyway
    }
  }
  return Buffer.concat(chunks);
}

/** Parses a JSON body; an empty or malformed body is a 400 saying so. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') throw new RequestError('body', 'request body is empty; send a JSON object with Content-Type: application/json');
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    // V8's message quotes the body text, which may hold a key: keep only the position.
    const at = err instanceof Error ? /position (\d+)/.exec(err.message)?.[1] : undefined;
    const where = at !== undefined ? ` at position ${at}` : text.trim().length > 0 ? ' (it may be cut off)' : '';
    throw new RequestError('body', `request body is not valid JSON${where}; send a JSON object with Content-Type: application/json`);
  }
}
