// Every `egress_domains` spelling issue 21 found slipping past the save check,
// and more of each kind, judged without DNS: malformed (with the fix), risky
// (with the kind and what the reason names) or ok. The names that only a
// resolver can judge are in test/node/workspace/resolve-egress.test.ts.
import { describe, expect, it } from 'vitest';
import { judgeEgressEntry } from '../../../src/core/egress/risky-egress.js';
import { classifyAddress, formatIp, parseIpLiteral } from '../../../src/core/egress/ip-address.js';
import { suffixBelow } from '../../../src/core/egress/psl-below.js';

type Row = [entry: string, status: 'ok' | 'malformed' | string, reasonContains?: string];

const MALFORMED: Row[] = [
  ['*com', 'malformed', 'a wildcard must be `*.` followed by a domain, e.g. `*.example.com`'],
  ['*.*.com', 'malformed', 'only one wildcard is allowed, as the first label'],
  ['*.*', 'malformed', 'only one wildcard'],
  ['*.', 'malformed', 'a wildcard must be `*.` followed by a domain'],
  ['api.*.com', 'malformed', 'a wildcard must be `*.`'],
  ['a*b.example.com', 'malformed', 'a wildcard must be `*.`'],
  ['api..example.com', 'malformed', 'empty label (two dots in a row); write `api.example.com`'],
  ['.example.com', 'malformed', 'write `*.example.com` for its subdomains or `example.com` for the domain itself'],
  ['', 'malformed', 'the entry is empty'],
  ['api example.com', 'malformed', 'contains a space'],
  ['https://x', 'malformed', 'not URLs; write `x`'],
  ['https://API.example.com:8443/v1?q=1', 'malformed', 'not URLs; write `API.example.com`'],
  ['api.example.com/v1', 'malformed', 'without a path or query; write `api.example.com`'],
  ['api.example.com:443', 'malformed', 'egress_domains takes host names only; the port is not part of the pattern — write `api.example.com`'],
  ['localhost:8080', 'malformed', 'the port is not part of the pattern'],
  ['[::1]:8080', 'malformed', 'the port is not part of the pattern — write `[::1]`'],
  ['user@api.example.com', 'malformed', 'without a user name; write `api.example.com`'],
  ['exa!mple.com', 'malformed', 'is not a host name'],
  [`${'a'.repeat(64)}.com`, 'malformed', 'at most 63 characters per label'],
  ['*.127.0.0.1', 'malformed', 'not an IP address'],
  ['$HOST:443', 'malformed', '`$NAME` or `${NAME}` alone'],
  ['fd00::ec2::1', 'malformed', 'not a valid IPv6 address'],
];

const RISKY: Row[] = [
  // Loopback and rebinding DNS services: the answer is in the name.
  ['localtest.me', 'loopback', 'always resolves to this machine'],
  ['api.localtest.me', 'loopback', 'always resolves to this machine'],
  ['lvh.me', 'loopback'],
  ['127.0.0.1.nip.io', 'loopback', 'resolves to 127.0.0.1 (nip.io answers with the address written in the name)'],
  ['app.10.0.0.7.nip.io', 'private', 'resolves to 10.0.0.7'],
  ['10-0-0-1.sslip.io', 'private', 'resolves to 10.0.0.1'],
  ['app-169-254-169-254.sslip.io', 'metadata', 'resolves to 169.254.169.254'],
  ['7f000001.nip.io', 'loopback', 'resolves to 127.0.0.1'],
  ['--1.sslip.io', 'loopback', 'resolves to ::1'],
  ['*.nip.io', 'rebinding', 'whatever address is written in them'],
  ['*.sslip.io', 'rebinding'],
  ['*.127.0.0.1.nip.io', 'loopback'],
  ['*.localtest.me', 'loopback'],
  // Single-label, cluster-internal and private names.
  ['instance-data', 'metadata', 'cloud metadata endpoint'],
  ['intranet', 'private', 'single-label name'],
  ['kubernetes.default.svc', 'private', 'Kubernetes cluster-internal name'],
  ['kubernetes.default.svc.cluster.local', 'private', 'Kubernetes cluster-internal name'],
  ['kubernetes.default', 'private', 'no public top-level domain'],
  ['db.internal', 'private', 'under .internal'],
  ['printer.local', 'private', 'under .local'],
  ['nas.lan', 'private', 'under .lan'],
  ['router.home.arpa', 'private', '.home.arpa'],
  ['*.svc', 'private', 'Kubernetes'],
  ['*.cluster.local', 'private'],
  ['*.corp', 'private', 'under .corp'],
  // Wildcards over shared suffixes: ICANN and the PSL's private section, and domains with such suffixes below them.
  ['*.com', 'public-suffix', 'the public suffix "com"'],
  ['*.co.uk', 'public-suffix', 'the public suffix "co.uk"'],
  ['*.github.io', 'public-suffix', 'shared domain where anyone can publish (Public Suffix List, private section)'],
  ['*.herokuapp.com', 'public-suffix', '"herokuapp.com", a shared domain'],
  ['*.ngrok.io', 'public-suffix', '"ngrok.io", a shared domain'],
  ['*.workers.dev', 'public-suffix', '"workers.dev", a shared domain'],
  ['*.vercel.app', 'public-suffix'],
  ['*.s3.amazonaws.com', 'public-suffix'],
  ['*.amazonaws.com', 'public-suffix', 'names under "amazonaws.com" (such as "s3.amazonaws.com")'],
  ['*.windows.net', 'public-suffix', 'names under "windows.net"'],
  ['*', 'anywhere'],
  // IP literals in every form, normalised.
  ['2130706433', 'loopback', '"2130706433" (127.0.0.1)'],
  ['0x7f000001', 'loopback', '(127.0.0.1)'],
  ['0177.0.0.1', 'loopback', '(127.0.0.1)'],
  ['127.1', 'loopback', '(127.0.0.1)'],
  ['0.0.0.0', 'loopback'],
  ['::1', 'loopback'],
  ['[::1]', 'loopback'],
  ['::ffff:127.0.0.1', 'loopback', '(127.0.0.1)'],
  ['[::ffff:a00:1]', 'private', '(10.0.0.1)'],
  ['64:ff9b::a9fe:a9fe', 'metadata', '(169.254.169.254)'],
  ['100.64.0.1', 'private', 'carrier-grade NAT'],
  ['fec0::1', 'private', 'site-local'],
  ['fe80::1', 'link-local'],
  ['100.100.100.200', 'metadata'],
];

const OK: Row[] = [
  ['api.github.com', 'ok'],
  ['API.GitHub.com', 'ok'],
  ['example.com.', 'ok'],
  ['*.example.com', 'ok'],
  ['*.bbc.co.uk', 'ok'],
  ['*.google.com', 'ok'],
  ['*.mybucket.s3.amazonaws.com', 'ok'],
  ['octocat.github.io', 'ok'],
  ['nip.io', 'ok'],
  ['8.8.8.8.nip.io', 'ok'],
  ['*.8.8.8.8.nip.io', 'ok'],
  ['bücher.de', 'ok'],
  ['_service.example.com', 'ok'],
  ['api.weather.example', 'ok'], // RFC 2606 names resolve nowhere
  ['api.example.test', 'ok'],
  ['8.8.8.8', 'ok'],
  ['172.32.0.1', 'ok'],
  ['2001:4860:4860::8888', 'ok'],
  ['$API_HOST', 'ok'],
  ['${API_HOST}', 'ok'],
];

describe('judgeEgressEntry', () => {
  for (const [entry, expected, contains] of [...MALFORMED, ...RISKY, ...OK]) {
    it(`${JSON.stringify(entry)} → ${expected}`, () => {
      const v = judgeEgressEntry(entry);
      if (expected === 'ok') expect(v).toEqual({ status: 'ok' });
      else if (expected === 'malformed') expect(v.status).toBe('malformed');
      else expect(v).toMatchObject({ status: 'risky', kind: expected });
      if (v.status === 'ok') return;
      expect(v.reason.startsWith(JSON.stringify(entry))).toBe(true);
      if (contains) expect(v.reason).toContain(contains);
    });
  }
});

describe('IP literals', () => {
  it('parses every spelling to the address it reaches', () => {
    for (const t of ['127.0.0.1', '2130706433', '0x7f000001', '0x7f.1', '0177.0.0.1', '127.1', '::ffff:127.0.0.1', '[::ffff:7f00:1]'])
      expect(formatIp(parseIpLiteral(t)!), t).toBe('127.0.0.1');
    expect(formatIp(parseIpLiteral('fd00:ec2:0:0:0:0:0:254')!)).toBe('fd00:ec2::254');
    for (const t of ['example.com', '1.2.3.4.5', '999.1.1.1', 'fd00::ec2::1', '']) expect(parseIpLiteral(t), t).toBeNull();
  });

  it('classifies resolver answers, zone ids included', () => {
    expect(classifyAddress('fe80::1%eth0')?.kind).toBe('link-local');
    expect(classifyAddress('::ffff:192.168.0.3')?.kind).toBe('private');
    expect(classifyAddress('140.82.112.5')).toBeNull();
  });
});

describe('public suffixes below a domain (tldts trie)', () => {
  it('finds the shared suffixes a registrable domain carries, and none under ordinary ones', () => {
    expect(suffixBelow('amazonaws.com')).toBe('s3.amazonaws.com');
    expect(suffixBelow('example.com')).toBeNull();
    expect(suffixBelow('github.com')).toBeNull();
  });
});
