// IP addresses in every spelling an HTTP client or a resolver hands us, and
// whether one is inside the machine or its network. Parsing goes through the
// WHATWG URL host parser, so `2130706433`, `0x7f.1`, `0177.0.0.1`, `127.1`
// and `[::ffff:7f00:1]` all come out as the address they reach. Used for the
// literals an `egress_domains` entry names and for the addresses a declared
// name resolves to on save (src/node/workspace/resolve-egress.ts).

export type AddressKind = 'metadata' | 'loopback' | 'private' | 'link-local';

export interface AddressClass {
  kind: AddressKind;
  /** What the address reaches, for a message: "this machine (loopback)". */
  what: string;
}

/** An IPv4 address as 4 octets or an IPv6 address as 8 hextets. */
export type IpAddress = { version: 4; octets: number[] } | { version: 6; hextets: number[] };

const METADATA_V4 = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, Oracle …
  '169.254.170.2', // AWS ECS task credentials
  '100.100.100.200', // Alibaba Cloud
]);
const METADATA_V6 = new Set(['fd00:ec2:0:0:0:0:0:254']); // AWS over IPv6

const LOOPBACK: AddressClass = { kind: 'loopback', what: 'this machine (loopback)' };
const METADATA: AddressClass = { kind: 'metadata', what: 'a cloud metadata endpoint, which hands out the machine’s credentials' };

const PLAIN_NAME = /^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?$/;
/** The URL parser's "ends in a number" (the last label, before an optional final dot, is decimal or 0x-hex): it then reads an IPv4 address. */
const ENDS_IN_NUMBER = /(?:^|\.)(?:\d+|0x[0-9a-f]*)\.?$/;

/** The host as the URL parser canonicalises it (`[v6]` bracketed), or null when it is no host. */
export function canonicalHost(host: string): string | null {
  if (host === '' || /[\s/?#@\\]/.test(host)) return null;
  // Lower-case ASCII labels that are no punycode and do not end in a number are their own canonical form (no URL object needed).
  if (PLAIN_NAME.test(host) && !host.includes('xn--') && !ENDS_IN_NUMBER.test(host)) return host;
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

/**
 * The address a literal names, in any form (`127.1`, `2130706433`, `0x7f000001`,
 * `::1`, `[::1]`, `fe80::1%eth0`), or null when the text is not an IP literal.
 */
export function parseIpLiteral(text: string): IpAddress | null {
  let t = text.trim();
  if (t.startsWith('[') && t.endsWith(']')) t = t.slice(1, -1);
  t = t.replace(/%[\w.-]+$/, ''); // a zone id (fe80::1%eth0) does not change the address
  if (t.includes(':')) t = `[${t}]`;
  return ipOfCanonicalHost(canonicalHost(t));
}

/** The address a host canonicalised by {@link canonicalHost} is, or null when it is a name (or no host). */
export function ipOfCanonicalHost(host: string | null): IpAddress | null {
  if (host === null) return null;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (v4) return { version: 4, octets: v4.slice(1).map(Number) };
  return host.startsWith('[') ? { version: 6, hextets: hextetsOf(host.slice(1, -1)) } : null;
}

/** The 8 hextets of a canonical (URL-serialised) IPv6 address. */
function hextetsOf(body: string): number[] {
  const [head, tail] = body.includes('::') ? body.split('::') : [body, undefined];
  const a = head ? head.split(':') : [];
  const b = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - a.length - b.length).fill('0');
  return [...a, ...zeros, ...b].map((p) => parseInt(p, 16));
}

/** The address for a message, as it reaches: `127.0.0.1`, `fd00:ec2::254`; an IPv6 that carries an IPv4 one shows that (`::ffff:7f00:1` → `127.0.0.1`). */
export function formatIp(ip: IpAddress): string {
  if (ip.version === 4) return ip.octets.join('.');
  const v4 = embeddedV4(ip.hextets);
  if (v4) return formatIp(v4);
  return canonicalHost(`[${fullV6(ip.hextets)}]`)!.slice(1, -1);
}

/** All 8 hextets, uncompressed: the key of METADATA_V6. */
const fullV6 = (h: readonly number[]): string => h.map((n) => n.toString(16)).join(':');

/** The IPv4 address an IPv6 one carries and reaches: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) or NAT64 (64:ff9b::a.b.c.d). */
function embeddedV4(h: readonly number[]): IpAddress | null {
  const zeros5 = h.slice(0, 5).every((n) => n === 0);
  const mapped = zeros5 && h[5] === 0xffff;
  const compatible = zeros5 && h[5] === 0 && (h[6] !== 0 || h[7]! > 1);
  const nat64 = h[0] === 0x64 && h[1] === 0xff9b && h.slice(2, 6).every((n) => n === 0);
  if (!mapped && !compatible && !nat64) return null;
  return { version: 4, octets: [h[6]! >> 8, h[6]! & 0xff, h[7]! >> 8, h[7]! & 0xff] };
}

function classifyV4(octets: readonly number[]): AddressClass | null {
  const [a, b] = octets;
  if (METADATA_V4.has(octets.join('.'))) return METADATA;
  if (a === 127 || a === 0) return LOOPBACK; // 0.0.0.0/8 reaches this machine on Linux
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) return { kind: 'private', what: 'a private network address' };
  if (a === 100 && b! >= 64 && b! <= 127) return { kind: 'private', what: 'a shared (carrier-grade NAT) address' };
  if (a === 169 && b === 254) return { kind: 'link-local', what: 'a link-local address' };
  return null;
}

function classifyV6(h: readonly number[]): AddressClass | null {
  if (METADATA_V6.has(fullV6(h))) return METADATA;
  if (h.slice(0, 7).every((n) => n === 0) && (h[7] === 1 || h[7] === 0)) return LOOPBACK;
  if ((h[0]! & 0xfe00) === 0xfc00) return { kind: 'private', what: 'a private network address (unique local)' };
  if ((h[0]! & 0xffc0) === 0xfec0) return { kind: 'private', what: 'a private network address (site-local)' };
  if ((h[0]! & 0xffc0) === 0xfe80) return { kind: 'link-local', what: 'a link-local address' };
  return null;
}

/** Whether an address is loopback, private, CGNAT, link-local or cloud metadata (null: a public address). */
export function classifyIp(ip: IpAddress): AddressClass | null {
  if (ip.version === 4) return classifyV4(ip.octets);
  const v4 = embeddedV4(ip.hextets);
  return v4 ? classifyIp(v4) : classifyV6(ip.hextets);
}

/** `classifyIp` of a literal in any spelling; null for a public address or text that is no IP literal. */
export function classifyAddress(text: string): AddressClass | null {
  const ip = parseIpLiteral(text);
  return ip ? classifyIp(ip) : null;
}
