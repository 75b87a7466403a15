// Maps anything a route throws to an HTTP reply `{error, field?, validation?}`
// (written by the protocol's errorReplyToWire): typed errors get their status
// from status.ts (400 config, 404 unknown agent, 409 clash, 413 size …) and
// carry the request field to fix as structured data, a validation failure
// carries the full result, and anything unexpected becomes a 500 with a
// generic message. Every message passes through redactSecret.

import { ForgeError, SkillValidationError, redactSecret } from '../../core/errors.js';
import { errorReplyToWire, type ErrorReply } from '../../core/protocol/wire.js';
import { httpStatusOf } from './status.js';

export interface HttpError {
  status: number;
  body: { error: string; [key: string]: unknown };
  /** True when the error was not one of ours (a bug or an I/O failure): worth logging in full. */
  unexpected: boolean;
}

export function toHttpError(err: unknown, secrets: readonly string[] = []): HttpError {
  const clean = (s: string): string => redactSecret(s, ...secrets);
  if (SkillValidationError.isInstance(err)) {
    return { status: 400, body: reply({ error: 'validation failed', validation: err.validation }), unexpected: false };
  }
  if (ForgeError.isInstance(err)) {
    // Every family's `field` (ForgeError's): the input to fix, as structured data beside the message.
    const field = typeof err.field === 'string' && err.field !== '' ? err.field : undefined;
    return { status: httpStatusOf(err), body: reply({ error: clean(err.message), ...(field ? { field } : {}) }), unexpected: false };
  }
  return { status: 500, body: { error: 'internal server error; see the server log' }, unexpected: true };
}

const reply = (e: ErrorReply): HttpError['body'] => errorReplyToWire(e) as HttpError['body'];

/** A short, redacted description of an error for a log line or an SSE `error` event. */
export function describeError(err: unknown, secrets: readonly string[] = []): string {
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : 'unknown error';
  return redactSecret(text, ...secrets)
    .replace(/\s+/g, ' ')
    .slice(0, 500);
}
