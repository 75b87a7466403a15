// The canonical form of a provider request and its hash, which is how a replayed
// request finds its recording. Left out on purpose: the origin (a recording made
// against a proxy replays against the default endpoint), every header (auth,
// SDK versions, retry counters, idempotency keys), and credentials in the query.
// Made stable: query parameters sorted, JSON object keys sorted at every depth.
import type { CanonicalRequest } from './types.js';

/** Query parameters that carry a credential (Gemini-style `?key=`, `api_key`, `access_token`), compared without `_`/`-` and case. */
const CREDENTIAL_PARAMS = new Set(['key', 'apikey', 'accesstoken', 'token']);
const isCredential = (name: string): boolean => CREDENTIAL_PARAMS.has(name.toLowerCase().replace(/[_-]/g, ''));

function sortedJson(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedJson);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) out[k] = sortedJson((value as Record<string, unknown>)[k]);
    return out;
  }
  return value;
}

/** Path and sorted query of `url`, without credential parameters. */
export function canonicalPath(url: string): string {
  const parsed = new URL(url, 'http://recording.invalid');
  const params = [...parsed.searchParams.entries()].filter(([k]) => !isCredential(k));
  params.sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  const query = new URLSearchParams(params).toString();
  return query ? `${parsed.pathname}?${query}` : parsed.pathname;
}

export function canonicalRequest(method: string, url: string, bodyText: string | null): CanonicalRequest {
  return { method: method.toUpperCase(), path: canonicalPath(url), body: canonicalBody(bodyText) };
}

function canonicalBody(text: string | null): unknown {
  if (text === null || text === '') return null;
  try {
    return sortedJson(JSON.parse(text));
  } catch {
    return text;
  }
}

/** SHA-256 (hex) of the canonical request; Web Crypto, so it runs in browsers and Node alike. */
export async function hashRequest(request: CanonicalRequest): Promise<string> {
  const text = JSON.stringify([request.method, request.path, request.body]);
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
