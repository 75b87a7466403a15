// Anthropic Messages streaming wire format: named SSE events message_start,
// content_block_start, ping, content_block_delta (text_delta), content_block_stop,
// message_delta (stop_reason), message_stop; `event: error` in-stream; error bodies
// {"type":"error","error":{type, message},"request_id"}.
import { fill, pieces, retryHeaders, type ProviderWire } from './wire.js';
import type { ErrorSpec, FinishKind } from './types.js';

function event(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

const DEFAULTS: Record<number, { type: string; message: string }> = {
  400: { type: 'invalid_request_error', message: 'Invalid request.' },
  401: { type: 'authentication_error', message: 'invalid x-api-key' },
  403: { type: 'permission_error', message: 'Your API key does not have permission to use the specified resource.' },
  404: { type: 'not_found_error', message: 'model: {model}' },
  413: { type: 'request_too_large', message: 'Request exceeds the maximum allowed number of bytes.' },
  429: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit.' },
  500: { type: 'api_error', message: 'Internal server error' },
  529: { type: 'overloaded_error', message: 'Overloaded' },
};

export const anthropicWire: ProviderWire = {
  basePath: '',
  matches: (req) => req.method === 'POST' && req.path === '/v1/messages',
  modelOf: (req) => (typeof req.body?.model === 'string' ? req.body.model : undefined),
  keyOf: (req) => {
    const x = req.headers['x-api-key'];
    if (typeof x === 'string') return x;
    const auth = req.headers.authorization;
    return typeof auth === 'string' ? auth.replace(/^Bearer\s+/i, '') : undefined;
  },
  hasStructured: (req) => req.body?.output_config?.format !== undefined,
  contentType: 'text/event-stream; charset=utf-8',
  head: (model) => [
    event('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_test0001',
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 25, output_tokens: 1 },
      },
    }),
    event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
    event('ping', { type: 'ping' }),
  ],
  delta: (text) => event('content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } }),
  end: (finish, _model, options) => [
    ...(options?.afterTools ? [] : [event('content_block_stop', { type: 'content_block_stop', index: 0 })]),
    event('message_delta', { type: 'message_delta', delta: { stop_reason: finish, stop_sequence: null }, usage: { output_tokens: 15 } }),
    event('message_stop', { type: 'message_stop' }),
  ],
  // The text block (index 0) closes; each call is a tool_use block whose input streams as input_json_delta pieces.
  toolCalls: (calls) => [
    event('content_block_stop', { type: 'content_block_stop', index: 0 }),
    ...calls.flatMap((c, i) => [
      event('content_block_start', {
        type: 'content_block_start',
        index: i + 1,
        content_block: { type: 'tool_use', id: `toolu_test${i}`, name: c.name, input: {} },
      }),
      ...pieces(JSON.stringify(c.arguments), 3).map((partial_json) =>
        event('content_block_delta', { type: 'content_block_delta', index: i + 1, delta: { type: 'input_json_delta', partial_json } }),
      ),
      event('content_block_stop', { type: 'content_block_stop', index: i + 1 }),
    ]),
  ],
  toolFinish: 'tool_use',
  nativeFinish: (kind: FinishKind) => ({ stop: 'end_turn', length: 'max_tokens', content_filter: 'refusal', other: 'tool_use' })[kind],
  streamError: (message, code) => event('error', { type: 'error', error: { type: code ?? 'overloaded_error', message: message ?? 'Overloaded' } }),
  error(spec: ErrorSpec, ctx) {
    const d = DEFAULTS[spec.status] ?? { type: spec.status >= 500 ? 'api_error' : 'invalid_request_error', message: `HTTP ${spec.status}` };
    const message = fill(spec.message ?? d.message, ctx);
    return {
      status: spec.status,
      headers: { 'content-type': 'application/json', 'request-id': 'req_test', ...retryHeaders(spec) },
      body: JSON.stringify({ type: 'error', error: { type: spec.code ?? d.type, message }, request_id: 'req_test' }),
    };
  },
  structuredRejection: { status: 400, message: 'output_config: Extra inputs are not permitted' },
  authFailure: { status: 401 },
  unknownModel: { status: 404 },
};
