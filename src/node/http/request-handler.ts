// createRequestHandler: the API as a node:http request listener, usable
// directly with http.createServer or as Express/Connect middleware — paths
// outside basePath go to `next()` when one is given, else get a JSON 404.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { createApiDispatcher, type ApiDispatcher } from './dispatch.js';
import { nodeUrl, serveNode } from './node-adapter.js';
import { API_ROUTES } from './routes.js';
import type { ApiHandlerOptions } from './types.js';

export type RequestHandlerOptions = ApiHandlerOptions;

export interface NodeRequestHandler {
  (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void;
  /** Aborts every open chat stream (each ends with an `error` event) and resolves when they have ended. */
  closeStreams(reason?: string): Promise<void>;
  /** The normalised mount path (`/api`). */
  readonly basePath: string;
}

export function createRequestHandler(options: RequestHandlerOptions): NodeRequestHandler {
  return handlerFromDispatcher(createApiDispatcher(options, API_ROUTES));
}

/** @internal Used by startServer, which shares the dispatcher with its static files. */
export function handlerFromDispatcher(dispatcher: ApiDispatcher): NodeRequestHandler {
  const handler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void): void => {
    const pathname = nodeUrl(req).pathname;
    if (!dispatcher.owns(pathname)) {
      if (next) {
        next();
        return;
      }
      const body = JSON.stringify({ error: `no API route at ${pathname}` });
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(body)) });
      res.end(body);
      return;
    }
    serveNode(dispatcher, req, res).catch((err: unknown) => {
      if (next) next(err);
      else if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ error: 'internal server error; see the server log' }));
      } else res.destroy();
    });
  };
  return Object.assign(handler, {
    closeStreams: (reason?: string) => dispatcher.closeStreams(reason),
    basePath: dispatcher.basePath,
  });
}
