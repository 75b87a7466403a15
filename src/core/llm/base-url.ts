// The base_url rules, in one place for every caller: the ui.yaml / settings
// schema, createLlmClient and the settings form in the browser. A base URL
// must parse as an absolute http(s) URL and must not carry credentials
// (user:password@ would put a secret into ui.yaml and into logs; the key
// belongs in .forge/.env). Plain functions, no zod, so the elements bundle
// can use them.

import { trimEndOf } from '../trim-run.js';

/** What is wrong with a base URL: not a URL at all, another scheme, or credentials in it. */
export type BaseUrlProblem = { kind: 'not-a-url' } | { kind: 'protocol'; protocol: string } | { kind: 'credentials' };

/** The problem with `value` (already trimmed), or null when it is a usable base URL. */
export function findBaseUrlProblem(value: string): BaseUrlProblem | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { kind: 'not-a-url' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'protocol', protocol: url.protocol };
  if (url.username || url.password) return { kind: 'credentials' };
  return null;
}

/** The problem as the one message the schema, the client and the HTTP API give (naming base_url), or null. */
export function checkBaseUrl(value: string): string | null {
  const problem = findBaseUrlProblem(value);
  if (!problem) return null;
  switch (problem.kind) {
    case 'not-a-url':
      return `base_url "${value}" is not a URL; write it in full, e.g. "https://api.example.com/v1"`;
    case 'protocol':
      return `base_url must start with http:// or https:// (got "${problem.protocol}")`;
    case 'credentials':
      return 'base_url must not carry credentials (user:password@); put the key in the API key setting so it is stored in .forge/.env';
  }
}

/** The form the clients use: trimmed, without trailing slashes (`https://host/v1/` → `https://host/v1`). */
export function normalizeBaseUrl(value: string): string {
  return trimEndOf(value.trim(), '/');
}
