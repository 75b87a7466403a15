// Forge's risk score (`forge skills audit`), rule for rule: per egress domain
// 2 when trusted (built-in list or the policy's trusted_domains) else 10, and
// 15 more for over 5 domains; per binary 15 when high-risk (3 when the policy
// acknowledges it) else 3; per capability 15 for `browser` else 3; 10 for the
// browser sensitive-fill opt-in; per env var 10 when its name looks like a
// secret (5 when acknowledged) else 5, the env category capped at 25 through a
// negative factor; 20 for a script. The total is capped at 100.

import type { ForgeRiskDescriptor } from './descriptor.js';
import type { RiskFactor, RiskLevel, RiskPolicy } from './types.js';

/** Forge's built-in trusted egress domains (exact names, no wildcards). */
export const TRUSTED_DOMAINS: readonly string[] = [
  'api.github.com',
  'github.com',
  'raw.githubusercontent.com',
  'patch-diff.githubusercontent.com',
  'gist.githubusercontent.com',
  'objects.githubusercontent.com',
  'api.openai.com',
  'chatgpt.com',
  'api.anthropic.com',
  'api.together.ai',
  'api.cohere.com',
  'api.tavily.com',
  'api.slack.com',
  'hooks.slack.com',
  'api.telegram.org',
  'googleapis.com',
];

/** Binaries that can run arbitrary code or open connections. */
export const HIGH_RISK_BINS: readonly string[] = ['bash', 'sh', 'python', 'python3', 'node', 'ssh', 'nc', 'ncat', 'netcat', 'perl', 'ruby'];

/** Substrings of an upper-cased env var name that mark it as a secret. */
export const SENSITIVE_ENV_PATTERNS: readonly string[] = ['SECRET', 'PASSWORD', 'PRIVATE_KEY', 'SESSION_TOKEN', 'CREDENTIALS'];

const ENV_CATEGORY_CAP = 25;

export function isSensitiveEnv(name: string): boolean {
  const upper = name.toUpperCase();
  return SENSITIVE_ENV_PATTERNS.some((p) => upper.includes(p));
}

function scoreEgress(domains: readonly string[], policy: RiskPolicy): RiskFactor[] {
  const out: RiskFactor[] = domains.map((d) =>
    TRUSTED_DOMAINS.includes(d)
      ? { category: 'egress', description: `trusted domain: ${d}`, points: 2 }
      : policy.trustedDomains.includes(d)
        ? { category: 'egress', description: `trusted domain (via policy): ${d}`, points: 2 }
        : { category: 'egress', description: `unknown domain: ${d}`, points: 10 },
  );
  if (domains.length > 5) out.push({ category: 'egress', description: `>5 total domains (${domains.length})`, points: 15 });
  return out;
}

function scoreBinaries(bins: readonly string[], policy: RiskPolicy): RiskFactor[] {
  return bins.map((b) =>
    HIGH_RISK_BINS.includes(b)
      ? policy.acknowledgedBins.includes(b)
        ? { category: 'binary', description: `high-risk binary (acknowledged by policy): ${b}`, points: 3 }
        : { category: 'binary', description: `high-risk binary: ${b}`, points: 15 }
      : { category: 'binary', description: `standard binary: ${b}`, points: 3 },
  );
}

function scoreCapabilities(caps: readonly string[], allowSensitiveFill: boolean): RiskFactor[] {
  const out: RiskFactor[] = caps.map((c) =>
    c === 'browser'
      ? { category: 'capability', description: `high-risk capability: ${c} (headless browser web access)`, points: 15 }
      : { category: 'capability', description: `capability: ${c}`, points: 3 },
  );
  if (allowSensitiveFill) out.push({ category: 'capability', description: 'browser sensitive-fill opt-in (allows password/payment field entry)', points: 10 });
  return out;
}

function scoreEnv(d: ForgeRiskDescriptor, policy: RiskPolicy): RiskFactor[] {
  const all = [...d.requiredEnv, ...d.oneOfEnv, ...d.optionalEnv];
  const out: RiskFactor[] = all.map((e) =>
    isSensitiveEnv(e)
      ? policy.acknowledgedEnv.includes(e)
        ? { category: 'env', description: `sensitive variable (acknowledged by policy): ${e}`, points: 5 }
        : { category: 'env', description: `sensitive variable: ${e}`, points: 10 }
      : { category: 'env', description: `API key: ${e}`, points: 5 },
  );
  const total = out.reduce((n, f) => n + f.points, 0);
  // The overage is one negative factor, so every declared var stays listed.
  if (total > ENV_CATEGORY_CAP)
    out.push({
      category: 'env',
      description: `category cap applied (${total} → ${ENV_CATEGORY_CAP}, ${all.length} declared)`,
      points: ENV_CATEGORY_CAP - total,
    });
  return out;
}

/** The factors of a skill, in Forge's order (egress, binary, capability, env, script). */
export function riskFactors(d: ForgeRiskDescriptor, hasScript: boolean, policy: RiskPolicy): RiskFactor[] {
  return [
    ...scoreEgress(d.egressDomains, policy),
    ...scoreBinaries(d.bins, policy),
    ...scoreCapabilities(d.capabilities, d.allowSensitiveFill),
    ...scoreEnv(d, policy),
    ...(hasScript ? [{ category: 'script', description: 'has executable script', points: 20 } satisfies RiskFactor] : []),
  ];
}

/** Sum of the points, capped at 100. */
export function riskScore(factors: readonly RiskFactor[]): number {
  return Math.min(
    100,
    factors.reduce((n, f) => n + f.points, 0),
  );
}

export function riskLevel(score: number): RiskLevel {
  if (score === 0) return 'none';
  if (score <= 25) return 'low';
  if (score <= 50) return 'medium';
  if (score <= 75) return 'high';
  return 'critical';
}

/** What to look at, for the same factor kinds Forge recommends on (our wording). */
export function riskRecommendations(factors: readonly RiskFactor[], hasScript: boolean): string[] {
  const out: string[] = [];
  if (factors.some((f) => f.category === 'binary' && f.points >= 15))
    out.push('Check what the high-risk binaries are used for and narrow them to the commands the skill needs');
  if (factors.some((f) => f.category === 'env' && f.points >= 10)) out.push('Give the secret env vars the smallest scope that works and rotate them');
  if (factors.some((f) => f.category === 'egress' && f.points >= 10))
    out.push('Confirm each unknown egress domain is meant to be contacted; list vetted ones in trusted_domains');
  if (hasScript) out.push('Read the scripts (see the findings) before the skill goes live');
  return out;
}
