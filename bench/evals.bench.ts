// bench/evals: the eval harness's own overhead per agent step — building the
// request, the budget meter, running the loop, tool dispatch, the transcript,
// grading the deterministic expectations and the benchmark — with a scripted
// model and tool executor that cost (almost) nothing, so what is measured is
// the harness (an upper bound: the scripted model's own streaming is included).
//
//   npx tsx bench/evals.bench.ts
//
// Workload per repetition: 20 cases × 2 configurations × 3 runs of the
// unit-convert fixture (with the skill: a tool call, then the answer; without
// it: one answer), three deterministic expectations each. Figure: wall time
// per agent step (target ≤ 5 ms), median over the repetitions with the spread.
// Results: stdout and bench/results/evals.json.
import { evaluate } from '../src/core/evals/run-evals.js';
import type { EvalCase } from '../src/core/evals/types.js';
import { createScriptedLlm } from '../src/testing/scripted-llm.js';
import { CLOCK, CONVERT, MARATHON, scriptedEvalModel, scriptedExecutor } from '../test/helpers/eval-fixtures.js';
import { atMost, figure, printFigures, writeResult } from './lib.js';

const REPETITIONS = 7;
const WARMUP = 2;
const CASES: EvalCase[] = Array.from({ length: 20 }, (_, i) => ({
  ...MARATHON,
  id: i + 1,
  expectations: ['tool_called: convert_units with {"from": "mi"}', 'answer_contains: 42.16', 'answer_matches: that*km'],
}));

async function once(): Promise<{ ms: number; steps: number }> {
  const llm = createScriptedLlm(scriptedEvalModel, { chunkSize: 1000 });
  const started = performance.now();
  const report = await evaluate({ llm, skill: CONVERT, otherSkills: [CLOCK], cases: CASES, executor: scriptedExecutor(), selfTest: false });
  const ms = performance.now() - started;
  const steps = report.runs.reduce((n, r) => n + r.transcript.steps.length, 0);
  return { ms, steps };
}

const samples: number[] = [];
let steps = 0;
for (let i = 0; i < WARMUP + REPETITIONS; i++) {
  const r = await once();
  if (i >= WARMUP) samples.push(r.ms / r.steps);
  steps = r.steps;
}
const figures = [figure('harness overhead per agent step', samples, 'ms', { target: atMost(5, 'ms') })];
printFigures(`evals: ${CASES.length} cases × 2 configurations × 3 runs = ${steps} agent steps per repetition`, figures);
writeResult({
  name: 'evals',
  repetitions: REPETITIONS,
  notes: `${steps} agent steps per repetition; the scripted model and executor cost nothing measurable, so the figure is the harness's own time (an upper bound).`,
  figures,
});
