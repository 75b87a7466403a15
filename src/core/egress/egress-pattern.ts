// The shape of one `egress_domains` entry: a host name (`api.example.com`),
// a wildcard over a domain's subdomains (`*.example.com`), an IP literal, a
// `$VAR` / `${VAR}` whose value is the host, or `*` (anywhere). Anything else
// — `*com`, `*.*.com`, `api..example.com`, `https://api.example.com/v1`,
// `api.example.com:443`, spaces — matches nothing at run time and is a
// mistake: the problem comes back as one sentence with the fix.

import { canonicalHost, ipOfCanonicalHost, parseIpLiteral, type IpAddress } from './ip-address.js';

export type EgressPattern =
  | { form: 'variable'; name: string }
  | { form: 'anywhere' }
  /** `host` as the URL parser canonicalises it: lower case, punycode, `[v6]`; `ip` when it is an IP literal. */
  | { form: 'host'; host: string; wildcard: boolean; ip: IpAddress | null }
  | { form: 'malformed'; problem: string };

const VARIABLE = /^\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))$/;
const SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
const WILDCARD_FIX = 'a wildcard must be `*.` followed by a domain, e.g. `*.example.com`';

const malformed = (problem: string): EgressPattern => ({ form: 'malformed', problem });

/** The host part of a URL-ish entry, for the suggested fix; the entry itself when none can be found. */
function hostOfUrlish(entry: string): string {
  const noScheme = entry.replace(SCHEME, '');
  const authority = noScheme.split(/[/?#]/)[0] ?? noScheme;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d*$/, '');
}

/** Spelling mistakes that are not about the host name itself: URL parts, ports, spaces, stray wildcards. */
function shapeProblem(e: string): string | null {
  if (e === '') return 'the entry is empty; remove it or write a host name such as `api.example.com`';
  if (/\s/.test(e)) return 'contains a space; write one host name per entry, e.g. `api.example.com`';
  if (SCHEME.test(e)) return `egress_domains takes host names, not URLs; write \`${hostOfUrlish(e)}\``;
  if (/[/?#]/.test(e)) return `egress_domains takes host names only, without a path or query; write \`${hostOfUrlish(e)}\``;
  if (e.includes('@')) return `egress_domains takes host names only, without a user name; write \`${hostOfUrlish(e)}\``;
  if (e.startsWith('$')) return 'a variable entry is `$NAME` or `${NAME}` alone (the host is that env var’s value)';
  if (/^\[[^\]]*\]:/.test(e) || /^[^:[\]]*:[^:]*$/.test(e))
    return `egress_domains takes host names only; the port is not part of the pattern — write \`${hostOfUrlish(e)}\``;
  const rest = e.startsWith('*.') ? e.slice(2) : e;
  if (rest.includes('*'))
    return e.startsWith('*.') && /^\*(\.|$)/.test(rest) ? 'only one wildcard is allowed, as the first label: `*.example.com`' : WILDCARD_FIX;
  return null;
}

/** Problems of the host name after an optional `*.`: empty labels, overlong labels, characters no host has. */
function nameProblem(name: string, wildcard: boolean): string | null {
  if (name === '') return WILDCARD_FIX;
  if (/^\.+$/.test(name)) return 'is not a host name: use letters, digits, hyphens and dots, e.g. `api.example.com`';
  if (name.startsWith('.')) return `starts with a dot; write \`*${name}\` for its subdomains or \`${name.replace(/^\.+/, '')}\` for the domain itself`;
  if (/\.\./.test(name)) return `has an empty label (two dots in a row); write \`${(wildcard ? '*.' : '') + name.replace(/\.{2,}/g, '.')}\``;
  const labels = name.replace(/\.$/, '').split('.');
  if (labels.some((l) => l.length > 63) || name.length > 253) return 'is too long for a host name (at most 63 characters per label, 253 in all)';
  return null;
}

/** Parses one `egress_domains` entry (surrounding spaces ignored). */
export function parseEgressPattern(entry: string): EgressPattern {
  const e = entry.trim();
  const v = VARIABLE.exec(e);
  if (v) return { form: 'variable', name: (v[1] ?? v[2])! };
  if (e === '*') return { form: 'anywhere' };
  const shape = shapeProblem(e);
  if (shape) return malformed(shape);
  const wildcard = e.startsWith('*.');
  const name = wildcard ? e.slice(2) : e;
  const problem = nameProblem(name, wildcard);
  if (problem) return malformed(problem);
  // A plain name (no `[`, `:` or `%`) is canonicalised once: the URL parser's answer tells both whether it is an IP literal and its host.
  const plain = !name.includes('[') && !name.includes(':') && !name.includes('%');
  const canonical = plain ? canonicalHost(name) : undefined;
  const ip = plain ? ipOfCanonicalHost(canonical ?? null) : parseIpLiteral(name);
  if (ip)
    return wildcard
      ? malformed('a wildcard covers the subdomains of a name, not an IP address; write the address alone')
      : { form: 'host', host: canonicalHost(name.includes(':') && !name.startsWith('[') ? `[${name}]` : name)!, wildcard, ip };
  if (name.includes(':')) return malformed('is not a valid IPv6 address; write it as e.g. `2001:db8::1`');
  const host = plain ? canonical! : canonicalHost(name);
  if (host === null || !/^[a-z0-9_.-]+$/.test(host)) return malformed('is not a host name: use letters, digits, hyphens and dots, e.g. `api.example.com`');
  return { form: 'host', host: host.replace(/\.$/, ''), wildcard, ip: null };
}
