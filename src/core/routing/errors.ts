// The routing check's own failures: the designer model answered, but not with
// the JSON it was asked for (so no requests or no description could be read);
// and the self-test found the check cannot tell a match from a non-match.
import { ForgeError } from '../errors.js';

export class DesignerReplyError extends ForgeError {
  readonly code = 'designer_reply' as const;

  constructor(what: string, detail: string) {
    super(`the designer model's reply held no usable ${what} (${detail}); run it again, or use a stronger model`);
  }

  static override isInstance(value: unknown): value is DesignerReplyError {
    return ForgeError.isInstance(value) && value.code === 'designer_reply';
  }
}

/**
 * The routing check's self-test failed: the model was sent one request that
 * plainly names the skill and one that plainly needs no skill, and the
 * answers could not tell them apart — so every score would be noise.
 */
export class RoutingSelfTestError extends ForgeError {
  readonly code = 'routing_self_test' as const;

  constructor(detail: string) {
    super(
      `the routing check itself is not working: ${detail}. Nothing was scored. Check the provider and model (it must support tool calling) and the agent setup, then run it again`,
    );
  }

  static override isInstance(value: unknown): value is RoutingSelfTestError {
    return ForgeError.isInstance(value) && value.code === 'routing_self_test';
  }
}
