// Ollama /api/chat streaming wire format: NDJSON lines
// {"model","created_at","message":{"role","content"},"done":false} ending with a
// done:true line carrying done_reason and timings; errors as {"error": "..."}.
import { fill, retryHeaders, type ProviderWire } from './wire.js';
import type { ErrorSpec, FinishKind } from './types.js';

const CREATED_AT = '2025-01-01T00:00:00.000000Z';

const DEFAULTS: Record<number, string> = {
  400: 'invalid request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'model "{model}" not found, try pulling it first',
  429: 'too many requests',
  500: 'llama runner process has terminated: exit status 2',
};

export const ollamaWire: ProviderWire = {
  basePath: '',
  matches: (req) => req.method === 'POST' && req.path === '/api/chat',
  modelOf: (req) => (typeof req.body?.model === 'string' ? req.body.model : undefined),
  keyOf: (req) => {
    const auth = req.headers.authorization;
    return typeof auth === 'string' ? auth.replace(/^Bearer\s+/i, '') : undefined;
  },
  hasStructured: (req) => req.body?.format !== undefined,
  contentType: 'application/x-ndjson',
  head: () => [],
  delta: (text, model) => `${JSON.stringify({ model, created_at: CREATED_AT, message: { role: 'assistant', content: text }, done: false })}\n`,
  end: (finish, model) => [
    `${JSON.stringify({
      model,
      created_at: CREATED_AT,
      message: { role: 'assistant', content: '' },
      done_reason: finish,
      done: true,
      total_duration: 1_000_000,
      load_duration: 100_000,
      prompt_eval_count: 25,
      prompt_eval_duration: 200_000,
      eval_count: 3,
      eval_duration: 300_000,
    })}\n`,
  ],
  // Ollama streams tool calls whole, in one line's message.tool_calls (arguments as an object).
  toolCalls: (calls, model) => [
    `${JSON.stringify({
      model,
      created_at: CREATED_AT,
      message: { role: 'assistant', content: '', tool_calls: calls.map((c) => ({ function: { name: c.name, arguments: c.arguments } })) },
      done: false,
    })}\n`,
  ],
  toolFinish: 'stop',
  nativeFinish: (kind: FinishKind) => ({ stop: 'stop', length: 'length', content_filter: 'stop', other: 'load' })[kind],
  streamError: (message) => `${JSON.stringify({ error: message ?? 'an error was encountered while running the model: unexpected EOF' })}\n`,
  error(spec: ErrorSpec, ctx) {
    const message = fill(spec.message ?? DEFAULTS[spec.status] ?? `HTTP ${spec.status}`, ctx);
    return {
      status: spec.status,
      headers: { 'content-type': 'application/json; charset=utf-8', ...retryHeaders(spec) },
      body: JSON.stringify({ error: message }),
    };
  },
  structuredRejection: { status: 400, message: 'invalid format: expected "json" or a JSON schema' },
  authFailure: { status: 401 },
  unknownModel: { status: 404 },
};
