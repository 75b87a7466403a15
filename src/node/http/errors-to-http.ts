// Maps anything a route throws to an HTTP reply `{error, field?, ...}`: typed errors
// get their status from status.ts (400 config, 404 unknown agent, 409 clash, 413 size …)
// and name the input at fault in `field` when they have one, a
// validation failure carries the full result, and anything unexpected becomes
// a 500 with a generic message. Every message passes through redactSecret.

import { ForgeError, SkillValidationError, redactSecret } from '../../core/errors.js';
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
    return { status: 400, body: { error: 'validation failed', validation: err.validation }, unexpected: false };
  }
  if (ForgeError.isInstance(err)) {
    const body: HttpError['body'] = { error: clean(err.message) };
    // Every family's `field` (ForgeError's): the input to fix, as structured data beside the message.
    if (typeof err.field === 'string' && err.field !== '') body.field = err.field;
    return { status: httpStatusOf(err), body, unexpected: false };
  }
  return { status: 500, body: { error: 'internal server error; see the server log' }, unexpected: true };
}

/** A short, redacted description of an error for a log line or an SSE `error` event. */
export function describeError(err: unknown, secrets: readonly string[] = []): string {
  const text = err instanceof Error ? err.message : typeof err === 'string' ? err : 'unknown error';
  return redactSecret(text, ...secrets).replace(/\s+/g, ' ').slice(0, 500);
}
