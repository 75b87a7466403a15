// The self-test run before an optimisation spends anything: one request that
// plainly asks for the skill (its own name and text) and one that plainly
// needs no skill. When the model routes both the same way the detector cannot
// tell a match from a non-match (a broken provider setup, a model without
// tool calling, a catalog the model never reads) and the run stops there.
import type { LlmClient } from '../llm/types.js';
import type { AgentView } from './agent-view.js';
import type { CallBudget } from './budget.js';
import { decide } from './check-routing.js';
import { RoutingSelfTestError } from './errors.js';
import { choiceOf } from './outcome.js';
import type { RoutingTarget } from './optimize-types.js';

export const SELF_TEST_NON_MATCH = 'What is 2 + 2? Just give me the number.';

/** The request that obviously matches: it names the skill (or its first tool) and says what it does. */
export function selfTestMatch(name: string, target: RoutingTarget, texts: Record<string, string>): string {
  const [label, text] =
    target === 'description' ? [`the ${name} skill`, texts['description'] ?? ''] : Object.entries(texts).map(([tool, d]) => [`the ${tool} tool`, d])[0]!;
  return `Use ${label} for this: ${text}`.slice(0, 1000);
}

export interface SelfTestOutcome {
  ok: boolean;
  match: string;
  nonMatch: string;
}

/**
 * Sends the two requests (one call each, through the budget). Resolves when the
 * match reached the skill and the non-match did not; throws
 * RoutingSelfTestError when not, and null when the budget refused a call.
 */
export async function selfTest(
  setup: { llm: LlmClient; view: AgentView; skill: string; budget: CallBudget; signal?: AbortSignal },
  match: string,
): Promise<SelfTestOutcome | null> {
  const chosen: (string | null)[] = [];
  for (const text of [match, SELF_TEST_NON_MATCH]) {
    if (!setup.budget.take()) return null;
    try {
      const { calls, usage } = await decide(setup.llm, setup.view, text, setup.signal);
      setup.budget.record(usage);
      chosen.push(choiceOf(calls, setup.view)?.skill ?? null);
    } catch (err) {
      setup.budget.record({ inputTokens: 0, outputTokens: 0 });
      throw err;
    }
  }
  const [onMatch, onNonMatch] = chosen;
  if (onMatch !== setup.skill || onNonMatch === setup.skill) {
    const said = (c: string | null | undefined): string => (c ? `"${c}"` : 'no skill');
    throw new RoutingSelfTestError(`a request naming "${setup.skill}" went to ${said(onMatch)} and one needing no skill went to ${said(onNonMatch)}`);
  }
  return { ok: true, match, nonMatch: SELF_TEST_NON_MATCH };
}
