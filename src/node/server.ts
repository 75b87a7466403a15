// startServer: a node:http server on 127.0.0.1 (by default) serving the API
// under basePath and, everywhere else, the demo page and the standalone
// elements bundle. `close()` ends every open chat stream with an `error`
// event, stops accepting connections and resolves once the server is down.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { networkInterfaces, hostname as osHostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import { createApiDispatcher, type ApiDispatcher } from './http/dispatch.js';
import { handlerFromDispatcher, type NodeRequestHandler } from './http/request-handler.js';
import { API_ROUTES } from './http/routes.js';
import { fallbackPage, packageStaticRoots, sendNotFound, sendJsonError, serveStatic, type StaticRoots } from './http/static-files.js';
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
}

export interface RunningServer {
  /** `http://127.0.0.1:4200` — the address to open (loopback binds print as given). */
  url: string;
  port: number;
  host: string;
  /** The underlying node:http server. */
  server: Server;
  /** Ends open streams, stops the server; resolves when it is closed. Safe to call twice. */
  close(): Promise<void>;
}

export const DEFAULT_PORT = 4200;
export const DEFAULT_HOST = '127.0.0.1';

/** Thrown when the port is taken; `code` is `EADDRINUSE`. */
export class PortInUseError extends Error {
  readonly code = 'EADDRINUSE' as const;
  readonly port: number;
  readonly host: string;
  constructor(port: number, host: string) {
    super(`port ${port} on ${host} is already in use; stop the other server or pick another port (CLI: --port <n>)`);
    this.name = 'PortInUseError';
    this.port = port;
    this.host = host;
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
}

/** The request listener: API paths go to the API handler; every other path passes the Host check, then gets a demo file (GET/HEAD) or a JSON 404/405. */
function requestListener(
  dispatcher: ApiDispatcher,
  api: NodeRequestHandler,
  site: StaticSite,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    let pathname = '/';
    try {
      pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    } catch {
      // keep '/'
    }
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
      reject(err.code === 'EADDRINUSE' ? new PortInUseError(port, host) : err);
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

export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const host = options.host ?? DEFAULT_HOST;
  const port = options.port ?? DEFAULT_PORT;
  const extraHosts = options.allowedHosts === 'any' ? 'any' : [...(options.allowedHosts ?? []), ...servedHostNames(host)];
  const dispatcher = createApiDispatcher({ ...options, allowedHosts: extraHosts }, API_ROUTES);
  const api = handlerFromDispatcher(dispatcher);
  const site: StaticSite = {
    roots: options.staticRoots ?? packageStaticRoots(),
    serveDemo: options.serveDemo ?? true,
    page: () => fallbackPage(dispatcher.basePath, API_ROUTES),
  };

  const server = createServer(requestListener(dispatcher, api, site));
  // Chat streams may be quiet for a while between heartbeats; never time them out server-side.
  server.requestTimeout = 0;
  server.headersTimeout = 30_000;

  await listen(server, port, host);
  if (options.toolRuns) void sweepOnce(); // run folders a crashed server left in the temp folder

  const actualPort = (server.address() as AddressInfo).port;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost(host)}:${actualPort}`,
    port: actualPort,
    host,
    server,
    close() {
      closing ??= shutDown(server, dispatcher);
      return closing;
    },
  };
}
