// Turns what a provider said (an HTTP status, an error body, a dropped socket)
// into one LlmError with a message an operator can act on. Owns the status →
// code map, retry-after parsing and the wording of every provider failure.
// Every message passes through redactSecret, so the API key never appears even
// when a provider echoes it back.
import { LlmError, redactSecret, type LlmErrorCode } from '../errors.js';
import type { ProviderName } from './types.js';

/** Who was called, so a message can name the provider, host, model and key variable. */
export interface ErrorContext {
  provider: ProviderName;
  model: string;
  /** host[:port] of the endpoint actually called. */
  host: string;
  apiKey: string | undefined;
  /** Name of the variable holding the key (for the "check your key" hint). */
  apiKeyEnv: string | undefined;
}

/** What a provider reported about an HTTP failure, already pulled out of its SDK error. */
export interface ProviderFailure {
  status: number;
  /** The provider's own explanation (its error body's message). */
  message: string;
  /** Seconds, when the provider said how long to wait. */
  retryAfter?: number;
  /** Overrides the status-based code (e.g. Gemini's 400 API_KEY_INVALID is an auth failure). */
  code?: LlmErrorCode;
}

export const PROVIDER_LABEL: Record<ProviderName, string> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  ollama: 'Ollama',
};

// The provider's explanation of a failure, kept apart from our wording so the
// client can look for a rejected parameter without matching its own text.
const details = new WeakMap<LlmError, string>();

/** The provider's own message behind an LlmError built here ('' when none). */
export function providerDetail(error: LlmError): string {
  return details.get(error) ?? '';
}

const MAX_DETAIL = 300;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > MAX_DETAIL ? `${flat.slice(0, MAX_DETAIL)}…` : flat;
}

/** The status → code map. 404 means an unknown model (or a base URL missing its path). */
export function codeForStatus(status: number, message = ''): LlmErrorCode {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'model_not_found';
  if (status === 408) return 'timeout';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server';
  // OpenAI-compatible servers often answer 400 for an unknown model.
  if (/\bmodel\b[^.]*\b(not found|does not exist|doesn't exist|unknown|not available|no such)/i.test(message)) return 'model_not_found';
  return 'provider_bad_request';
}

function make(
  ctx: ErrorContext,
  code: LlmErrorCode,
  message: string,
  opts: { status?: number; retryAfter?: number; cause?: unknown; detail?: string },
): LlmError {
  const safe = redactSecret(message, ctx.apiKey);
  const err = new LlmError(code, safe, {
    provider: ctx.provider,
    status: opts.status,
    retryAfter: opts.retryAfter,
    cause: safeCause(opts.cause, ctx.apiKey),
  });
  if (opts.detail) details.set(err, redactSecret(opts.detail, ctx.apiKey));
  return err;
}

/** Keeps the SDK error as `cause` for debugging unless it carries the key anywhere we can see. */
function safeCause(cause: unknown, apiKey: string | undefined): unknown {
  if (cause === undefined || !apiKey || apiKey.length < 4) return cause;
  let text: string;
  try {
    text = cause instanceof Error ? `${cause.message}\n${cause.stack ?? ''}\n${JSON.stringify(cause)}` : JSON.stringify(cause);
  } catch {
    return undefined;
  }
  return text.includes(apiKey) ? undefined : cause;
}

/** An HTTP error answer from the provider. */
export function httpError(ctx: ErrorContext, failure: ProviderFailure, cause?: unknown): LlmError {
  const label = PROVIDER_LABEL[ctx.provider];
  const code = failure.code ?? codeForStatus(failure.status, failure.message);
  const said = failure.message ? `: ${clip(failure.message)}` : '';
  const status = `HTTP ${failure.status}${said}`;
  let message: string;
  switch (code) {
    case 'auth': {
      const where = ctx.apiKeyEnv ? `the key stored under ${ctx.apiKeyEnv} (api_key_env)` : 'the API key (api_key_env)';
      message = ctx.apiKey
        ? `${label} rejected the API key (${status}). Check ${where} in the skill-builder settings.`
        : `${label} refused the request because no API key was sent (${status}). Set ${where} in the skill-builder settings.`;
      break;
    }
    case 'rate_limit':
      message =
        `${label} rate limit reached (${status}).` + (failure.retryAfter !== undefined ? ` Retry after ${failure.retryAfter} s.` : ' Wait a moment and retry.');
      break;
    case 'model_not_found':
      message =
        `${label} has no model "${ctx.model}" at ${ctx.host} (${status}). ` +
        'Check the model name in the settings (it is used verbatim) and that base_url points at the API root.';
      break;
    case 'server':
      message = `${label} server error at ${ctx.host} (${status}). Try again in a moment.`;
      break;
    case 'timeout':
      message = `${label} timed out at ${ctx.host} (${status}). Try again.`;
      break;
    default:
      message = `${label} rejected the request (${status}).`;
  }
  return make(ctx, code, message, { status: failure.status, retryAfter: failure.retryAfter, cause, detail: failure.message });
}

/** An error the provider reported inside an already-started stream (e.g. Anthropic `event: error`). */
export function inStreamError(ctx: ErrorContext, code: LlmErrorCode, providerMessage: string, cause?: unknown): LlmError {
  const label = PROVIDER_LABEL[ctx.provider];
  const said = providerMessage ? `: ${clip(providerMessage)}` : '';
  const message =
    code === 'rate_limit'
      ? `${label} stopped the reply because of a rate limit${said}. Wait a moment and retry.`
      : code === 'auth'
        ? `${label} stopped the reply: the API key was refused${said}. Check ${ctx.apiKeyEnv ?? 'the API key'} in the settings.`
        : `${label} reported an error in the middle of the reply${said}.`;
  return make(ctx, code, message, { cause, detail: providerMessage });
}

/** The connection dropped (or ended without the provider's end marker) after the reply had started. */
export function streamCutError(ctx: ErrorContext, receivedChars: number, cause?: unknown): LlmError {
  const label = PROVIDER_LABEL[ctx.provider];
  const why = cause === undefined ? 'ended without its end marker' : `was cut (${clip(describeTransport(cause))})`;
  return make(
    ctx,
    'stream_cut',
    `The ${label} reply stream from ${ctx.host} ${why} after ${receivedChars} characters of text. The reply is incomplete; try again.`,
    { cause },
  );
}

/** No HTTP answer at all: refused, unreachable host, DNS, TLS. */
export function networkError(ctx: ErrorContext, cause: unknown): LlmError {
  const label = PROVIDER_LABEL[ctx.provider];
  const why = describeTransport(cause);
  return make(ctx, 'network', `Cannot reach ${label} at ${ctx.host} (${clip(why)}). Check base_url, that the server is running and your network.`, { cause });
}

export function timeoutError(ctx: ErrorContext, timeoutMs: number, cause?: unknown): LlmError {
  const label = PROVIDER_LABEL[ctx.provider];
  return make(ctx, 'timeout', `${label} at ${ctx.host} sent nothing for ${formatMs(timeoutMs)} (timeout_s). Try again or raise the timeout.`, { cause });
}

/** The provider SDK's own request timeout fired (no response within its default window), not our timeout_s. */
export function sdkTimeoutError(ctx: ErrorContext, sdkTimeoutMs: number, cause?: unknown): LlmError {
  const label = PROVIDER_LABEL[ctx.provider];
  return make(ctx, 'timeout', `${label} at ${ctx.host} did not start answering within ${formatMs(sdkTimeoutMs)} (the SDK's request timeout). Try again.`, {
    cause,
  });
}

export function abortedError(ctx: ErrorContext, cause?: unknown): LlmError {
  return make(ctx, 'aborted', `The ${PROVIDER_LABEL[ctx.provider]} request was cancelled.`, { cause });
}

/** The SDK failed in a way none of the above explains (a bug, an unexpected body). */
export function unexpectedError(ctx: ErrorContext, cause: unknown): LlmError {
  const text = cause instanceof Error ? cause.message : String(cause);
  return make(ctx, 'server', `${PROVIDER_LABEL[ctx.provider]} call failed unexpectedly: ${clip(text)}`, { cause });
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

const TRANSPORT_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'DNS lookup failed',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection closed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'socket closed by the server',
  UND_ERR_CONNECT_TIMEOUT: 'connect timeout',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
};

/** Walks an error's cause chain for a transport code (ECONNREFUSED …) and says it in words. */
export function describeTransport(err: unknown): string {
  let cur: unknown = err;
  let firstMessage = '';
  for (let depth = 0; depth < 6 && cur && typeof cur === 'object'; depth++) {
    const rec = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (!firstMessage && typeof rec.message === 'string') firstMessage = rec.message;
    if (typeof rec.code === 'string' && TRANSPORT_CODES[rec.code]) return `${TRANSPORT_CODES[rec.code]}, ${rec.code}`;
    if (Array.isArray((rec as { errors?: unknown }).errors)) {
      const inner = (rec as { errors: unknown[] }).errors[0];
      if (inner) {
        cur = inner;
        continue;
      }
    }
    cur = rec.cause;
  }
  return firstMessage || String(err);
}

/** Seconds to wait, from `retry-after-ms`, `retry-after` (seconds or an HTTP date). */
export function parseRetryAfter(headers: { get(name: string): string | null } | undefined | null, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = headers.get('retry-after-ms');
  if (ms && /^\d+(\.\d+)?$/.test(ms.trim())) return Math.max(0, Math.ceil(Number(ms) / 1000));
  const value = headers.get('retry-after');
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.max(0, Math.ceil(Number(trimmed)));
  const date = Date.parse(trimmed);
  if (!Number.isNaN(date)) return Math.max(0, Math.ceil((date - now) / 1000));
  return undefined;
}

/** True when `err` is an abort (DOMException AbortError or an SDK's wrapper of one). */
export function isAbortLike(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { name?: unknown; constructor?: { name?: string } };
  return (
    e.name === 'AbortError' ||
    e.name === 'APIUserAbortError' ||
    e.constructor?.name === 'APIUserAbortError' ||
    e.constructor?.name === 'GoogleGenerativeAIAbortError'
  );
}

/**
 * The failures every adapter shares once its SDK's own HTTP errors are handled: aborts,
 * transport failures (network before the reply started, stream_cut after), unreadable
 * events. `phase` says whether the reply had started.
 */
export function transportFailure(ctx: ErrorContext, err: unknown, phase: 'connect' | 'stream', receivedChars: number): LlmError {
  if (LlmError.isInstance(err)) return err;
  if (isAbortLike(err)) return abortedError(ctx, err);
  if (err instanceof SyntaxError) {
    return make(ctx, 'server', `${PROVIDER_LABEL[ctx.provider]} sent a stream event that is not valid JSON (${clip(err.message)}).`, { cause: err });
  }
  return phase === 'connect' ? networkError(ctx, err) : streamCutError(ctx, receivedChars, err);
}
