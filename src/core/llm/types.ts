// The LLM client contract shared by the four provider adapters, the scripted
// test client and the builder. A client streams parts for one request and
// throws LlmError (never a provider SDK error) when the call fails.

import type { LlmRecording } from './recording/types.js';

export const PROVIDERS = ['openai', 'anthropic', 'gemini', 'ollama'] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** A text turn of a conversation (the designer chat, routing, the judge). */
export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** A tool call as the model made it (the `tool-call` stream part), kept to send the conversation back. */
export interface LlmToolCall {
  /** The provider's call id (OpenAI, Anthropic); a generated `call_<n>` where the provider has none (Gemini, Ollama). */
  id: string;
  name: string;
  arguments: Record<string, unknown>;
  /** An opaque token the provider wants back with the call when the conversation goes on (Gemini's `thoughtSignature`). */
  signature?: string;
}

/** An assistant turn that called tools: its text (may be empty) and the calls, in order. */
export interface ToolCallsMessage {
  role: 'assistant';
  content: string;
  toolCalls: LlmToolCall[];
}

/** The result of one tool call, answering the call `toolCallId` of the assistant turn before it. */
export interface ToolResultMessage {
  role: 'tool';
  toolCallId: string;
  toolName: string;
  content: string;
  /** The tool failed: sent as the provider's error flag where it has one (Anthropic `is_error`, Gemini `error`). */
  isError?: boolean;
}

/**
 * One turn of a request: a text turn, or — for native tool calling end to end —
 * an assistant turn with tool calls followed by one tool-result turn per call.
 */
export type LlmMessage = ChatMessage | ToolCallsMessage | ToolResultMessage;

/** A JSON Schema object (draft 2020-12 subset as accepted by the providers). */
export type JsonSchema = Record<string, unknown>;

/** A tool the model may call (native tool calling). `parameters` is the tool's input JSON Schema (an object schema). */
export interface LlmTool {
  name: string;
  description: string;
  parameters: JsonSchema;
}

export interface LlmRequest {
  system: string;
  messages: LlmMessage[];
  /** When given, the client asks for native structured output with this schema (and falls back to text if the endpoint refuses). */
  responseSchema?: { name: string; schema: JsonSchema };
  /** Tools offered with native tool calling (tool choice `auto`: the model may call one or answer in text). Not combined with responseSchema. */
  tools?: LlmTool[];
  signal?: AbortSignal;
}

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'other';

/** Tokens one call used, as the provider reported them (0 when it did not). */
export interface LlmUsage {
  inputTokens: number;
  outputTokens: number;
}

export type LlmStreamPart =
  | { type: 'text-delta'; text: string }
  /** The model called a tool (complete: arguments parsed from the streamed JSON; `{}` when they were not valid JSON). */
  | ({ type: 'tool-call' } & LlmToolCall)
  /** Token usage; comes before `finish`, only when the provider reported it. */
  | { type: 'usage'; usage: LlmUsage }
  | { type: 'finish'; reason: FinishReason }
  | { type: 'warning'; message: string };

export interface LlmClient {
  readonly provider: string;
  readonly model: string;
  /** Streams the reply. Throws LlmError on failure (including abort: code `aborted`). */
  stream(request: LlmRequest): AsyncIterable<LlmStreamPart>;
}

/** What createLlmClient needs. The key is passed per client; nothing reads the process environment. */
export interface LlmConfig {
  provider: ProviderName;
  model: string;
  apiKey?: string;
  baseUrl?: string;
  maxOutputTokens?: number;
  /** Idle timeout in milliseconds: how long to wait for the reply to start and between two streamed events (a reply that keeps streaming is never cut). */
  timeoutMs?: number;
  /** Set false to never ask for native structured output. Default true. */
  structuredOutput?: boolean;
  /**
   * Injected fetch (tests, proxies). Defaults to globalThis.fetch. Gemini's SDK calls only the
   * global fetch: its requests reach this one through a dispatcher put in front of globalThis.fetch.
   */
  fetch?: typeof fetch;
  /** Record every provider call into a store, or replay them from it with no network (see LlmRecording). */
  recording?: LlmRecording;
  /** Name of the variable the key came from (e.g. OPENAI_API_KEY), only used to word auth errors. */
  apiKeyEnv?: string;
}

export const DEFAULT_API_KEY_ENV: Record<ProviderName, string | null> = {
  openai: 'OPENAI_API_KEY',
  anthropic: 'ANTHROPIC_API_KEY',
  gemini: 'GEMINI_API_KEY',
  ollama: null,
};
