// Which addresses the egress proxy never dials for a tool run: loopback,
// private (RFC 1918, ULA), link-local, CGNAT, unspecified, multicast,
// reserved and cloud metadata addresses — in every spelling that reaches
// them (IPv4-mapped and NAT64 IPv6 forms are judged by the IPv4 inside) —
// unless the run allows private egress; and, always, the builder's own
// listening addresses (`forbiddenUpstreams`, a `0.0.0.0`/`::` listener
// meaning every local address at that port).

import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { networkInterfaces } from 'node:os';

/** An address and port the proxy must never dial: where the builder itself listens. */
export interface Upstream {
  address: string;
  port: number;
}

const METADATA = new Set(['169.254.169.254', '100.100.100.200', 'fd00:ec2:0:0:0:0:0:254']);

function v4List(entries: ReadonlyArray<readonly [string, number]>): BlockList {
  const b = new BlockList();
  for (const [net, bits] of entries) b.addSubnet(net, bits, 'ipv4');
  return b;
}

function v6List(entries: ReadonlyArray<readonly [string, number]>): BlockList {
  const b = new BlockList();
  for (const [net, bits] of entries) b.addSubnet(net, bits, 'ipv6');
  return b;
}

/** IPv4 ranges by the reason they are refused. */
const V4: ReadonlyArray<readonly [string, BlockList]> = [
  ['unspecified / this-network', v4List([['0.0.0.0', 8]])],
  ['loopback', v4List([['127.0.0.0', 8]])],
  [
    'private network (RFC 1918)',
    v4List([
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ]),
  ],
  ['carrier-grade NAT (100.64.0.0/10)', v4List([['100.64.0.0', 10]])],
  ['link-local', v4List([['169.254.0.0', 16]])],
  ['multicast', v4List([['224.0.0.0', 4]])],
  [
    'reserved',
    v4List([
      ['192.0.0.0', 24],
      ['192.0.2.0', 24],
      ['198.18.0.0', 15],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
      ['240.0.0.0', 4],
    ]),
  ],
];

/** IPv6 ranges by reason (IPv4-mapped and NAT64 addresses are judged by their IPv4 first). */
const V6: ReadonlyArray<readonly [string, BlockList]> = [
  ['loopback', v6List([['::1', 128]])],
  ['unspecified', v6List([['::', 128]])],
  ['IPv4-compatible (deprecated)', v6List([['::', 96]])],
  ['private network (ULA fc00::/7)', v6List([['fc00::', 7]])],
  [
    'link-local',
    v6List([
      ['fe80::', 10],
      ['fec0::', 10],
    ]),
  ],
  ['multicast', v6List([['ff00::', 8]])],
  [
    'reserved',
    v6List([
      ['64:ff9b:1::', 48],
      ['100::', 64],
      ['2001:db8::', 32],
      ['::ffff:0:0:0', 96],
    ]),
  ],
];

/**
 * The `a.b.c.d` at the end of `s`, or null: what `/(\d+\.\d+\.\d+\.\d+)$/`
 * finds, without that unanchored regex's retry at every digit of a long run.
 */
function dottedTail(s: string): string | null {
  let start = s.length;
  while (start > 0 && /[\d.]/.test(s[start - 1]!)) start--;
  const parts = s.slice(start).split('.').slice(-4);
  return parts.length === 4 && parts.every((p) => p !== '') ? parts.join('.') : null;
}

/** The eight 16-bit groups of an IPv6 address (an embedded dotted IPv4 tail allowed), or null. */
function groups(ip: string): number[] | null {
  let s = ip.split('%')[0]!.toLowerCase();
  const dotted = dottedTail(s);
  if (dotted) {
    if (!isIPv4(dotted)) return null;
    const b = dotted.split('.').map(Number);
    s = `${s.slice(0, -dotted.length)}${((b[0]! << 8) | b[1]!).toString(16)}:${((b[2]! << 8) | b[3]!).toString(16)}`;
  }
  const [head, tail, ...rest] = s.split('::');
  if (rest.length > 0) return null;
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const fill = tail === undefined ? 0 : 8 - h.length - t.length;
  if (fill < 0) return null;
  const all = [...h, ...Array<string>(fill).fill('0'), ...t];
  if (all.length !== 8 || all.some((g) => !/^[0-9a-f]{1,4}$/.test(g))) return null;
  return all.map((g) => parseInt(g, 16));
}

/** Canonical text of an IP (`::ffff:127.0.0.1` → `127.0.0.1`, IPv6 expanded without leading zeros), or null when not an IP. */
export function canonicalIp(ip: string): string | null {
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip.split('%')[0]!)) return null;
  const g = groups(ip);
  if (!g) return null;
  const mapped = g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff;
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0);
  if (mapped || nat64) return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  return g.map((x) => x.toString(16)).join(':');
}

/** Why `ip` is not a public address (`loopback`, `cloud metadata endpoint`, …), or null when it is public. */
export function privateAddressReason(ip: string): string | null {
  const c = canonicalIp(ip);
  if (c === null) return 'not an IP address';
  if (METADATA.has(c)) return 'cloud metadata endpoint';
  if (isIPv4(c)) return V4.find(([, list]) => list.check(c, 'ipv4'))?.[0] ?? null;
  return V6.find(([, list]) => list.check(c, 'ipv6'))?.[0] ?? null;
}

/** Every address of this machine (loopback and interfaces), canonical. */
function localAddresses(): Set<string> {
  const out = new Set<string>(['0.0.0.0', '0:0:0:0:0:0:0:0']);
  for (const list of Object.values(networkInterfaces())) for (const a of list ?? []) out.add(canonicalIp(a.address) ?? a.address);
  return out;
}

/** True when dialling `ip:port` reaches one of `forbidden` (a wildcard listener matches any local address at its port). */
export function isForbiddenUpstream(ip: string, port: number, forbidden: readonly Upstream[]): boolean {
  const c = canonicalIp(ip);
  if (c === null) return true;
  // Dialling 0.0.0.0 or :: connects to this machine: it reaches every listener at that port.
  const unspecified = c === '0:0:0:0:0:0:0:0' || (isIPv4(c) && c.startsWith('0.'));
  let local: Set<string> | undefined;
  for (const f of forbidden) {
    if (f.port !== port) continue;
    if (unspecified) return true;
    const fc = canonicalIp(f.address.replace(/^\[|\]$/g, ''));
    if (fc === c) return true;
    const wildcard = fc === '0.0.0.0' || fc === '0:0:0:0:0:0:0:0';
    if (!wildcard) continue;
    local ??= localAddresses();
    if (local.has(c) || privateAddressReason(c) === 'loopback') return true;
  }
  return false;
}
