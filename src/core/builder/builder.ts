// createSkillBuilder (core): one builder turn end to end. It builds the system
// prompt (create or edit mode, plus the editor's current draft), asks the LLM
// for the envelope with native structured output, reads the streamed reply
// through createEnvelopeStream and yields the builder events (the SSE events of the HTTP API) in order:
// `progress` (throttled), `message_delta`, `skill_draft_partial` (throttled,
// while the draft is written), `message`, `skill_draft`, then
// `done` — or `error` last, after whatever message and draft could be
// recovered from the text that arrived before the failure. No event carries
// a secret (the config's key, `secrets`): streamed deltas go through a
// redactor that holds back a possible start of one until it is whole.

import type { Diagnostic } from '../diagnostics.js';
import { warningDiag } from '../diagnostics.js';
import { ENVELOPE_SCHEMA_NAME, envelopeJsonSchema } from '../envelope/schema.js';
import { createEnvelopeStream, type EnvelopeStream } from '../envelope/stream.js';
import { DEFAULT_PARTIAL_DRAFT_INTERVAL_MS, PartialDraftEvents } from '../draft-stream/partial-draft-events.js';
import { ForgeError, LlmError, PartialResultError, RequestError, redactSecret } from '../errors.js';
import type { BuilderEvent, ParsedEnvelope } from '../envelope/events.js';
import type { ChatMessage, LlmClient, LlmConfig, LlmRequest } from '../llm/types.js';
import { createLlmClient } from '../llm/client.js';
import { createStreamRedactor, type StreamRedactor } from '../safe-text/redact-stream.js';
import { TRUNCATED_DRAFT_NOTICE, TRUNCATED_NO_DRAFT_NOTICE } from './continue-turn.js';
import type { SkillLike } from '../skill/skill.js';
import { buildSystemPrompt, type PromptMode, type SharedFiles } from './prompt.js';

export interface SkillBuilderOptions {
  /** A ready client (any provider, or createScriptedLlm in tests), or the config to create one with createLlmClient. */
  llm: LlmClient | LlmConfig;
  /** Clock in milliseconds used to throttle `progress`. Default `Date.now`. */
  now?: () => number;
  /** Minimum time between two `progress` events, in ms. Default 250 (at most 4 per second). */
  progressIntervalMs?: number;
  /** Ask for native structured output (the envelope JSON Schema). Default true. */
  structuredOutput?: boolean;
  /**
   * Values that must never appear in an event (the API key of an LlmClient
   * built elsewhere, …). The `apiKey` of an LlmConfig is always one. They are
   * replaced by `[redacted]` — in streamed deltas too, even when a model
   * sends a secret split over several of them.
   */
  secrets?: readonly string[];
  /**
   * Send `skill_draft_partial` events (the draft as far as it is written) while
   * the model writes the draft. Default true; at most one per
   * `partialDraftIntervalMs` (default 100).
   */
  partialDrafts?: boolean;
  partialDraftIntervalMs?: number;
}

export interface ChatOptions {
  mode?: PromptMode;
  /** The on-disk skill being edited (edit mode). */
  existing?: SkillLike;
  /** The editor's current draft, so the model refines it (manual edits included). */
  draft?: SkillLike;
  /**
   * Reference files (of the draft or the edited skill) whose content the model
   * sees: `'all'` or a list of paths. Default none — the model sees their names
   * only, and is told to ask before changing one it was not shown.
   */
  shareFiles?: SharedFiles;
  signal?: AbortSignal;
}

export interface SkillBuilder {
  /** Runs one turn and yields its events; never throws for an LLM failure (it ends with an `error` event). */
  chat(messages: readonly ChatMessage[], options?: ChatOptions): AsyncIterable<BuilderEvent>;
  /**
   * Runs one turn and resolves with its result. When the call fails it rejects
   * with a SendError: the failure (the LlmError) is its `cause`, whatever
   * arrived before it is its `partial`.
   */
  send(messages: readonly ChatMessage[], options?: ChatOptions): Promise<ParsedEnvelope>;
}

/** How `send()` fails: `cause` is the failure (an LlmError, or a bug), `partial` what was recovered before it. */
export type SendError = PartialResultError<ParsedEnvelope>;

/** A builder's settings, fixed when it is created. */
interface Settings {
  llm: LlmClient;
  now: () => number;
  progressIntervalMs: number;
  structuredOutput: boolean;
  secrets: readonly string[];
  partialDrafts: boolean;
  partialDraftIntervalMs: number;
}

type TurnResult = ParsedEnvelope & { failure?: unknown };

export function createSkillBuilder(options: SkillBuilderOptions): SkillBuilder {
  if (!options || typeof options !== 'object' || !options.llm)
    throw new RequestError('llm', 'createSkillBuilder needs {llm}: an LlmClient or an LlmConfig ({provider, model, apiKey?})');
  const settings: Settings = {
    // A bad config (unknown provider, no model, malformed base_url) fails here, before any turn.
    llm: isClient(options.llm) ? options.llm : createLlmClient(options.llm),
    now: options.now ?? (() => Date.now()),
    progressIntervalMs: options.progressIntervalMs ?? 250,
    structuredOutput: options.structuredOutput ?? true,
    secrets: [...(options.secrets ?? []), ...(isClient(options.llm) ? [] : [options.llm.apiKey])].filter((s): s is string => typeof s === 'string' && s !== ''),
    partialDrafts: options.partialDrafts ?? true,
    partialDraftIntervalMs: options.partialDraftIntervalMs ?? DEFAULT_PARTIAL_DRAFT_INTERVAL_MS,
  };
  return {
    chat(messages, opts) {
      return turn(settings, messages, opts);
    },
    async send(messages, opts) {
      const it = turn(settings, messages, opts);
      for (;;) {
        const step = await it.next();
        if (!step.done) continue;
        const { failure, ...result } = step.value;
        if (failure === undefined) return result;
        const cause = failure instanceof Error ? failure : new LlmError('server', describeFailure(failure, settings.secrets).error, { provider: 'unknown' });
        throw sendError(cause, result, settings.secrets);
      }
    },
  };
}

/** One turn: the request, the streamed reply read into events, then the message, the draft and `done` (or `error`). */
async function* turn(s: Settings, messages: readonly ChatMessage[], opts: ChatOptions = {}): AsyncGenerator<BuilderEvent, TurnResult> {
  checkMessages(messages);
  const reading: Reading = {
    envelope: createEnvelopeStream(),
    shown: createStreamRedactor(s.secrets),
    partials: s.partialDrafts ? new PartialDraftEvents(s.now, s.partialDraftIntervalMs, s.secrets) : null,
    lastProgress: -Infinity,
  };
  const warnings: Diagnostic[] = [];
  let finish: string | undefined;
  let failure: unknown;
  try {
    for await (const part of s.llm.stream(turnRequest(s, messages, opts))) {
      if (part.type === 'text-delta') {
        for (const ev of textEvents(s, reading, part.text)) yield ev;
      } else if (part.type === 'finish') {
        finish = part.reason;
      } else if (part.type === 'warning') {
        warnings.push(warningDiag('llm-warning', 'llm', part.message));
      }
    }
  } catch (e) {
    failure = e;
  }

  const rest = reading.shown.end();
  if (rest !== '') yield { type: 'message_delta', delta: rest };
  const parsed: ParsedEnvelope = reading.envelope.end();
  const result = turnResult(parsed, s.secrets, warnings, finish);
  for (const ev of closingEvents(result, parsed, failure, s.secrets)) yield ev;
  return failure === undefined ? result : { ...result, failure };
}

function turnRequest(s: Settings, messages: readonly ChatMessage[], opts: ChatOptions): LlmRequest {
  const system = buildSystemPrompt({
    mode: opts.mode,
    existing: opts.existing,
    draft: opts.draft,
    ...(opts.shareFiles ? { shareFiles: opts.shareFiles } : {}),
  });
  const request: LlmRequest = { system, messages: messages.map((m) => ({ role: m.role, content: m.content })) };
  if (s.structuredOutput) request.responseSchema = responseSchema();
  if (opts.signal) request.signal = opts.signal;
  return request;
}

/** The state of reading one streamed reply. */
interface Reading {
  envelope: EnvelopeStream;
  shown: StreamRedactor;
  partials: PartialDraftEvents | null;
  lastProgress: number;
}

/** The events one text delta of the reply gives: throttled progress, redacted message deltas, a partial draft. */
function* textEvents(s: Settings, reading: Reading, text: string): Generator<BuilderEvent> {
  for (const ev of reading.envelope.push(text)) {
    if (ev.type === 'progress') {
      const t = s.now();
      if (t - reading.lastProgress < s.progressIntervalMs) continue;
      reading.lastProgress = t;
    } else if (ev.type === 'message_delta') {
      // A secret split over several deltas is held back until it is whole, then redacted.
      const delta = reading.shown.push(ev.delta);
      if (delta !== '') yield { type: 'message_delta', delta };
      continue;
    }
    yield ev;
  }
  const partial = reading.partials?.after(reading.envelope);
  if (partial) yield partial;
}

/** The turn's outcome from the parsed envelope: secrets redacted, provider warnings added, a reply cut at the output limit marked truncated. */
function turnResult(parsed: ParsedEnvelope, secrets: readonly string[], warnings: readonly Diagnostic[], finish: string | undefined): ParsedEnvelope {
  const result: ParsedEnvelope = {
    message: redactSecret(parsed.message, ...secrets),
    skill: parsed.skill && secrets.length > 0 ? redactStrings(parsed.skill, secrets) : parsed.skill,
    structured: parsed.structured,
    truncated: parsed.truncated,
    diagnostics: [...parsed.diagnostics, ...warnings],
  };
  if (finish === 'length' && !result.truncated) {
    result.truncated = true;
    result.diagnostics.push(warningDiag('envelope-truncated', 'reply', 'the model stopped at its output limit; the reply may be incomplete'));
  }
  return result;
}

/** `message`, `skill_draft`, then `error` for a failed call or `done`. */
function* closingEvents(result: ParsedEnvelope, parsed: ParsedEnvelope, failure: unknown, secrets: readonly string[]): Generator<BuilderEvent> {
  if (result.message !== '') yield { type: 'message', content: result.message };
  if (result.skill) {
    const draft: BuilderEvent = { type: 'skill_draft', skillMd: result.skill.skillMd, scripts: result.skill.scripts };
    if (result.skill.spec !== undefined) draft.spec = result.skill.spec;
    if (result.skill.files !== undefined) draft.files = result.skill.files;
    if (parsed.diagnostics.length > 0) draft.diagnostics = parsed.diagnostics;
    yield draft;
  }
  if (failure !== undefined) {
    const { error, code } = describeFailure(failure, secrets);
    yield code === undefined ? { type: 'error', error } : { type: 'error', error, code };
    return;
  }
  const done: BuilderEvent = { type: 'done', status: 'complete', structured: result.structured, truncated: result.truncated };
  // A cut-off reply is said so, not ended silently (most of all when nothing usable was in it).
  if (result.truncated) done.notice = result.skill ? TRUNCATED_DRAFT_NOTICE : TRUNCATED_NO_DRAFT_NOTICE;
  yield done;
}

/**
 * The structured-output request for the envelope, built once per process and
 * shared by every turn (deep-frozen, so no client can change it for the next
 * one). Building it means converting the whole SkillSpec zod schema.
 */
let envelopeResponseSchema: LlmRequest['responseSchema'] | undefined;
function responseSchema(): NonNullable<LlmRequest['responseSchema']> {
  envelopeResponseSchema ??= deepFreeze({ name: ENVELOPE_SCHEMA_NAME, schema: envelopeJsonSchema() });
  return envelopeResponseSchema;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A copy of `value` with every secret in every string (keys included) redacted. */
function redactStrings<T>(value: T, secrets: readonly string[]): T {
  if (typeof value === 'string') return redactSecret(value, ...secrets) as T;
  if (Array.isArray(value)) return value.map((v) => redactStrings(v, secrets)) as T;
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[redactSecret(k, ...secrets)] = redactStrings(v, secrets);
    return out as T;
  }
  return value;
}

function isClient(llm: LlmClient | LlmConfig): llm is LlmClient {
  return typeof (llm as LlmClient).stream === 'function';
}

function checkMessages(messages: readonly ChatMessage[]): void {
  if (!Array.isArray(messages) || messages.length === 0)
    throw new RequestError('messages', 'messages must be a non-empty list of {role: "user" | "assistant", content}');
  messages.forEach((m, i) => {
    if (!m || (m.role !== 'user' && m.role !== 'assistant') || typeof m.content !== 'string')
      throw new RequestError(`messages.${i}`, `messages.${i} must be {role: "user" | "assistant", content: string}`);
  });
}

/**
 * The SendError for a failed turn. A custom client may have put a key into the
 * failure's text, so the failure's message and stack are scrubbed (in place: it
 * keeps its class and fields) before it becomes the `cause`.
 */
function sendError(cause: Error, partial: ParsedEnvelope, secrets: readonly string[]): SendError {
  if (secrets.length > 0) {
    for (const key of ['message', 'stack'] as const) {
      const text = cause[key];
      if (typeof text !== 'string') continue;
      try {
        Object.defineProperty(cause, key, { value: redactSecret(text, ...secrets), configurable: true, writable: true });
      } catch {
        // a frozen error stays as it is
      }
    }
  }
  return new PartialResultError(cause, partial);
}

function describeFailure(e: unknown, secrets: readonly string[]): { error: string; code?: string } {
  const raw = e instanceof Error ? e.message : String(e);
  const error = redactSecret(raw, ...secrets) || 'the LLM call failed';
  if (ForgeError.isInstance(e)) return { error, code: e.code };
  return { error };
}
