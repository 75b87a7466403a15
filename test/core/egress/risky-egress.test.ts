// Egress entries that mean "anywhere" or reach the machine's inside, and the
// validator's findings naming each entry with its line: `egress-risky`
// (warning) and `egress-domain-malformed` (error).
import { describe, expect, it } from 'vitest';
import { classifyEgressEntry, findRiskyEgress, namesToResolve } from '../../../src/core/egress/risky-egress.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';
import { egressSkill } from '../../helpers/skill-fixtures.js';

describe('classifyEgressEntry', () => {
  it('flags wildcards over public suffixes (Public Suffix List), not over registrable domains', () => {
    for (const e of ['*.com', '*.co.uk', '*.com.au', '*']) expect(classifyEgressEntry(e)?.kind, e).toMatch(/public-suffix|anywhere/);
    for (const e of ['*.example.com', '*.bbc.co.uk', '*.google.com', 'api.github.com', '8.8.8.8', '$API_HOST', '${API_HOST}'])
      expect(classifyEgressEntry(e), e).toBeNull();
  });

  it('flags cloud metadata endpoints in every spelling an HTTP client accepts', () => {
    for (const e of [
      '169.254.169.254',
      'fd00:ec2::254',
      '[fd00:ec2:0::254]',
      'metadata.google.internal',
      '2852039166',
      '0xa9.0xfe.0xa9.0xfe',
      '[::ffff:169.254.169.254]',
      'instance-data',
    ])
      expect(classifyEgressEntry(e)?.kind, e).toBe('metadata');
  });

  it('flags loopback, private and link-local addresses and private names', () => {
    const cases: Record<string, string> = {
      localhost: 'loopback',
      'api.localhost': 'loopback',
      '127.0.0.1': 'loopback',
      '127.1': 'loopback',
      '::1': 'loopback',
      '0.0.0.0': 'loopback',
      '10.0.0.5': 'private',
      '172.16.3.4': 'private',
      '192.168.1.10': 'private',
      'fd12:3456::1': 'private',
      'db.internal': 'private',
      '*.internal': 'private',
      '169.254.10.10': 'link-local',
      'fe80::1': 'link-local',
    };
    for (const [e, kind] of Object.entries(cases)) expect(classifyEgressEntry(e)?.kind, e).toBe(kind);
    expect(classifyEgressEntry('172.32.0.1')).toBeNull();
  });

  it('names the entry in the reason', () => {
    expect(findRiskyEgress(['api.example.com', '*.com'])).toEqual([
      expect.objectContaining({ entry: '*.com', index: 1, kind: 'public-suffix', reason: expect.stringContaining('"*.com"') }),
    ]);
  });

  it('leaves for DNS only plain names that are neither malformed nor risky by name', () => {
    const names = namesToResolve(['API.GitHub.com', '*.example.com', '10.0.0.1', '$HOST', 'localtest.me', '*com', 'host:443', 'example.org.']);
    expect(names).toEqual([
      { entry: 'API.GitHub.com', index: 0, host: 'api.github.com' },
      { entry: 'example.org.', index: 7, host: 'example.org' },
    ]);
  });
});

describe('egress findings (validator)', () => {
  it('warns for *.com, 169.254.169.254 and localhost, each naming the entry on its line', () => {
    const md = egressSkill(['api.example.com', '"*.com"', '169.254.169.254', 'localhost']);
    const r = validateSkillMd(md);
    const d = r.warnings.filter((w) => w.code === 'egress-risky');
    expect(d.map((w) => [w.line, w.message.slice(0, w.message.indexOf(' '))])).toEqual([
      [8, '"*.com"'],
      [9, '"169.254.169.254"'],
      [10, '"localhost"'],
    ]);
    expect(r.valid).toBe(true); // a warning in the validator; the save refuses it
  });

  it('a malformed entry is an error at its own line, naming the entry and the fix', () => {
    const md = egressSkill(['api.example.com', '"*com"', '"api.example.com:443"', '"https://x"', '"*.*.com"']);
    const r = validateSkillMd(md);
    expect(r.valid).toBe(false);
    expect(r.errors.filter((e) => e.code === 'egress-domain-malformed').map((e) => [e.line, e.field, e.message])).toEqual([
      [8, 'metadata.forge.egress_domains[1]', '"*com": a wildcard must be `*.` followed by a domain, e.g. `*.example.com`'],
      [
        9,
        'metadata.forge.egress_domains[2]',
        '"api.example.com:443": egress_domains takes host names only; the port is not part of the pattern — write `api.example.com`',
      ],
      [10, 'metadata.forge.egress_domains[3]', '"https://x": egress_domains takes host names, not URLs; write `x`'],
      [11, 'metadata.forge.egress_domains[4]', '"*.*.com": only one wildcard is allowed, as the first label: `*.example.com`'],
    ]);
  });
});
