// Resolving a skill's declared egress names on save: a name that looks public
// but answers with a loopback, private, CGNAT, link-local or metadata address
// (a rebinding service, an /etc/hosts entry, a split-horizon DNS) is as risky
// as writing that address. Each plain name of `egress_domains` (no wildcard,
// IP literal or `$VAR`; malformed and name-risky entries are judged without
// DNS) is looked up for all its addresses. The whole batch gets one budget
// (1.5 s): a name not answered by then — or not resolvable at all — counts
// as not risky, so a save never waits longer and a machine without DNS can
// still save. Answers (failures too) are cached per process for a minute, per
// resolver; a lookup that outlives the budget still fills the cache. The
// resolver is injectable so tests need no network.

import { lookup } from 'node:dns/promises';
import type { EgressFinding } from '../../core/egress/refuse-risky.js';
import { classifyAddress } from '../../core/egress/ip-address.js';
import { namesToResolve } from '../../core/egress/risky-egress.js';

/** Every address (IPv4 and IPv6, as text) a host name resolves to; rejects when it does not resolve. */
export type HostResolver = (name: string) => Promise<readonly string[]>;

/** `node:dns` lookup (getaddrinfo: /etc/hosts, then DNS), all addresses. */
export const systemHostResolver: HostResolver = async (name) => (await lookup(name, { all: true, verbatim: true })).map((a) => a.address);

export interface ResolveEgressOptions {
  /** Default systemHostResolver. */
  resolveHost?: HostResolver;
  /** The budget for the whole batch in milliseconds; default 1500. */
  timeoutMs?: number;
  /** How long an answer is reused, in milliseconds; default 60000. */
  ttlMs?: number;
  /** The clock of the cache; default Date.now. */
  now?: () => number;
  /** The SKILL.md line of entry `index`, for the findings. */
  lineOf?: (index: number) => number | undefined;
}

export const RESOLVE_TIMEOUT_MS = 1500;
const TTL_MS = 60_000;
const MAX_CACHED = 1000;

type Answer = { addresses: readonly string[]; expires: number };
const caches = new WeakMap<HostResolver, Map<string, Answer>>();

function cacheOf(resolver: HostResolver): Map<string, Answer> {
  let c = caches.get(resolver);
  if (!c) caches.set(resolver, (c = new Map()));
  return c;
}

/** One name's addresses (empty when it does not resolve), from the cache or the resolver. */
function resolveOne(resolver: HostResolver, name: string, ttlMs: number, now: () => number): Promise<readonly string[]> {
  const cache = cacheOf(resolver);
  const hit = cache.get(name);
  if (hit && hit.expires > now()) return Promise.resolve(hit.addresses);
  const remember = (addresses: readonly string[]) => {
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
    cache.set(name, { addresses, expires: now() + ttlMs });
    return addresses;
  };
  return Promise.resolve()
    .then(() => resolver(name))
    .then(
      (a) => remember(Array.isArray(a) ? a.filter((x): x is string => typeof x === 'string') : []),
      () => remember([]),
    );
}

/**
 * The addresses of each name, settled within the budget: a name still
 * unanswered when it runs out maps to null (unknown, not risky).
 */
export async function resolveNames(names: readonly string[], opts: ResolveEgressOptions = {}): Promise<Map<string, readonly string[] | null>> {
  const resolver = opts.resolveHost ?? systemHostResolver;
  const now = opts.now ?? Date.now;
  const out = new Map<string, readonly string[] | null>(names.map((n) => [n, null]));
  const all = Promise.all(names.map((n) => resolveOne(resolver, n, opts.ttlMs ?? TTL_MS, now).then((a) => void out.set(n, a))));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, opts.timeoutMs ?? RESOLVE_TIMEOUT_MS);
    timer.unref?.();
  });
  await Promise.race([all, budget]);
  clearTimeout(timer);
  return new Map(out);
}

/** The declared names that resolve to an address inside the machine or its network, one finding per entry. */
export async function riskyResolvedEgress(egressDomains: readonly string[], opts: ResolveEgressOptions = {}): Promise<EgressFinding[]> {
  const entries = namesToResolve(egressDomains);
  if (entries.length === 0) return [];
  const answers = await resolveNames([...new Set(entries.map((e) => e.host))], opts);
  const findings: EgressFinding[] = [];
  for (const { entry, index, host } of entries) {
    for (const address of answers.get(host) ?? []) {
      const c = classifyAddress(address);
      if (!c) continue;
      const line = opts.lineOf?.(index);
      const message = `${JSON.stringify(entry.trim())} resolves to ${address}, ${c.what}; a skill should not reach it — remove the entry`;
      findings.push(line === undefined ? { message } : { message, line });
      break;
    }
  }
  return findings;
}
