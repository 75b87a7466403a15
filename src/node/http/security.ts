// The local server's request guards: the Host check against DNS
// rebinding, the Origin check for mutating requests, and CORS for explicitly
// allowed origins only (never a wildcard). Pure functions over header values;
// the dispatcher turns a refusal into a 421/403 reply. Origins compare as
// trust.ts's originOf gives them (scheme + host + non-default port; the opaque
// "null" origin is none).

import { originOf } from '../config/trust.js';

/** Host names every local server answers to. */
export const LOOPBACK_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function isMutatingMethod(method: string): boolean {
  return !SAFE_METHODS.has(method.toUpperCase());
}

/** Splits a Host header into a lower-cased host name (IPv6 kept in brackets) and port. */
export function parseHostHeader(host: string): { hostname: string; port: string } | null {
  const h = host.trim().toLowerCase();
  if (h === '') return null;
  const m = /^(\[[0-9a-f:.]+\]|[^:[\]/@\s]+)(?::(\d{1,5}))?$/.exec(h);
  if (!m || m[1] === undefined) return null;
  return { hostname: m[1].replace(/\.$/, ''), port: m[2] ?? '' };
}

/** Normalises a configured host name for comparison (`::1` → `[::1]`, lower case, no trailing dot). */
export function normalizeHostName(name: string): string {
  const n = name.trim().toLowerCase().replace(/\.$/, '');
  return n.includes(':') && !n.startsWith('[') ? `[${n}]` : n;
}

export interface HostPolicy {
  /** Host names (no port) accepted in addition to the loopback names; `'any'` disables the check. */
  allowedHosts: readonly string[] | 'any';
}

/**
 * Returns `null` when the Host header names this server, else a sentence for the
 * error reply. A page on `evil.example` whose DNS was rebound to 127.0.0.1 still
 * sends `Host: evil.example`, so it is refused here.
 */
export function checkHost(hostHeader: string | undefined, policy: HostPolicy): string | null {
  if (policy.allowedHosts === 'any') return null;
  if (hostHeader === undefined || hostHeader.trim() === '') return 'the request has no Host header; this server only answers requests addressed to it by name';
  const parsed = parseHostHeader(hostHeader);
  const allowed = new Set([...LOOPBACK_HOSTS, ...policy.allowedHosts.map(normalizeHostName)]);
  if (parsed && allowed.has(parsed.hostname)) return null;
  return `Host "${printable(hostHeader)}" is not a name this server answers to (DNS rebinding protection); open it through ${[...allowed].join(', ')} or add the host name to allowedHosts (CLI: --allow-host)`;
}

/**
 * For a mutating request: `null` when the Origin header is absent (curl, server
 * to server), the same origin as the request, or listed in `allowedOrigins`;
 * else a sentence for the 403 reply.
 */
export function checkOrigin(
  method: string,
  origin: string | undefined,
  hostHeader: string | undefined,
  protocol: string,
  allowedOrigins: readonly string[],
  setting = 'allowedOrigins',
): string | null {
  if (!isMutatingMethod(method) || origin === undefined) return null;
  const o = originOf(origin);
  if (o !== null) {
    if (hostHeader !== undefined && o === originOf(`${protocol}//${hostHeader.trim()}`)) return null;
    if (allowedOrigins.some((a) => originOf(a) === o)) return null;
  }
  const listed = setting.startsWith('--') ? `an origin given with ${setting}` : `an origin in ${setting}`;
  return `cross-origin ${method.toUpperCase()} from "${printable(origin)}" refused; only the page served by this server${allowedOrigins.length ? ` or ${listed}` : ''} may change data (${allowOriginHint(o ?? printable(origin), setting)})`;
}

/**
 * How a refusal says to allow an origin, in the terms of the setting the
 * operator uses: the `allowedOrigins` option (default) or a command-line flag
 * such as the `ui` command's `--allow-origin`.
 */
export function allowOriginHint(origin: string, setting = 'allowedOrigins'): string {
  return setting.startsWith('--') ? `start the server with ${setting} ${origin} to allow it` : `add the origin to ${setting} to allow it`;
}

/** CORS reply headers for an allowed cross origin (the origin echoed, never `*`); empty otherwise. */
export function corsHeaders(origin: string | undefined, allowedOrigins: readonly string[]): Record<string, string> {
  if (origin === undefined) return {};
  const o = originOf(origin);
  if (o === null || !allowedOrigins.some((a) => originOf(a) === o)) return {};
  return { 'access-control-allow-origin': o, vary: 'Origin' };
}

/** Preflight reply headers for an allowed origin. */
export function preflightHeaders(origin: string, allowedOrigins: readonly string[], methods: readonly string[]): Record<string, string> {
  const base = corsHeaders(origin, allowedOrigins);
  if (!base['access-control-allow-origin']) return {};
  return {
    ...base,
    'access-control-allow-methods': methods.join(', '),
    'access-control-allow-headers': 'content-type, authorization',
    'access-control-max-age': '600',
  };
}

/** Validates allowedOrigins at construction: a wildcard or a non-origin is a programming error. */
export function assertAllowedOrigins(origins: readonly string[]): void {
  for (const o of origins) {
    if (o.includes('*')) throw new TypeError(`allowedOrigins: "${o}" is a wildcard; list each origin (scheme://host:port) explicitly`);
    if (originOf(o) === null) throw new TypeError(`allowedOrigins: "${o}" is not an origin; use the form https://app.example.com[:port]`);
  }
}

function printable(s: string): string {
  // eslint-disable-next-line no-control-regex
  return s.replace(/[\u0000-\u001f\u007f"]/g, '?').slice(0, 100);
}
