// Judges each `egress_domains` entry: malformed (it matches nothing the way
// it is written — parsed in egress-pattern.ts), risky, or fine. Risky means
// the entry lets a skill send data anywhere — `*`, a wildcard over a public
// suffix (`*.com`, `*.co.uk`) or over a shared domain of the Public Suffix
// List's private section where anyone can publish (`*.github.io`,
// `*.workers.dev`, `*.amazonaws.com` with `s3.amazonaws.com` below it) — or
// reach what the agent's machine must keep to itself: cloud metadata,
// loopback, private, CGNAT and link-local addresses in any spelling
// (ip-address.ts) and the names that lead there (risky-names.ts). The
// validator reports malformed entries as errors and risky ones as warnings;
// saving refuses both, risky ones unless the caller accepts the risk.

import { parse as parseDomain } from 'tldts';
import { parseEgressPattern } from './egress-pattern.js';
import { classifyIp, formatIp, type IpAddress } from './ip-address.js';
import { suffixBelow } from './psl-below.js';
import { classifyName, classifyWildcardName, type NameKind } from './risky-names.js';

export type RiskyEgressKind = NameKind | 'anywhere' | 'public-suffix';

export interface RiskyEgress {
  /** The entry as written. */
  entry: string;
  /** Its position in the list. */
  index: number;
  kind: RiskyEgressKind;
  /** One sentence naming the entry, what it allows and the fix. */
  reason: string;
}

export interface MalformedEgress {
  entry: string;
  index: number;
  /** `"*com": a wildcard must be …`: the entry, what is wrong and the fix. */
  reason: string;
}

export type EgressVerdict = { status: 'ok' } | { status: 'malformed'; reason: string } | { status: 'risky'; kind: RiskyEgressKind; reason: string };

const OK: EgressVerdict = { status: 'ok' };
/** The entry as a message quotes it (made only for a verdict that has a message). */
const showEntry = (entry: string): string => JSON.stringify(entry.trim());
const REMOVE = 'a skill should not reach it — remove the entry';

/** Why `*.domain` covers strangers' hosts (a public suffix, or one listed below the domain), or null. */
function sharedSuffixReason(entry: string, domain: string): string | null {
  const p = parseDomain(domain, { allowPrivateDomains: true });
  if (p.domain === null && p.publicSuffix === domain) {
    const shown = showEntry(entry);
    if (p.isIcann)
      return `${shown} matches every site under the public suffix "${domain}" — anyone can register a name there, so the skill could send data anywhere; list the hosts it needs (e.g. api.example.${domain})`;
    return `${shown} matches every site under "${domain}", a shared domain where anyone can publish (Public Suffix List, private section), so the skill could send data to strangers; list the exact hosts it needs`;
  }
  const below = suffixBelow(domain);
  if (below)
    return `${showEntry(entry)} covers shared domains the Public Suffix List names under "${domain}" (such as "${below}"), where anyone can publish, so the skill could send data to strangers; list the exact hosts it needs`;
  return null;
}

function ipVerdict(entry: string, ip: IpAddress, written: string): EgressVerdict {
  const c = classifyIp(ip);
  if (!c) return OK;
  const shown = showEntry(entry);
  const canonical = formatIp(ip);
  const named = canonical === written.replace(/^\[|\]$/g, '') ? shown : `${shown} (${canonical})`;
  return { status: 'risky', kind: c.kind, reason: `${named} is ${c.what}; ${REMOVE}` };
}

/** Malformed, risky or fine: the verdict on one entry. `$VAR` entries are fine here (their value is checked where it is known). */
export function judgeEgressEntry(entry: string): EgressVerdict {
  const p = parseEgressPattern(entry);
  if (p.form === 'variable') return OK;
  if (p.form === 'malformed') return { status: 'malformed', reason: `${showEntry(entry)}: ${p.problem}` };
  if (p.form === 'anywhere')
    return { status: 'risky', kind: 'anywhere', reason: `${showEntry(entry)} allows egress to every host; list the hosts the skill contacts instead` };
  if (p.ip) return ipVerdict(entry, p.ip, entry.trim().toLowerCase());
  if (p.wildcard) {
    const inner = classifyWildcardName(p.host);
    if (inner) return { status: 'risky', kind: inner.kind, reason: `${showEntry(entry)} covers ${inner.what}; ${REMOVE}` };
    const shared = sharedSuffixReason(entry, p.host);
    return shared ? { status: 'risky', kind: 'public-suffix', reason: shared } : OK;
  }
  const c = classifyName(p.host);
  return c ? { status: 'risky', kind: c.kind, reason: `${showEntry(entry)} is ${c.what}; ${REMOVE}` } : OK;
}

/** Why one entry is risky, or null (fine or malformed). */
export function classifyEgressEntry(entry: string): { kind: RiskyEgressKind; reason: string } | null {
  const v = judgeEgressEntry(entry);
  return v.status === 'risky' ? { kind: v.kind, reason: v.reason } : null;
}

/** Every risky entry of an `egress_domains` list, in order. */
export function findRiskyEgress(entries: readonly string[]): RiskyEgress[] {
  const out: RiskyEgress[] = [];
  entries.forEach((entry, index) => {
    if (typeof entry !== 'string') return;
    const v = judgeEgressEntry(entry);
    if (v.status === 'risky') out.push({ entry, index, kind: v.kind, reason: v.reason });
  });
  return out;
}

/** Every malformed entry of an `egress_domains` list, in order. */
export function findMalformedEgress(entries: readonly string[]): MalformedEgress[] {
  const out: MalformedEgress[] = [];
  entries.forEach((entry, index) => {
    if (typeof entry !== 'string') return;
    const v = judgeEgressEntry(entry);
    if (v.status === 'malformed') out.push({ entry, index, reason: v.reason });
  });
  return out;
}

/**
 * The entries a save resolves in DNS: plain host names (no wildcard, IP
 * literal or `$VAR`) that are neither malformed nor risky by their name.
 */
export function namesToResolve(entries: readonly string[]): Array<{ entry: string; index: number; host: string }> {
  const out: Array<{ entry: string; index: number; host: string }> = [];
  entries.forEach((entry, index) => {
    if (typeof entry !== 'string') return;
    const p = parseEgressPattern(entry);
    if (p.form === 'host' && !p.wildcard && !p.ip && judgeEgressEntry(entry).status === 'ok') out.push({ entry, index, host: p.host });
  });
  return out;
}
