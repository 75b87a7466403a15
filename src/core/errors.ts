// Typed errors: one class per failure family, each with a literal `code` from
// one union (ForgeErrorCode: every code of the package, one family per code;
// the Node server maps each to an HTTP status in node/http/status.ts, the core
// knows no HTTP). `field` names the input at fault when there is one.
// `isInstance` works across bundles (a copy of this module loaded twice still
// recognises its errors) via a Symbol.for marker.
// No error message may ever contain an API key: callers pass keys to redactSecret.

import type { ValidationResult } from './diagnostics.js';

const MARKER = Symbol.for('forge-skill-builder.error');

export const LLM_ERROR_CODES = [
  'auth',
  'rate_limit',
  'model_not_found',
  'provider_bad_request',
  'server',
  'network',
  'timeout',
  'stream_cut',
  'aborted',
  'replay_miss',
] as const;
export type LlmErrorCode = (typeof LLM_ERROR_CODES)[number];

/**
 * Every error code of the package, each owned by one class: the LLM codes
 * (LlmError), then core's, node's (`tool_run_refused`, `skill_read`, `usage`,
 * `port_in_use`) and the elements' (`api`).
 */
export type ForgeErrorCode =
  | LlmErrorCode
  | 'config'
  | 'bad_request'
  | 'conflict'
  | 'unsafe_path'
  | 'not_found'
  | 'validation'
  | 'unsafe_archive'
  | 'risk_policy_invalid'
  | 'designer_reply'
  | 'routing_self_test'
  | 'eval_self_test'
  | 'partial_result'
  | 'trust_invalid'
  | 'trust_refused'
  | 'tool_run_refused'
  | 'skill_read'
  | 'usage'
  | 'port_in_use'
  | 'api';

/** @internal The codes of ForgeErrorCode as a list (the status table's test checks it names every one). */
export const FORGE_ERROR_CODES = [
  ...LLM_ERROR_CODES,
  'config',
  'bad_request',
  'conflict',
  'unsafe_path',
  'not_found',
  'validation',
  'unsafe_archive',
  'risk_policy_invalid',
  'designer_reply',
  'routing_self_test',
  'eval_self_test',
  'partial_result',
  'trust_invalid',
  'trust_refused',
  'tool_run_refused',
  'skill_read',
  'usage',
  'port_in_use',
  'api',
] as const satisfies readonly ForgeErrorCode[];

export abstract class ForgeError extends Error {
  abstract readonly code: ForgeErrorCode;
  /** The input at fault (a request field, option, flag or config key), when the error is about one. */
  readonly field?: string;
  readonly [MARKER] = true;

  constructor(message: string, options?: { cause?: unknown; field?: string }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    if (options?.field !== undefined) this.field = options.field;
  }

  static isInstance(value: unknown): value is ForgeError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[MARKER] === true;
  }
}

/** @internal A ForgeError from any copy of this module whose `code` is `code`: what each subclass's isInstance checks. */
export function hasForgeCode(value: unknown, code: ForgeErrorCode): value is ForgeError {
  return ForgeError.isInstance(value) && value.code === code;
}
const hasCode = hasForgeCode;

/** A provider call failed. `retryAfter` is in seconds when the provider said so. */
export class LlmError extends ForgeError {
  readonly code: LlmErrorCode;
  readonly provider: string;
  readonly status: number | undefined;
  readonly retryAfter: number | undefined;
  readonly isRetryable: boolean;

  constructor(code: LlmErrorCode, message: string, opts: { provider: string; status?: number; retryAfter?: number; cause?: unknown }) {
    super(message, { cause: opts.cause });
    this.code = code;
    this.provider = opts.provider;
    this.status = opts.status;
    this.retryAfter = opts.retryAfter;
    this.isRetryable = code === 'rate_limit' || code === 'server' || code === 'network' || code === 'timeout' || code === 'stream_cut';
  }

  static override isInstance(value: unknown): value is LlmError {
    return ForgeError.isInstance(value) && (LLM_ERROR_CODES as readonly string[]).includes(value.code);
  }
}

/**
 * A client replaying recorded LLM calls got a request that is not in the recording:
 * `requestHash` names it (the recording file is `<requestHash>.json`), `location` says
 * where the recording was looked up. Never retryable: record again, or undo the change
 * that altered the request.
 */
export class LlmReplayMissError extends LlmError {
  declare readonly code: 'replay_miss';
  readonly requestHash: string;
  readonly location: string;

  constructor(message: string, opts: { provider: string; requestHash: string; location: string }) {
    super('replay_miss', message, { provider: opts.provider });
    this.requestHash = opts.requestHash;
    this.location = opts.location;
  }

  static override isInstance(value: unknown): value is LlmReplayMissError {
    return hasCode(value, 'replay_miss');
  }
}

/** Configuration is missing or malformed: names the field and, when from a file, the file and line. */
export class ConfigError extends ForgeError {
  readonly code = 'config' as const;
  declare readonly field: string;
  readonly file: string | undefined;
  readonly line: number | undefined;

  constructor(field: string, message: string, opts: { file?: string; line?: number; cause?: unknown } = {}) {
    super(message, { cause: opts.cause, field });
    this.file = opts.file;
    this.line = opts.line;
  }

  static override isInstance(value: unknown): value is ConfigError {
    return hasCode(value, 'config');
  }
}

/**
 * Why a request was refused: `invalid` (the default: a bad field), `too_large`
 * (the body exceeds a limit), `timeout` (the body did not arrive in time),
 * `unsupported_type` (the body is not in a type the route reads).
 */
export type RequestErrorReason = 'invalid' | 'too_large' | 'timeout' | 'unsupported_type';

/** A request body or argument is invalid. */
export class RequestError extends ForgeError {
  readonly code = 'bad_request' as const;
  declare readonly field: string;
  readonly reason: RequestErrorReason;

  constructor(field: string, message: string, reason: RequestErrorReason = 'invalid') {
    super(message, { field });
    this.reason = reason;
  }

  static override isInstance(value: unknown): value is RequestError {
    return hasCode(value, 'bad_request');
  }
}

/** A create-mode save hit an existing skill. */
export class SkillConflictError extends ForgeError {
  readonly code = 'conflict' as const;
  readonly skillName: string;

  constructor(skillName: string, message?: string) {
    super(message ?? `skill "${skillName}" already exists; open it in edit mode to change it, or pick another name`);
    this.skillName = skillName;
  }

  static override isInstance(value: unknown): value is SkillConflictError {
    return hasCode(value, 'conflict');
  }
}

/** A name or file name would escape the folder it belongs in (such names are refused before they reach a path). */
export class UnsafePathError extends ForgeError {
  readonly code = 'unsafe_path' as const;
  declare readonly field: string;

  constructor(field: string, message: string) {
    super(message, { field });
  }

  static override isInstance(value: unknown): value is UnsafePathError {
    return hasCode(value, 'unsafe_path');
  }
}

/** Something named in the request does not exist (agent, skill). */
export class NotFoundError extends ForgeError {
  readonly code = 'not_found' as const;
  readonly what: string;

  constructor(what: string, message: string) {
    super(message);
    this.what = what;
  }

  static override isInstance(value: unknown): value is NotFoundError {
    return hasCode(value, 'not_found');
  }
}

/** A skill failed validation; nothing was written. Carries the full result. */
export class SkillValidationError extends ForgeError {
  readonly code = 'validation' as const;
  readonly validation: ValidationResult;

  constructor(validation: ValidationResult) {
    super(`validation failed: ${validation.errors.map((e) => `${e.field}: ${e.message}`).join('; ')}`);
    this.validation = validation;
  }

  static override isInstance(value: unknown): value is SkillValidationError {
    return hasCode(value, 'validation');
  }
}

/**
 * A call that failed part-way: `cause` is the failure (an LlmError, say) and
 * `partial` what was done before it — `send()`'s reply so far, a routing
 * check's report so far. The message is the failure's.
 */
export class PartialResultError<T = unknown> extends ForgeError {
  readonly code = 'partial_result' as const;
  readonly partial: T;
  declare readonly cause: unknown;

  constructor(cause: unknown, partial: T, message?: string) {
    super(message ?? (cause instanceof Error ? cause.message : String(cause)), { cause });
    this.partial = partial;
  }

  /** `T` is not checked: the guard says the error is a partial result, its caller knows of what. */
  static override isInstance<T = unknown>(value: unknown): value is PartialResultError<T> {
    return hasCode(value, 'partial_result');
  }
}

/** Replaces every occurrence of each secret in `text` with `[redacted]`. Empty secrets are ignored. */
export function redactSecret(text: string, ...secrets: Array<string | undefined>): string {
  let out = text;
  for (const s of secrets) {
    if (s && s.length >= 4) out = out.split(s).join('[redacted]');
  }
  return out;
}
