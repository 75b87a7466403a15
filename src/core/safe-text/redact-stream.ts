// Secrets in text that arrives in pieces (a model's streamed reply): each
// piece is redacted with redactSecret, and the end of the text seen so far
// is held back while it could be the start of a secret, so a key streamed
// one character (or seven) at a time never appears when the pieces are
// joined. What is held back is released by the next piece or by end().

import { redactSecret } from '../errors.js';

export interface StreamRedactor {
  /** The part of `piece` (plus what was held back) that is safe to show now. */
  push(piece: string): string;
  /** Everything still held back, redacted. Call once when the text is complete. */
  end(): string;
}

/** Secrets shorter than this are not redacted (as in redactSecret). */
const MIN_SECRET_LENGTH = 4;

/** Length of the longest end of `text` that is a proper prefix of one of `secrets`. */
function heldLength(text: string, secrets: readonly string[]): number {
  let held = 0;
  for (const s of secrets) {
    for (let k = Math.min(s.length - 1, text.length); k > held; k--) {
      if (text.endsWith(s.slice(0, k))) {
        held = k;
        break;
      }
    }
  }
  return held;
}

export function createStreamRedactor(secrets: Iterable<string | undefined>): StreamRedactor {
  const list = [...new Set([...secrets].filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))];
  let pending = '';
  return {
    push(piece) {
      if (list.length === 0) return piece;
      const text = redactSecret(pending + piece, ...list);
      const keep = heldLength(text, list);
      pending = keep > 0 ? text.slice(text.length - keep) : '';
      return keep > 0 ? text.slice(0, text.length - keep) : text;
    },
    end() {
      const rest = pending;
      pending = '';
      return redactSecret(rest, ...list);
    },
  };
}
