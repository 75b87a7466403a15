// Gemini streamGenerateContent?alt=sse wire format: `data: {GenerateContentResponse}`
// events separated by CRLF CRLF, the last carrying finishReason; errors as
// {"error": {code, message, status, details: [google.rpc.*]}}.
import { fill, retryHeaders, type ProviderWire } from './wire.js';
import type { ErrorSpec, FinishKind } from './types.js';

/** The opaque signature thinking models put beside each functionCall part (and want back with it); here derived from the name. */
export const thoughtSignature = (name: string): string => Buffer.from(`sig:${name}`).toString('base64');

const PATH = /^\/(v1beta|v1|v1alpha)\/models\/([^/:]+):streamGenerateContent$/;

function data(body: unknown): string {
  return `data: ${JSON.stringify(body)}\r\n\r\n`;
}

function candidate(model: string, text: string, finishReason?: string): unknown {
  return {
    candidates: [{ content: { parts: [{ text }], role: 'model' }, ...(finishReason ? { finishReason } : {}), index: 0 }],
    usageMetadata: { promptTokenCount: 25, candidatesTokenCount: 3, totalTokenCount: 28 },
    modelVersion: model,
  };
}

const STATUS: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: { status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  403: {
    status: 'PERMISSION_DENIED',
    message:
      "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
  },
  404: {
    status: 'NOT_FOUND',
    message:
      'models/{model} is not found for API version v1beta, or is not supported for generateContent. Call ListModels to see the list of available models and their supported methods.',
  },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: {
    status: 'INTERNAL',
    message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
};

export const geminiWire: ProviderWire = {
  basePath: '',
  matches: (req) => req.method === 'POST' && PATH.test(req.path) && req.query.alt === 'sse',
  modelOf: (req) => PATH.exec(req.path)?.[2],
  keyOf: (req) => {
    const k = req.headers['x-goog-api-key'];
    return typeof k === 'string' ? k : req.query.key;
  },
  hasStructured: (req) => req.body?.generationConfig?.responseSchema !== undefined || req.body?.generationConfig?.responseMimeType === 'application/json',
  contentType: 'text/event-stream',
  head: () => [],
  delta: (text, model) => data(candidate(model, text)),
  end: (finish, model) => [data(candidate(model, '', finish))],
  // Gemini sends a function call whole, in one chunk's parts, signed as thinking models sign them.
  toolCalls: (calls, model) => [
    data({
      candidates: [
        {
          content: {
            parts: calls.map((c) => ({ functionCall: { name: c.name, args: c.arguments }, thoughtSignature: thoughtSignature(c.name) })),
            role: 'model',
          },
          index: 0,
        },
      ],
      usageMetadata: { promptTokenCount: 25, candidatesTokenCount: 3, totalTokenCount: 28 },
      modelVersion: model,
    }),
  ],
  toolFinish: 'STOP',
  nativeFinish: (kind: FinishKind) => ({ stop: 'STOP', length: 'MAX_TOKENS', content_filter: 'SAFETY', other: 'OTHER' })[kind],
  streamError: (message, code) => data({ error: { code: 500, message: message ?? 'An internal error has occurred.', status: code ?? 'INTERNAL' } }),
  error(spec: ErrorSpec, ctx) {
    const d = STATUS[spec.status] ?? { status: spec.status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT', message: `HTTP ${spec.status}` };
    let defaultMessage = d.message;
    const details: unknown[] = [];
    if (spec.code === 'API_KEY_INVALID') {
      defaultMessage = 'API key not valid. Please pass a valid API key.';
      details.push({
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'API_KEY_INVALID',
        domain: 'googleapis.com',
        metadata: { service: 'generativelanguage.googleapis.com' },
      });
    } else if (spec.code) {
      details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: spec.code, domain: 'googleapis.com' });
    }
    if (spec.retryAfter !== undefined) {
      details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${spec.retryAfter}s` });
    }
    const message = fill(spec.message ?? defaultMessage, ctx);
    return {
      status: spec.status,
      headers: { 'content-type': 'application/json; charset=UTF-8', ...retryHeaders(spec) },
      body: JSON.stringify({ error: { code: spec.status, message, status: d.status, ...(details.length ? { details } : {}) } }),
    };
  },
  structuredRejection: {
    status: 400,
    message: 'Invalid JSON payload received. Unknown name "responseSchema" at \'generation_config\': Cannot find field.',
  },
  authFailure: { status: 400, code: 'API_KEY_INVALID' },
  unknownModel: { status: 404 },
};
