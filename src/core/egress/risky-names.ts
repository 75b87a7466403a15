// Host names that reach the machine or its private network, decided from the
// name alone (no DNS): `localhost`, cloud metadata names (`instance-data`,
// `metadata.google.internal`), single-label names (resolved through search
// domains), names under no public top-level domain (`.internal`, `.local`,
// `.lan`, Kubernetes' `.svc` and `.cluster.local`, `kubernetes.default`) and
// `.home.arpa`; public DNS services that answer every name with loopback
// (`localtest.me`, `lvh.me` …) or with the address written in the name
// (`127.0.0.1.nip.io`, `10-0-0-1.sslip.io`, `7f000001.nip.io`). Names that
// resolve to such an address any other way are caught on save, where the
// names are resolved (src/node/workspace/resolve-egress.ts).

import { parse as parseDomain } from 'tldts';
import { classifyIp, formatIp, parseIpLiteral, type AddressClass, type AddressKind, type IpAddress } from './ip-address.js';

export type NameKind = AddressKind | 'rebinding';

export interface NameRisk {
  kind: NameKind;
  /** What the name reaches, to follow "is" or "covers": "this machine (loopback)". */
  what: string;
}

const METADATA_NAMES = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** Public names whose every subdomain resolves to 127.0.0.1 (services for local development). */
const LOOPBACK_SERVICES = ['localtest.me', 'lvh.me', 'vcap.me', 'lacolhost.com', 'localho.st', 'fuf.me'];

/** Public DNS services that answer a name with the IP address written in it (`10.0.0.1.nip.io`). */
const ADDRESS_SERVICES = ['nip.io', 'sslip.io', 'xip.io', 'traefik.me'];

/** Top-level names reserved for documentation and tests (RFC 2606): they resolve nowhere, so they reach nothing. */
const RESERVED_TLDS = new Set(['example', 'test', 'invalid']);

const LOOPBACK_NAME: NameRisk = { kind: 'loopback', what: 'a name that always resolves to this machine (loopback)' };

const under = (host: string, domain: string): boolean => host === domain || host.endsWith(`.${domain}`);

/** The service of ADDRESS_SERVICES that `host` is under, and the labels before it. */
function addressService(host: string): { service: string; labels: string[] } | null {
  const service = ADDRESS_SERVICES.find((s) => under(host, s));
  if (!service) return null;
  const prefix = host.slice(0, Math.max(0, host.length - service.length - 1));
  return { service, labels: prefix === '' ? [] : prefix.split('.') };
}

/** Every IP address written in the labels, in the spellings these services read: dotted, dashed, 8 hex digits, IPv6 with dashes. */
function embeddedAddresses(labels: readonly string[]): IpAddress[] {
  const found: IpAddress[] = [];
  const add = (text: string) => {
    const ip = parseIpLiteral(text);
    if (ip) found.push(ip);
  };
  for (let i = 0; i + 4 <= labels.length; i += 1) {
    const quad = labels.slice(i, i + 4);
    if (quad.every((l) => /^\d{1,3}$/.test(l))) add(quad.join('.'));
  }
  for (const label of labels) {
    const dashed = /(?:^|-)(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})$/.exec(label);
    if (dashed) add(dashed[1]!.replace(/-/g, '.'));
    const hex = /(?:^|-)([0-9a-f]{8})$/.exec(label);
    if (hex) add(String(parseInt(hex[1]!, 16)));
    if (/^[0-9a-f-]+$/.test(label) && label.includes('--')) add(label.replace(/-/g, ':'));
  }
  return found;
}

/** The first embedded address that is risky, with the message part naming it. */
function riskyEmbedded(labels: readonly string[], service: string): NameRisk | null {
  for (const ip of embeddedAddresses(labels)) {
    const c: AddressClass | null = classifyIp(ip);
    if (c) return { kind: c.kind, what: `a name that resolves to ${formatIp(ip)} (${service} answers with the address written in the name), ${c.what}` };
  }
  return null;
}

/** Why names under no public top-level domain are risky, or null when the name has one. */
function privateName(host: string): NameRisk | null {
  if (!host.includes('.'))
    return { kind: 'private', what: 'a single-label name, which resolves only through the machine’s search domains (a private network or cluster)' };
  if (under(host, 'home.arpa')) return { kind: 'private', what: 'a home network name (.home.arpa)' };
  const tld = host.slice(host.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.has(tld)) return null;
  if (tld === 'svc' || host.endsWith('.cluster.local')) return { kind: 'private', what: 'a Kubernetes cluster-internal name' };
  const p = parseDomain(host, { allowPrivateDomains: true });
  if (p.isIcann || p.isPrivate) return null;
  return { kind: 'private', what: `a name under .${tld}, which is no public top-level domain: it only resolves inside a private network` };
}

/** What a plain (non-wildcard, non-IP) host name reaches when that is risky; null otherwise. */
export function classifyName(host: string): NameRisk | null {
  if (METADATA_NAMES.has(host)) return { kind: 'metadata', what: 'a cloud metadata endpoint, which hands out the machine’s credentials' };
  if (under(host, 'localhost')) return { kind: 'loopback', what: 'this machine (loopback)' };
  if (LOOPBACK_SERVICES.some((s) => under(host, s))) return LOOPBACK_NAME;
  const svc = addressService(host);
  if (svc) return riskyEmbedded(svc.labels, svc.service);
  return privateName(host);
}

/** What `*.domain` covers when that is risky: names risky in themselves, or names of an address service. */
export function classifyWildcardName(domain: string): NameRisk | null {
  const svc = addressService(domain);
  if (svc) {
    const embedded = embeddedAddresses(svc.labels);
    if (embedded.length > 0) return riskyEmbedded(svc.labels, svc.service);
    return { kind: 'rebinding', what: `names that resolve to whatever address is written in them (${svc.service}), 127.0.0.1 and 169.254.169.254 included` };
  }
  // Whatever a name directly under the domain would be (`*.internal` covers `x.internal`).
  return classifyName(`x.${domain}`);
}
