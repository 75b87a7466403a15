// runEvals / evaluate: does the agent do the job better with the skill than
// without it? Each case runs `runsPerConfiguration` times in both
// configurations (with_skill: the skill and the agent's other skills;
// without_skill: the others only, or the previous version in its place) in
// the agent harness, each run is graded, and the benchmark summarises them.
//
// The cost is stated first (`plan`). Every provider call passes the budget
// meter, so `budget` is never overrun: when it is reached the run stops and
// `done` carries the runs so far, marked partial. A self-test runs first (one
// Examples case, with the skill, kept as that case's first run): a provider
// error, no tool call at all, or a grader that cannot answer in JSON stops the
// run there with `error`. The caller's signal aborts at once (`error`, code
// `aborted`, with the report so far). `runEvals` yields events and never
// throws after its options are checked; `evaluate` resolves with the report or
// rejects with a PartialResultError carrying it.
import { ForgeError, LlmError, PartialResultError, type ForgeErrorCode } from '../errors.js';
import { runAgent } from './agent.js';
import { benchmarkNotes, summarizeRuns } from './benchmark.js';
import { BudgetReached, CallMeter } from './budget.js';
import { Channel } from './channel.js';
import { EvalSelfTestError } from './errors.js';
import { notRunExecutor } from './executor.js';
import { evalCapabilityProfile } from './observed-runs.js';
import { gradeRun } from './grade.js';
import type { RunEvalsOptions } from './options.js';
import { prepareEvals, type PreparedEvals } from './prepare.js';
import type { EvalCase, EvalConfiguration, EvalEvent, EvalReport, EvalRun } from './types.js';

const CONFIGURATIONS: readonly EvalConfiguration[] = ['with_skill', 'without_skill'];

interface RunContext {
  p: PreparedEvals;
  opts: RunEvalsOptions;
  meter: CallMeter;
  runs: EvalRun[];
  out: Channel<EvalEvent>;
}

function report(ctx: RunContext, partial?: EvalReport['partial']): EvalReport {
  const runs = [...ctx.runs];
  const profile = evalCapabilityProfile(ctx.opts.skill, runs, ctx.p.name, ctx.opts.sessionRuns);
  return {
    skill: ctx.p.name,
    baseline: ctx.opts.baseline ?? 'none',
    runsPerConfiguration: ctx.p.runsPerConfiguration,
    runs,
    summary: summarizeRuns(runs),
    notes: benchmarkNotes(runs),
    ...(partial ? { partial } : {}),
    calls: ctx.meter.calls,
    usage: { ...ctx.meter.usage },
    toolsRan: ctx.opts.executor !== undefined && ctx.opts.executor !== notRunExecutor,
    ...(profile ? { capabilityProfile: profile } : {}),
  };
}

async function runOne(ctx: RunContext, c: EvalCase, configuration: EvalConfiguration, runNumber: number): Promise<EvalRun> {
  const { p, opts, meter, out } = ctx;
  const setup = p.setups[configuration];
  const signal = opts.signal;
  out.push({ type: 'run_start', evalId: c.id, configuration, runNumber });
  const transcript = await runAgent({
    llm: p.llm,
    view: setup.view,
    skills: setup.skills,
    executor: opts.executor ?? notRunExecutor,
    prompt: c.prompt,
    files: c.files,
    maxSteps: p.maxSteps,
    meter,
    ...(signal ? { signal } : {}),
    onStep: (step) => out.push({ type: 'step', evalId: c.id, configuration, runNumber, step }),
    ...(opts.now ? { now: opts.now } : {}),
  });
  const run = await gradeRun({ judgeLlm: p.judgeLlm, meter, evalCase: c, configuration, runNumber, transcript, ...(signal ? { signal } : {}) });
  ctx.runs.push(run);
  out.push({ type: 'run_result', run });
  out.push({ type: 'progress', done: ctx.runs.length, total: p.plan.runs, calls: meter.calls, tokens: meter.tokens });
  return run;
}

/** The self-test's verdict on its run: null when sensible, else why not. */
function selfTestProblem(run: EvalRun): string | null {
  if (run.toolCalls === 0)
    return `the agent called no tool at all for "${run.evalName}" (not even read_skill): check the model supports tool calling, and the skill's description`;
  const judged = run.expectations.find((v) => v.error);
  if (judged) return `the grader model could not grade: ${judged.error}`;
  return null;
}

async function work(ctx: RunContext): Promise<void> {
  const { p, opts, out } = ctx;
  const done = new Set<string>();
  const key = (c: EvalCase, conf: EvalConfiguration, n: number): string => `${c.id} ${conf} ${n}`;
  if (p.selfTestCase) {
    const run = await runOne(ctx, p.selfTestCase, 'with_skill', 1);
    const problem = selfTestProblem(run);
    out.push({
      type: 'self_test',
      ok: problem === null,
      detail: problem ?? `the agent called ${run.transcript.steps.flatMap((s) => s.toolCalls.map((t) => t.name)).join(', ')}`,
    });
    if (problem) throw new EvalSelfTestError(problem);
    done.add(key(p.selfTestCase, 'with_skill', 1));
  }
  for (const c of p.cases) {
    for (let n = 1; n <= p.runsPerConfiguration; n++) {
      for (const conf of CONFIGURATIONS) {
        if (opts.signal?.aborted) throw new LlmError('aborted', 'the evaluation was aborted', { provider: p.llm.provider });
        if (!done.has(key(c, conf, n))) await runOne(ctx, c, conf, n);
      }
    }
  }
}

const codeOf = (err: unknown): ForgeErrorCode | 'internal' => (ForgeError.isInstance(err) ? err.code : 'internal');

/** Runs the evals and yields their events. Invalid options throw RequestError at once, before any call and before the first event. */
export function runEvals(opts: RunEvalsOptions): AsyncGenerator<EvalEvent> {
  return events(opts, prepareEvals(opts));
}

async function* events(opts: RunEvalsOptions, p: PreparedEvals): AsyncGenerator<EvalEvent> {
  const ctx: RunContext = { p, opts, meter: new CallMeter(opts.budget ?? {}, p.replyAllowance), runs: [], out: new Channel<EvalEvent>() };
  yield { type: 'plan', plan: p.plan };
  yield { type: 'cases', cases: p.cases.map((c) => ({ ...c })) };
  const finished = work(ctx).then(
    () => ctx.out.push({ type: 'done', report: report(ctx) }),
    (err: unknown) => {
      if (err instanceof BudgetReached) ctx.out.push({ type: 'done', report: report(ctx, { reason: 'budget', detail: err.detail }) });
      else {
        const aborted = opts.signal?.aborted === true;
        const error =
          aborted && !LlmError.isInstance(err) ? new LlmError('aborted', 'the evaluation was aborted', { provider: p.llm.provider }) : (err as Error);
        const reason = codeOf(error) === 'aborted' ? 'aborted' : 'error';
        ctx.out.push({ type: 'error', error, code: codeOf(error), report: report(ctx, { reason, detail: error.message }) });
      }
    },
  );
  void finished.finally(() => ctx.out.close());
  yield* ctx.out.drain();
}

/** A failed evaluation: `cause` is the failure, `partial` the report so far. */
export type EvalRunError = PartialResultError<EvalReport>;

/** Runs the evals to the end. Resolves with the report (partial when the budget ran out); rejects with an EvalRunError. */
export async function evaluate(opts: RunEvalsOptions): Promise<EvalReport> {
  let last: EvalEvent | undefined;
  for await (const event of runEvals(opts)) last = event;
  if (last?.type === 'done') return last.report;
  if (last?.type === 'error') throw new PartialResultError(last.error, last.report) satisfies EvalRunError;
  throw new Error('evaluation ended without a result');
}
