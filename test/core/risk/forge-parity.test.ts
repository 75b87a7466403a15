// assessSkillRisk against Forge's own analyzer: for every fixture skill and
// policy, the score, level, factors (in order, env cap included) and
// violations equal what `forge skills audit --dir` printed for the same files
// (test/fixtures/risk/forge-audit.expected.json, recorded from Forge's Go code).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assessSkillRisk, parseRiskPolicy } from '../../../src/core/index.js';
import { readJson, readSkillsDir, RISK_FIXTURES, type ForgeAssessment } from '../../helpers/risk-fixtures.js';

const expected = readJson<{ policies: Record<string, Record<string, ForgeAssessment>> }>('forge-audit.expected.json');
const skills = readSkillsDir(join(RISK_FIXTURES, 'skills'));

describe('risk score equals forge skills audit', () => {
  it('covers every fixture skill under every policy', () => {
    for (const results of Object.values(expected.policies)) expect(Object.keys(results).sort()).toEqual(skills.map((s) => s.dir).sort());
  });

  for (const [policyName, results] of Object.entries(expected.policies)) {
    const policy = policyName === 'default' ? undefined : parseRiskPolicy(readFileSync(join(RISK_FIXTURES, 'policies', `${policyName}.yaml`), 'utf8'));
    for (const skill of skills) {
      it(`${skill.dir} under the ${policyName} policy`, () => {
        const forge = results[skill.dir]!;
        const ours = assessSkillRisk({ skillMd: skill.skillMd, scripts: skill.scripts, dirName: skill.dir }, policy);
        expect({ score: { value: ours.score, level: ours.level }, factors: ours.factors, violations: ours.violations }).toEqual({
          score: forge.score,
          factors: forge.factors ?? [],
          violations: forge.violations ?? [],
        });
        expect(ours.passed).toBe(!forge.violations.some((v) => v.severity === 'error' || v.severity === 'critical'));
      });
    }
  }
});

describe('hand-computed scores (the rules of the issue, point by point)', () => {
  const fm = (forge: string, extra = '') => `---\nname: t\ndescription: d\n${extra}metadata:\n  forge:\n${forge}---\n# T\n`;
  const score = (md: string, scripts: Record<string, string> = {}, policy?: Parameters<typeof assessSkillRisk>[1]) =>
    assessSkillRisk({ skillMd: md, scripts }, policy).score;

  it('egress: 2 trusted, 10 unknown, +15 past five domains; exact names only', () => {
    expect(score(fm('    egress_domains: [api.github.com, example.org]\n'))).toBe(12);
    expect(score(fm('    egress_domains: [API.GITHUB.COM, www.googleapis.com]\n'))).toBe(20);
    expect(score(fm('    egress_domains: [a.io, b.io, c.io, d.io, e.io, github.com]\n'))).toBe(5 * 10 + 2 + 15);
    expect(score(fm('    egress_domains: [a.io]\n'), {}, { trustedDomains: ['a.io'] })).toBe(2);
  });

  it('binaries: 15 high-risk, 3 acknowledged or standard', () => {
    expect(score(fm('    requires:\n      bins: [bash, jq, {name: ruby, apt: ruby}]\n'))).toBe(33);
    expect(score(fm('    requires:\n      bins: [bash, jq]\n'), {}, { acknowledgedBins: ['bash'] })).toBe(6);
  });

  it('env: 10 sensitive, 5 otherwise, capped at 25 through a negative factor', () => {
    const md = fm('    requires:\n      env:\n        required: [X_PASSWORD, Y_KEY]\n        optional: [Z_CREDENTIALS]\n');
    expect(score(md)).toBe(25);
    expect(assessSkillRisk(md).factors.some((f) => f.description.startsWith('category cap'))).toBe(false);
    const capped = assessSkillRisk(fm('    requires:\n      env:\n        required: [A_SECRET, B_SECRET, C_SECRET]\n'));
    expect(capped.factors.at(-1)).toEqual({ category: 'env', description: 'category cap applied (30 → 25, 3 declared)', points: -5 });
    expect(capped.score).toBe(25);
    expect(score(fm('    requires:\n      env:\n        required: [A_SECRET]\n'), {}, { acknowledgedEnv: ['A_SECRET'] })).toBe(5);
  });

  it('a script counts 20 only as scripts/<name>.sh, as in Forge', () => {
    expect(score(fm(''), { 't.sh': 'echo' })).toBe(20);
    expect(score(fm(''), { 'scripts/t.sh': 'echo' })).toBe(20);
    const other = assessSkillRisk({ skillMd: fm(''), scripts: { 'other.sh': 'echo' } });
    expect(other.score).toBe(0);
    expect(other.findings[0]).toMatchObject({ rule: 'script-not-scored', severity: 'info' });
  });

  it('caps the total at 100 and maps levels at 0 / 25 / 50 / 75', () => {
    expect(score(fm('    requires:\n      bins: [bash, sh, node, perl, ruby, nc, ssh, ncat]\n'))).toBe(100);
    const level = (bins: number) => assessSkillRisk(fm(`    requires:\n      bins: [${Array.from({ length: bins }, (_, i) => `b${i}`).join(', ')}]\n`)).level;
    expect([level(0), level(8), level(9), level(16), level(17), level(25), level(26)]).toEqual(['none', 'low', 'medium', 'medium', 'high', 'high', 'critical']);
  });
});
