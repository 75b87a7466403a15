// The egress proxy of one tool run: an HTTP forward proxy in our process that
// the script reaches through HTTP_PROXY/HTTPS_PROXY (plain `http://` requests
// with an absolute URI, and CONNECT tunnels for `https://`). Only hosts the
// skill declares in `egress_domains` get through (egress-match.ts); every
// refused host is recorded. A declared name that resolves to a loopback,
// private or link-local address is refused too (DNS pointing at the builder's
// own server), unless that address or `localhost` is what was declared; the
// upstream connection goes to the address that was checked, never re-resolved.

import { lookup } from 'node:dns/promises';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { BlockList, connect, isIP, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { normalizeHost, type EgressPolicy } from './egress-match.js';

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16],
  ['172.16.0.0', 12], ['192.168.0.0', 16], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['::ffff:0:0', 96]] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

function isPrivateAddress(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  return PRIVATE.check(address, family);
}

export interface EgressProxy {
  /** Hosts refused so far, in the order first seen. */
  readonly blocked: readonly string[];
  /** Starts listening on a unix socket path, or on 127.0.0.1 with an ephemeral port; resolves to the proxy URL's host:port or the path. */
  listen(where: { path: string } | { tcp: true }): Promise<string>;
  /** Stops listening and cuts every open connection. */
  close(): Promise<void>;
}

/** Where a request may go: the address to dial, or why not (a refusal is recorded in `blocked`). */
type Decision = { address: string } | { status: number; reason: string; message: string };
type Decide = (host: string) => Promise<Decision>;

export function createEgressProxy(policy: EgressPolicy): EgressProxy {
  const blocked: string[] = [];
  const sockets = new Set<Duplex>();
  const refuse = (host: string, why = "is not in this skill's egress_domains"): Decision => {
    if (!blocked.includes(host)) blocked.push(host);
    return { status: 403, reason: 'Forbidden', message: `host "${host}" ${why}` };
  };
  const decide: Decide = async (rawHost) => {
    const host = normalizeHost(rawHost);
    if (!policy.allows(host)) return refuse(host);
    let address = host;
    if (isIP(host) === 0) {
      try {
        address = (await lookup(host, { verbatim: true })).address;
      } catch {
        return { status: 502, reason: 'Bad Gateway', message: `host "${host}" does not resolve` };
      }
    }
    if (isPrivateAddress(address) && !policy.declaredLiteral(host))
      return refuse(host, `resolves to the private address ${address}; declare that address (or localhost) in egress_domains to allow it`);
    return { address };
  };

  const server = createServer((req, res) => void forwardHttp(req, res, decide));
  server.on('connect', (req: IncomingMessage, client: Duplex, head: Buffer) => void tunnel(req, client, head, decide, sockets));
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  return {
    get blocked() {
      return blocked;
    },
    listen(where) {
      return new Promise((resolve, reject) => {
        server.once('error', reject);
        const done = () => {
          const a = server.address();
          resolve(typeof a === 'string' ? a : `127.0.0.1:${a?.port ?? 0}`);
        };
        if ('path' in where) server.listen(where.path, done);
        else server.listen(0, '127.0.0.1', done);
      });
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

function deny(res: ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' });
  res.end(`egress proxy: ${message}\n`);
}

const HOP_BY_HOP = new Set(['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade']);

async function forwardHttp(req: IncomingMessage, res: ServerResponse, decide: Decide): Promise<void> {
  let url: URL;
  try {
    url = new URL(req.url ?? '');
  } catch {
    return deny(res, 400, 'send requests with an absolute http:// URI (this is a forward proxy)');
  }
  if (url.protocol !== 'http:') return deny(res, 400, `only http:// is forwarded as a request; use CONNECT for ${url.protocol}`);
  const decision = await decide(url.hostname);
  if (!('address' in decision)) return deny(res, decision.status, decision.message);
  const { address } = decision;
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) headers[k] = v;
  const upstream = httpRequest(
    { host: address, port: url.port || 80, method: req.method, path: `${url.pathname}${url.search}`, headers, agent: false },
    (up) => {
      const out: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(up.headers)) if (v !== undefined && !HOP_BY_HOP.has(k)) out[k] = v;
      res.writeHead(up.statusCode ?? 502, out);
      up.pipe(res);
    },
  );
  upstream.on('error', () => (res.headersSent ? res.destroy() : deny(res, 502, `could not reach ${url.host}`)));
  req.pipe(upstream);
}

async function tunnel(req: IncomingMessage, client: Duplex, head: Buffer, decide: Decide, sockets: Set<Duplex>): Promise<void> {
  client.on('error', () => client.destroy());
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(req.url ?? '');
  const reply = (status: string, text: string) => client.end(`HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\negress proxy: ${text}\n`);
  if (!m) return void reply('400 Bad Request', 'CONNECT needs host:port');
  const host = m[1]!;
  const decision = await decide(host);
  if (!('address' in decision)) return void reply(`${decision.status} ${decision.reason}`, decision.message);
  const upstream = connect(Number(m[2]), decision.address);
  let connected = false;
  sockets.add(upstream);
  upstream.on('close', () => sockets.delete(upstream));
  upstream.once('connect', () => {
    connected = true;
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length > 0) upstream.write(head);
    upstream.pipe(client);
    client.pipe(upstream);
  });
  upstream.on('error', () => (connected ? client.destroy() : reply('502 Bad Gateway', `could not reach ${host}`)));
  client.on('close', () => upstream.destroy());
}
