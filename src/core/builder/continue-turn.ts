// A reply cut off at the model's output limit with no draft left to recover:
// the notice the user is shown (on the turn's `done` event) and the message
// a "Continue" action sends as the next user turn. Plain strings, no
// imports, so the elements can use them without pulling in the rest of core.

/** Shown when a truncated reply left no draft. */
export const TRUNCATED_NO_DRAFT_NOTICE =
  'The model stopped at its output limit before its reply was complete, and no draft could be recovered from it. ' +
  'Continue asks it to send the whole reply again, shorter; or raise max_output_tokens in the settings.';

/** Shown when a truncated reply still gave a draft, which may be incomplete. */
export const TRUNCATED_DRAFT_NOTICE =
  'The model stopped at its output limit, so the draft may be incomplete. Continue asks it to send the whole reply again, shorter; or raise max_output_tokens in the settings.';

/** The user turn a "Continue" action sends after a cut-off reply. */
export const CONTINUE_MESSAGE = 'Cut off at your output limit: resend the whole JSON envelope, shorter.';
