// The call budget of a routing run: every provider call takes a slot before it
// starts, and no slot is given that could pass `maxCalls`, or `maxTokens` when
// the largest call so far, once for each call running and this one, would
// take the total past it. Calls already running
// finish; the caller stops starting new ones and returns what it has.
import { RequestError } from '../errors.js';
import type { LlmUsage } from '../llm/types.js';
import type { RoutingBudget } from './optimize-types.js';

export type BudgetStop = 'max_calls' | 'max_tokens';

function limit(value: unknown, field: string): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new RequestError(field, `${field} must be a whole number ≥ 1`);
  return value;
}

/** Checks a budget's fields; throws RequestError naming the bad one. */
export function checkBudget(budget: unknown): RoutingBudget {
  if (budget === undefined) return {};
  if (!budget || typeof budget !== 'object') throw new RequestError('budget', 'budget must be {maxCalls?, maxTokens?}');
  const b = budget as Record<string, unknown>;
  const maxCalls = limit(b['maxCalls'], 'budget.maxCalls');
  const maxTokens = limit(b['maxTokens'], 'budget.maxTokens');
  return { ...(maxCalls !== undefined ? { maxCalls } : {}), ...(maxTokens !== undefined ? { maxTokens } : {}) };
}

export class CallBudget {
  calls = 0;
  readonly usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };
  /** Set once a slot was refused. */
  stopped: BudgetStop | undefined;
  private largest = 0;
  private running = 0;

  constructor(readonly limits: RoutingBudget) {}

  get tokens(): number {
    return this.usage.inputTokens + this.usage.outputTokens;
  }

  /** Takes a slot for one call; false (and `stopped` set) when the budget does not allow it. */
  take(): boolean {
    if (this.stopped) return false;
    if (this.limits.maxCalls !== undefined && this.calls >= this.limits.maxCalls) this.stopped = 'max_calls';
    else if (this.limits.maxTokens !== undefined && this.tokens + (this.running + 1) * this.largest > this.limits.maxTokens) this.stopped = 'max_tokens';
    if (this.stopped) return false;
    this.calls++;
    this.running++;
    return true;
  }

  /** Adds a finished call's usage (a failed call: zero) and frees its running slot. */
  record(usage: LlmUsage): void {
    this.running = Math.max(0, this.running - 1);
    this.usage.inputTokens += usage.inputTokens;
    this.usage.outputTokens += usage.outputTokens;
    this.largest = Math.max(this.largest, usage.inputTokens + usage.outputTokens);
  }
}
