// Ollama adapter over the `ollama` SDK's browser build (fetch only, no node:*)
// streaming NDJSON from POST /api/chat: message.content chunks become text
// deltas, done_reason the finish reason, ResponseError statuses and in-stream
// `{"error": …}` lines become LlmError. Structured output is `format: <schema>`.
//
// No key is needed; when one is configured (a reverse proxy, ollama.com) it is
// sent as `Authorization: Bearer`. Without one, any Authorization header is
// stripped, so the SDK's own OLLAMA_API_KEY lookup for ollama.com never leaks
// in. The base URL is the host (`http://gpu-box:11434`); a trailing `/api` is
// accepted.
//
// Ollama runs a model with a small context window unless told otherwise
// (2048 or 4096 tokens, depending on the version) and silently drops what does
// not fit — our system prompt alone is several thousand tokens. So every
// request carries `options.num_ctx`, sized from the request (see ollamaNumCtx).
import { Ollama, type ChatRequest, type ChatResponse, type Message } from 'ollama/browser';
import type { AdapterCall, ProviderAdapter, StructuredOutput } from '../adapter.js';
import { DEFAULT_BASE_URLS } from '../defaults.js';
import { httpError, inStreamError, parseRetryAfter, streamCutError, transportFailure, type ErrorContext } from '../errors.js';
import { ollamaFinishReason } from '../finish-reasons.js';
import { withoutDialect } from '../json-schema.js';
import { NO_TEXT, streamReply, type ProviderReply } from '../provider-stream.js';
import { functionTools, parseToolArguments } from '../tool-calls.js';
import { hasToolCalls, isToolResult, messageChars } from '../tool-messages.js';
import type { LlmError } from '../../errors.js';
import type { LlmMessage, LlmStreamPart, LlmUsage } from '../types.js';

const OLLAMA_DEFAULT_BASE_URL = DEFAULT_BASE_URLS.ollama;
const NO_DONE = 'Did not receive done or success response in stream.';

interface OllamaResponseError extends Error {
  error: string;
  status_code: number;
}

function isResponseError(err: unknown): err is OllamaResponseError {
  return err instanceof Error && err.name === 'ResponseError' && typeof (err as Partial<OllamaResponseError>).status_code === 'number';
}

function mapError(err: unknown, ctx: ErrorContext, phase: 'connect' | 'stream', chars: number, retryAfter?: number): LlmError {
  if (isResponseError(err)) return httpError(ctx, { status: err.status_code, message: err.error, retryAfter }, err);
  if (err instanceof Error && err.constructor === Error) {
    if (err.message === NO_DONE) return streamCutError(ctx, chars);
    // The SDK rethrows an in-stream {"error": "..."} line as a plain Error.
    if (phase === 'stream') return inStreamError(ctx, 'server', err.message, err);
  }
  return transportFailure(ctx, err, phase, chars);
}

/**
 * The fetch handed to the SDK: drops any Authorization header the SDK adds on its own
 * when we have no key to send, and notes `retry-after` of an error answer (the SDK's
 * ResponseError keeps no headers).
 */
function observingFetch(base: typeof fetch, hasKey: boolean, onRetryAfter: (seconds: number | undefined) => void): typeof fetch {
  return (async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    let next = init;
    if (!hasKey) {
      const headers = new Headers(init?.headers);
      headers.delete('authorization');
      next = { ...init, headers };
    }
    const response = await base(input, next);
    if (!response.ok) onRetryAfter(parseRetryAfter(response.headers));
    return response;
  }) as typeof fetch;
}

/** The smallest context we ask for: the create-mode prompt plus a full draft needs more than Ollama's default. */
export const OLLAMA_MIN_NUM_CTX = 8192;
/** The largest: models that take more are rare and the memory cost grows with it. */
export const OLLAMA_MAX_NUM_CTX = 131_072;
/** Room kept for the reply when max_output_tokens is not configured (a full skill draft). */
export const OLLAMA_REPLY_TOKENS = 8192;

/**
 * `options.num_ctx` for a request of `inputChars` characters (system prompt and
 * messages): about chars/3 tokens (a generous estimate, so nothing is cut) plus the
 * reply's room, rounded up to a power of two — so a growing conversation changes it
 * (and makes Ollama reload the model) only now and then — within
 * [OLLAMA_MIN_NUM_CTX, OLLAMA_MAX_NUM_CTX].
 */
export function ollamaNumCtx(inputChars: number, maxOutputTokens: number | undefined): number {
  const needed = Math.ceil(inputChars / 3) + (maxOutputTokens ?? OLLAMA_REPLY_TOKENS);
  let ctx = OLLAMA_MIN_NUM_CTX;
  while (ctx < needed && ctx < OLLAMA_MAX_NUM_CTX) ctx *= 2;
  return ctx;
}

type ChatStream = AsyncIterable<ChatResponse> & { abort(): void };

/** A turn as /api/chat takes it: calls in the assistant message's `tool_calls`, a result as a `tool` message naming the tool. */
function ollamaMessage(m: LlmMessage): Message {
  if (isToolResult(m)) return { role: 'tool', content: m.content, tool_name: m.toolName };
  if (hasToolCalls(m))
    return { role: 'assistant', content: m.content, tool_calls: m.toolCalls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })) };
  return { role: m.role, content: m.content };
}

function chatRequest(call: AdapterCall): ChatRequest & { stream: true } {
  const { config, request, structured } = call;
  const messages: Message[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  for (const m of request.messages) messages.push(ollamaMessage(m));
  return {
    model: config.model,
    messages,
    stream: true,
    ...(structured ? { format: (structured.native ?? structured.schema) as object } : {}),
    ...(request.tools && request.tools.length > 0 ? { tools: functionTools(request.tools) } : {}),
    options: {
      num_ctx: ollamaNumCtx((request.system?.length ?? 0) + request.messages.reduce((n, m) => n + messageChars(m), 0), config.maxOutputTokens),
      ...(config.maxOutputTokens !== undefined ? { num_predict: config.maxOutputTokens } : {}),
    },
  };
}

/** Reads /api/chat NDJSON chunks: message text and tool calls, then the `done` chunk with its reason and counts. */
function chunkReader(): Pick<ProviderReply<ChatResponse>, 'read' | 'end'> {
  let done = false;
  let reason: string | undefined;
  let usage: LlmUsage | undefined;
  const toolCalls: LlmStreamPart[] = [];
  return {
    read(chunk) {
      for (const tc of chunk.message?.tool_calls ?? []) {
        if (!tc.function?.name) continue;
        toolCalls.push({ type: 'tool-call', id: `call_${toolCalls.length}`, name: tc.function.name, arguments: parseToolArguments(tc.function.arguments) });
      }
      if (chunk.done) {
        done = true;
        reason = chunk.done_reason;
        if (typeof chunk.prompt_eval_count === 'number' || typeof chunk.eval_count === 'number') {
          usage = { inputTokens: chunk.prompt_eval_count ?? 0, outputTokens: chunk.eval_count ?? 0 };
        }
      }
      const text = chunk.message?.content;
      return text ? [text] : NO_TEXT;
    },
    end: () => (done ? { finish: ollamaFinishReason(reason), toolCalls, ...(usage ? { usage } : {}) } : undefined),
  };
}

function streamOllama(call: AdapterCall): AsyncGenerator<LlmStreamPart> {
  const { config, errorContext: ctx } = call;
  const host = (config.baseUrl ?? OLLAMA_DEFAULT_BASE_URL).replace(/\/api$/, '');
  let retryAfter: number | undefined;
  const client = new Ollama({
    host,
    fetch: observingFetch(call.fetch, Boolean(config.apiKey), (s) => (retryAfter = s)),
    ...(config.apiKey ? { headers: { Authorization: `Bearer ${config.apiKey}` } } : {}),
  });
  const body = chatRequest(call);
  return streamReply<ChatResponse>(call, {
    connect: (): Promise<ChatStream> => client.chat(body),
    ...chunkReader(),
    mapError: (err, phase, chars) => mapError(err, ctx, phase, chars, phase === 'connect' ? retryAfter : undefined),
    // The SDK's stream stops only through its own abort().
    opened(stream) {
      const stop = (): void => (stream as ChatStream).abort();
      call.signal.addEventListener('abort', stop, { once: true });
      return () => call.signal.removeEventListener('abort', stop);
    },
  });
}

export const ollamaAdapter: ProviderAdapter = {
  provider: 'ollama',
  defaultBaseUrl: OLLAMA_DEFAULT_BASE_URL,
  stream: streamOllama,
  rejectsStructuredOutput: (message) => /\bformat\b|schema/i.test(message),
  planStructuredOutput: (s: StructuredOutput) => ({ structured: { ...s, native: withoutDialect(s.schema) } }),
};
