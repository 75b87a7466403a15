// How `validate` prints the extra checks beyond the SKILL.md rules: script syntax findings
// as `file:line: severity [code] message`, and the risk review as a score
// line, its factors, the policy violations and the content findings — the
// JSON forms use the wire's snake_case.

import { SYNTAX } from '../../core/protocol/fields.js';
import { toWire } from '../../core/protocol/wire.js';
import type { RiskFinding, SkillRiskAssessment } from '../../core/risk/types.js';
import type { ScriptSyntaxFinding, ScriptSyntaxResult } from '../script-check/types.js';

const place = (file: string | undefined, line: number | undefined, fallback: string) => {
  const f = file ?? fallback;
  return line !== undefined ? `${f}:${line}` : f;
};

/** `skills/x/scripts/a.sh:3: error [bash-syntax] bash: …` — `file` made relative to the skill folder shown. */
export function formatSyntaxFinding(f: ScriptSyntaxFinding, skillDir: string): string {
  const file = f.file !== undefined ? join(skillDir, f.file) : undefined;
  return `${place(file, f.line, f.tool)}: ${f.severity} [${f.code}] ${f.message}`;
}

function formatFinding(f: RiskFinding, skillDir: string): string {
  return `${place(join(skillDir, f.file), f.line, '')}: ${f.severity} [${f.rule}] ${f.message}`;
}

function join(dir: string, file: string): string {
  return dir === '' || dir === '.' ? file : `${dir}/${file}`;
}

/** The risk review as text lines. */
export function formatRisk(r: SkillRiskAssessment, shown: string, skillDir: string, policySource: string | null): string[] {
  const lines = [
    `${shown}: risk ${r.score}/100 (${r.level}) — policy ${r.passed ? 'passed' : 'FAILED'}${policySource ? ` (${policySource})` : ' (default policy)'}`,
  ];
  for (const f of r.factors) lines.push(`  ${f.category.padEnd(10)} ${f.points >= 0 ? '+' : ''}${String(f.points).padEnd(4)} ${f.description}`);
  for (const v of r.violations) lines.push(`  ${v.severity === 'warning' ? 'WARN ' : v.severity === 'critical' ? 'CRIT ' : 'ERROR'} ${v.rule}: ${v.message}`);
  for (const f of r.findings) lines.push(formatFinding(f, skillDir));
  return lines;
}

/** The JSON form of a syntax check (snake_case). */
export function syntaxJson(s: ScriptSyntaxResult): Record<string, unknown> {
  return toWire(SYNTAX, { ok: s.ok, findings: s.findings, missingTools: s.missingTools });
}
