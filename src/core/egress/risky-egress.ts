// Egress entries that mean "anywhere" or "inside": an `egress_domains` entry
// that lets a skill send data to any host (`*`, a wildcard over a public
// suffix such as `*.com` or `*.co.uk`, decided with the Public Suffix List
// through tldts), or reach what an agent's machine must keep to itself —
// cloud metadata endpoints (they hand out the machine's credentials),
// loopback, private and link-local addresses and private network names.
// The validator warns about each; saving a skill refuses them unless the
// caller says the risk is accepted (allowRiskyEgress).
//
// Hosts are canonicalised with the WHATWG URL parser first, so the spellings
// an HTTP client accepts for the same address (`2852039166`, `0xa9.254.169.254`,
// `[::ffff:a9fe:a9fe]`) are caught too.

import { parse as parseDomain } from 'tldts';

export type RiskyEgressKind = 'anywhere' | 'public-suffix' | 'metadata' | 'loopback' | 'private' | 'link-local';

export interface RiskyEgress {
  /** The entry as written. */
  entry: string;
  /** Its position in the list. */
  index: number;
  kind: RiskyEgressKind;
  /** One sentence naming the entry, what it allows and the fix. */
  reason: string;
}

const METADATA_HOSTS = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, …
  '[fd00:ec2::254]', // AWS over IPv6
  '169.254.170.2', // AWS ECS task credentials
  '100.100.100.200', // Alibaba Cloud
  'metadata.google.internal',
  'metadata.goog',
  'metadata',
]);

/** Names that only resolve inside a private network (RFC 6762, 8375, common practice). */
const PRIVATE_NAME_SUFFIXES = ['.internal', '.local', '.localdomain', '.home.arpa', '.lan', '.intranet', '.corp'];

type Classified = { kind: RiskyEgressKind; what: string } | null;

/** The host of an entry as an HTTP client would see it, or null when it is not a host. */
function canonicalHost(host: string): string | null {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

function ipv4Of(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  return m ? m.slice(1).map(Number) : null;
}

/** The 8 hextets of a canonical `[v6]` host. */
function ipv6Of(host: string): number[] | null {
  if (!host.startsWith('[')) return null;
  const body = host.slice(1, -1);
  const [head, tail] = body.includes('::') ? body.split('::') : [body, undefined];
  const a = head ? head.split(':') : [];
  const b = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - a.length - b.length).fill('0');
  const parts = [...a, ...zeros, ...b].map((p) => parseInt(p, 16));
  return parts.length === 8 && parts.every((n) => Number.isInteger(n)) ? parts : null;
}

function classifyIpv4([a, b]: number[]): Classified {
  if (a === 127 || a === 0) return { kind: 'loopback', what: 'this machine (loopback)' };
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) return { kind: 'private', what: 'a private network address' };
  if (a === 100 && b! >= 64 && b! <= 127) return { kind: 'private', what: 'a shared (carrier-grade NAT) address' };
  if (a === 169 && b === 254) return { kind: 'link-local', what: 'a link-local address' };
  return null;
}

function classifyIpv6(h: number[]): Classified {
  if (h.slice(0, 7).every((n) => n === 0) && (h[7] === 1 || h[7] === 0)) return { kind: 'loopback', what: 'this machine (loopback)' };
  if ((h[0]! & 0xfe00) === 0xfc00) return { kind: 'private', what: 'a private network address (unique local)' };
  if ((h[0]! & 0xffc0) === 0xfe80) return { kind: 'link-local', what: 'a link-local address' };
  return null;
}

/** What a plain host (no wildcard) reaches, when it is risky. */
function classifyHost(raw: string): Classified {
  const host = canonicalHost(raw);
  if (host === null) return null;
  const v6 = ipv6Of(host);
  // An IPv4-mapped IPv6 address (::ffff:a.b.c.d) reaches the IPv4 address.
  const key = v6 && v6.slice(0, 5).every((n) => n === 0) && v6[5] === 0xffff ? v4FromMapped(v6) : host;
  if (METADATA_HOSTS.has(key)) return { kind: 'metadata', what: 'a cloud metadata endpoint, which hands out the machine’s credentials' };
  const v4 = ipv4Of(key);
  if (v4) return classifyIpv4(v4);
  if (v6) return classifyIpv6(v6);
  if (host === 'localhost' || host.endsWith('.localhost')) return { kind: 'loopback', what: 'this machine (loopback)' };
  if (PRIVATE_NAME_SUFFIXES.some((s) => host.endsWith(s) || host === s.slice(1))) return { kind: 'private', what: 'a name that only resolves inside a private network' };
  return null;
}

function v4FromMapped(h: number[]): string {
  return [h[6]! >> 8, h[6]! & 0xff, h[7]! >> 8, h[7]! & 0xff].join('.');
}

/** Why one entry is risky, or null. `$VAR` entries and non-hosts are not judged here. */
export function classifyEgressEntry(entry: string): { kind: RiskyEgressKind; reason: string } | null {
  const e = stripEntry(entry);
  if (e === '' || e.startsWith('$')) return null;
  const shown = JSON.stringify(entry.trim());
  if (e === '*' || e === '*.*' || e === '*.') return { kind: 'anywhere', reason: `${shown} allows egress to every host; list the hosts the skill contacts instead` };
  if (e.startsWith('*.')) {
    const suffix = e.slice(2);
    const inner = classifyHost(suffix);
    if (inner) return { kind: inner.kind, reason: `${shown} covers ${inner.what}; a skill should not reach it — remove the entry` };
    const canonical = canonicalHost(suffix);
    if (canonical !== null && !ipv4Of(canonical) && !canonical.startsWith('[')) {
      const parsed = parseDomain(canonical, { allowPrivateDomains: false });
      if (parsed.domain === null && parsed.publicSuffix !== null)
        return {
          kind: 'public-suffix',
          reason: `${shown} matches every site under the public suffix "${canonical}" — anyone can register a name there, so the skill could send data anywhere; list the hosts it needs (e.g. api.example.${canonical})`,
        };
    }
    return null;
  }
  const c = classifyHost(e);
  return c ? { kind: c.kind, reason: `${shown} is ${c.what}; a skill should not reach it — remove the entry` } : null;
}

/** `https://API.x.com:443/p` → `api.x.com`; `[fd00::1]:80` → `[fd00::1]`; a bare IPv6 gets brackets. */
function stripEntry(entry: string): string {
  let e = entry.trim().toLowerCase().replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  e = e.replace(/[/?#].*$/, '');
  if (e.startsWith('[')) return e.replace(/\]:\d+$/, ']');
  if ((e.match(/:/g) ?? []).length >= 2) return `[${e}]`;
  return e.replace(/:\d+$/, '').replace(/\.$/, '');
}

/** Every risky entry of an `egress_domains` list, in order. */
export function findRiskyEgress(entries: readonly string[]): RiskyEgress[] {
  const out: RiskyEgress[] = [];
  entries.forEach((entry, index) => {
    if (typeof entry !== 'string') return;
    const c = classifyEgressEntry(entry);
    if (c) out.push({ entry, index, ...c });
  });
  return out;
}
