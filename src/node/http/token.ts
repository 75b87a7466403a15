// The local server's access token: the local server answers only
// its operator. `startServer` makes a random one per start; the page URL
// carries it as `?token=<t>`, a page load swaps it for an HttpOnly,
// SameSite=Strict cookie, and API clients may send `Authorization: Bearer <t>`
// instead. Tokens compare in constant time (both sides hashed first, so their
// lengths never show either).

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** The environment variable the CLI reads the token from (and a script never receives). */
export const TOKEN_ENV = 'FORGE_SKILL_BUILDER_TOKEN';
/** The query parameter a page URL carries the token in. */
export const TOKEN_QUERY = 'token';
/** Cookie names start with this; the server appends `_<port>` so two servers on one host keep their own. */
export const TOKEN_COOKIE_PREFIX = 'forge_skill_builder_token';

const TOKEN_SHAPE = /^[A-Za-z0-9._~-]{1,512}$/;

/** A fresh token: 256 random bits, base64url (43 characters, safe in a URL and a cookie). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Checks a token the operator chose; TypeError naming the rule otherwise. */
export function assertTokenShape(token: string, setting = 'token'): void {
  if (!TOKEN_SHAPE.test(token)) {
    throw new TypeError(
      `${setting} must be 1 to 512 characters of A-Z, a-z, 0-9, ".", "_", "~" or "-" (it travels in a URL and a cookie); a long random value is best, e.g. $(openssl rand -hex 32)`,
    );
  }
}

const digest = (s: string): Buffer => createHash('sha256').update(s, 'utf8').digest();

/** True when `candidate` is the token (constant time). */
export function tokenMatches(token: string, candidate: string | undefined | null): boolean {
  if (candidate === undefined || candidate === null || candidate === '') return false;
  return timingSafeEqual(digest(token), digest(candidate));
}

/** The values of every cookie in the token family (`forge_skill_builder_token`, `…_<port>`) in a Cookie header. */
function tokenCookies(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const out: string[] = [];
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name === TOKEN_COOKIE_PREFIX || name.startsWith(`${TOKEN_COOKIE_PREFIX}_`)) out.push(part.slice(eq + 1).trim());
  }
  return out;
}

/** The token of an `Authorization: Bearer <t>` header, if there is one. */
function bearerOf(authorization: string | undefined): string | undefined {
  const m = /^Bearer +(\S+) *$/i.exec(authorization ?? '');
  return m?.[1];
}

/** True when the request carries the token in its Authorization header or in a token cookie. */
export function requestHasToken(token: string, headers: { authorization?: string | undefined; cookie?: string | undefined }): boolean {
  let ok = tokenMatches(token, bearerOf(headers.authorization));
  // Every candidate is compared (no early exit), so timing says nothing about which one matched.
  for (const value of tokenCookies(headers.cookie)) ok = tokenMatches(token, value) || ok;
  return ok;
}

/** The cookie name a server on `port` sets. */
export function tokenCookieName(port: number): string {
  return `${TOKEN_COOKIE_PREFIX}_${port}`;
}

/** The Set-Cookie value that lets the page's same-origin requests carry the token (no Secure: plain http on loopback). */
export function tokenCookie(port: number, token: string): string {
  return `${tokenCookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`;
}

/** The 401 message of the API: how to get in. */
export function missingTokenMessage(): string {
  return (
    'this server answers only with its access token: open the URL that `forge-skill-builder ui` printed (it ends in /?token=…), ' +
    `or send the header "Authorization: Bearer <token>" (the printed token, the --token value or ${TOKEN_ENV})`
  );
}
