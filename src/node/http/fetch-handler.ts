// createFetchHandler: the API as `(Request) => Promise<Response>` for Fetch
// API hosts (Hono, Next.js route handlers, Deno.serve, Bun.serve). Chat
// streams are a ReadableStream of SSE bytes; cancelling it (or the request's
// own signal aborting) aborts the LLM call.

import { readWebBody, readWebBytes } from './body.js';
import { createApiDispatcher, type ApiDispatcher, type Reply } from './dispatch.js';
import { API_ROUTES } from './routes.js';
import { pumpSse, type SseSink } from './sse.js';
import type { ApiHandlerOptions, ApiRequest } from './types.js';

export type FetchHandlerOptions = ApiHandlerOptions;

export interface FetchHandler {
  (request: Request): Promise<Response>;
  /** True when the request's path is under basePath (for hosts that route several handlers). */
  owns(request: Request): boolean;
  /** Aborts every open chat stream and resolves when they have ended. */
  closeStreams(reason?: string): Promise<void>;
  readonly basePath: string;
}

export function createFetchHandler(options: FetchHandlerOptions): FetchHandler {
  return fetchHandlerFromDispatcher(createApiDispatcher(options, API_ROUTES));
}

const encoder = new TextEncoder();

/** An AbortController that follows the request's own signal; `detach` stops following it. */
function followRequestAbort(request: Request): { controller: AbortController; detach(): void } {
  const controller = new AbortController();
  const onRequestAbort = (): void => controller.abort(request.signal.reason);
  if (request.signal.aborted) onRequestAbort();
  else request.signal.addEventListener('abort', onRequestAbort, { once: true });
  return { controller, detach: () => request.signal.removeEventListener('abort', onRequestAbort) };
}

/** The transport-independent view of a Fetch API request. */
function toApiRequest(request: Request, url: URL, signal: AbortSignal): ApiRequest {
  return {
    method: request.method.toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    headers: { get: (n) => request.headers.get(n) ?? (n.toLowerCase() === 'host' ? url.host : undefined) },
    protocol: url.protocol,
    signal,
    readBody: (limit, timeoutMs) => readWebBody(request, limit, timeoutMs),
    readBytes: (limit, timeoutMs) => readWebBytes(request, limit, timeoutMs),
  };
}

/** The Response for a JSON (or bytes) reply; HEAD gets the GET reply's status and headers (content-length included), no body. */
function jsonResponse(reply: Extract<Reply, { kind: 'json' }>, method: string): Response {
  const noBody = reply.status === 204 || reply.body === '' || method === 'HEAD';
  if (method === 'HEAD' && reply.body !== '')
    reply.headers['content-length'] = String(typeof reply.body === 'string' ? encoder.encode(reply.body).byteLength : reply.body.byteLength);
  return new Response(noBody ? null : (reply.body as string | Uint8Array<ArrayBuffer>), {
    status: reply.status,
    headers: reply.headers,
  });
}

/** The SSE bytes of a streaming reply; aborting `controller` or cancelling the stream aborts the reply. `onEnd` runs once it has ended. */
function sseBody(reply: Extract<Reply, { kind: 'sse' }>, controller: AbortController, onEnd: () => void): ReadableStream<Uint8Array> {
  let closed = false;
  const stop = (reason: unknown): void => {
    if (closed) return;
    closed = true;
    reply.abort(reason);
  };
  if (controller.signal.aborted) stop(controller.signal.reason);
  else controller.signal.addEventListener('abort', () => stop(controller.signal.reason), { once: true });
  return new ReadableStream<Uint8Array>({
    start(streamController) {
      const sink: SseSink = {
        get closed() {
          return closed;
        },
        write(chunk) {
          if (!closed) streamController.enqueue(encoder.encode(chunk));
        },
        end() {
          if (closed) return;
          closed = true;
          streamController.close();
        },
      };
      void pumpSse(reply.events, sink, {
        heartbeatMs: reply.heartbeatMs,
        redact: reply.redact,
        describeError: reply.describeError,
      }).finally(() => {
        reply.finished();
        onEnd();
      });
    },
    cancel(reason) {
      stop(reason ?? new Error('the client cancelled the stream'));
    },
  });
}

/** Handles one Fetch API request through the dispatcher and logs it once its reply has been sent. */
async function handleFetch(dispatcher: ApiDispatcher, request: Request): Promise<Response> {
  const started = performance.now();
  const url = new URL(request.url);
  if (!dispatcher.owns(url.pathname)) {
    return Response.json({ error: `no API route at ${url.pathname}` }, { status: 404 });
  }
  const { controller, detach } = followRequestAbort(request);
  const apiReq = toApiRequest(request, url, controller.signal);
  const reply = await dispatcher.handle(apiReq);
  const done = (): void => {
    detach();
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
  };

  if (reply.kind === 'json') {
    done();
    return jsonResponse(reply, apiReq.method);
  }
  return new Response(sseBody(reply, controller, done), { status: reply.status, headers: reply.headers });
}

function fetchHandlerFromDispatcher(dispatcher: ApiDispatcher): FetchHandler {
  return Object.assign((request: Request) => handleFetch(dispatcher, request), {
    owns: (request: Request) => dispatcher.owns(new URL(request.url).pathname),
    closeStreams: (reason?: string) => dispatcher.closeStreams(reason),
    basePath: dispatcher.basePath,
  });
}
