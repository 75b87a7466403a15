// Tests and the access token (issue 21): `startOpenServer` starts the real
// server with the token off, for tests whose subject is something else;
// `printedServer` reads what `forge-skill-builder ui` printed (the origin, the
// token in the page URL) and gives the Bearer header API calls send.
import { startServer, type RunningServer, type StartServerOptions } from '../../src/node/server.js';

/** startServer with `token: false`: every request is let in (the token has its own tests). */
export function startOpenServer(options: StartServerOptions): Promise<RunningServer> {
  return startServer({ token: false, ...options });
}

export interface PrintedServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** The page URL as printed, token included. */
  pageUrl: string;
  token: string;
  /** `{authorization: 'Bearer <token>'}` */
  auth: { authorization: string };
}

/** The URL and token from the `open:` line of `ui`'s output. */
export function printedServer(out: string): PrintedServer {
  const m = /open: +((http:\/\/(?:127\.0\.0\.1|localhost):\d+)\/\?token=([A-Za-z0-9._~-]+))/.exec(out);
  if (!m) throw new Error(`no "open: http://…/?token=…" line in:\n${out}`);
  return { pageUrl: m[1]!, url: m[2]!, token: m[3]!, auth: { authorization: `Bearer ${m[3]!}` } };
}
