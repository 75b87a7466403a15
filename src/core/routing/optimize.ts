// optimizeRouting / routeOptimize: tunes what the agent's model sees of a
// skill (its catalog description, or its script-backed tools' descriptions;
// see target.ts) on requests split into train and held-out. Each iteration
// the proposer rewrites the text from the train failures of the best
// candidate so far by train score; every candidate is scored on both sets
// (each request `runsPerQuery` times, its trigger rate against the
// threshold), and the one chosen is the best by held-out score — the proposer
// never sees a held-out request, so that score says how the text does on
// requests it was not fitted to.
//
// The number of calls is stated before any is made; the budget is a hard
// limit (the result so far comes back with `stopped`); the signal aborts; a
// self-test of two calls runs first and stops the run when the check cannot
// tell a match from a non-match.
import { createPatch } from 'diff';
import { ForgeError, LlmError, PartialResultError } from '../errors.js';
import type { Skill } from '../skill/skill.js';
import { buildAgentView } from './agent-view.js';
import { CallBudget } from './budget.js';
import { planOptimize } from './optimize-plan.js';
import { prepareOptimize, type OptimizeSetup } from './optimize-setup.js';
import type { OptimizeEvent, OptimizeRoutingOptions, RoutingCandidate, RoutingOptimizeResult } from './optimize-types.js';
import { proposeTexts } from './propose.js';
import { selfTest, selfTestMatch } from './self-test.js';
import { targetTexts, withTargetTexts } from './target.js';
import { runTrials } from './trials.js';

/** A failed optimisation: `cause` is the failure, `partial` the candidates scored before it. */
export type RoutingOptimizeError = PartialResultError<RoutingOptimizeResult>;

export { planOptimize };

interface Run {
  p: OptimizeSetup;
  budget: CallBudget;
  candidates: RoutingCandidate[];
  signal?: AbortSignal;
}

function chosenOf(candidates: readonly RoutingCandidate[]): number | null {
  let best: RoutingCandidate | undefined;
  for (const c of candidates) if (!best || (c.heldOut.score ?? -1) > (best.heldOut.score ?? -1)) best = c;
  return best ? best.index : null;
}

function resultOf(run: Run): RoutingOptimizeResult {
  return {
    skill: run.p.name,
    target: run.p.target,
    train: run.p.split.train,
    heldOut: run.p.split.heldOut,
    candidates: [...run.candidates],
    chosen: chosenOf(run.candidates),
    ...(run.budget.stopped ? { stopped: run.budget.stopped } : {}),
    calls: run.budget.calls,
    usage: { ...run.budget.usage },
  };
}

/** Scores one draft version on both sets; null when the budget or the signal stopped it. */
async function score(run: Run, skill: Skill, index: number, rationale: string): Promise<RoutingCandidate | null> {
  const { p } = run;
  const view = buildAgentView([skill, ...p.rest], { agentName: p.agentName });
  const setup = {
    llm: p.llm,
    view,
    skill: p.name,
    runs: p.runsPerQuery,
    threshold: p.threshold,
    concurrency: p.concurrency,
    budget: run.budget,
    ...(run.signal ? { signal: run.signal } : {}),
  };
  const train = await runTrials(setup, p.split.train);
  if (!train.complete) return null;
  const heldOut = await runTrials(setup, p.split.heldOut);
  if (!heldOut.complete) return null;
  const strip = ({ complete: _complete, ...s }: typeof train) => s;
  return {
    index,
    texts: targetTexts(skill, p.name, view, p.target),
    skillMd: skill.skillMd,
    diff: index === 0 ? '' : createPatch('SKILL.md', p.draft.skillMd, skill.skillMd, '', '', { context: 3 }),
    rationale,
    train: strip(train),
    heldOut: strip(heldOut),
  };
}

/** The candidate the next proposal improves on: the best by train score (ties: the later one). */
function parentOf(candidates: readonly RoutingCandidate[]): RoutingCandidate {
  let best = candidates[0]!;
  for (const c of candidates) if ((c.train.score ?? -1) >= (best.train.score ?? -1)) best = c;
  return best;
}

/** One proposal turned into a scored candidate; null when the budget or the signal stopped it. */
async function iterate(run: Run, index: number): Promise<RoutingCandidate | null> {
  const { p } = run;
  const parent = parentOf(run.candidates);
  if (run.signal?.aborted || !run.budget.take()) return null;
  let proposal: Awaited<ReturnType<typeof proposeTexts>>;
  try {
    proposal = await proposeTexts({
      llm: p.llm,
      target: p.target,
      skill: p.brief,
      skillMd: parent.skillMd,
      texts: parent.texts,
      trainResults: parent.train.results,
      heldOut: p.split.heldOut,
      others: p.others,
      ...(run.signal ? { signal: run.signal } : {}),
    });
    run.budget.record(proposal.usage);
  } catch (err) {
    run.budget.record({ inputTokens: 0, outputTokens: 0 });
    throw err;
  }
  const skill = p.draft.with({ skillMd: withTargetTexts(p.draft.skillMd, p.target, proposal.texts) });
  return score(run, skill, index, proposal.rationale);
}

function errorEvent(err: unknown, run: Run): OptimizeEvent {
  return { type: 'error', error: err as Error, code: ForgeError.isInstance(err) ? err.code : 'internal', result: resultOf(run) };
}

/**
 * Runs an optimisation and yields its events: `plan` (the calls it will make),
 * `split`, `self_test`, then `progress` and `candidate` (candidate 0 is the
 * text the draft has now), then `done` — or `error` with the candidates so
 * far. Invalid options throw RequestError before any call.
 */
export async function* routeOptimize(opts: OptimizeRoutingOptions): AsyncGenerator<OptimizeEvent> {
  const p = prepareOptimize(opts);
  const run: Run = { p, budget: new CallBudget(p.budget), candidates: [], ...(opts.signal ? { signal: opts.signal } : {}) };
  const planned = planOptimize({ requests: p.split.train.length + p.split.heldOut.length, iterations: p.iterations, runsPerQuery: p.runsPerQuery });
  yield {
    type: 'plan',
    calls: planned,
    target: p.target,
    runsPerQuery: p.runsPerQuery,
    train: p.split.train.length,
    heldOut: p.split.heldOut.length,
    ...p.budget,
  };
  yield { type: 'split', train: p.split.train.map((r) => ({ ...r })), heldOut: p.split.heldOut.map((r) => ({ ...r })) };
  try {
    const texts = targetTexts(p.draft, p.name, p.view, p.target);
    const check = await selfTest(
      { llm: p.llm, view: p.view, skill: p.name, budget: run.budget, ...(run.signal ? { signal: run.signal } : {}) },
      selfTestMatch(p.name, p.target, texts),
    );
    if (check) {
      yield { type: 'self_test', ...check };
      for (let i = 0; i <= p.iterations && !run.budget.stopped; i++) {
        const candidate = i === 0 ? await score(run, p.draft, 0, '') : await iterate(run, i);
        yield { type: 'progress', calls: run.budget.calls, planned };
        if (!candidate) break;
        run.candidates.push(candidate);
        yield { type: 'candidate', candidate };
      }
    }
    if (run.signal?.aborted) throw new LlmError('aborted', 'the routing optimisation was aborted', { provider: p.llm.provider });
  } catch (err) {
    yield errorEvent(err, run);
    return;
  }
  yield { type: 'done', result: resultOf(run) };
}

/** Runs an optimisation to the end. Rejects with a RoutingOptimizeError: the failure, and the candidates so far. */
export async function optimizeRouting(opts: OptimizeRoutingOptions): Promise<RoutingOptimizeResult> {
  let last: OptimizeEvent | undefined;
  for await (const event of routeOptimize(opts)) last = event;
  if (last?.type === 'done') return last.result;
  if (last?.type === 'error') throw new PartialResultError(last.error, last.result);
  throw new Error('the routing optimisation ended without a result');
}
