// The eval run's own failure: the self-test (one case the skill obviously
// handles, run first) gave no sensible result, so the run stopped before
// spending its budget. The message says what went wrong and what to try.
import { ForgeError } from '../errors.js';

export class EvalSelfTestError extends ForgeError {
  readonly code = 'eval_self_test' as const;

  constructor(readonly detail: string) {
    super(`the eval self-test failed: ${detail}; nothing more was run`);
  }

  static override isInstance(value: unknown): value is EvalSelfTestError {
    return ForgeError.isInstance(value) && value.code === 'eval_self_test';
  }
}
