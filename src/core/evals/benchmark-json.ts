// benchmark.json in skill-creator's exact shape, so its viewer reads ours:
// `metadata`, `runs[]` (each with `configuration` "with_skill" or
// "without_skill" and its figures nested under `result`), `run_summary` (per
// configuration `pass_rate`, `time_seconds`, `tokens` as mean/stddev/min/max,
// and `delta` as signed strings) and `notes`. Fields of ours that the viewer
// does not know (the baseline, partial, transcripts) go under `metadata` or a
// run's own `forge` object; the viewer ignores them.
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
