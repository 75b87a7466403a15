// createLlmClient: validates an LlmConfig once, then streams each request
// through the provider's adapter (src/core/providers/*). Owns what is common to
// all providers: the per-call abort/idle-timeout control, turning an abort
// into LlmError `aborted`/`timeout`, native structured output with its
// one-time fallback to plain text when an endpoint rejects it (remembered for
// the client's lifetime, announced with a `warning` part), and the guarantee
// that every failure is an LlmError whose message never contains the key.
//
// Nothing here reads or writes process.env: the key and base URL come only
// from the config, and each SDK is given explicit values for every option it
// would otherwise take from the environment.
import { ConfigError, LlmError, RequestError, redactSecret } from '../errors.js';
import type { AdapterCall, ProviderAdapter, ResolvedLlmConfig, StructuredOutput } from './adapter.js';
import { checkBaseUrl, normalizeBaseUrl } from './base-url.js';
import { DEFAULT_BASE_URLS, DEFAULT_IDLE_TIMEOUT_MS } from './defaults.js';
import { abortedError, providerDetail, timeoutError, unexpectedError, type ErrorContext } from './errors.js';
import { recordingTransport, type RecordingTransport } from './recording/transport.js';
import { createCallControl, fetchBoundTo } from './transport.js';
import { conversationProblem } from './tool-messages.js';
import type { LlmRecording, LlmRecordingStore } from './recording/types.js';
import { DEFAULT_API_KEY_ENV, PROVIDERS, type LlmClient, type LlmConfig, type LlmRequest, type LlmStreamPart, type ProviderName } from './types.js';

// Adapters (and so their SDKs, up to half a second of import time each) load on the
// first stream() of a client that needs them, never when core is imported.
const LOADERS: Record<ProviderName, () => Promise<ProviderAdapter>> = {
  openai: () => import('./providers/openai.js').then((m) => m.openAiAdapter),
  anthropic: () => import('./providers/anthropic.js').then((m) => m.anthropicAdapter),
  gemini: () => import('./providers/gemini.js').then((m) => m.geminiAdapter),
  ollama: () => import('./providers/ollama.js').then((m) => m.ollamaAdapter),
};

function resolveConfig(config: LlmConfig): ResolvedLlmConfig {
  if (!config || typeof config !== 'object') throw new ConfigError('provider', 'createLlmClient needs a config object: {provider, model, apiKey?, baseUrl?}');
  if (!(PROVIDERS as readonly string[]).includes(config.provider)) {
    throw new ConfigError('provider', `provider must be one of ${PROVIDERS.join(', ')} (got ${JSON.stringify(config.provider ?? null)})`);
  }
  if (typeof config.model !== 'string' || config.model.trim() === '') {
    throw new ConfigError('model', `model is required for provider ${config.provider}: set the model name exactly as the provider spells it (e.g. "gpt-4.1")`);
  }
  if (config.apiKey !== undefined && typeof config.apiKey !== 'string') {
    throw new ConfigError('apiKey', 'apiKey must be a string');
  }
  let baseUrl: string | undefined;
  if (config.baseUrl !== undefined && config.baseUrl !== null && String(config.baseUrl).trim() !== '') {
    const raw = String(config.baseUrl).trim();
    const problem = checkBaseUrl(raw);
    if (problem) throw new ConfigError('base_url', problem);
    baseUrl = normalizeBaseUrl(raw);
  }
  const positiveInt = (value: unknown, field: string, what: string): number | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new ConfigError(field, `${field} must be a positive number (${what}); got ${JSON.stringify(value)}`);
    }
    return Math.ceil(value);
  };
  return {
    provider: config.provider,
    model: config.model,
    apiKey: config.apiKey ? config.apiKey : undefined,
    baseUrl,
    maxOutputTokens: positiveInt(config.maxOutputTokens, 'maxOutputTokens', 'tokens the reply may use'),
    timeoutMs: positiveInt(config.timeoutMs, 'timeoutMs', 'milliseconds without data before giving up') ?? DEFAULT_IDLE_TIMEOUT_MS,
    apiKeyEnv: config.apiKeyEnv ?? DEFAULT_API_KEY_ENV[config.provider] ?? undefined,
  };
}

function checkRequest(request: LlmRequest): void {
  if (!request || typeof request !== 'object') throw new RequestError('request', 'stream() needs a request: {system, messages}');
  if (typeof request.system !== 'string') throw new RequestError('system', 'request.system must be a string (may be empty)');
  if (!Array.isArray(request.messages)) throw new RequestError('messages', 'request.messages must be an array of {role, content}');
  const problem = conversationProblem(request.messages);
  if (problem) throw new RequestError(problem[0], problem[1]);
  const schema = request.responseSchema;
  if (schema !== undefined && (typeof schema !== 'object' || typeof schema.name !== 'string' || typeof schema.schema !== 'object' || schema.schema === null)) {
    throw new RequestError('responseSchema', 'request.responseSchema must be {name: string, schema: JSON Schema object}');
  }
  checkTools(request);
}

function checkTools(request: LlmRequest): void {
  const tools = request.tools;
  if (tools === undefined) return;
  if (!Array.isArray(tools)) throw new RequestError('tools', 'request.tools must be an array of {name, description, parameters}');
  if (tools.length > 0 && request.responseSchema) {
    throw new RequestError('tools', 'request.tools and request.responseSchema cannot be combined: ask for tool calls or for structured output, not both');
  }
  tools.forEach((t, i) => {
    if (!t || typeof t.name !== 'string' || !/^[a-zA-Z0-9_-]{1,64}$/.test(t.name)) {
      throw new RequestError(
        `tools[${i}].name`,
        `tools[${i}].name must match ^[a-zA-Z0-9_-]{1,64}$ (the providers' rule for tool names); got ${JSON.stringify(t?.name ?? null)}`,
      );
    }
    if (typeof t.description !== 'string') throw new RequestError(`tools[${i}].description`, `tools[${i}].description must be a string`);
    if (!t.parameters || typeof t.parameters !== 'object' || Array.isArray(t.parameters)) {
      throw new RequestError(`tools[${i}].parameters`, `tools[${i}].parameters must be a JSON Schema object (e.g. {type: "object", properties: {}})`);
    }
  });
}

function checkRecording(config: LlmConfig): LlmRecording | undefined {
  const recording = config.recording;
  if (recording === undefined) return undefined;
  if (!recording || (recording.mode !== 'record' && recording.mode !== 'replay')) {
    throw new ConfigError('recording', 'recording.mode must be "record" or "replay"');
  }
  const store = recording.store as Partial<LlmRecordingStore> | undefined;
  if (!store || typeof store.read !== 'function' || typeof store.write !== 'function') {
    throw new ConfigError(
      'recording',
      'recording.store must be an LlmRecordingStore ({location, read, write}): createMemoryRecordingStore() or, in Node, createDirectoryRecordingStore(dir)',
    );
  }
  return recording;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

type Plan = { structured: StructuredOutput | undefined; warning?: string };

/**
 * The client's structured-output decisions. Lifetime state: once an endpoint refuses
 * native structured output, never ask again. The adapter's conversion of a frozen schema
 * (Gemini's Schema, Anthropic's strict transform) is kept per schema object: the builder
 * sends the same one every turn. A schema that is not frozen may change between calls:
 * planned anew.
 */
function createStructuredPlanner(allowed: boolean): { plan(adapter: ProviderAdapter, request: LlmRequest): Plan; turnOff(): void } {
  const plans = new WeakMap<object, { name: string; plan: Plan }>();
  return {
    plan(adapter, request) {
      if (!allowed || !request.responseSchema) return { structured: undefined };
      const { name, schema } = request.responseSchema;
      const known = plans.get(schema);
      if (known && known.name === name) return known.plan;
      const wanted: StructuredOutput = { name, schema };
      const planned = adapter.planStructuredOutput ? adapter.planStructuredOutput(wanted) : { structured: wanted };
      if (Object.isFrozen(schema)) plans.set(schema, { name, plan: planned });
      return planned;
    },
    turnOff() {
      allowed = false;
    },
  };
}

type CallState = ReturnType<ReturnType<typeof createCallControl>['state']>;

/** What a call's failure becomes: the call's own abort or idle timeout wins over what the adapter threw. */
function finalError(ctx: ErrorContext, timeoutMs: number | undefined, err: unknown, state: CallState): LlmError {
  if (state === 'aborted') return abortedError(ctx, err);
  if (state === 'timeout') return timeoutError(ctx, timeoutMs ?? 0, err);
  if (LlmError.isInstance(err)) return err;
  return unexpectedError(ctx, err);
}

/** True when the first attempt failed, before any text, because the endpoint refused the structured-output parameter. */
function refusedStructured(adapter: ProviderAdapter, error: LlmError, attempt: number, textSeen: boolean): boolean {
  return attempt === 0 && !textSeen && error.code === 'provider_bad_request' && adapter.rejectsStructuredOutput(providerDetail(error));
}

function structuredOffWarning(ctx: ErrorContext, error: LlmError): string {
  return (
    `Structured output was turned off for this client: ${ctx.host} refused the native structured-output ` +
    `parameter (${providerDetail(error) || error.message}). Replies are now requested as plain text.`
  );
}

/**
 * Creates a streaming client for one provider and model. The model is sent verbatim;
 * `baseUrl` works for every provider (OpenAI-compatible servers, Anthropic gateways,
 * a Gemini proxy, a remote Ollama). `timeoutMs` is an idle timeout: how long to wait for
 * the reply to start and between two events of the stream (default DEFAULT_IDLE_TIMEOUT_MS, 5 minutes). Anthropic gets
 * `max_tokens: 8192` unless `maxOutputTokens` is set. Throws ConfigError for a bad config.
 */
export function createLlmClient(config: LlmConfig): LlmClient {
  const resolved = resolveConfig(config);
  let adapterPromise: Promise<ProviderAdapter> | undefined;
  const loadAdapter = (): Promise<ProviderAdapter> => (adapterPromise ??= LOADERS[resolved.provider]());
  const userFetch = config.fetch;
  if (userFetch !== undefined && typeof userFetch !== 'function') throw new ConfigError('fetch', 'fetch must be a function');
  const baseFetch = (): typeof fetch => userFetch ?? globalThis.fetch;
  const recording = checkRecording(config);
  const ctx: ErrorContext = {
    provider: resolved.provider,
    model: resolved.model,
    host: hostOf(resolved.baseUrl ?? DEFAULT_BASE_URLS[resolved.provider]),
    apiKey: resolved.apiKey,
    apiKeyEnv: resolved.apiKeyEnv,
  };
  const planner = createStructuredPlanner(config.structuredOutput !== false);
  const warned = new Set<string>();
  const warning = (message: string): LlmStreamPart => ({ type: 'warning', message: redactSecret(message, resolved.apiKey) });

  async function* stream(request: LlmRequest): AsyncGenerator<LlmStreamPart> {
    checkRequest(request);
    const adapter = await loadAdapter();
    const plan = planner.plan(adapter, request);
    let structured = plan.structured;
    const planWarning = plan.warning;
    if (planWarning && !warned.has(planWarning)) {
      warned.add(planWarning);
      yield warning(planWarning);
    }
    for (let attempt = 0; ; attempt++) {
      const control = createCallControl(request.signal, resolved.timeoutMs);
      const transport: RecordingTransport | undefined =
        recording && recordingTransport(baseFetch, recording, { provider: resolved.provider, secrets: [resolved.apiKey ?? ''] });
      let textSeen = false;
      try {
        const call: AdapterCall = {
          config: resolved,
          request,
          structured,
          signal: control.signal,
          fetch: fetchBoundTo(transport ? () => transport.fetch : baseFetch, control.signal),
          customFetch: userFetch !== undefined || recording !== undefined,
          activity: control.activity,
          errorContext: ctx,
        };
        for await (const part of adapter.stream(call)) {
          if (part.type === 'text-delta') textSeen = true;
          yield part;
        }
        const state = control.state();
        if (state === 'aborted' || state === 'timeout') throw finalError(ctx, resolved.timeoutMs, undefined, state);
        return;
      } catch (err) {
        // A replay miss is the answer whatever the SDK wrapped it in.
        const miss = transport?.miss();
        if (miss) throw miss;
        const error = finalError(ctx, resolved.timeoutMs, err, control.state());
        if (structured === undefined || !refusedStructured(adapter, error, attempt, textSeen)) throw error;
        planner.turnOff();
        structured = undefined;
        yield warning(structuredOffWarning(ctx, error));
      } finally {
        control.dispose();
      }
    }
  }

  return {
    provider: resolved.provider,
    model: resolved.model,
    stream,
  };
}
