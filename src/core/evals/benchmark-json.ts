// benchmark.json in skill-creator's exact shape, so its viewer reads ours:
// `metadata`, `runs[]` (each with `configuration` "with_skill" or
// "without_skill" and its figures nested under `result`), `run_summary` (per
// configuration `pass_rate`, `time_seconds`, `tokens` as mean/stddev/min/max,
// and `delta` as signed strings) and `notes`. Fields of ours that the viewer
// does not know (the baseline, partial, transcripts) go under `metadata` or a
// run's own `forge` object; the viewer ignores them. A skill keeps its last
// run beside its cases as `evals/benchmark.json`; benchmarkSummary reads that
// back into the few figures a history record and a package's provenance carry.
import type { ConfigurationSummary, EvalReport, Stat } from './types.js';

export interface BenchmarkMetadata {
  skillName: string;
  skillPath?: string;
  executorModel: string;
  analyzerModel: string;
  timestamp: string;
}

const round = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;
const signed = (x: number, digits: number): string => `${x >= 0 ? '+' : '-'}${Math.abs(x).toFixed(digits)}`;

function statJson(s: Stat, digits: number): Record<string, number> {
  return { mean: round(s.mean, digits), stddev: round(s.stddev, digits), min: round(s.min, digits), max: round(s.max, digits) };
}

function summaryJson(s: ConfigurationSummary | null): Record<string, unknown> | undefined {
  if (!s) return undefined;
  return { pass_rate: statJson(s.passRate, 4), time_seconds: statJson(s.timeSeconds, 3), tokens: statJson(s.tokens, 1) };
}

/** The benchmark.json value of `report`. */
export function toBenchmarkJson(report: EvalReport, meta: BenchmarkMetadata): Record<string, unknown> {
  const runSummary: Record<string, unknown> = {};
  const withSkill = summaryJson(report.summary.withSkill);
  const withoutSkill = summaryJson(report.summary.withoutSkill);
  if (withSkill) runSummary['with_skill'] = withSkill;
  if (withoutSkill) runSummary['without_skill'] = withoutSkill;
  const d = report.summary.delta;
  if (d) runSummary['delta'] = { pass_rate: signed(d.passRate, 2), time_seconds: signed(d.timeSeconds, 1), tokens: signed(Math.round(d.tokens), 0) };
  return {
    metadata: {
      skill_name: meta.skillName,
      ...(meta.skillPath ? { skill_path: meta.skillPath } : {}),
      executor_model: meta.executorModel,
      analyzer_model: meta.analyzerModel,
      timestamp: meta.timestamp,
      evals_run: [...new Set(report.runs.map((r) => r.evalId))],
      runs_per_configuration: report.runsPerConfiguration,
      baseline: report.baseline,
      tools_ran: report.toolsRan,
      ...(report.partial ? { partial: report.partial } : {}),
    },
    runs: report.runs.map((r) => ({
      eval_id: r.evalId,
      eval_name: r.evalName,
      configuration: r.configuration,
      run_number: r.runNumber,
      result: {
        pass_rate: round(r.passRate, 4),
        passed: r.passed,
        failed: r.failed,
        total: r.total,
        time_seconds: round(r.timeSeconds, 3),
        tokens: r.tokens,
        tool_calls: r.toolCalls,
        errors: r.errors,
      },
      expectations: r.expectations.map((v) => ({
        text: v.text,
        passed: v.passed,
        evidence: v.error ? `${v.error}${v.evidence ? `: ${v.evidence}` : ''}` : v.evidence,
      })),
      notes: r.notes,
    })),
    run_summary: runSummary,
    notes: report.notes,
  };
}

/** The grading.json value of one run (skill-creator's shape: expectations, summary, execution metrics, timing). */
export function toGradingJson(run: EvalReport['runs'][number]): Record<string, unknown> {
  const counts: Record<string, number> = {};
  for (const s of run.transcript.steps) for (const c of s.toolCalls) counts[c.name] = (counts[c.name] ?? 0) + 1;
  return {
    expectations: run.expectations.map((v) => ({ text: v.text, passed: v.passed, evidence: v.error ?? v.evidence })),
    summary: { passed: run.passed, failed: run.failed, total: run.total, pass_rate: round(run.passRate, 4) },
    execution_metrics: {
      tool_calls: counts,
      total_tool_calls: run.toolCalls,
      total_steps: run.transcript.steps.length,
      errors_encountered: run.errors,
      output_chars: run.transcript.answer.length,
    },
    timing: { executor_duration_seconds: round(run.timeSeconds, 3) },
  };
}

/** The figures of a benchmark a history record and a provenance carry (the API's BenchmarkSummary has this shape). */
export interface BenchmarkSummary {
  withSkill: number;
  withoutSkill?: number;
  delta?: number;
  runs: number;
  when: string;
}

/** Where a skill keeps its last eval run, beside its cases: `evals/benchmark.json`. */
export const BENCHMARK_FILE_PATH = 'evals/benchmark.json';

const meanOf = (v: unknown): number | undefined => {
  const m = (v as { pass_rate?: { mean?: unknown } } | undefined)?.pass_rate?.mean;
  return typeof m === 'number' && Number.isFinite(m) ? m : undefined;
};

/** The summary of a benchmark.json value (pass rates with and without the skill, delta, runs, when); undefined when it has no pass rate with the skill. */
export function benchmarkSummary(json: unknown): BenchmarkSummary | undefined {
  if (typeof json !== 'object' || json === null) return undefined;
  const b = json as { metadata?: { timestamp?: unknown }; runs?: unknown; run_summary?: { with_skill?: unknown; without_skill?: unknown } };
  const withSkill = meanOf(b.run_summary?.with_skill);
  if (withSkill === undefined) return undefined;
  const withoutSkill = meanOf(b.run_summary?.without_skill);
  const when = typeof b.metadata?.timestamp === 'string' ? b.metadata.timestamp : '';
  return {
    withSkill,
    ...(withoutSkill !== undefined ? { withoutSkill, delta: round(withSkill - withoutSkill, 4) } : {}),
    runs: Array.isArray(b.runs) ? b.runs.length : 0,
    when,
  };
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;

/** One line for a summary: `pass rate 83% with the skill, 40% without (+43 points), 12 runs, <when>`. */
export function benchmarkSummaryLine(s: BenchmarkSummary): string {
  const base = s.withoutSkill !== undefined ? `, ${pct(s.withoutSkill)} without (${signed((s.delta ?? 0) * 100, 0)} points)` : '';
  return `pass rate ${pct(s.withSkill)} with the skill${base}, ${s.runs} run${s.runs === 1 ? '' : 's'}${s.when ? `, ${s.when}` : ''}`;
}
