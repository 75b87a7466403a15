// Anthropic adapter over `@anthropic-ai/sdk` Messages streaming: the system
// prompt goes in the top-level `system` field, text_delta events become text
// deltas, message_delta.stop_reason becomes the finish reason, `event: error`
// and HTTP errors become LlmError.
//
// `max_tokens` is mandatory for the Messages API: when maxOutputTokens is not
// configured we send ANTHROPIC_DEFAULT_MAX_TOKENS (8192, which every current
// Claude model accepts and which fits a full skill draft; set max_output_tokens
// for older models limited to 4096). The key is always passed explicitly, so
// the SDK never reads ANTHROPIC_API_KEY / ANTHROPIC_AUTH_TOKEN or a credential
// profile; no key → no auth header. SDK retries are off (maxRetries 0).
//
// Structured output uses `output_config.format` (json_schema) with the schema
// passed through the SDK's own transformJSONSchema (closes objects, moves
// unsupported constraints into descriptions). Anthropic requires every object
// to be closed, so a schema with an open map (e.g. `scripts: {file: content}`)
// cannot be constrained without losing that content: it is then not sent, and
// a warning says so.
import Anthropic, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from '@anthropic-ai/sdk';
import { transformJSONSchema } from '@anthropic-ai/sdk/lib/transform-json-schema';
import type {
  ContentBlockParam,
  MessageCreateParamsStreaming,
  MessageParam,
  RawMessageStreamEvent,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages';
import type { AdapterCall, ProviderAdapter, StructuredOutput } from '../adapter.js';
import { DEFAULT_BASE_URLS, ANTHROPIC_DEFAULT_MAX_TOKENS, SDK_DEFAULT_TIMEOUT_MS } from '../defaults.js';
import { abortedError, httpError, inStreamError, parseRetryAfter, sdkTimeoutError, transportFailure, type ErrorContext } from '../errors.js';
import { anthropicFinishReason } from '../finish-reasons.js';
import { findOpenObjects, withoutDialect } from '../json-schema.js';
import { NO_TEXT, streamReply, type ProviderReply } from '../provider-stream.js';
import { createToolCallCollector, toolParameters } from '../tool-calls.js';
import { hasToolCalls, isToolResult } from '../tool-messages.js';
import type { LlmError, LlmErrorCode } from '../../errors.js';
import type { FinishReason, LlmMessage, LlmStreamPart } from '../types.js';

const ANTHROPIC_DEFAULT_BASE_URL = DEFAULT_BASE_URLS.anthropic;

const ERROR_TYPES: Record<string, LlmErrorCode> = {
  authentication_error: 'auth',
  permission_error: 'auth',
  not_found_error: 'model_not_found',
  rate_limit_error: 'rate_limit',
  overloaded_error: 'server',
  api_error: 'server',
  timeout_error: 'timeout',
  invalid_request_error: 'provider_bad_request',
  request_too_large: 'provider_bad_request',
};

function mapError(err: unknown, ctx: ErrorContext, phase: 'connect' | 'stream', chars: number): LlmError {
  if (err instanceof APIUserAbortError) return abortedError(ctx, err);
  if (err instanceof APIConnectionTimeoutError) return sdkTimeoutError(ctx, SDK_DEFAULT_TIMEOUT_MS, err);
  if (err instanceof APIConnectionError) return transportFailure(ctx, err.cause ?? err, phase, chars);
  if (err instanceof APIError) {
    const body = err.error as { error?: { type?: unknown; message?: unknown } } | undefined;
    const type = typeof body?.error?.type === 'string' ? body.error.type : undefined;
    const message = typeof body?.error?.message === 'string' ? body.error.message : err.message;
    if (typeof err.status === 'number') {
      return httpError(ctx, { status: err.status, message, retryAfter: parseRetryAfter(err.headers) }, err);
    }
    return inStreamError(ctx, (type && ERROR_TYPES[type]) || 'server', message, err);
  }
  return transportFailure(ctx, err, phase, chars);
}

/** The SDK appends `/v1/messages`; accept a base URL given with `/v1` too. */
function sdkBaseUrl(baseUrl: string | undefined): string {
  if (!baseUrl) return ANTHROPIC_DEFAULT_BASE_URL;
  return baseUrl.replace(/\/v1$/, '');
}

function anthropicClient(call: AdapterCall): Anthropic {
  const { config } = call;
  return new Anthropic({
    apiKey: config.apiKey ?? '',
    baseURL: sdkBaseUrl(config.baseUrl),
    webhookKey: null,
    fetch: call.fetch,
    maxRetries: 0,
    logLevel: 'off',
    dangerouslyAllowBrowser: true,
    ...(config.apiKey ? {} : { defaultHeaders: { Authorization: null, 'X-Api-Key': null } }),
  });
}

/**
 * Turns as the Messages API takes them: an assistant turn's calls as `tool_use`
 * blocks after its text, and the results that follow as `tool_result` blocks of
 * one user turn (consecutive results together, as the API wants every call
 * answered in the next user turn).
 */
function anthropicMessages(messages: readonly LlmMessage[]): MessageParam[] {
  const out: MessageParam[] = [];
  for (const m of messages) {
    if (isToolResult(m)) {
      const block: ToolResultBlockParam = { type: 'tool_result', tool_use_id: m.toolCallId, content: m.content, ...(m.isError ? { is_error: true } : {}) };
      const last = out.at(-1);
      if (last?.role === 'user' && Array.isArray(last.content) && last.content.every((b) => b.type === 'tool_result')) last.content.push(block);
      else out.push({ role: 'user', content: [block] });
    } else if (hasToolCalls(m)) {
      // The API refuses an empty text block: the text goes first only when there is some.
      const text: ContentBlockParam[] = m.content ? [{ type: 'text', text: m.content }] : [];
      out.push({
        role: 'assistant',
        content: [...text, ...m.toolCalls.map((c): ContentBlockParam => ({ type: 'tool_use', id: c.id, name: c.name, input: c.arguments }))],
      });
    } else {
      out.push({ role: m.role, content: m.content });
    }
  }
  return out;
}

function requestBody(call: AdapterCall): MessageCreateParamsStreaming {
  const { config, request, structured } = call;
  const body: MessageCreateParamsStreaming = {
    model: config.model,
    max_tokens: config.maxOutputTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS,
    messages: anthropicMessages(request.messages),
    stream: true,
  };
  if (request.system) body.system = request.system;
  if (structured) {
    body.output_config = {
      format: { type: 'json_schema', schema: (structured.native ?? structured.schema) as Record<string, unknown> },
    };
  }

  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: toolParameters(t) as Anthropic.Messages.Tool.InputSchema,
    }));
    body.tool_choice = { type: 'auto' };
  }
  return body;
}

/** Reads Messages stream events: text and tool-use blocks, usage (message_start, message_delta), stop_reason, message_stop. */
function eventReader(): Pick<ProviderReply<RawMessageStreamEvent>, 'read' | 'end'> {
  let finish: FinishReason | null = null;
  let stopped = false;
  const usage = { inputTokens: 0, outputTokens: 0 };
  let usageSeen = false;
  const toolCalls = createToolCallCollector();
  const readUsage = (event: RawMessageStreamEvent): void => {
    if (event.type === 'message_start' && event.message.usage) {
      usageSeen = true;
      usage.inputTokens = event.message.usage.input_tokens ?? 0;
      usage.outputTokens = event.message.usage.output_tokens ?? 0;
    }
    if (event.type === 'message_delta' && event.usage) {
      usageSeen = true;
      usage.outputTokens = event.usage.output_tokens ?? usage.outputTokens;
    }
  };
  return {
    read(event) {
      readUsage(event);
      if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        const input = event.content_block.input as Record<string, unknown> | undefined;
        const initial = input && Object.keys(input).length > 0 ? JSON.stringify(input) : '';
        toolCalls.add(event.index, { id: event.content_block.id, name: event.content_block.name, arguments: initial });
      } else if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
        toolCalls.add(event.index, { arguments: event.delta.partial_json });
      } else if (event.type === 'content_block_start' && event.content_block.type === 'text' && event.content_block.text) {
        return [event.content_block.text];
      } else if (event.type === 'content_block_delta' && event.delta.type === 'text_delta') {
        if (event.delta.text) return [event.delta.text];
      } else if (event.type === 'message_delta' && event.delta.stop_reason) {
        finish = anthropicFinishReason(event.delta.stop_reason);
      } else if (event.type === 'message_stop') {
        stopped = true;
      }
      return NO_TEXT;
    },
    end() {
      if (!stopped && finish === null) return undefined;
      return { finish: finish ?? 'stop', toolCalls: toolCalls.calls(), ...(usageSeen ? { usage } : {}) };
    },
  };
}

function streamAnthropic(call: AdapterCall): AsyncGenerator<LlmStreamPart> {
  const client = anthropicClient(call);
  const body = requestBody(call);
  return streamReply(call, {
    connect: () => client.messages.create(body, { signal: call.signal }),
    ...eventReader(),
    mapError: (err, phase, chars) => mapError(err, call.errorContext, phase, chars),
  });
}

function planStructuredOutput(s: StructuredOutput): { structured: StructuredOutput | undefined; warning?: string } {
  const open = findOpenObjects(s.schema);
  if (open.length > 0) {
    return {
      structured: undefined,
      warning:
        `Anthropic structured output not used: it needs every object in the schema closed, and ${open.join(', ')} ` +
        'holds arbitrary keys. The reply is requested as plain text and parsed as such.',
    };
  }
  let native: Record<string, unknown>;
  try {
    native = transformJSONSchema(withoutDialect(s.schema));
  } catch {
    native = withoutDialect(s.schema);
  }
  return { structured: { ...s, native } };
}

export const anthropicAdapter: ProviderAdapter = {
  provider: 'anthropic',
  defaultBaseUrl: ANTHROPIC_DEFAULT_BASE_URL,
  stream: streamAnthropic,
  rejectsStructuredOutput: (message) => /output_config|output_format|json_schema|structured output/i.test(message),
  planStructuredOutput,
};
