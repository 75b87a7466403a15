// The JUnit XML form of a CheckReport, for CI test reports: one test suite per
// skill, one test case per check; a check fails when it has a finding at or
// above --fail-on, is skipped when it did not run, and its other findings go
// to system-out. Text is XML-escaped and characters XML cannot hold are dropped.
import { findingLine } from './format-human.js';
import { fails } from './report.js';
import type { CheckOutcome, CheckReport, SkillCheck } from './types.js';

// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters; they are removed, not matched by intent
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xml(text: string): string {
  return text.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function failing(o: CheckOutcome, failOn: 'error' | 'warning'): boolean {
  return o.findings.some((f) => fails(f.level, failOn));
}

function testcase(s: SkillCheck, o: CheckOutcome, failOn: 'error' | 'warning'): string {
  const open = `    <testcase classname="${xml(s.path)}" name="${xml(`${s.skill}: ${o.check}`)}">`;
  if (o.status === 'skipped') return `${open}\n      <skipped message="${xml(o.summary ?? 'not run')}"/>\n    </testcase>`;
  const bad = o.findings.filter((f) => fails(f.level, failOn));
  const rest = o.findings.filter((f) => !fails(f.level, failOn));
  const parts = [open];
  if (bad.length > 0) {
    parts.push(
      `      <failure message="${xml(`${bad.length} finding(s) at or above ${failOn}`)}" type="${xml(o.check)}">${xml(bad.map(findingLine).join('\n'))}</failure>`,
    );
  }
  const out = [...(o.summary ? [o.summary] : []), ...rest.map(findingLine)];
  if (out.length > 0) parts.push(`      <system-out>${xml(out.join('\n'))}</system-out>`);
  parts.push('    </testcase>');
  return parts.join('\n');
}

function counts(outcomes: readonly CheckOutcome[], failOn: 'error' | 'warning'): string {
  const failures = outcomes.filter((o) => o.status !== 'skipped' && failing(o, failOn)).length;
  const skipped = outcomes.filter((o) => o.status === 'skipped').length;
  return `tests="${outcomes.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
}

export function reportJunit(report: CheckReport): string {
  const all = report.skills.flatMap((s) => s.outcomes);
  const suites = report.skills.map(
    (s) =>
      `  <testsuite name="${xml(s.skill)}" ${counts(s.outcomes, report.failOn)}>\n${s.outcomes.map((o) => testcase(s, o, report.failOn)).join('\n')}\n  </testsuite>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="forge-skill-builder check" ${counts(all, report.failOn)}>\n${suites.join('\n')}\n</testsuites>\n`;
}
