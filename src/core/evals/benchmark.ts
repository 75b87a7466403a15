// The benchmark: per configuration the mean, standard deviation, minimum and
// maximum of pass rate, time and tokens over every run; the delta (with skill
// minus without); and notes that flag what the numbers alone hide —
// expectations that pass in every run of both configurations (they do not
// measure the skill) and cases whose pass rate swings between runs.
import type { ConfigurationSummary, EvalReport, EvalRun, Stat } from './types.js';

/** A case whose pass rates across runs of one configuration spread wider than this (standard deviation) is flagged. */
export const HIGH_VARIANCE_STDDEV = 0.25;

export function stat(values: readonly number[]): Stat {
  if (values.length === 0) return { mean: 0, stddev: 0, min: 0, max: 0 };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  // Sample standard deviation (n − 1), 0 for a single value.
  const variance = values.length < 2 ? 0 : values.reduce((a, v) => a + (v - mean) ** 2, 0) / (values.length - 1);
  return { mean, stddev: Math.sqrt(variance), min: Math.min(...values), max: Math.max(...values) };
}

function summaryOf(runs: readonly EvalRun[]): ConfigurationSummary | null {
  if (runs.length === 0) return null;
  return { passRate: stat(runs.map((r) => r.passRate)), timeSeconds: stat(runs.map((r) => r.timeSeconds)), tokens: stat(runs.map((r) => r.tokens)) };
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** The notes: non-discriminating expectations, high-variance cases, errors and tools that did not run. */
export function benchmarkNotes(runs: readonly EvalRun[]): string[] {
  const notes: string[] = [];
  const byExpectation = new Map<string, { with: boolean[]; without: boolean[] }>();
  for (const run of runs) {
    for (const v of run.expectations) {
      const key = `${run.evalId}\u0000${v.text}`;
      const entry = byExpectation.get(key) ?? { with: [], without: [] };
      (run.configuration === 'with_skill' ? entry.with : entry.without).push(v.passed);
      byExpectation.set(key, entry);
    }
  }
  for (const [key, seen] of byExpectation) {
    const [id, text] = key.split('\u0000') as [string, string];
    if (seen.with.length > 0 && seen.without.length > 0 && seen.with.every(Boolean) && seen.without.every(Boolean)) {
      notes.push(`Eval ${id}: expectation "${text}" passes in every run of both configurations — it does not measure the skill`);
    }
  }
  const groups = new Map<string, EvalRun[]>();
  for (const run of runs) groups.set(`${run.evalId} ${run.configuration}`, [...(groups.get(`${run.evalId} ${run.configuration}`) ?? []), run]);
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    const s = stat(group.map((r) => r.passRate));
    if (s.stddev > HIGH_VARIANCE_STDDEV) {
      notes.push(`Eval ${group[0]!.evalId} (${group[0]!.configuration}) shows high variance (${pct(s.mean)} ± ${pct(s.stddev)}) — flaky, or model-dependent`);
    }
  }
  const errors = runs.reduce((n, r) => n + r.errors, 0);
  if (errors > 0) notes.push(`${errors} expectation(s) could not be graded (the grader's reply was unusable twice) and count as failed`);
  if (runs.some((r) => r.transcript.steps.some((s) => s.toolCalls.some((c) => c.notRun)))) {
    notes.push('Tools were not run (tool runs are off): their results are placeholders, so outcomes that depend on tool output are not measured');
  }
  return notes;
}

export function summarizeRuns(runs: readonly EvalRun[]): EvalReport['summary'] {
  const withSkill = summaryOf(runs.filter((r) => r.configuration === 'with_skill'));
  const withoutSkill = summaryOf(runs.filter((r) => r.configuration === 'without_skill'));
  const delta =
    withSkill && withoutSkill
      ? {
          passRate: withSkill.passRate.mean - withoutSkill.passRate.mean,
          timeSeconds: withSkill.timeSeconds.mean - withoutSkill.timeSeconds.mean,
          tokens: withSkill.tokens.mean - withoutSkill.tokens.mean,
        }
      : null;
  return { withSkill, withoutSkill, delta };
}
