// The adapter-independent request pipeline: Host check → route match (404 /
// 405 + Allow) → CORS preflight → Origin check for mutating requests → the
// route handler → error mapping, with CORS and no-store headers on every reply
// and secrets scrubbed from every byte that leaves. It also tracks open SSE
// streams so a server can close them all on shutdown.

import { redactSecret } from '../../core/errors.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { createRouteContext, type ApiServices } from './context.js';
import { describeError, toHttpError } from './errors-to-http.js';
import { matchRoute, type Route } from './router.js';
import {
  assertAllowedOrigins,
  allowOriginHint,
  checkHost,
  checkOrigin,
  corsHeaders,
  preflightHeaders,
  type HostPolicy,
} from './security.js';
import { DEFAULT_HEARTBEAT_MS, SSE_HEADERS } from './sse.js';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SAVE_BODY_BYTES } from './body.js';
import type { ApiHandlerOptions, ApiRequest, RequestLogEntry, SseEvent } from './types.js';

export const DEFAULT_BASE_PATH = '/api';

interface ReplyCommon {
  status: number;
  headers: Record<string, string>;
  /** Scrubs this request's secrets from a text. */
  redact(text: string): string;
  /** Set when the request failed; already redacted. For the log line. */
  error?: string;
}

export type Reply =
  | (ReplyCommon & { kind: 'json'; body: string | Uint8Array })
  | (ReplyCommon & {
      kind: 'sse';
      events: AsyncIterable<SseEvent>;
      abort(reason?: unknown): void;
      /** The adapter calls this once the stream has ended (written out or abandoned). */
      finished(): void;
      heartbeatMs: number;
      describeError(err: unknown): string;
    });

export interface ApiDispatcher {
  readonly basePath: string;
  /** True when `pathname` is under basePath (the handler owns it). */
  owns(pathname: string): boolean;
  /** Handles a request whose `path` is the full pathname (basePath included). Never throws. */
  handle(req: ApiRequest): Promise<Reply>;
  /** The Host guard, for a server that also serves non-API files. Null when accepted. */
  checkHost(hostHeader: string | undefined): string | null;
  /** Aborts every open SSE stream (each ends with an `error` event) and resolves when all have ended. */
  closeStreams(reason?: string): Promise<void>;
  /** Number of SSE streams currently open. */
  readonly openStreams: number;
  /** Writes one log line (redacted) if a logger is configured. */
  log(entry: RequestLogEntry, redact?: (t: string) => string): void;
}

export function normalizeBasePath(basePath: string | undefined): string {
  const b = (basePath ?? DEFAULT_BASE_PATH).trim();
  if (b === '' || b === '/') return '';
  return `/${b.replace(/^\/+|\/+$/g, '')}`;
}

const NO_STORE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

export function createApiDispatcher(options: ApiHandlerOptions, routes: readonly Route[]): ApiDispatcher {
  const basePath = normalizeBasePath(options.basePath);
  const allowedOrigins = options.allowedOrigins ?? [];
  assertAllowedOrigins(allowedOrigins);
  const hostPolicy: HostPolicy = { allowedHosts: options.allowedHosts ?? [] };
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const services: ApiServices = {
    workspaceDir: options.workspaceDir,
    fs: options.fs,
    env: options.env ?? process.env,
    homeDir: options.homeDir,
    basePath,
    llmClientFactory: options.llmClientFactory,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    maxSaveBodyBytes: options.maxSaveBodyBytes ?? DEFAULT_MAX_SAVE_BODY_BYTES,
    bodyTimeoutMs: options.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS,
    toolRuns: options.toolRuns ? (options.toolRuns === true ? 'auto' : (options.toolRuns.sandbox ?? 'auto')) : null,
    partialDrafts: options.partialDrafts ?? true,
    scriptChecks: options.scriptChecks ?? true,
    io: {
      ...(options.fs ? { fs: options.fs } : {}),
      env: options.env ?? process.env,
      ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
    },
  };
  const streams = new Set<{ abort(reason?: unknown): void; ended: Promise<void> }>();

  const owns = (pathname: string): boolean =>
    basePath === '' ? pathname.startsWith('/') : pathname === basePath || pathname.startsWith(`${basePath}/`);

  const jsonReply = (
    status: number,
    body: unknown,
    extra: Record<string, string>,
    redact: (t: string) => string,
    error?: string,
  ): Reply => ({
    kind: 'json',
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...extra },
    body: redact(JSON.stringify(body)),
    redact,
    ...(error !== undefined ? { error: redact(error) } : {}),
  });

  const identity = (t: string): string => t;

  async function handle(req: ApiRequest): Promise<Reply> {
    const origin = req.headers.get('origin');
    const host = req.headers.get('host');
    const cors = corsHeaders(origin, allowedOrigins);

    const hostProblem = checkHost(host, hostPolicy);
    if (hostProblem) return jsonReply(421, { error: hostProblem }, {}, identity, 'host refused');

    const subPath = req.path.slice(basePath.length) || '/';
    let match;
    try {
      match = matchRoute(routes, req.method === 'OPTIONS' ? 'GET' : req.method, subPath);
    } catch (err) {
      const e = toHttpError(err);
      return jsonReply(e.status, e.body, cors, identity, e.body.error);
    }
    if (match.kind === 'not_found') {
      return jsonReply(404, { error: `no API route at ${req.path}` }, cors, identity, 'not found');
    }

    if (req.method === 'OPTIONS') {
      const allow = match.allow;
      if (origin === undefined) return jsonReply(204, null, { allow: [...allow, 'OPTIONS'].join(', ') }, identity);
      const pre = preflightHeaders(origin, allowedOrigins, allow);
      if (!pre['access-control-allow-origin']) {
        return jsonReply(403, { error: `origin "${origin.slice(0, 100)}" is not allowed; ${allowOriginHint(origin.slice(0, 100), options.allowedOriginsSetting)}` }, {}, identity, 'preflight refused');
      }
      return { kind: 'json', status: 204, headers: { ...NO_STORE, ...pre }, body: '', redact: identity };
    }

    if (match.kind === 'method_not_allowed') {
      return jsonReply(
        405,
        { error: `${req.method} is not allowed on ${req.path}; use ${match.allow.join(' or ')}` },
        { ...cors, allow: match.allow.join(', ') },
        identity,
        'method not allowed',
      );
    }

    const originProblem = checkOrigin(req.method, origin, host, req.protocol, allowedOrigins, options.allowedOriginsSetting);
    if (originProblem) return jsonReply(403, { error: originProblem }, {}, identity, 'origin refused');

    const ctx = createRouteContext(req, match.params, services);
    // Most chunks hold no secret: test with includes() before rebuilding the string.
    const redact = (t: string): string => {
      for (const s of ctx.secrets) if (t.includes(s)) return redactSecret(t, ...ctx.secrets);
      return t;
    };
    try {
      const result = await match.route.handler(ctx);
      if (result.kind === 'json') {
        return jsonReply(result.status, result.body, { ...cors, ...(result.headers ?? {}) }, redact);
      }
      if (result.kind === 'bytes') return { kind: 'json', status: result.status, headers: { ...NO_STORE, ...cors, ...result.headers }, body: result.body, redact };
      let markEnded: () => void = () => undefined;
      const entry = { abort: result.abort, ended: new Promise<void>((r) => (markEnded = r)) };
      streams.add(entry);
      return {
        kind: 'sse',
        status: 200,
        headers: { ...SSE_HEADERS, 'x-content-type-options': 'nosniff', ...cors },
        events: result.events,
        abort: (reason?: unknown) => {
          result.abort(reason);
        },
        finished: () => {
          streams.delete(entry);
          markEnded();
        },
        heartbeatMs,
        describeError: (err: unknown) => describeError(err, [...ctx.secrets]),
        redact,
      };
    } catch (err) {
      const e = toHttpError(err, [...ctx.secrets]);
      // An unexpected failure logs its own message (redacted); the client only sees a generic one.
      return jsonReply(e.status, e.body, cors, redact, e.unexpected ? describeError(err, [...ctx.secrets]) : e.body.error);
    }
  }

  return {
    basePath,
    owns,
    handle,
    checkHost: (h) => checkHost(h, hostPolicy),
    get openStreams() {
      return streams.size;
    },
    async closeStreams(reason = 'the server is shutting down') {
      const open = [...streams];
      for (const s of open) s.abort(new Error(reason));
      let timer: ReturnType<typeof setTimeout> | undefined;
      const grace = new Promise<void>((r) => (timer = setTimeout(r, 5_000)));
      await Promise.race([Promise.all(open.map((s) => s.ended)), grace]);
      clearTimeout(timer);
    },
    log(entry, redact = identity) {
      if (!options.logger) return;
      // Redacted, then on one line: a path or a message built from request text
      // (a decoded %0A / %1B) must not forge a log line or move a terminal's cursor.
      const clean: RequestLogEntry = { ...entry, method: escapeControlChars(entry.method), path: escapeControlChars(redact(entry.path)) };
      if (entry.error !== undefined) clean.error = escapeControlChars(redact(entry.error));
      try {
        options.logger(clean);
      } catch {
        // a failing logger must not break a request
      }
    },
  };
}
