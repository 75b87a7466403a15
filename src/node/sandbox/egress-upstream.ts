// The two ways the egress proxy passes a request on, once egress-proxy.ts
// decided where it may go: a plain `http://` request with an absolute URI is
// forwarded (hop-by-hop headers dropped), a CONNECT opens a byte tunnel.
// Both dial exactly the address that was checked, validate the port
// (1–65535) before anything else, and never throw: every failure becomes a
// 4xx/5xx reply to the script or a closed socket.

import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** Where a request may go: the address to dial, or why not (already recorded by the proxy). */
export type Decision = { address: string } | { status: number; reason: string; message: string };
/** Decides on a host (as the script wrote it) and port; null when the proxy is closing. */
export type Decide = (host: string, port: number) => Promise<Decision | null>;

/** What the proxy lends each handler: the decision, and a place to track every socket it opens. */
export interface UpstreamContext {
  decide: Decide;
  track(socket: Duplex): void;
  /** An allowed host whose address could not be dialled (the script gets a 502): recorded so the run can say why. */
  unreachable(host: string, port: number): void;
}

function deny(res: ServerResponse, status: number, message: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`egress proxy: ${message}\n`);
}

const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade', 'transfer-encoding']);

function endToEnd(headers: IncomingMessage['headers']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
  return out;
}

/** A valid TCP port from its text (digits only, 1–65535), else null. */
export function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 65535 ? n : null;
}

/** Forwards one `http://` request with an absolute URI. */
export async function forwardHttp(req: IncomingMessage, res: ServerResponse, ctx: UpstreamContext): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '');
  } catch {
    return deny(res, 400, 'send requests with an absolute http:// URI (this is a forward proxy)');
  }
  if (url.protocol !== 'http:') return deny(res, 400, `only http:// is forwarded as a request; use CONNECT for ${url.protocol}`);
  const port = url.port === '' ? 80 : parsePort(url.port);
  if (port === null) return deny(res, 400, `port ${url.port} is not a TCP port (1-65535)`);
  const decision = await ctx.decide(url.hostname, port);
  if (decision === null) return void res.destroy();
  if (!('address' in decision)) return deny(res, decision.status, decision.message);
  const upstream = httpRequest(
    { host: decision.address, port, method: req.method, path: `${url.pathname}${url.search}`, headers: endToEnd(req.headers), agent: false },
    (up) => {
      res.writeHead(up.statusCode ?? 502, endToEnd(up.headers));
      up.on('error', () => res.destroy());
      up.pipe(res);
    },
  );
  upstream.on('socket', (s) => ctx.track(s));
  upstream.on('error', () => {
    if (!res.headersSent) ctx.unreachable(url.hostname, port);
    deny(res, 502, `could not reach ${url.host}`);
  });
  res.on('close', () => upstream.destroy());
  req.on('error', () => upstream.destroy());
  req.pipe(upstream);
}

const CONNECT_TARGET = /^(\[[0-9a-fA-F:.%]+\]|[^\s:[\]/@]+):([^:]*)$/;

/** Opens a CONNECT tunnel (`host:port`) to the decided address. */
export async function tunnel(req: IncomingMessage, client: Duplex, head: Buffer, ctx: UpstreamContext): Promise<void> {
  const reply = (status: string, text: string): void => {
    if (client.writable) client.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\negress proxy: ${text}\n`);
    else client.destroy();
  };
  const m = CONNECT_TARGET.exec(req.url ?? '');
  if (!m) return reply('400 Bad Request', 'CONNECT needs host:port');
  const port = parsePort(m[2]!);
  if (port === null) return reply('400 Bad Request', `port ${JSON.stringify(m[2]!.slice(0, 20))} is not a TCP port (1-65535)`);
  const host = m[1]!;
  const decision = await ctx.decide(host, port);
  if (decision === null || client.destroyed) return void client.destroy();
  if (!('address' in decision)) return reply(`${decision.status} ${decision.reason}`, decision.message);
  let upstream: Socket;
  try {
    upstream = connect({ host: decision.address, port });
  } catch {
    ctx.unreachable(host, port);
    return reply('502 Bad Gateway', `could not reach ${host}`);
  }
  ctx.track(upstream);
  let connected = false;
  upstream.once('connect', () => {
    connected = true;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => {
    if (connected) return void client.destroy();
    ctx.unreachable(host, port);
    reply('502 Bad Gateway', `could not reach ${host}`);
  });
  upstream.on('close', () => {
    if (connected) client.destroy();
  });
  client.on('close', () => upstream.destroy());
}
