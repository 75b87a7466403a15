// What each provider's wire module supplies to the shared server: how to route
// and read a request (model, key, structured-output parameter) and how to write
// the provider's stream events and error bodies byte for byte.
import type { IncomingHttpHeaders } from 'node:http';
import type { ErrorSpec, FinishKind, ScriptedToolCall } from './types.js';

/** What the end of a reply depends on besides its finish value. */
export interface EndOptions {
  /** Tool-call events were sent after the text. */
  afterTools: boolean;
  /** The request asked for usage in the stream (OpenAI `stream_options.include_usage`). */
  includeUsage: boolean;
}

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface WireRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: any;
}

export interface ProviderWire {
  /** Path the base URL ends with ('/v1' for openai, '' otherwise). */
  basePath: string;
  /** True when this is the provider's streaming chat endpoint. */
  matches(req: WireRequest): boolean;
  modelOf(req: WireRequest): string | undefined;
  keyOf(req: WireRequest): string | undefined;
  hasStructured(req: WireRequest): boolean;
  contentType: string;
  /** Events before the first delta. */
  head(model: string): string[];
  delta(text: string, model: string): string;
  /** Events that end a complete reply. */
  end(nativeFinish: string, model: string, options?: EndOptions): string[];
  /** Events carrying `calls`, sent after the text deltas. */
  toolCalls(calls: readonly ScriptedToolCall[], model: string): string[];
  /** The provider's finish value after tool calls. */
  toolFinish: string;
  nativeFinish(kind: FinishKind): string;
  /** An error reported inside an already-started stream. */
  streamError(message: string | undefined, code: string | undefined): string;
  /** An HTTP error answer in the provider's format. */
  error(spec: ErrorSpec, ctx: { model: string | undefined; key: string | undefined }): ErrorAnswer;
  /** The 400 a server that does not support the structured-output parameter answers. */
  structuredRejection: ErrorSpec;
  /** The auth failure answer for a wrong/missing key. */
  authFailure: ErrorSpec;
  /** The model-not-found answer. */
  unknownModel: ErrorSpec;
}

export function bearer(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (typeof auth !== 'string') return undefined;
  const m = /^Bearer\s+(.*)$/i.exec(auth);
  return m ? m[1] : undefined;
}

export function retryHeaders(spec: ErrorSpec): Record<string, string> {
  return {
    ...(spec.retryAfter !== undefined ? { 'retry-after': String(spec.retryAfter) } : {}),
    ...(spec.headers ?? {}),
  };
}

/** An error message with `{model}` and `{key}` replaced by the model and key the request carried. */
export function fill(message: string, ctx: { model: string | undefined; key: string | undefined }): string {
  return message
    .split('{model}')
    .join(ctx.model ?? '')
    .split('{key}')
    .join(ctx.key ?? '');
}

/** `text` cut into `parts` pieces of about equal length (for arguments streamed in fragments). */
export function pieces(text: string, parts: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / parts));
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}
