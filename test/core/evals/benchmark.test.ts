// The benchmark: mean / sample stddev / min / max, the delta as skill-creator's
// signed strings, the notes that flag non-discriminating expectations and
// high-variance cases, and the schema catching the field names the viewer
// would not read.
import { readFileSync } from 'node:fs';
import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { benchmarkNotes, stat, summarizeRuns } from '../../../src/core/evals/benchmark.js';
import { toBenchmarkJson, toGradingJson } from '../../../src/core/evals/benchmark-json.js';
import type { EvalConfiguration, EvalReport, EvalRun } from '../../../src/core/evals/types.js';

const SCHEMA = JSON.parse(readFileSync(new URL('../../fixtures/evals/benchmark.schema.json', import.meta.url), 'utf8')) as Schema;

function run(evalId: number, configuration: EvalConfiguration, runNumber: number, verdicts: boolean[], tokens = 100): EvalRun {
  const passed = verdicts.filter(Boolean).length;
  return {
    evalId,
    evalName: `case ${evalId}`,
    configuration,
    runNumber,
    passRate: passed / verdicts.length,
    passed,
    failed: verdicts.length - passed,
    total: verdicts.length,
    timeSeconds: 2,
    tokens,
    toolCalls: 1,
    errors: 0,
    expectations: verdicts.map((passed, i) => ({ text: `e${i}`, passed, evidence: 'q', by: 'check' as const })),
    notes: [],
    transcript: {
      system: '',
      prompt: '',
      tools: [],
      steps: [],
      answer: '',
      stoppedBy: 'answered',
      usage: { inputTokens: 0, outputTokens: 0 },
      durationMs: 2000,
    },
    judgeUsage: { inputTokens: 0, outputTokens: 0 },
  };
}

describe('benchmark', () => {
  it('stat: mean, sample standard deviation, min, max', () => {
    expect(stat([1, 0, 0.5])).toEqual({ mean: 0.5, stddev: 0.5, min: 0, max: 1 });
    expect(stat([0.7])).toEqual({ mean: 0.7, stddev: 0, min: 0.7, max: 0.7 });
    expect(stat([])).toEqual({ mean: 0, stddev: 0, min: 0, max: 0 });
  });

  it('flags an expectation passing everywhere and a case with high variance', () => {
    const runs = [
      run(1, 'with_skill', 1, [true, true]),
      run(1, 'with_skill', 2, [true, true]),
      run(1, 'with_skill', 3, [true, true]),
      run(1, 'without_skill', 1, [true, false]),
      run(1, 'without_skill', 2, [true, false]),
      run(2, 'with_skill', 1, [true]),
      run(2, 'with_skill', 2, [false]),
      run(2, 'without_skill', 1, [false]),
    ];
    const notes = benchmarkNotes(runs);
    expect(notes).toContain('Eval 1: expectation "e0" passes in every run of both configurations — it does not measure the skill');
    expect(notes.some((n) => n.startsWith('Eval 2 (with_skill) shows high variance (50% ± 71%)'))).toBe(true);
    expect(notes.some((n) => n.startsWith('Eval 1 (with_skill)'))).toBe(false);
    const summary = summarizeRuns(runs);
    expect(summary.withSkill!.passRate.mean).toBeCloseTo(0.8, 5);
    expect(summary.delta!.passRate).toBeCloseTo(0.8 - 1 / 3, 5);
  });

  it("writes skill-creator's benchmark.json and grading.json shapes; the schema rejects the names the viewer cannot read", () => {
    const runs = [run(1, 'with_skill', 1, [true, true], 300), run(1, 'without_skill', 1, [false, true], 120)];
    const report: EvalReport = {
      skill: 's',
      baseline: 'none',
      runsPerConfiguration: 1,
      runs,
      summary: summarizeRuns(runs),
      notes: [],
      calls: 2,
      usage: { inputTokens: 1, outputTokens: 1 },
      toolsRan: true,
    };
    const json = toBenchmarkJson(report, { skillName: 's', executorModel: 'm', analyzerModel: 'j', timestamp: '2026-12-01T00:00:00Z' });
    expect(json['run_summary']).toMatchObject({ delta: { pass_rate: '+0.50', time_seconds: '+0.0', tokens: '+180' } });
    const validator = new Validator(SCHEMA, '2020-12', false);
    expect(validator.validate(json).valid).toBe(true);
    const first = (json['runs'] as Record<string, unknown>[])[0]!;
    const renamed = { ...json, runs: [{ ...first, config: first['configuration'], configuration: undefined }] };
    expect(validator.validate(JSON.parse(JSON.stringify(renamed))).valid).toBe(false);
    const flat = { ...json, runs: [{ ...first, pass_rate: 1 }] };
    expect(validator.validate(flat).valid).toBe(false);
    expect(toGradingJson(runs[0]!)).toMatchObject({ summary: { passed: 2, failed: 0, total: 2, pass_rate: 1 }, execution_metrics: { total_tool_calls: 1 } });
  });
});
