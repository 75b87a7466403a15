// Repeated trials: each request is sent `runs` times to the agent's model (as
// Forge's runtime shows it the agent, see agent-view.ts), and the share of
// runs routed to the skill is its trigger rate. A request passes when the rate
// is on the right side of the threshold: at or above it for a request meant
// for the skill, below it for one that is not. Calls go through the budget
// (a refused slot stops the set: it comes back incomplete), at most
// `concurrency` at once; the signal stops new calls and aborts running ones.
import type { LlmClient } from '../llm/types.js';
import type { AgentView } from './agent-view.js';
import type { CallBudget } from './budget.js';
import { decide } from './check-routing.js';
import { choiceOf } from './outcome.js';
import type { SetScore, TrialResult } from './optimize-types.js';
import type { RoutingChoice, RoutingRequest } from './types.js';

export interface TrialSetup {
  llm: LlmClient;
  view: AgentView;
  /** The catalog name of the skill whose trigger rate is measured. */
  skill: string;
  runs: number;
  threshold: number;
  concurrency: number;
  budget: CallBudget;
  signal?: AbortSignal;
  /** Called after each finished call. */
  onCall?: () => void;
}

/** A set's requests scored; `complete` is false when the budget or the signal stopped it first. */
export interface TrialOutcome extends SetScore {
  complete: boolean;
}

/** Whether a request with this trigger rate passes. */
export function passes(expect: RoutingRequest['expect'], rate: number, threshold: number): boolean {
  return expect === 'this' ? rate >= threshold : rate < threshold;
}

/** Score and recall of a set of trial results. */
export function scoreOf(results: readonly TrialResult[]): Omit<SetScore, 'results'> {
  const meant = results.filter((r) => r.expect === 'this');
  return {
    score: results.length ? results.filter((r) => r.ok).length / results.length : null,
    recall: meant.length ? meant.filter((r) => r.ok).length / meant.length : null,
  };
}

/** Sends every request `runs` times; throws the first provider failure after the running calls end. */
export async function runTrials(setup: TrialSetup, requests: readonly RoutingRequest[]): Promise<TrialOutcome> {
  const hits = requests.map(() => 0);
  const done = requests.map(() => 0);
  const first: (RoutingChoice | null | undefined)[] = requests.map(() => undefined);
  const total = requests.length * setup.runs;
  let next = 0;
  let stopped = false;
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (failure === undefined && !stopped && next < total) {
      if (setup.signal?.aborted || !setup.budget.take()) {
        stopped = true;
        break;
      }
      const task = next++;
      const index = Math.floor(task / setup.runs);
      try {
        const { calls, usage } = await decide(setup.llm, setup.view, requests[index]!.text, setup.signal);
        setup.budget.record(usage);
        const chose = choiceOf(calls, setup.view);
        if (chose?.skill === setup.skill) hits[index]!++;
        done[index]!++;
        if (first[index] === undefined) first[index] = chose;
      } catch (err) {
        setup.budget.record({ inputTokens: 0, outputTokens: 0 });
        failure ??= err;
      }
      setup.onCall?.();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(setup.concurrency, total)) }, worker));
  if (failure !== undefined) throw failure;
  const results: TrialResult[] = [];
  requests.forEach((r, i) => {
    if (done[i] !== setup.runs) return;
    const rate = hits[i]! / setup.runs;
    results.push({
      text: r.text,
      expect: r.expect,
      ...(r.skill ? { skill: r.skill } : {}),
      runs: setup.runs,
      hits: hits[i]!,
      rate,
      chose: first[i] ?? null,
      ok: passes(r.expect, rate, setup.threshold),
    });
  });
  return { ...scoreOf(results), results, complete: results.length === requests.length };
}
