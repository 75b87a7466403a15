// A CheckReport from the skills' outcomes, and its stable JSON form: the
// documented `forge-check/1` shape (snake_case keys, paths relative to the
// repository root, skills sorted by path, no time or absolute path), so two
// runs over the same tree print the same bytes.
import type { CheckFinding, CheckReport, FindingLevel, SkillCheck } from './types.js';

export const CHECK_JSON_FORMAT = 'forge-check/1';

const RANK: Record<FindingLevel, number> = { note: 0, warning: 1, error: 2 };

/** True when `level` is at or above `failOn`. */
export function fails(level: FindingLevel, failOn: 'error' | 'warning'): boolean {
  return RANK[level] >= RANK[failOn];
}

export function allFindings(report: Pick<CheckReport, 'skills'>): CheckFinding[] {
  return report.skills.flatMap((s) => s.outcomes.flatMap((o) => o.findings));
}

export function buildReport(root: string, failOn: 'error' | 'warning', skills: SkillCheck[]): CheckReport {
  const all = skills.flatMap((s) => s.outcomes.flatMap((o) => o.findings));
  const count = (l: FindingLevel): number => all.filter((f) => f.level === l).length;
  return {
    root,
    failOn,
    skills,
    counts: { errors: count('error'), warnings: count('warning'), notes: count('note') },
    passed: !all.some((f) => fails(f.level, failOn)),
  };
}

export function reportJson(report: CheckReport): string {
  const doc = {
    format: CHECK_JSON_FORMAT,
    fail_on: report.failOn,
    passed: report.passed,
    counts: report.counts,
    skills: report.skills.map((s) => ({
      skill: s.skill,
      path: s.path,
      checks: s.outcomes.map((o) => ({
        check: o.check,
        status: o.status,
        ...(o.summary !== undefined ? { summary: o.summary } : {}),
        findings: o.findings.map((f) => ({
          code: f.code,
          level: f.level,
          message: f.message,
          file: f.file,
          ...(f.line !== undefined ? { line: f.line } : {}),
          ...(f.column !== undefined ? { column: f.column } : {}),
        })),
      })),
    })),
  };
  return `${JSON.stringify(doc, null, 2)}\n`;
}
