// OpenAI chat-completions streaming wire format: `data: {chat.completion.chunk}`
// SSE lines ending with `data: [DONE]`, errors as {"error": {message, type, param, code}}.
import { bearer, fill, pieces, retryHeaders, type ProviderWire } from './wire.js';
import type { ErrorSpec, FinishKind } from './types.js';

const CREATED = 1_735_689_600;

function chunk(model: string, delta: Record<string, unknown>, finish: string | null): string {
  return envelope(model, { choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
}

function envelope(model: string, rest: Record<string, unknown>): string {
  const body = { id: 'chatcmpl-test0001', object: 'chat.completion.chunk', created: CREATED, model, system_fingerprint: 'fp_test', ...rest };
  return `data: ${JSON.stringify(body)}\n\n`;
}

/** The usage chunk sent last when stream_options.include_usage is set: no choices. */
function usageChunk(model: string): string {
  return envelope(model, { choices: [], usage: { prompt_tokens: 120, completion_tokens: 12, total_tokens: 132 } });
}

const DEFAULTS: Record<number, { type: string; code: string | null; message: string }> = {
  400: { type: 'invalid_request_error', code: null, message: 'Invalid request.' },
  401: {
    type: 'invalid_request_error',
    code: 'invalid_api_key',
    message: 'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
  },
  403: { type: 'invalid_request_error', code: 'unsupported_country_region_territory', message: 'Country, region, or territory not supported' },
  404: { type: 'invalid_request_error', code: 'model_not_found', message: 'The model `{model}` does not exist or you do not have access to it.' },
  429: { type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached for requests. Please try again later.' },
  500: { type: 'server_error', code: null, message: 'The server had an error while processing your request. Sorry about that!' },
  503: { type: 'server_error', code: null, message: 'The engine is currently overloaded, please try again later' },
};

export const openAiWire: ProviderWire = {
  basePath: '/v1',
  matches: (req) => req.method === 'POST' && req.path === '/v1/chat/completions',
  modelOf: (req) => (typeof req.body?.model === 'string' ? req.body.model : undefined),
  keyOf: (req) => bearer(req.headers),
  hasStructured: (req) => req.body?.response_format !== undefined,
  contentType: 'text/event-stream; charset=utf-8',
  head: (model) => [chunk(model, { role: 'assistant', content: '', refusal: null }, null)],
  delta: (text, model) => chunk(model, { content: text }, null),
  end: (finish, model, options) => [chunk(model, {}, finish), ...(options?.includeUsage ? [usageChunk(model)] : []), 'data: [DONE]\n\n'],
  // The first chunk of a call carries index, id, type and name with empty arguments; the
  // arguments then arrive in fragments under the same index (as api.openai.com streams them).
  toolCalls: (calls, model) =>
    calls.flatMap((c, index) => [
      chunk(model, { tool_calls: [{ index, id: `call_test${index}`, type: 'function', function: { name: c.name, arguments: '' } }] }, null),
      ...pieces(JSON.stringify(c.arguments), 3).map((a) => chunk(model, { tool_calls: [{ index, function: { arguments: a } }] }, null)),
    ]),
  toolFinish: 'tool_calls',
  nativeFinish: (kind: FinishKind) => ({ stop: 'stop', length: 'length', content_filter: 'content_filter', other: 'tool_calls' })[kind],
  streamError: (message, code) =>
    `data: ${JSON.stringify({ error: { message: message ?? 'The server had an error while processing your request.', type: code ?? 'server_error', param: null, code: null } })}\n\n`,
  error(spec: ErrorSpec, ctx) {
    const d = DEFAULTS[spec.status] ?? { type: spec.status >= 500 ? 'server_error' : 'invalid_request_error', code: null, message: `HTTP ${spec.status}` };
    const message = fill(spec.message ?? d.message, ctx);
    return {
      status: spec.status,
      headers: { 'content-type': 'application/json', 'x-request-id': 'req_test', ...retryHeaders(spec) },
      body: JSON.stringify({ error: { message, type: d.type, param: null, code: spec.code ?? d.code } }),
    };
  },
  structuredRejection: { status: 400, message: "response_format type 'json_schema' is not supported by this server", code: 'unsupported_parameter' },
  authFailure: { status: 401 },
  unknownModel: { status: 404 },
};
