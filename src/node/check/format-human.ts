// The default output of `check`: per skill its findings as
// `file:line:column: level [check/code] message`, a line of check results,
// and one summary line at the end.
import type { CheckFinding, CheckOutcome, CheckReport } from './types.js';

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
const MARK: Record<CheckOutcome['status'], string> = { passed: 'ok', failed: 'FAIL', skipped: 'skip' };

export function findingLine(f: CheckFinding): string {
  const place = [f.file, f.line, f.line !== undefined ? f.column : undefined].filter((p) => p !== undefined).join(':');
  return `${place}: ${f.level} [${f.check}/${f.code}] ${f.message}`;
}

export function reportHuman(report: CheckReport): string {
  const lines: string[] = [];
  for (const s of report.skills) {
    lines.push(`${s.skill} (${s.path})`);
    for (const o of s.outcomes) for (const f of o.findings) lines.push(`  ${findingLine(f)}`);
    for (const o of s.outcomes) if (o.summary && o.status !== 'skipped') lines.push(`  ${o.check}: ${o.summary}`);
    lines.push(`  ${s.outcomes.map((o) => `${o.check} ${MARK[o.status]}`).join(', ')}`);
    lines.push('');
  }
  const { errors, warnings, notes } = report.counts;
  lines.push(
    `${plural(report.skills.length, 'skill')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(notes, 'note')} — ` +
      `${report.passed ? 'passed' : 'FAILED'} (--fail-on ${report.failOn})`,
  );
  return `${lines.join('\n')}\n`;
}
