// assessSkillRisk(skill, policy?): the risk review of a draft.
// The score, factors and violations are Forge's `forge skills audit --dir`
// for the same skill and policy (see score.ts, violations.ts); the findings
// are ours — what the scripts and the SKILL.md text actually do — and never
// change the score, so the number stays comparable with Forge's.

import { Skill, type SkillLike } from '../skill/skill.js';
import { contentFindings } from './content-rules.js';
import { forgeHasScript, forgeRiskDescriptor } from './descriptor.js';
import { completeRiskPolicy, defaultRiskPolicy } from './policy.js';
import { riskFactors, riskLevel, riskRecommendations, riskScore } from './score.js';
import type { RiskFinding, RiskPolicy, SkillRiskAssessment } from './types.js';
import { policyViolations } from './violations.js';

/**
 * Scores a skill like `forge skills audit` and reads its scripts and text for
 * risky behaviour. The skill's folder name (`dirName`) names it when the
 * frontmatter has none, as Forge's scanner does. `policy` replaces Forge's
 * DefaultPolicy (keys left out are off, as in a policy file); without it the
 * default policy applies. Reads the Skill's one parse.
 */
export function assessSkillRisk(input: SkillLike, policy?: Partial<RiskPolicy>): SkillRiskAssessment {
  const skill = Skill.from(input);
  const scripts = skill.scripts;
  const p = policy ? completeRiskPolicy(policy) : defaultRiskPolicy();
  const d = forgeRiskDescriptor(skill.frontmatter, skill.dirName);
  const hasScript = forgeHasScript(d.name, scripts);
  const factors = riskFactors(d, hasScript, p);
  const score = riskScore(factors);
  const violations = policyViolations(d, hasScript, p, score);
  const findings = contentFindings(skill.skillMd, scripts, {
    envNames: [...d.requiredEnv, ...d.oneOfEnv, ...d.optionalEnv],
    egressDomains: d.egressDomains,
  });
  const unscored = Object.keys(scripts).length > 0 && !hasScript;
  if (unscored) findings.unshift(unscoredNote(d.name, Object.keys(scripts).length));
  return {
    score,
    level: riskLevel(score),
    factors,
    violations,
    passed: !violations.some((v) => v.severity === 'error' || v.severity === 'critical'),
    recommendations: riskRecommendations(factors, hasScript),
    findings,
  };
}

function unscoredNote(name: string, count: number): RiskFinding {
  const where = name ? `scripts/${name}.sh` : 'scripts/<name>.sh';
  return {
    rule: 'script-not-scored',
    severity: 'info',
    message: `Forge's audit adds its 20 script points only for ${where}, so this skill's ${count === 1 ? 'script is' : `${count} scripts are`} not in the score; the findings below read ${count === 1 ? 'it' : 'them'}`,
    file: 'SKILL.md',
  };
}
