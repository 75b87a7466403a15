// Types of the local provider test servers: how a test scripts a reply (text,
// finish reason, HTTP error, in-stream error, cut or hung connection) and what
// the server records about each request it received.
import type { IncomingHttpHeaders } from 'node:http';
import type { FinishReason, ProviderName } from '../../../src/core/llm/types.js';
import type { ToolTurns } from './tool-turns.js';

export type { ProviderName };

/** Our finish reasons (the client's FinishReason); each wire module maps them to the provider's own value. */
export type FinishKind = FinishReason;

/** An HTTP error answer, written in the provider's own error body format. */
export interface ErrorSpec {
  status: number;
  /** The provider's message; defaults to a realistic one per status. `{model}` and `{key}` are replaced by the model and key the client sent. */
  message?: string;
  /** Seconds: sent as a `retry-after` header (and as google.rpc.RetryInfo for gemini). */
  retryAfter?: number;
  /**
   * Provider-native error kind: OpenAI `code`, Anthropic `error.type`, Gemini ErrorInfo `reason`
   * (e.g. 'API_KEY_INVALID' with status 400 — what Gemini really answers for a bad key).
   */
  code?: string;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

/** A tool call the scripted model makes, sent in the provider's native tool-call shape. */
export interface ScriptedToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

export interface ReplySpec {
  /**
   * Tool calls after the text (if any), in the provider's own streaming shape: OpenAI
   * `delta.tool_calls` with the arguments split over several chunks, Anthropic `tool_use`
   * blocks with `input_json_delta` pieces, Gemini a whole `functionCall` part, Ollama a whole
   * `message.tool_calls` line. The finish becomes the provider's tool-call finish.
   */
  toolCalls?: ScriptedToolCall[];
  /** The reply text; split into deltas of `deltaSize` code points. */
  text?: string;
  /** Explicit deltas (overrides `text`). */
  deltas?: string[];
  /** Default 'stop'. */
  finish?: FinishKind;
  /** The provider's exact finish value ('MAX_TOKENS', 'refusal', 'load' …), overriding `finish`. */
  nativeFinish?: string;
  /** Exact wire events to send instead of the generated ones (no head, no end marker added). */
  raw?: string[];
  /** Answer with this HTTP error instead of a stream. */
  error?: ErrorSpec;
  /** After `afterDeltas` deltas, send the provider's in-stream error event and end the stream. */
  streamError?: { afterDeltas: number; message?: string; code?: string };
  /**
   * After `afterDeltas` deltas, stop: 'socket' destroys the TCP connection mid-body,
   * 'clean' ends the HTTP response properly but without the provider's end marker.
   */
  cut?: { afterDeltas: number; mode?: 'socket' | 'clean' };
  /** After `afterDeltas` deltas, send nothing more and keep the connection open until the client closes it. */
  hang?: { afterDeltas: number };
  /** Wait this long before sending the response head (e.g. to trip a client timeout). */
  headDelayMs?: number;
  /** Per-reply overrides of the server options. */
  chunkSize?: number;
  delayMs?: number;
  deltaSize?: number;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

export type Reply = string | ReplySpec;

export type RequestOutcome = 'pending' | 'completed' | 'cut' | 'client-closed';

export interface RecordedRequest {
  /** 0-based order of arrival. */
  index: number;
  method: string;
  /** Path without the query string. */
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names. */
  headers: IncomingHttpHeaders;
  rawBody: string;
  /** The JSON body (undefined when not JSON). */
  body: any;
  /** The model the request asked for (from the body, or from the path for gemini). */
  model: string | undefined;
  /** The API key as the provider's auth header carried it (Bearer / x-api-key / x-goog-api-key). */
  key: string | undefined;
  /** Whether the request carried the provider's structured-output parameter. */
  structured: boolean;
  /** The tool calls and results the conversation carries back, read in the provider's wire shape, and why the provider would refuse them. */
  toolTurns: ToolTurns;
  /** Updated as the exchange ends; `done` resolves with the final value. */
  outcome: RequestOutcome;
  /** Resolves when the response has ended: 'completed', 'cut' (by the script) or 'client-closed' (the client hung up first). */
  done: Promise<Exclude<RequestOutcome, 'pending'>>;
}

export interface ProviderServerOptions {
  provider: ProviderName;
  /** Replies served in order, one per request (multi-turn). Requests beyond the list get an HTTP 500. */
  replies?: Reply[];
  /** Computes the reply for each request instead of `replies`. */
  handler?: (request: RecordedRequest) => Reply | Promise<Reply>;
  /** Answer every request with this error (no reply is consumed). */
  failWith?: ErrorSpec;
  /** Bytes per socket write: splits the wire stream mid-line and mid-UTF-8 character. Default: one write per event. */
  chunkSize?: number;
  /** Pause between two writes, in ms. Default 0. */
  delayMs?: number;
  /** Code points per text delta. Default 8. */
  deltaSize?: number;
  /** Answer HTTP 400 naming the structured-output parameter whenever a request carries it (like many OpenAI-compatible servers). */
  rejectStructuredOutput?: boolean;
  /** When set, a request whose key differs gets the provider's auth error (401; gemini: 400 API_KEY_INVALID). */
  requireKey?: string;
  /** When set, any other model gets the provider's model-not-found error. */
  knownModels?: string[];
  /** Answer CORS preflights and allow any origin (for browser tests). */
  cors?: boolean;
}

export interface ProviderServer {
  provider: ProviderName;
  /** The base URL to configure the client with (includes `/v1` for openai). */
  url: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  /** Stops the server and destroys open connections. */
  close(): Promise<void>;
}
