// The seam between createLlmClient and the four provider adapters: what one
// call hands an adapter (resolved config, the request, the structured-output
// decision, the call's abort signal and fetch) and what an adapter must do
// (stream LlmStreamParts, throw only LlmError).
import type { ErrorContext } from './errors.js';
import type { JsonSchema, LlmRequest, LlmStreamPart, ProviderName } from './types.js';

/** LlmConfig after validation: base URL normalised, defaults filled in. */
export interface ResolvedLlmConfig {
  provider: ProviderName;
  model: string;
  apiKey: string | undefined;
  /** The endpoint root without trailing slashes; undefined means the provider's default. */
  baseUrl: string | undefined;
  maxOutputTokens: number | undefined;
  timeoutMs: number | undefined;
  apiKeyEnv: string | undefined;
}

export interface StructuredOutput {
  name: string;
  /** The caller's JSON Schema. */
  schema: JsonSchema;
  /**
   * What the adapter puts on the wire, prepared by planStructuredOutput (a converted or
   * transformed schema). `null` asks for JSON without a schema (Gemini JSON mode).
   */
  native?: unknown;
}

export interface AdapterCall {
  config: ResolvedLlmConfig;
  request: LlmRequest;
  /** Ask for native structured output with this schema; undefined means plain text. */
  structured: StructuredOutput | undefined;
  /** Aborts on the caller's signal, the idle timeout, or when the consumer stops iterating. */
  signal: AbortSignal;
  /** fetch bound to `signal`, for SDKs that accept an injected fetch. */
  fetch: typeof fetch;
  /** True when `fetch` is not the global one (an injected fetch, record or replay): an SDK that only calls the global fetch must be routed to it. */
  customFetch: boolean;
  /** Call on every event from the provider: it re-arms the idle timeout. */
  activity(): void;
  /** For error messages. */
  errorContext: ErrorContext;
}

export interface ProviderAdapter {
  readonly provider: ProviderName;
  /** The endpoint used when no base URL is configured. */
  readonly defaultBaseUrl: string;
  /**
   * Streams the reply: `text-delta` parts, then exactly one `finish`. Throws LlmError on
   * failure (the client re-labels it `aborted`/`timeout` when its signal fired).
   */
  stream(call: AdapterCall): AsyncGenerator<LlmStreamPart>;
  /** True when a 400 from this provider's endpoint names its structured-output parameter. */
  rejectsStructuredOutput(providerMessage: string): boolean;
  /**
   * Decides whether this provider can express `schema` natively. A `warning` explains a
   * downgrade (the schema is still sent in a weaker form, or not at all when `schema` is undefined).
   */
  planStructuredOutput?(schema: StructuredOutput): { structured: StructuredOutput | undefined; warning?: string };
}
