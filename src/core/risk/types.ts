// The shapes of a risk review: the policy (Forge's SecurityPolicy keys, in
// camelCase), the Forge-compatible score with its factors and violations, and
// our own content findings (what the scripts and the SKILL.md text do), which
// never change the score.

/** `script_policy`: what a skill with an executable script gets. */
export type ScriptPolicy = 'allow' | 'warn' | 'deny';

/**
 * Forge's SecurityPolicy. Policy checks raise violations; the three override
 * lists lower the score of items the operator has accepted.
 */
export interface RiskPolicy {
  /** More egress domains than this is an error; 0 means unlimited. */
  maxEgressDomains: number;
  /** A `requires.bins` name in this list is an error (exact match). */
  binaryDenylist: string[];
  /** An env var whose upper-cased name contains one of these (upper-cased) is an error. */
  deniedEnvPatterns: string[];
  /** `deny`: a script is an error; `warn`: a warning; `allow`: nothing. */
  scriptPolicy: ScriptPolicy;
  /** A score above this is an error; 0 switches the check off. */
  maxRiskScore: number;
  /** More tags than this is a warning; 0 switches the check off. */
  maxTags: number;
  /** Egress domains scored as trusted (2) instead of unknown (10); exact names. */
  trustedDomains: string[];
  /** High-risk binaries scored as standard (3) instead of 15. */
  acknowledgedBins: string[];
  /** Sensitive env vars scored as standard (5) instead of 10. */
  acknowledgedEnv: string[];
}

export type RiskLevel = 'none' | 'low' | 'medium' | 'high' | 'critical';

export type RiskFactorCategory = 'egress' | 'binary' | 'capability' | 'env' | 'script';

/** One contribution to the score; the env cap is a factor with negative points. */
export interface RiskFactor {
  category: RiskFactorCategory;
  description: string;
  points: number;
}

/** A breach of the policy. `error` and `critical` fail Forge's audit and build. */
export interface RiskViolation {
  rule: string;
  severity: 'error' | 'warning' | 'critical';
  message: string;
}

export type RiskFindingRule =
  | 'download-exec'
  | 'credential-file'
  | 'env-dump'
  | 'secret-echo'
  | 'eval-input'
  | 'write-outside'
  | 'rm-rf-variable'
  | 'undeclared-host'
  | 'decoded-exec'
  | 'prompt-injection'
  | 'hidden-instruction'
  | 'script-not-scored';

/** What a script or the SKILL.md text does, found by reading it (beyond Forge's metadata-only audit). */
export interface RiskFinding {
  rule: RiskFindingRule;
  severity: 'critical' | 'warning' | 'info';
  message: string;
  /** `SKILL.md` or `scripts/<name>`. */
  file: string;
  /** 1-based line in `file`. */
  line?: number;
  /** The line as written (trimmed, at most 160 characters). */
  excerpt?: string;
}

export interface SkillRiskAssessment {
  /** 0–100, equal to `forge skills audit` for the same skill and policy. */
  score: number;
  level: RiskLevel;
  factors: RiskFactor[];
  violations: RiskViolation[];
  /** No violation of severity error or critical (Forge's "PASSED"). */
  passed: boolean;
  /** Forge's recommendations for the factors found. */
  recommendations: string[];
  findings: RiskFinding[];
}
