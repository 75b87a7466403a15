// Forge's policy checks, in Forge's order and with its rule names and
// severities: max_egress_domains, binary_denylist, denied_env_pattern,
// script_policy, excessive-tags, max_risk_score, capability_trust_conflict
// (browser while trust_hints.network is false) and capability_guardrail_gap
// (browser without guardrails.deny_output).

import type { ForgeRiskDescriptor } from './descriptor.js';
import type { RiskPolicy, RiskViolation } from './types.js';

export function policyViolations(d: ForgeRiskDescriptor, hasScript: boolean, policy: RiskPolicy, score: number): RiskViolation[] {
  const out: RiskViolation[] = [];
  if (policy.maxEgressDomains > 0 && d.egressDomains.length > policy.maxEgressDomains)
    out.push({
      rule: 'max_egress_domains',
      severity: 'error',
      message: `skill has ${d.egressDomains.length} egress domains (max: ${policy.maxEgressDomains})`,
    });
  for (const bin of d.bins)
    if (policy.binaryDenylist.includes(bin))
      out.push({ rule: 'binary_denylist', severity: 'error', message: `binary ${JSON.stringify(bin)} is denied by policy` });
  for (const env of [...d.requiredEnv, ...d.oneOfEnv, ...d.optionalEnv])
    for (const pattern of policy.deniedEnvPatterns)
      if (env.toUpperCase().includes(pattern.toUpperCase()))
        out.push({
          rule: 'denied_env_pattern',
          severity: 'error',
          message: `env var ${JSON.stringify(env)} matches denied pattern ${JSON.stringify(pattern)}`,
        });
  if (hasScript && policy.scriptPolicy === 'deny')
    out.push({ rule: 'script_policy', severity: 'error', message: 'skill has an executable script (denied by policy)' });
  if (hasScript && policy.scriptPolicy === 'warn') out.push({ rule: 'script_policy', severity: 'warning', message: 'skill has an executable script' });
  if (policy.maxTags > 0 && d.tags.length > policy.maxTags)
    out.push({ rule: 'excessive-tags', severity: 'warning', message: `skill has ${d.tags.length} tags (recommended max: ${policy.maxTags})` });
  if (policy.maxRiskScore > 0 && score > policy.maxRiskScore)
    out.push({ rule: 'max_risk_score', severity: 'error', message: `risk score ${score} exceeds maximum ${policy.maxRiskScore}` });
  const browser = d.capabilities.includes('browser');
  if (browser && d.trustNetwork === false)
    out.push({
      rule: 'capability_trust_conflict',
      severity: 'critical',
      message: 'skill declares the browser capability but trust_hints.network is false; browsing requires network access',
    });
  if (browser && !d.hasDenyOutput)
    out.push({
      rule: 'capability_guardrail_gap',
      severity: 'warning',
      message: 'browser skill declares no guardrails.deny_output; extracted page content is returned unredacted',
    });
  return out;
}
