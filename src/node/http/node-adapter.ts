// node:http side of the adapters: turns an IncomingMessage into an ApiRequest
// and writes a Reply to a ServerResponse — JSON in one go, SSE event by event
// with backpressure (node-sse-sink.ts), aborting the work behind a stream when
// the client leaves.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { readNodeBody, readNodeBytes, tooLarge } from './body.js';
import { RequestError } from '../../core/errors.js';
import { drainUpload } from './drain-upload.js';
import type { ApiDispatcher, Reply } from './dispatch.js';
import { createNodeSseSink } from './node-sse-sink.js';
import { pumpSse } from './sse.js';
import type { ApiRequest, HeaderView } from './types.js';

export function nodeHeaders(req: IncomingMessage): HeaderView {
  return {
    get(name) {
      const v = req.headers[name.toLowerCase()];
      if (v === undefined) return undefined;
      return Array.isArray(v) ? v.join(', ') : v;
    },
  };
}

/** The pathname of a node request (Express' originalUrl first, so a mount path keeps the full path). */
export function nodeUrl(req: IncomingMessage): URL {
  const raw = (req as IncomingMessage & { originalUrl?: string }).originalUrl ?? req.url ?? '/';
  try {
    return new URL(raw, 'http://localhost');
  } catch {
    return new URL('http://localhost/');
  }
}

/** A body a framework's body parser already consumed (Express `req.body`), as text. */
function preParsedBody(req: IncomingMessage): string | undefined {
  const body = (req as IncomingMessage & { body?: unknown }).body;
  if (body === undefined || !req.readableEnded) return undefined;
  if (typeof body === 'string') return body;
  if (Buffer.isBuffer(body)) return body.toString('utf8');
  return JSON.stringify(body);
}

export type NodeApiRequest = ApiRequest & {
  /** True when the body was refused part-way (413, 408): the rest of the upload was never read. */
  bodyCutOff(): boolean;
  /** True when the body was refused because it was too slow (408): nothing more is read from it. */
  bodyTimedOut(): boolean;
};

export function toApiRequest(req: IncomingMessage, signal: AbortSignal): NodeApiRequest {
  let cutOff = false;
  let timedOut = false;
  const url = nodeUrl(req);
  /** A refused body (413, 408) marks the request so the reply closes the connection. */
  const tracked = async <T>(reading: Promise<T>): Promise<T> => {
    try {
      return await reading;
    } catch (err) {
      cutOff = true;
      timedOut = RequestError.isInstance(err) && err.reason === 'timeout';
      throw err;
    }
  };
  return {
    method: (req.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers: nodeHeaders(req),
    protocol: (req.socket as { encrypted?: boolean }).encrypted ? 'https:' : 'http:',
    signal,
    ...(req.socket.localAddress !== undefined && req.socket.localPort !== undefined
      ? { localAddress: { address: req.socket.localAddress, port: req.socket.localPort } }
      : {}),
    async readBody(limit, timeoutMs) {
      const pre = preParsedBody(req);
      if (pre !== undefined) {
        if (Buffer.byteLength(pre) > limit) throw tooLarge(limit);
        return pre;
      }
      return tracked(readNodeBody(req, limit, timeoutMs));
    },
    async readBytes(limit, timeoutMs) {
      const pre = (req as IncomingMessage & { body?: unknown }).body;
      if (Buffer.isBuffer(pre) && req.readableEnded) {
        if (pre.length > limit) throw tooLarge(limit);
        return pre;
      }
      return tracked(readNodeBytes(req, limit, timeoutMs));
    },
    bodyCutOff: () => cutOff,
    bodyTimedOut: () => timedOut,
  };
}

/** Writes a reply; resolves when the response ended (for SSE: when the stream ended or the client left). */
export async function writeNodeReply(
  reply: Reply,
  req: IncomingMessage,
  res: ServerResponse,
  opts: { bodyCutOff: boolean; bodyTimedOut?: boolean; onClientGone: (fn: () => void) => void },
): Promise<void> {
  if (reply.kind === 'json') {
    const headers: Record<string, string> = { ...reply.headers };
    // An upload we stopped reading half-way ends its connection, but only once
    // the client has finished sending: closing earlier resets the connection
    // and the client never reads this reply (drain-upload.ts).
    if (opts.bodyCutOff) headers.connection = 'close';
    if (reply.body !== '') headers['content-length'] = String(Buffer.byteLength(reply.body));
    res.writeHead(reply.status, headers);
    if (opts.bodyTimedOut) {
      // A client that trickles its body is not waited for again: answer and close.
      res.end(reply.body, () => req.socket.destroy());
    } else if (opts.bodyCutOff) {
      res.write(reply.body);
      await drainUpload(req);
      res.end();
    } else res.end(reply.body);
    await new Promise<void>((resolve) => {
      if (res.writableFinished || res.destroyed) resolve();
      else {
        res.once('finish', resolve);
        res.once('close', resolve);
      }
    });
    return;
  }

  res.writeHead(reply.status, reply.headers);
  res.flushHeaders();
  let closed = false;
  opts.onClientGone(() => {
    closed = true;
    reply.abort(new Error('the client closed the connection'));
  });
  const sink = createNodeSseSink(res, { gone: () => closed });
  try {
    await pumpSse(reply.events, sink, { heartbeatMs: reply.heartbeatMs, redact: reply.redact, describeError: reply.describeError });
  } finally {
    reply.finished();
  }
}

/** Answers and logs one request the dispatcher owns. */
export async function serveNode(dispatcher: ApiDispatcher, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const started = performance.now();
  const controller = new AbortController();
  const goneListeners: Array<() => void> = [];
  res.once('close', () => {
    if (!res.writableFinished) {
      controller.abort(new Error('the client closed the connection'));
      for (const fn of goneListeners) fn();
    }
  });
  const apiReq = toApiRequest(req, controller.signal);
  let reply: Reply;
  try {
    reply = await dispatcher.handle(apiReq);
  } catch {
    reply = {
      kind: 'json',
      status: 500,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ error: 'internal server error; see the server log' }),
      redact: (t) => t,
      error: 'dispatcher failure',
    };
  }
  if (res.destroyed) {
    // The client left while the request was being checked: nothing to stream.
    if (reply.kind === 'sse') {
      reply.abort(new Error('the client closed the connection'));
      reply.finished();
    }
    return;
  }
  await writeNodeReply(reply, req, res, {
    bodyCutOff: apiReq.bodyCutOff(),
    bodyTimedOut: apiReq.bodyTimedOut(),
    onClientGone: (fn) => {
      if (controller.signal.aborted) fn();
      else goneListeners.push(fn);
    },
  });
  dispatcher.log(
    {
      method: apiReq.method,
      path: apiReq.path,
      status: reply.status,
      ms: Math.round(performance.now() - started),
      ...(reply.error !== undefined ? { error: reply.error } : {}),
    },
    reply.redact,
  );
}
