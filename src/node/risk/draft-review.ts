// The checks the validate routes add to `{valid, errors, warnings}` (issue
// 15): `syntax` — checkScriptSyntax of the draft's scripts, remembered per
// set of scripts so editing the SKILL.md does not start the checkers again —
// and `risk` — assessSkillRisk under the agent's policy (its forge.yaml
// `security.policy_path`, kept inside the workspace; the default policy for
// the workspace-level route). A broken policy file gives `risk: null` and
// `riskError` naming the file, never a failed validation.

import { createHash } from 'node:crypto';
import { relative } from 'node:path';
import { assessSkillRisk } from '../../core/risk/assess.js';
import { defaultRiskPolicy, RiskPolicyError } from '../../core/risk/policy.js';
import type { SkillRiskAssessment } from '../../core/risk/types.js';
import type { IoOptions } from '../fs/types.js';
import { checkScriptSyntax } from '../script-check/check-syntax.js';
import type { ScriptSyntaxFinding, ScriptSyntaxResult } from '../script-check/types.js';
import { readAgentRiskPolicy } from './policy-file.js';

/** A syntax check: its findings and the checkers that were missing. */
export interface SyntaxReview {
  ok: boolean;
  findings: ScriptSyntaxFinding[];
  missingTools: string[];
}

/** The review of a draft (camelCase; core/protocol/review-wire.ts writes it on the wire). */
export interface DraftReview {
  syntax?: SyntaxReview;
  /** The assessment plus where its policy came from (null: the default policy). */
  risk: (SkillRiskAssessment & { policySource: string | null }) | null;
  /** Why there is no risk review (the agent's policy file cannot be used). */
  riskError?: string;
}

const CACHE_SIZE = 64;
const syntaxCache = new Map<string, Promise<ScriptSyntaxResult>>();

function cachedSyntax(scripts: Record<string, string>): Promise<ScriptSyntaxResult> {
  const h = createHash('sha256');
  for (const k of Object.keys(scripts).sort()) h.update(`${k.length}:${k}${scripts[k]!.length}:${scripts[k]}`);
  const key = h.digest('hex');
  let hit = syntaxCache.get(key);
  if (hit) {
    // Most recently used last.
    syntaxCache.delete(key);
  } else {
    hit = checkScriptSyntax(scripts);
    hit.catch(() => syntaxCache.delete(key));
  }
  syntaxCache.set(key, hit);
  while (syntaxCache.size > CACHE_SIZE) syntaxCache.delete(syntaxCache.keys().next().value!);
  return hit;
}

export interface ReviewDraftOptions {
  skillMd: string;
  scripts: Record<string, string>;
  workspaceDir: string;
  /** The agent whose policy applies; none → the default policy. */
  agentDir?: string;
  /** Run the syntax checkers (the server's `scriptChecks` option). */
  syntax: boolean;
  io: IoOptions;
}

export async function reviewDraft(o: ReviewDraftOptions): Promise<DraftReview> {
  const syntax = o.syntax ? cachedSyntax(o.scripts) : null;
  const out = {} as DraftReview;
  if (syntax) {
    // Awaited first so its key comes first on the wire, before risk.
    const s = await syntax;
    out.syntax = { ok: s.ok, findings: s.findings, missingTools: s.missingTools };
  }
  out.risk = null;
  try {
    const { policy, source } = o.agentDir
      ? await readAgentRiskPolicy(o.agentDir, { ...o.io, within: o.workspaceDir })
      : { policy: defaultRiskPolicy(), source: null };
    const risk = assessSkillRisk({ skillMd: o.skillMd, scripts: o.scripts }, policy);
    out.risk = { ...risk, policySource: source === null ? null : relative(o.workspaceDir, source) || source };
  } catch (e) {
    if (!RiskPolicyError.isInstance(e)) throw e;
    out.riskError = e.message.split(o.workspaceDir + '/').join('');
  }
  return out;
}
