// The hard limit of an eval run: every provider call (agent step or grader)
// asks the meter first, and is made only when it fits — one call more stays
// within `maxCalls`, and the tokens used so far plus this call's bound (its
// prompt, about three characters a token, plus the reply allowance) stay
// within `maxTokens`. Usage is added as replies come back; when a provider
// reports none, the same estimate from the characters sent and received is
// counted instead, so a silent provider cannot run past the limit.
import type { LlmUsage } from '../llm/types.js';
import type { EvalBudget } from './types.js';

/** Tokens a reply may use, by default, in the bound of one call. */
export const DEFAULT_REPLY_ALLOWANCE = 1024;

/** Tokens of `chars` characters, rounded up generously. */
export const tokensOf = (chars: number): number => Math.ceil(chars / 3);

/** Thrown by the meter when the next call would pass the budget; the run stops cleanly with what it has. */
export class BudgetReached extends Error {
  constructor(readonly detail: string) {
    super(detail);
    this.name = 'BudgetReached';
  }
}

export class CallMeter {
  calls = 0;
  readonly usage: LlmUsage = { inputTokens: 0, outputTokens: 0 };

  constructor(
    readonly budget: EvalBudget,
    readonly replyAllowance = DEFAULT_REPLY_ALLOWANCE,
  ) {}

  get tokens(): number {
    return this.usage.inputTokens + this.usage.outputTokens;
  }

  /** Claims one call whose prompt is `promptChars` long; throws BudgetReached when it would not fit. */
  reserve(promptChars: number): void {
    const { maxCalls, maxTokens } = this.budget;
    if (maxCalls !== undefined && this.calls + 1 > maxCalls) throw new BudgetReached(`the call budget (${maxCalls} calls) is used up`);
    const bound = tokensOf(promptChars) + this.replyAllowance;
    if (maxTokens !== undefined && this.tokens + bound > maxTokens) {
      throw new BudgetReached(`the token budget (${maxTokens}) has no room for another call (${this.tokens} used, the next may take ${bound})`);
    }
    this.calls++;
  }

  /** Adds one call's usage; `promptChars`/`replyChars` stand in when the provider reported nothing. */
  add(usage: LlmUsage, promptChars: number, replyChars: number): LlmUsage {
    const counted = usage.inputTokens + usage.outputTokens > 0 ? usage : { inputTokens: tokensOf(promptChars), outputTokens: tokensOf(replyChars) };
    this.usage.inputTokens += counted.inputTokens;
    this.usage.outputTokens += counted.outputTokens;
    return counted;
  }
}
