// OpenAI adapter (and every OpenAI-compatible endpoint: vLLM, LiteLLM,
// OpenRouter, LM Studio …) over the official `openai` SDK's chat-completions
// stream. Maps chunks to text deltas, finish_reason to FinishReason and the
// SDK's APIError family to LlmError.
//
// Every SDK option that would otherwise fall back to an environment variable
// (OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_ORG_ID, OPENAI_PROJECT_ID,
// OPENAI_WEBHOOK_SECRET, OPENAI_LOG) is passed explicitly. No key → no
// Authorization header. SDK retries are off (maxRetries 0): the caller sees
// rate limits at once, with retryAfter. `dangerouslyAllowBrowser` is on because
// core is isomorphic and the key is handed over explicitly by the embedder.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionCreateParamsStreaming, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AdapterCall, ProviderAdapter, StructuredOutput } from '../adapter.js';
import { DEFAULT_BASE_URLS, SDK_DEFAULT_TIMEOUT_MS } from '../defaults.js';
import { abortedError, httpError, inStreamError, parseRetryAfter, sdkTimeoutError, transportFailure, type ErrorContext } from '../errors.js';
import { openAiFinishReason } from '../finish-reasons.js';
import { isOpenAiStrictCompatible, withoutDialect } from '../json-schema.js';
import { NO_TEXT, streamReply, type ProviderReply } from '../provider-stream.js';
import { createToolCallCollector, functionTools } from '../tool-calls.js';
import { hasToolCalls, isToolResult } from '../tool-messages.js';
import type { LlmError, LlmErrorCode } from '../../errors.js';
import type { LlmMessage, LlmStreamPart } from '../types.js';

const OPENAI_DEFAULT_BASE_URL = DEFAULT_BASE_URLS.openai;

/** json_schema.name must match ^[a-zA-Z0-9_-]{1,64}$. */
function schemaName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return cleaned || 'response';
}

function inStreamCode(type: unknown, code: unknown): LlmErrorCode {
  const t = `${String(type ?? '')} ${String(code ?? '')}`;
  if (/rate_limit|requests|tokens|quota/.test(t)) return 'rate_limit';
  if (/invalid_api_key|authentication|permission/.test(t)) return 'auth';
  if (/model_not_found/.test(t)) return 'model_not_found';
  if (/invalid_request/.test(t)) return 'provider_bad_request';
  return 'server';
}

function mapError(err: unknown, ctx: ErrorContext, phase: 'connect' | 'stream', chars: number): LlmError {
  if (err instanceof APIUserAbortError) return abortedError(ctx, err);
  if (err instanceof APIConnectionTimeoutError) return sdkTimeoutError(ctx, SDK_DEFAULT_TIMEOUT_MS, err);
  if (err instanceof APIConnectionError) return transportFailure(ctx, err.cause ?? err, phase, chars);
  if (err instanceof APIError) {
    const body = err.error as { message?: unknown; type?: unknown; code?: unknown } | undefined;
    const message = typeof body?.message === 'string' ? body.message : err.message;
    if (typeof err.status === 'number') {
      return httpError(ctx, { status: err.status, message, retryAfter: parseRetryAfter(err.headers) }, err);
    }
    return inStreamError(ctx, inStreamCode(body?.type, body?.code), message, err);
  }
  return transportFailure(ctx, err, phase, chars);
}

/** isOpenAiStrictCompatible walks the whole schema; a frozen one (the builder's) is walked once. */
const strictOf = new WeakMap<object, boolean>();
function strictCompatible(schema: Record<string, unknown>): boolean {
  let strict = strictOf.get(schema);
  if (strict === undefined) {
    strict = isOpenAiStrictCompatible(schema);
    if (Object.isFrozen(schema)) strictOf.set(schema, strict);
  }
  return strict;
}

function openAiClient(call: AdapterCall): OpenAI {
  const { config } = call;
  return new OpenAI({
    apiKey: config.apiKey ?? '',
    baseURL: config.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    organization: null,
    project: null,
    webhookSecret: null,
    fetch: call.fetch,
    maxRetries: 0,
    logLevel: 'off',
    dangerouslyAllowBrowser: true,
    ...(config.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
}

/** A turn as chat completions takes it: tool calls on the assistant message, a result as a `tool` message naming its call. */
function openAiMessage(m: LlmMessage): ChatCompletionMessageParam {
  if (isToolResult(m)) return { role: 'tool', tool_call_id: m.toolCallId, content: m.content };
  if (hasToolCalls(m)) {
    return {
      role: 'assistant',
      content: m.content || null,
      tool_calls: m.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: JSON.stringify(c.arguments) } })),
    };
  }
  return { role: m.role, content: m.content };
}

function requestBody(call: AdapterCall): ChatCompletionCreateParamsStreaming {
  const { config, request, structured } = call;
  const messages: ChatCompletionMessageParam[] = [];
  if (request.system) messages.push({ role: 'system', content: request.system });
  for (const m of request.messages) messages.push(openAiMessage(m));

  const body: ChatCompletionCreateParamsStreaming = { model: config.model, messages, stream: true };
  if (config.maxOutputTokens !== undefined) {
    // api.openai.com wants max_completion_tokens (max_tokens is refused by reasoning models);
    // OpenAI-compatible servers widely know only max_tokens.
    const isOfficial = !config.baseUrl || /^https:\/\/api\.openai\.com(\/|$)/.test(config.baseUrl);
    if (isOfficial) body.max_completion_tokens = config.maxOutputTokens;
    else body.max_tokens = config.maxOutputTokens;
  }
  if (structured) {
    const schema = (structured.native ?? structured.schema) as Record<string, unknown>;
    body.response_format = {
      type: 'json_schema',
      json_schema: {
        name: schemaName(structured.name),
        schema,
        ...(strictCompatible(schema) ? { strict: true } : {}),
      },
    };
  }

  if (request.tools && request.tools.length > 0) {
    body.tools = functionTools(request.tools);
    body.tool_choice = 'auto';
    // Usage comes in a last chunk only when asked for.
    body.stream_options = { include_usage: true };
  }
  return body;
}

/** Reads chat-completion chunks: text and tool-call pieces of choice 0, finish_reason, usage (last chunk). */
function chunkReader(): Pick<ProviderReply<OpenAI.Chat.Completions.ChatCompletionChunk>, 'read' | 'end'> {
  let finish: string | null = null;
  let usage: OpenAI.CompletionUsage | undefined;
  const toolCalls = createToolCallCollector();
  return {
    read(chunk) {
      if (chunk.usage) usage = chunk.usage;
      let texts = NO_TEXT;
      for (const choice of chunk.choices ?? []) {
        if (choice.index !== 0 && chunk.choices.length > 1) continue;
        const text = choice.delta?.content;
        if (text) texts = [...texts, text];
        for (const tc of choice.delta?.tool_calls ?? []) {
          toolCalls.add(tc.index, { id: tc.id, name: tc.function?.name, arguments: tc.function?.arguments });
        }
        if (choice.finish_reason) finish = choice.finish_reason;
      }
      return texts;
    },
    end() {
      if (finish === null) return undefined;
      return {
        finish: openAiFinishReason(finish),
        toolCalls: toolCalls.calls(),
        ...(usage ? { usage: { inputTokens: usage.prompt_tokens ?? 0, outputTokens: usage.completion_tokens ?? 0 } } : {}),
      };
    },
  };
}

function streamOpenAi(call: AdapterCall): AsyncGenerator<LlmStreamPart> {
  const client = openAiClient(call);
  const body = requestBody(call);
  return streamReply(call, {
    connect: () => client.chat.completions.create(body, { signal: call.signal }),
    ...chunkReader(),
    mapError: (err, phase, chars) => mapError(err, call.errorContext, phase, chars),
  });
}

export const openAiAdapter: ProviderAdapter = {
  provider: 'openai',
  defaultBaseUrl: OPENAI_DEFAULT_BASE_URL,
  stream: streamOpenAi,
  rejectsStructuredOutput: (message) => /response_format|json_schema|structured output|guided_json/i.test(message),
  planStructuredOutput: (s: StructuredOutput) => ({ structured: { ...s, native: withoutDialect(s.schema) } }),
};
