// The egress proxy of one tool run: an HTTP forward proxy in our process that
// the script reaches through HTTP_PROXY/HTTPS_PROXY (plain `http://` requests
// with an absolute URI, and CONNECT tunnels for `https://`). A host gets
// through only when the skill declares it in `egress_domains`
// (egress-match.ts) AND the address it resolves to is public
// (egress-address.ts): loopback, private, link-local, CGNAT, metadata and
// reserved addresses are refused whatever the draft declares, unless the run
// allows private egress; the builder's own listening addresses are refused
// always. The upstream connection goes to the address that was checked,
// never re-resolved. Caps per run: MAX_CONCURRENT requests/tunnels at once
// (503 beyond), MAX_TOTAL in all (429 beyond), 16 KiB of request head (431).
// Nothing a script sends can throw out of here: every handler is caught.

import { lookup } from 'node:dns/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { isForbiddenUpstream, privateAddressReason, type Upstream } from './egress-address.js';
import { normalizeHost, type EgressPolicy } from './egress-match.js';
import { forwardHttp, tunnel, type Decision, type UpstreamContext } from './egress-upstream.js';
import type { ObservedRequest } from '../../core/tool-run/observation.js';

/** Requests and tunnels one run may have open at once. */
export const MAX_CONCURRENT = 64;
/** Requests and tunnels one run may make in all. */
export const MAX_TOTAL = 1000;
/** Largest request head (request line + headers) the proxy reads. */
export const MAX_HEADER_BYTES = 16 * 1024;
/** Refusals kept per run (the first ones); later ones are still refused. */
const MAX_RECORDED = 100;

/** One refusal: the host as the script asked for it and why. */
export interface EgressRefusal {
  host: string;
  reason: string;
}

export interface EgressProxyOptions {
  /** Let the run reach loopback/private/link-local addresses (never the builder's own). Default false. */
  allowPrivateEgress?: boolean;
  /** Where the builder listens: never dialled, even with allowPrivateEgress. */
  forbiddenUpstreams?: readonly Upstream[];
  /** Lower caps, for tests. */
  maxConcurrent?: number;
  maxTotal?: number;
}

export interface EgressProxy {
  /** Hosts refused so far, in the order first seen. */
  readonly blocked: readonly string[];
  /** Every refusal with its reason (hosts, caps), in order, at most 100. */
  readonly refusals: readonly EgressRefusal[];
  /** Every distinct host, port and verdict the script asked for, in order, at most 100. */
  readonly requests: readonly ObservedRequest[];
  /** Starts listening on a unix socket path, or on 127.0.0.1 with an ephemeral port; resolves to the proxy URL's host:port or the path. */
  listen(where: { path: string } | { tcp: true }): Promise<string>;
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>;
}

const PRIVATE_HINT =
  'a tool run never reaches this machine or its private network (an operator can allow it for one run: allowPrivateEgress / try --allow-private-egress)';

/** Resolves `host` to its candidate addresses (an IP literal is its own). */
async function addressesOf(host: string): Promise<string[] | null> {
  if (isIP(host) !== 0) return [host];
  try {
    return (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    return null;
  }
}

interface ProxyState {
  closed: boolean;
  active: number;
  total: number;
  refusals: EgressRefusal[];
  blocked: string[];
  requests: ObservedRequest[];
}

function observe(state: ProxyState, r: ObservedRequest): void {
  if (state.requests.length >= MAX_RECORDED) return;
  if (state.requests.some((x) => x.host === r.host && x.port === r.port && x.verdict === r.verdict)) return;
  state.requests.push(r);
}

function record(state: ProxyState, host: string, reason: string, asBlocked: boolean): void {
  if (asBlocked && !state.blocked.includes(host) && state.blocked.length < MAX_RECORDED) state.blocked.push(host);
  if (state.refusals.length < MAX_RECORDED && !state.refusals.some((r) => r.host === host && r.reason === reason)) state.refusals.push({ host, reason });
}

function makeDecide(policy: EgressPolicy, options: EgressProxyOptions, state: ProxyState, own: Upstream[]) {
  const refuse = (host: string, port: number, why: string, status = 403, reason = 'Forbidden'): Decision => {
    record(state, host, why, true);
    observe(state, { host, port, verdict: 'refused', reason: why });
    return { status, reason, message: `host "${host}" ${why}` };
  };
  return async (rawHost: string, port: number): Promise<Decision | null> => {
    const host = normalizeHost(rawHost);
    if (!policy.allows(host)) return refuse(host, port, "is not in this skill's egress_domains");
    const candidates = await addressesOf(host);
    if (state.closed) return null;
    if (candidates === null || candidates.length === 0) return refuse(host, port, 'does not resolve', 502, 'Bad Gateway');
    let first = '';
    for (const address of candidates) {
      if (isForbiddenUpstream(address, port, [...own, ...(options.forbiddenUpstreams ?? [])])) {
        first ||= `is the Skill Builder's own server (${address} port ${port}); a tool run may never call it`;
        continue;
      }
      const why = options.allowPrivateEgress ? null : privateAddressReason(address);
      if (why !== null) {
        first ||= `resolves to ${address} (${why}); ${PRIVATE_HINT}`;
        continue;
      }
      observe(state, { host, port, verdict: 'allowed' });
      return { address };
    }
    return refuse(host, port, first);
  };
}

/** Admits one more request or tunnel under the caps; a refusal is recorded. */
function admit(state: ProxyState, max: { concurrent: number; total: number }): { status: string; text: string } | null {
  if (state.total >= max.total) {
    record(state, '(proxy)', `more than ${max.total} requests in one run`, false);
    return { status: '429 Too Many Requests', text: `this run already made ${max.total} requests through the proxy (the cap per run)` };
  }
  if (state.active >= max.concurrent) {
    record(state, '(proxy)', `more than ${max.concurrent} requests open at once`, false);
    return { status: '503 Service Unavailable', text: `this run already has ${max.concurrent} requests open through the proxy (the cap at once)` };
  }
  state.total++;
  state.active++;
  return null;
}

function rawReply(socket: Duplex, status: string, text: string): void {
  if (socket.writable) socket.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\negress proxy: ${text}\n`);
  else socket.destroy();
}

export function createEgressProxy(policy: EgressPolicy, options: EgressProxyOptions = {}): EgressProxy {
  const state: ProxyState = { closed: false, active: 0, total: 0, refusals: [], blocked: [], requests: [] };
  const max = { concurrent: options.maxConcurrent ?? MAX_CONCURRENT, total: options.maxTotal ?? MAX_TOTAL };
  const own: Upstream[] = [];
  const sockets = new Set<Duplex>();
  const track = (s: Duplex): void => {
    if (state.closed) return void s.destroy();
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  };
  const unreachable = (host: string, port: number): void =>
    record(state, normalizeHost(host), `could not be reached on port ${port} (the connection failed; the script got a 502)`, false);
  const ctx: UpstreamContext = { decide: makeDecide(policy, options, state, own), track, unreachable };
  const release = (): void => void state.active--;

  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req: IncomingMessage, res: ServerResponse) => {
    const over = admit(state, max);
    if (over) return rawReply(res.socket ?? req.socket, over.status, over.text);
    res.once('close', release);
    forwardHttp(req, res, ctx).catch(() => res.destroy());
  });
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => {
    client.on('error', () => client.destroy());
    const over = admit(state, max);
    if (over) return rawReply(client, over.status, over.text);
    client.once('close', release);
    tunnel(req, client, head, ctx).catch(() => client.destroy());
  });
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Duplex) => {
    const status =
      err.code === 'HPE_HEADER_OVERFLOW'
        ? '431 Request Header Fields Too Large'
        : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? '408 Request Timeout'
          : '400 Bad Request';
    rawReply(socket, status, 'malformed request');
  });
  server.on('connection', (s: Socket) => {
    s.on('error', () => s.destroy());
    track(s);
  });
  server.maxConnections = max.concurrent * 2;
  server.headersTimeout = 10_000;
  server.requestTimeout = 60_000;

  return {
    get blocked() {
      return state.blocked;
    },
    get refusals() {
      return state.refusals;
    },
    get requests() {
      return state.requests;
    },
    listen(where) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        const done = (): void => {
          const a = server.address();
          if (a !== null && typeof a !== 'string') own.push({ address: a.address, port: a.port });
          resolve(typeof a === 'string' ? a : `127.0.0.1:${a?.port ?? 0}`);
        };
        if ('path' in where) server.listen(where.path, done);
        else server.listen(0, '127.0.0.1', done);
      });
    },
    close() {
      state.closed = true;
      for (const s of sockets) s.destroy();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
