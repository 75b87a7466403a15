// Policy files: Forge's keys and defaults, a file replacing the defaults (keys
// left out are off, as in Forge), and a clear error naming the key, the line
// and the fix for everything Forge's YAML decoding would reject or ignore.

import { describe, expect, it } from 'vitest';
import { assessSkillRisk, defaultRiskPolicy, parseRiskPolicy, RiskPolicyError } from '../../../src/core/index.js';

describe('risk policy', () => {
  it('has Forge’s defaults', () => {
    expect(defaultRiskPolicy()).toEqual({
      maxEgressDomains: 0,
      binaryDenylist: ['nc', 'ncat', 'netcat', 'nmap', 'ssh', 'scp'],
      deniedEnvPatterns: ['AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN'],
      scriptPolicy: 'warn',
      maxRiskScore: 90,
      maxTags: 20,
      trustedDomains: [],
      acknowledgedBins: [],
      acknowledgedEnv: [],
    });
  });

  it('reads every key; a key left out takes its zero value', () => {
    const p = parseRiskPolicy('max_risk_score: 40\nscript_policy: deny\ntrusted_domains:\n  - a.io\nacknowledged_env: [X_SECRET]\nmax_tags:\n');
    expect(p).toMatchObject({
      maxRiskScore: 40,
      scriptPolicy: 'deny',
      trustedDomains: ['a.io'],
      acknowledgedEnv: ['X_SECRET'],
      maxTags: 0,
      binaryDenylist: [],
    });
    expect(parseRiskPolicy('')).toMatchObject({ maxRiskScore: 0, scriptPolicy: 'allow' });
    expect(parseRiskPolicy('# nothing\n')).toEqual(parseRiskPolicy(''));
  });

  it('a policy given in code fills the keys it leaves out with zero values, like a file', () => {
    const md = '---\nname: t\ndescription: d\nmetadata:\n  forge:\n    requires:\n      bins: [ssh]\n---\n';
    expect(assessSkillRisk(md).violations.map((v) => v.rule)).toEqual(['binary_denylist']);
    expect(assessSkillRisk(md, { maxRiskScore: 10 }).violations.map((v) => v.rule)).toEqual(['max_risk_score']);
    expect(assessSkillRisk(md, { ...defaultRiskPolicy(), acknowledgedBins: ['ssh'] }).score).toBe(3);
  });

  const bad: Array<[string, RegExp]> = [
    ['max_risk_score: "90"\n', /^policy\.yaml:1: max_risk_score must be a whole number ≥ 0 .*not "90"/],
    ['max_risk_score: -1\n', /max_risk_score must be a whole number ≥ 0/],
    ['max_tags: 2.5\n', /max_tags must be a whole number/],
    ['script_policy: block\n', /^policy\.yaml:1: script_policy must be allow, warn or deny, not "block"/],
    ['\nbinary_denylist: nc\n', /^policy\.yaml:2: binary_denylist must be a list of names/],
    ['trusted_domains:\n  - a.io\n  - {x: 1}\n', /^policy\.yaml:3: trusted_domains\[1\] must be a non-empty name, not a mapping/],
    ['max_risk: 50\n', /unknown key "max_risk"; a policy has max_egress_domains, max_risk_score, max_tags, binary_denylist/],
    ['- a\n- b\n', /a policy is a mapping of keys .*, not a list/],
    ['max_tags: 3\nmax_tags: 4\n', /^policy\.yaml:\d+: not valid YAML/],
    ['trusted_domains: [a\n', /not valid YAML/],
  ];
  for (const [text, message] of bad)
    it(`refuses ${JSON.stringify(text)}`, () => {
      let err: unknown;
      try {
        parseRiskPolicy(text, 'policy.yaml');
      } catch (e) {
        err = e;
      }
      expect(RiskPolicyError.isInstance(err)).toBe(true);
      expect((err as RiskPolicyError).code).toBe('risk_policy_invalid');
      expect((err as Error).message).toMatch(message);
    });
});
