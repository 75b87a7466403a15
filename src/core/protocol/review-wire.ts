// The validate reply's extra checks on the wire: `syntax` {ok, findings,
// missing_tools}, `risk` (the risk assessment plus `policy_source`) and
// `risk_error`, mapped through the tables of fields.ts.

import type { SkillRiskAssessment } from '../risk/types.js';
import * as F from './fields.js';
import { fromWire, list, obj, strs, toWire, type WireJson } from './wire.js';

/** A syntax finding of one script (checked without running it). */
export interface SyntaxFindingWire {
  code: string;
  severity: string;
  message: string;
  file?: string;
  line?: number;
}

/** The extra checks of a validate reply, camelCase. */
export interface DraftReviewReply {
  syntax?: { ok: boolean; findings: SyntaxFindingWire[]; missingTools: string[] };
  /** The risk review under the agent's policy; `policySource` names the policy file (null: the default policy). */
  risk: (SkillRiskAssessment & { policySource: string | null }) | null;
  /** Why there is no risk review (the agent's policy file cannot be used). */
  riskError?: string;
}

export function reviewToWire(r: DraftReviewReply): WireJson {
  const { policySource, ...risk } = r.risk ?? { policySource: null };
  return toWire(F.REVIEW, {
    syntax: r.syntax && toWire(F.SYNTAX, r.syntax),
    risk: r.risk && { ...risk, ...toWire(F.RISK, { policySource: policySource ?? null }) },
    riskError: r.riskError,
  });
}

export function reviewFromWire(json: unknown): DraftReviewReply {
  const f = fromWire(F.REVIEW, json);
  const out: DraftReviewReply = { risk: null };
  if (f.syntax && typeof f.syntax === 'object') {
    const s = fromWire(F.SYNTAX, f.syntax);
    out.syntax = { ok: s.ok === true, findings: list(s.findings) as SyntaxFindingWire[], missingTools: strs(s.missingTools) };
  }
  if (f.risk && typeof f.risk === 'object') {
    const { [F.RISK.policySource]: source, ...r } = obj(f.risk);
    const lists = { factors: list(r.factors), violations: list(r.violations), findings: list(r.findings) };
    out.risk = {
      ...(r as unknown as SkillRiskAssessment),
      ...(lists as Pick<SkillRiskAssessment, keyof typeof lists>),
      policySource: typeof source === 'string' ? source : null,
    };
  }
  if (typeof f.riskError === 'string') out.riskError = f.riskError;
  return out;
}
