// startServer: a node:http server on 127.0.0.1 (by default) serving the API
// under basePath and, everywhere else, the demo page and the standalone
// elements bundle. It makes an access token per start (unless `token: false`):
// every API request needs it, and so do the pages (page-gate.ts), which the
// printed `pageUrl` opens. `close()` ends every open chat stream with an
// `error` event, stops accepting connections and resolves once the server is down.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { networkInterfaces, hostname as osHostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import { ForgeError, hasForgeCode } from '../core/errors.js';
import { createApiDispatcher, type ApiDispatcher } from './http/dispatch.js';
import { handlerFromDispatcher, type NodeRequestHandler } from './http/request-handler.js';
import { API_ROUTES } from './http/routes.js';
import { fallbackPage, packageStaticRoots, sendNotFound, sendJsonError, serveStatic, type StaticRoots } from './http/static-files.js';
import { gatePage } from './http/page-gate.js';
import { assertTokenShape, generateToken, TOKEN_QUERY } from './http/token.js';
import type { ApiHandlerOptions } from './http/types.js';
import { sweepOnce } from './sandbox/sweep.js';

export interface StartServerOptions extends ApiHandlerOptions {
  /** Port to listen on; 0 picks a free one. Default 4200. */
  port?: number;
  /** Address to bind. Default 127.0.0.1 (loopback only). */
  host?: string;
  /** Serve the demo page and elements bundle outside basePath. Default true. */
  serveDemo?: boolean;
  /** Where the demo page and the bundle are read from. Default: the package's demo/ and dist/. */
  staticRoots?: StaticRoots;
  /**
   * The access token every API request and page load needs (see `pageUrl`).
   * Default: a random one made at this start (256 bits). `false` turns the
   * check off: every program on the machine can then use the API.
   */
  token?: string | false;
}

export interface RunningServer {
  /** `http://127.0.0.1:4200` — the server's origin, to build API URLs on (loopback binds print as given). */
  url: string;
  /** The page to open in a browser: `http://127.0.0.1:4200/?token=<token>` (just `…/` when the token is off). */
  pageUrl: string;
  /** The access token (send it as `Authorization: Bearer <token>`); null when started with `token: false`. */
  token: string | null;
  port: number;
  host: string;
  /** The underlying node:http server. */
  server: Server;
  /** Ends open streams, stops the server; resolves when it is closed. Safe to call twice. */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4200;
export const DEFAULT_HOST = '127.0.0.1';

/** Thrown when the port is taken (the listener's EADDRINUSE, the original error as `cause`). */
export class PortInUseError extends ForgeError {
  readonly code = 'port_in_use' as const;
  readonly port: number;
  readonly host: string;
  constructor(port: number, host: string, cause?: unknown) {
    super(`port ${port} on ${host} is already in use; stop the other server or pick another port (CLI: --port <n>)`, { cause, field: 'port' });
    this.port = port;
    this.host = host;
  }

  static override isInstance(value: unknown): value is PortInUseError {
    return hasForgeCode(value, 'port_in_use');
  }
}

const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** Host names a server bound to `host` is reachable as (for the Host check). */
function servedHostNames(host: string): string[] {
  const names = [host];
  if (WILDCARD_HOSTS.has(host)) {
    names.push(osHostname());
    for (const list of Object.values(networkInterfaces())) {
      for (const a of list ?? []) names.push(a.family === 'IPv6' ? `[${a.address.split('%')[0]}]` : a.address);
    }
  }
  return names;
}

function urlHost(host: string): string {
  if (WILDCARD_HOSTS.has(host)) return '127.0.0.1';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

/** What the request listener serves outside the API. */
interface StaticSite {
  serveDemo: boolean;
  roots: StaticRoots;
  page(): string;
  /** The access token the pages need; null when off. */
  token: string | null;
  /** The port actually listened on (part of the token cookie's name). */
  port(): number;
}

/** The request listener: API paths go to the API handler; every other path passes the Host check, then gets a demo file (GET/HEAD) or a JSON 404/405. */
function requestListener(dispatcher: ApiDispatcher, api: NodeRequestHandler, site: StaticSite): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let url = new URL('http://localhost/');
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      // keep '/'
    }
    const pathname = url.pathname;
    if (dispatcher.owns(pathname)) {
      api(req, res);
      return;
    }
    const hostProblem = dispatcher.checkHost(req.headers.host);
    if (hostProblem) {
      sendJsonError(res, 421, hostProblem);
      return;
    }
    const head = req.method === 'HEAD';
    if (!site.serveDemo) {
      sendNotFound(res, pathname, head);
      return;
    }
    if (req.method !== 'GET' && !head) {
      sendJsonError(res, 405, `${req.method ?? ''} is not allowed on ${pathname}; use GET`, { allow: 'GET, HEAD' });
      return;
    }
    if (site.token !== null && gatePage(req, res, url, site.token, site.port())) return;
    serveStatic(req, res, pathname, site.roots, site.page)
      .then((served) => {
        if (!served) sendNotFound(res, pathname, head);
      })
      .catch(() => {
        if (!res.headersSent) sendJsonError(res, 500, 'could not read the file');
        else res.destroy();
      });
  };
}

/** Starts listening; rejects with PortInUseError when the port is taken. */
function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException): void => {
      server.off('listening', onListening);
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, host, err) : err);
    };
    const onListening = (): void => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

/** Ends open streams, stops accepting connections, drops the rest after 2 s; resolves once the server is closed. */
async function shutDown(server: Server, dispatcher: ApiDispatcher): Promise<void> {
  const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
  await dispatcher.closeStreams('the server is shutting down');
  server.closeIdleConnections();
  const grace = setTimeout(() => server.closeAllConnections(), 2_000);
  grace.unref();
  await stopped;
  clearTimeout(grace);
}

/** The token a start uses: the one given (checked), a fresh one by default, or null when turned off. */
function startToken(option: string | false | undefined): string | null {
  if (option === false) return null;
  if (option === undefined) return generateToken();
  if (typeof option !== 'string') throw new TypeError('token must be a string, or false to turn the access token off');
  assertTokenShape(option);
  return option;
}

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const token = startToken(options.token);
  const extraHosts = options.allowedHosts === 'any' ? 'any' : [...(options.allowedHosts ?? []), ...servedHostNames(host)];
  // Tool runs never reach this server: its listening address joins the list once known (read at each run).
  const ownAddresses: Array<{ address: string; port: number }> = [...(options.forbiddenUpstreams ?? [])];
  const dispatcher = createApiDispatcher({ ...options, allowedHosts: extraHosts, token: token ?? false, forbiddenUpstreams: ownAddresses }, API_ROUTES);
  const api = handlerFromDispatcher(dispatcher);
  let actualPort = port;
  const site: StaticSite = {
    roots: options.staticRoots ?? packageStaticRoots(),
    serveDemo: options.serveDemo ?? true,
    page: () => fallbackPage(dispatcher.basePath, API_ROUTES),
    token,
    port: () => actualPort,
  };

  const server = createServer(requestListener(dispatcher, api, site));
  // Chat streams may be quiet for a while between heartbeats; never time them out server-side.
  server.requestTimeout = 0;
  server.headersTimeout = 30_000;

  await listen(server, port, host);
  if (options.toolRuns) void sweepOnce(); // run folders a crashed server left in the temp folder

  actualPort = (server.address() as AddressInfo).port;
  ownAddresses.push({ address: (server.address() as AddressInfo).address, port: actualPort });
  const url = `http://${urlHost(host)}:${actualPort}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    pageUrl: token === null ? `${url}/` : `${url}/?${TOKEN_QUERY}=${token}`,
    token,
    port: actualPort,
    host,
    server,
    close() {
      closing ??= shutDown(server, dispatcher);
      return closing;
    },
  };
}
