// The adapter-independent request pipeline: Host check → access token (401,
// when the options carry one; a preflight is exempt) → route match (404 /
// 405 + Allow) → CORS preflight → Origin check for mutating requests → the
// route handler → error mapping, with CORS and no-store headers on every reply
// and secrets scrubbed from every byte that leaves. It also tracks open SSE
// streams so a server can close them all on shutdown.

import { redactSecret } from '../../core/errors.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { createRouteContext, type ApiServices } from './context.js';
import { describeError, toHttpError } from './errors-to-http.js';
import { matchRoute, type Route, type RouteMatch } from './router.js';
import { assertAllowedOrigins, allowOriginHint, checkHost, checkOrigin, corsHeaders, preflightHeaders, type HostPolicy } from './security.js';
import { DEFAULT_HEARTBEAT_MS, SSE_HEADERS } from './sse.js';
import { assertTokenShape, missingTokenMessage, requestHasToken } from './token.js';
import { DEFAULT_BODY_TIMEOUT_MS, DEFAULT_MAX_BODY_BYTES, DEFAULT_MAX_SAVE_BODY_BYTES } from './body.js';
import type { ApiHandlerOptions, ApiRequest, ApiResult, RequestLogEntry, SseEvent } from './types.js';
import { trimOf } from '../../core/trim-run.js';

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
  return `/${trimOf(b, '/')}`;
}

const NO_STORE = { 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' } as const;

/** An open SSE stream: how to abort it and when it has ended. */
interface OpenStream {
  abort(reason?: unknown): void;
  ended: Promise<void>;
}

/** The request headers the guards read, and the CORS headers every reply to it carries. */
interface RequestOrigin {
  origin: string | undefined;
  host: string | undefined;
  cors: Record<string, string>;
}

/** What every request needs from the dispatcher's options, resolved once. */
interface DispatchState {
  options: ApiHandlerOptions;
  routes: readonly Route[];
  basePath: string;
  allowedOrigins: readonly string[];
  hostPolicy: HostPolicy;
  heartbeatMs: number;
  services: ApiServices;
  streams: Set<OpenStream>;
}

/** Leaves a text as it is: the redactor of a reply sent before any secret was read. */
const identity = (t: string): string => t;

/** The services every route handler gets, with the options' defaults filled in. */
function createServices(options: ApiHandlerOptions, basePath: string): ApiServices {
  return {
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
    allowPrivateEgress: options.allowPrivateEgress === true,
    forbiddenUpstreams: options.forbiddenUpstreams ?? [],
    partialDrafts: options.partialDrafts ?? true,
    scriptChecks: options.scriptChecks ?? true,
    resolveHost: options.resolveHost,
    io: {
      ...(options.fs ? { fs: options.fs } : {}),
      env: options.env ?? process.env,
      ...(options.homeDir !== undefined ? { homeDir: options.homeDir } : {}),
    },
  };
}

/** A JSON reply with no-store headers; the body (and error) pass through `redact`. */
function jsonReply(status: number, body: unknown, extra: Record<string, string>, redact: (t: string) => string, error?: string): Reply {
  return {
    kind: 'json',
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...NO_STORE, ...extra },
    body: redact(JSON.stringify(body)),
    redact,
    ...(error !== undefined ? { error: redact(error) } : {}),
  };
}

/** The reply to a CORS preflight (OPTIONS) on a path whose methods are `allow`. */
function preflightReply(origin: string | undefined, allow: readonly string[], state: DispatchState): Reply {
  if (origin === undefined) return jsonReply(204, null, { allow: [...allow, 'OPTIONS'].join(', ') }, identity);
  const pre = preflightHeaders(origin, state.allowedOrigins, allow);
  if (!pre['access-control-allow-origin']) {
    return jsonReply(
      403,
      { error: `origin "${origin.slice(0, 100)}" is not allowed; ${allowOriginHint(origin.slice(0, 100), state.options.allowedOriginsSetting)}` },
      {},
      identity,
      'preflight refused',
    );
  }
  return { kind: 'json', status: 204, headers: { ...NO_STORE, ...pre }, body: '', redact: identity };
}

/**
 * The guards before a handler runs: Host, route match (404 / 405), preflight,
 * Origin. Returns the refusal reply, or the matched route when all pass.
 */
function guardRequest(req: ApiRequest, { origin, host, cors }: RequestOrigin, state: DispatchState): Reply | Extract<RouteMatch, { kind: 'found' }> {
  const hostProblem = checkHost(host, state.hostPolicy);
  if (hostProblem) return jsonReply(421, { error: hostProblem }, {}, identity, 'host refused');

  // A preflight never carries credentials (browsers send neither the cookie nor Authorization), so it is exempt.
  const token = state.options.token;
  if (token && req.method !== 'OPTIONS' && !requestHasToken(token, { authorization: req.headers.get('authorization'), cookie: req.headers.get('cookie') })) {
    return jsonReply(401, { error: missingTokenMessage() }, { ...cors, 'www-authenticate': 'Bearer realm="forge-skill-builder"' }, identity, 'no valid token');
  }

  const subPath = req.path.slice(state.basePath.length) || '/';
  let match;
  try {
    match = matchRoute(state.routes, req.method === 'OPTIONS' ? 'GET' : req.method, subPath);
  } catch (err) {
    const e = toHttpError(err);
    return jsonReply(e.status, e.body, cors, identity, e.body.error);
  }
  if (match.kind === 'not_found') {
    return jsonReply(404, { error: `no API route at ${req.path}` }, cors, identity, 'not found');
  }

  if (req.method === 'OPTIONS') return preflightReply(origin, match.allow, state);

  if (match.kind === 'method_not_allowed') {
    return jsonReply(
      405,
      { error: `${req.method} is not allowed on ${req.path}; use ${match.allow.join(' or ')}` },
      { ...cors, allow: match.allow.join(', ') },
      identity,
      'method not allowed',
    );
  }

  const originProblem = checkOrigin(req.method, origin, host, req.protocol, state.allowedOrigins, state.options.allowedOriginsSetting);
  if (originProblem) return jsonReply(403, { error: originProblem }, {}, identity, 'origin refused');
  return match;
}

/** Scrubs the given secrets from a text; most chunks hold none, so includes() is tested before rebuilding the string. */
function secretRedactor(secrets: Iterable<string>): (t: string) => string {
  return (t: string): string => {
    for (const s of secrets) if (t.includes(s)) return redactSecret(t, ...secrets);
    return t;
  };
}

/** The SSE reply for a streaming handler result; the stream is tracked in `state.streams` until it has finished. */
function sseReply(
  result: Extract<ApiResult, { kind: 'sse' }>,
  cors: Record<string, string>,
  secrets: Iterable<string>,
  redact: (t: string) => string,
  state: DispatchState,
): Reply {
  let markEnded: () => void = () => undefined;
  const entry: OpenStream = { abort: result.abort, ended: new Promise<void>((r) => (markEnded = r)) };
  state.streams.add(entry);
  return {
    kind: 'sse',
    status: 200,
    headers: { ...SSE_HEADERS, 'x-content-type-options': 'nosniff', ...cors },
    events: result.events,
    abort: (reason?: unknown) => {
      result.abort(reason);
    },
    finished: () => {
      state.streams.delete(entry);
      markEnded();
    },
    heartbeatMs: state.heartbeatMs,
    describeError: (err: unknown) => describeError(err, [...secrets]),
    redact,
  };
}

/** Runs the matched route's handler and turns its result (or its failure) into a reply. */
async function runRoute(req: ApiRequest, match: Extract<RouteMatch, { kind: 'found' }>, cors: Record<string, string>, state: DispatchState): Promise<Reply> {
  const ctx = createRouteContext(req, match.params, state.services);
  const redact = secretRedactor(ctx.secrets);
  try {
    const result = await match.route.handler(ctx);
    if (result.kind === 'json') {
      return jsonReply(result.status, result.body, { ...cors, ...(result.headers ?? {}) }, redact);
    }
    if (result.kind === 'bytes')
      return { kind: 'json', status: result.status, headers: { ...NO_STORE, ...cors, ...result.headers }, body: result.body, redact };
    return sseReply(result, cors, ctx.secrets, redact, state);
  } catch (err) {
    const e = toHttpError(err, [...ctx.secrets]);
    // An unexpected failure logs its own message (redacted); the client only sees a generic one.
    return jsonReply(e.status, e.body, cors, redact, e.unexpected ? describeError(err, [...ctx.secrets]) : e.body.error);
  }
}

/** The whole pipeline for one request: guards, then the route handler. */
async function handleRequest(req: ApiRequest, state: DispatchState): Promise<Reply> {
  const origin = req.headers.get('origin');
  const host = req.headers.get('host');
  const cors = corsHeaders(origin, state.allowedOrigins);
  const guarded = guardRequest(req, { origin, host, cors }, state);
  if (guarded.kind !== 'found') return guarded;
  return runRoute(req, guarded, cors, state);
}

/** Aborts every open stream and waits (at most 5 s) for all of them to end. */
async function closeAllStreams(streams: Set<OpenStream>, reason: string): Promise<void> {
  const open = [...streams];
  for (const s of open) s.abort(new Error(reason));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<void>((r) => (timer = setTimeout(r, 5_000)));
  await Promise.race([Promise.all(open.map((s) => s.ended)), grace]);
  clearTimeout(timer);
}

/** Hands one redacted, single-line log entry to the logger; a throwing logger is ignored. */
function writeLog(logger: ApiHandlerOptions['logger'], entry: RequestLogEntry, redact: (t: string) => string): void {
  if (!logger) return;
  // Redacted, then on one line: a path or a message built from request text
  // (a decoded %0A / %1B) must not forge a log line or move a terminal's cursor.
  const clean: RequestLogEntry = { ...entry, method: escapeControlChars(entry.method), path: escapeControlChars(redact(entry.path)) };
  if (entry.error !== undefined) clean.error = escapeControlChars(redact(entry.error));
  try {
    logger(clean);
  } catch {
    // a failing logger must not break a request
  }
}

export function createApiDispatcher(options: ApiHandlerOptions, routes: readonly Route[]): ApiDispatcher {
  const basePath = normalizeBasePath(options.basePath);
  const allowedOrigins = options.allowedOrigins ?? [];
  assertAllowedOrigins(allowedOrigins);
  if (options.token !== undefined && options.token !== false) assertTokenShape(options.token);
  const state: DispatchState = {
    options,
    routes,
    basePath,
    allowedOrigins,
    hostPolicy: { allowedHosts: options.allowedHosts ?? [] },
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    services: createServices(options, basePath),
    streams: new Set<OpenStream>(),
  };

  return {
    basePath,
    owns: (pathname: string): boolean => (basePath === '' ? pathname.startsWith('/') : pathname === basePath || pathname.startsWith(`${basePath}/`)),
    handle: (req) => handleRequest(req, state),
    checkHost: (h) => checkHost(h, state.hostPolicy),
    get openStreams() {
      return state.streams.size;
    },
    closeStreams: (reason = 'the server is shutting down') => closeAllStreams(state.streams, reason),
    log: (entry, redact = identity) => writeLog(options.logger, entry, redact),
  };
}
