// Which hosts a tool run may reach: the skill's `egress_domains`, matched the
// way Forge's DomainMatcher does (case-insensitive exact name, or `*.x.com`
// for any name ending in `.x.com` — not `x.com` itself). Stricter than Forge
// in two places, because the script under test runs next to the builder's own
// server: `localhost` and IP literals are allowed only when declared as
// written (Forge always allows loopback), and IP spellings that hide an
// address (octal, hex, packed decimal, leading zeros) are refused outright.
// A declared name is only the first gate: the proxy then refuses private
// addresses whatever was declared (egress-address.ts).

import { isIP } from 'node:net';

/** `[::1]` → `::1`, lower case, no trailing dot. */
export function normalizeHost(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  if (h.endsWith('.')) h = h.slice(0, -1);
  return h;
}

/** True for a host written as digits, dots and hex that is not a plain dotted-quad IPv4 (e.g. `0177.0.0.1`, `2130706433`, `0x7f.1`). */
export function isObfuscatedIp(host: string): boolean {
  if (isIP(host) !== 0) return /(^|\.)0\d/.test(host); // 127.000.0.1 parses in some resolvers
  return /^(0x[0-9a-f]+|\d+)(\.(0x[0-9a-f]+|\d+)){0,3}$/i.test(host);
}

export interface EgressPolicy {
  /** True when the run may contact `host` (the name the script asked for). */
  allows(host: string): boolean;
}

export function createEgressPolicy(egressDomains: readonly string[]): EgressPolicy {
  const exact = new Set<string>();
  const suffixes: string[] = [];
  for (const raw of egressDomains) {
    const d = normalizeHost(raw);
    if (d === '') continue;
    if (d.startsWith('*.')) suffixes.push(d.slice(1));
    else exact.add(d);
  }
  return {
    allows(host) {
      const h = normalizeHost(host);
      if (h === '' || isObfuscatedIp(h)) return false;
      if (exact.has(h)) return true;
      if (isIP(h) !== 0 || h === 'localhost') return false;
      return suffixes.some((s) => h.endsWith(s));
    },
  };
}
