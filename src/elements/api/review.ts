// The extra checks the validate route answers (script syntax and the risk review) as the elements hold
// them: `syntax` (scripts checked without running them) and `risk` (the
// Forge-compatible risk review under the agent's policy); their findings as
// diagnostics for the Checks list; whether the risk blocks saving until the
// operator confirms (a violation of severity error or critical). Kept small:
// the standalone bundle has a size budget.

import { reviewFromWire } from '../../core/protocol/review-wire.js';
import type { RiskFactor, RiskFinding, RiskLevel, RiskViolation } from '../../core/risk/types.js';

export interface RiskInfo {
  score: number;
  level: RiskLevel;
  passed: boolean;
  factors: RiskFactor[];
  violations: RiskViolation[];
  findings: RiskFinding[];
}

export interface DraftReview {
  /** Script syntax findings (severity `info` included). */
  syntax: Array<{ code: string; severity: string; message: string; file?: string; line?: number }>;
  risk: RiskInfo | null;
  /** Why there is no risk review (the agent's policy file cannot be used). */
  riskError: string;
}

/** The review of a validate reply (read by core/protocol/review-wire.ts). */
export function toReview(j: unknown): DraftReview {
  const { syntax, risk, riskError = '' } = reviewFromWire(j);
  return { syntax: syntax?.findings ?? [], risk, riskError };
}

/** The violations that block saving until the operator confirms. */
export const blockingViolations = (review: DraftReview | null | undefined): RiskViolation[] =>
  review?.risk?.violations.filter((v) => v.severity !== 'warning') ?? [];

/** True while the draft violates the policy and the operator has not confirmed. */
export const riskBlocksSave = (review: DraftReview | null, s: { riskAck?: boolean } | null): boolean => blockingViolations(review).length > 0 && !s?.riskAck;
