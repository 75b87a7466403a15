// The token gate of startServer's non-API paths. A GET/HEAD carrying a valid
// `?token=` sets the token cookie and redirects (303) to the same URL without
// it, so the token does not stay in the address bar or the history; a wrong
// one gets a 401 page. A page (`/`, anything ending in `.html`) needs the
// cookie (or a Bearer header); without it a short 401 page says to open the
// printed URL. Other files (the elements bundle, its source map, images) are
// public: they hold code, never data.

import type { IncomingMessage, ServerResponse } from 'node:http';
import { requestHasToken, TOKEN_QUERY, tokenCookie, tokenMatches } from './token.js';

const PAGE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
} as const;

const LOCKED_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>forge-skill-builder: token needed</title></head>
<body>
<h1>This page needs its access token</h1>
<p>Open the URL that <code>forge-skill-builder ui</code> printed when it started (it ends in <code>/?token=…</code>).
The token is new at every start; the server prints it again when you restart it.</p>
</body></html>
`;

function isPage(pathname: string): boolean {
  return pathname === '/' || pathname.endsWith('.html') || pathname.endsWith('/');
}

/** The request's URL without the token parameter (other parameters kept). */
function withoutToken(url: URL): string {
  url.searchParams.delete(TOKEN_QUERY);
  const q = url.searchParams.toString();
  return `${url.pathname}${q ? `?${q}` : ''}${url.hash}`;
}

function sendLocked(res: ServerResponse, head: boolean): void {
  res.writeHead(401, { ...PAGE_HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-length': String(Buffer.byteLength(LOCKED_PAGE)) });
  res.end(head ? undefined : LOCKED_PAGE);
}

/**
 * Answers the request when the token decides it (redirect with the cookie, or
 * a 401 page) and returns true; returns false when the file may be served.
 */
export function gatePage(req: IncomingMessage, res: ServerResponse, url: URL, token: string, port: number): boolean {
  const head = req.method === 'HEAD';
  const given = url.searchParams.get(TOKEN_QUERY);
  if (given !== null) {
    if (!tokenMatches(token, given)) {
      sendLocked(res, head);
      return true;
    }
    res.writeHead(303, { ...PAGE_HEADERS, location: withoutToken(url), 'set-cookie': tokenCookie(port, token), 'content-length': '0' });
    res.end();
    return true;
  }
  if (!isPage(url.pathname)) return false;
  if (requestHasToken(token, { authorization: req.headers.authorization, cookie: req.headers.cookie })) return false;
  sendLocked(res, head);
  return true;
}
