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

function fetchHandlerFromDispatcher(dispatcher: ApiDispatcher): FetchHandler {
  const encoder = new TextEncoder();

  const handler = async (request: Request): Promise<Response> => {
    const started = performance.now();
    const url = new URL(request.url);
    if (!dispatcher.owns(url.pathname)) {
      return Response.json({ error: `no API route at ${url.pathname}` }, { status: 404 });
    }
    const controller = new AbortController();
    const onRequestAbort = (): void => controller.abort(request.signal.reason);
    if (request.signal.aborted) onRequestAbort();
    else request.signal.addEventListener('abort', onRequestAbort, { once: true });

    const apiReq: ApiRequest = {
      method: request.method.toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers: { get: (n) => request.headers.get(n) ?? (n.toLowerCase() === 'host' ? url.host : undefined) },
      protocol: url.protocol,
      signal: controller.signal,
      readBody: (limit, timeoutMs) => readWebBody(request, limit, timeoutMs),
      readBytes: (limit, timeoutMs) => readWebBytes(request, limit, timeoutMs),
    };
    const reply = await dispatcher.handle(apiReq);
    const log = (status: number): void =>
      dispatcher.log(
        {
          method: apiReq.method,
          path: apiReq.path,
          status,
          ms: Math.round(performance.now() - started),
          ...(reply.error !== undefined ? { error: reply.error } : {}),
        },
        reply.redact,
      );

    if (reply.kind === 'json') {
      request.signal.removeEventListener('abort', onRequestAbort);
      log(reply.status);
      // HEAD: the GET reply's status and headers (content-length included), no body.
      const noBody = reply.status === 204 || reply.body === '' || apiReq.method === 'HEAD';
      if (apiReq.method === 'HEAD' && reply.body !== '') reply.headers['content-length'] = String(typeof reply.body === 'string' ? encoder.encode(reply.body).byteLength : reply.body.byteLength);
      return new Response(noBody ? null : (reply.body as string | Uint8Array<ArrayBuffer>), {
        status: reply.status,
        headers: reply.headers,
      });
    }
    return new Response(sseBody(reply, controller, () => {
      request.signal.removeEventListener('abort', onRequestAbort);
      log(reply.status);
    }), { status: reply.status, headers: reply.headers });
  };

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

  return Object.assign(handler, {
    owns: (request: Request) => dispatcher.owns(new URL(request.url).pathname),
    closeStreams: (reason?: string) => dispatcher.closeStreams(reason),
    basePath: dispatcher.basePath,
  });
}
