// Gemini adapter over `@google/generative-ai` (streamGenerateContent?alt=sse):
// the system prompt goes in `systemInstruction`, assistant turns are sent with
// role "model", candidate text parts become text deltas and finishReason the
// finish reason; GoogleGenerativeAIFetchError statuses and google.rpc details
// (API_KEY_INVALID, RetryInfo) become LlmError.
//
// Structured output: responseMimeType "application/json" plus a responseSchema
// converted from the JSON Schema by toGeminiSchema. When the schema holds
// something Gemini's schema cannot describe (an open map such as
// `scripts: {file: content}`: Gemini refuses objects without properties), the
// schema is left out and only JSON mode is asked for, with a warning.
//
// Limits of this SDK version: it calls only the global fetch, so an injected
// fetch (or record/replay) is reached through openFetchRoute; it reads no
// environment variable. A base URL may carry
// the API version (`https://proxy/v1beta`): it is split into baseUrl and
// apiVersion for the SDK.
import {
  GoogleGenerativeAI,
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIError,
  FunctionCallingMode,
  type Content,
  type FunctionDeclaration,
  type FunctionDeclarationSchema,
  type GenerateContentResponse,
  type GenerationConfig,
  type GenerativeModel,
  type Part,
  type ResponseSchema,
} from '@google/generative-ai';
import type { AdapterCall, ProviderAdapter, StructuredOutput } from '../adapter.js';
import { DEFAULT_BASE_URLS } from '../defaults.js';
import { abortedError, httpError, inStreamError, streamCutError, transportFailure, unexpectedError, type ErrorContext } from '../errors.js';
import { openFetchRoute } from '../fetch-route.js';
import { geminiFinishReason } from '../finish-reasons.js';
import { toGeminiSchema } from '../gemini-schema.js';
import { NO_TEXT, streamReply, type ProviderReply } from '../provider-stream.js';
import { parseToolArguments, toolParameters } from '../tool-calls.js';
import { hasToolCalls, isToolResult } from '../tool-messages.js';
import type { LlmError, LlmErrorCode } from '../../errors.js';
import type { FinishReason, LlmMessage, LlmStreamPart, LlmTool, LlmUsage } from '../types.js';

const GEMINI_DEFAULT_BASE_URL = DEFAULT_BASE_URLS.gemini;

interface RpcDetail {
  '@type'?: string;
  reason?: string;
  retryDelay?: string;
  [key: string]: unknown;
}

/** `"17s"` / `"1.5s"` (google.protobuf.Duration JSON) → whole seconds, rounded up. */
export function parseRetryDelay(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = /^(\d+(?:\.\d+)?)s$/.exec(value.trim());
  return m ? Math.ceil(Number(m[1])) : undefined;
}

/** The SDK folds the provider's message into `Error fetching from <url>: [status text] message details`. */
function providerMessage(err: GoogleGenerativeAIFetchError): string {
  let text = err.message;
  const bracket = text.indexOf('] ');
  if (bracket >= 0) text = text.slice(bracket + 2);
  else if (/\]$/.test(text)) text = '';
  if (err.errorDetails && err.errorDetails.length > 0) {
    const suffix = ` ${JSON.stringify(err.errorDetails)}`;
    if (text.endsWith(suffix)) text = text.slice(0, -suffix.length);
  }
  return text.trim();
}

function mapError(err: unknown, ctx: ErrorContext, phase: 'connect' | 'stream', chars: number): LlmError {
  if (err instanceof GoogleGenerativeAIAbortError) return abortedError(ctx, err);
  if (err instanceof GoogleGenerativeAIFetchError && typeof err.status === 'number') {
    const details = (err.errorDetails ?? []) as RpcDetail[];
    const message = providerMessage(err);
    let code: LlmErrorCode | undefined;
    if (details.some((d) => d.reason === 'API_KEY_INVALID') || /API key not valid|API key expired/i.test(message)) code = 'auth';
    const retry = details.find((d) => typeof d['@type'] === 'string' && d['@type'].endsWith('google.rpc.RetryInfo'));
    return httpError(ctx, { status: err.status, message, retryAfter: parseRetryDelay(retry?.retryDelay), code }, err);
  }
  if (err instanceof GoogleGenerativeAIError) {
    // The SDK wraps transport failures without keeping their cause.
    const msg = err.message;
    if (/^Error fetching from /.test(msg)) {
      const reason = msg.replace(/^Error fetching from \S+: /, '');
      return transportFailure(ctx, new Error(reason), 'connect', chars);
    }
    if (/Error reading from the stream|Failed to parse stream/.test(msg)) return streamCutError(ctx, chars, new Error(msg));
    if (/Error parsing JSON response/.test(msg)) return unexpectedError(ctx, err);
    if (phase === 'stream') return streamCutError(ctx, chars, err);
  }
  return transportFailure(ctx, err, phase, chars);
}

/** `https://host/v1beta` → {baseUrl: 'https://host', apiVersion: 'v1beta'}. */
export function splitGeminiBaseUrl(baseUrl: string | undefined): { baseUrl?: string; apiVersion?: string } {
  if (!baseUrl) return {};
  const m = /^(.*)\/(v\d+(?:(?:alpha|beta)\d*)?)$/.exec(baseUrl);
  return m ? { baseUrl: m[1]!, apiVersion: m[2]! } : { baseUrl };
}

function geminiModel(call: AdapterCall, routeHeaders: Record<string, string> | undefined): GenerativeModel {
  const { config, request, structured } = call;
  const generationConfig: GenerationConfig = {};
  if (config.maxOutputTokens !== undefined) generationConfig.maxOutputTokens = config.maxOutputTokens;
  if (structured) {
    generationConfig.responseMimeType = 'application/json';
    if (structured.native) generationConfig.responseSchema = structured.native as ResponseSchema;
  }
  const { baseUrl, apiVersion } = splitGeminiBaseUrl(config.baseUrl);
  return new GoogleGenerativeAI(config.apiKey ?? '').getGenerativeModel(
    {
      model: config.model,
      ...(request.system ? { systemInstruction: request.system } : {}),
      ...(Object.keys(generationConfig).length > 0 ? { generationConfig } : {}),
      ...(request.tools && request.tools.length > 0
        ? {
            tools: [{ functionDeclarations: request.tools.map(geminiFunction) }],
            toolConfig: { functionCallingConfig: { mode: FunctionCallingMode.AUTO } },
          }
        : {}),
    },
    { ...(baseUrl ? { baseUrl } : {}), ...(apiVersion ? { apiVersion } : {}), ...(routeHeaders ? { customHeaders: routeHeaders } : {}) },
  );
}

/**
 * Turns as generateContent takes them: assistant turns as role `model`, its
 * calls as `functionCall` parts after its text (each with its thought
 * signature when the model gave one); the results that follow as
 * `functionResponse` parts of one `function` turn (the role this SDK gives
 * function responses), `{output}` or, for a failed tool, `{error}`.
 */
function geminiContents(messages: readonly LlmMessage[]): Content[] {
  const out: Content[] = [];
  for (const m of messages) {
    if (isToolResult(m)) {
      const part: Part = { functionResponse: { name: m.toolName, response: m.isError ? { error: m.content } : { output: m.content } } };
      const last = out.at(-1);
      if (last?.role === 'function') last.parts.push(part);
      else out.push({ role: 'function', parts: [part] });
    } else if (hasToolCalls(m)) {
      const text: Part[] = m.content ? [{ text: m.content }] : [];
      const calls = m.toolCalls.map(
        (c): Part => ({ functionCall: { name: c.name, args: c.arguments }, ...(c.signature ? { thoughtSignature: c.signature } : {}) }) as Part,
      );
      out.push({ role: 'model', parts: [...text, ...calls] });
    } else {
      out.push({ role: m.role === 'assistant' ? 'model' : 'user', parts: [{ text: m.content }] });
    }
  }
  return out;
}

async function connect(model: GenerativeModel, call: AdapterCall): Promise<AsyncGenerator<GenerateContentResponse>> {
  const contents = geminiContents(call.request.messages);
  const result = await model.generateContentStream({ contents }, { signal: call.signal });
  // The SDK also aggregates the whole reply on a second branch of the stream; nobody
  // awaits it here, so keep its failure (abort, cut) from becoming an unhandled rejection.
  result.response.catch(() => undefined);
  return result.stream;
}

/** An error object Gemini sends inside the stream (`{"error": {status, message}}`) as an LlmError. */
function inBandError(ctx: ErrorContext, inBand: { message?: unknown; status?: unknown }): LlmError {
  const status = typeof inBand.status === 'string' ? inBand.status : '';
  const code: LlmErrorCode = status === 'RESOURCE_EXHAUSTED' ? 'rate_limit' : status === 'INVALID_ARGUMENT' ? 'provider_bad_request' : 'server';
  return inStreamError(ctx, code, typeof inBand.message === 'string' ? inBand.message : status, inBand);
}

/** Reads streamGenerateContent chunks: text and function-call parts of the first candidate (thoughts skipped), usage, finishReason. */
function chunkReader(ctx: ErrorContext): Pick<ProviderReply<GenerateContentResponse>, 'read' | 'end'> {
  let finish: FinishReason | null = null;
  let usage: LlmUsage | undefined;
  const toolCalls: LlmStreamPart[] = [];
  return {
    read(chunk) {
      const inBand = (chunk as { error?: { message?: unknown; status?: unknown } }).error;
      if (inBand) throw inBandError(ctx, inBand);
      const candidate = chunk.candidates?.[0];
      let texts = NO_TEXT;
      for (const part of candidate?.content?.parts ?? []) {
        if ((part as { thought?: boolean }).thought) continue;
        if (typeof part.text === 'string' && part.text) texts = [...texts, part.text];
        if (part.functionCall?.name) {
          const args = part.functionCall.args as Record<string, unknown> | undefined;
          // Thinking models sign their calls; the signature must go back with the call (this SDK's types do not name it).
          const signature = (part as { thoughtSignature?: unknown }).thoughtSignature;
          toolCalls.push({
            type: 'tool-call',
            id: `call_${toolCalls.length}`,
            name: part.functionCall.name,
            arguments: parseToolArguments(args),
            ...(typeof signature === 'string' && signature ? { signature } : {}),
          });
        }
      }
      if (chunk.usageMetadata) {
        usage = { inputTokens: chunk.usageMetadata.promptTokenCount ?? 0, outputTokens: chunk.usageMetadata.candidatesTokenCount ?? 0 };
      }
      if (candidate?.finishReason) finish = geminiFinishReason(candidate.finishReason);
      else if (!candidate && chunk.promptFeedback?.blockReason) finish = 'content_filter';
      return texts;
    },
    end: () => (finish === null ? undefined : { finish, toolCalls, ...(usage ? { usage } : {}) }),
  };
}

async function* streamGemini(call: AdapterCall): AsyncGenerator<LlmStreamPart> {
  const ctx = call.errorContext;
  // The SDK calls the global fetch: an injected one (or record/replay) is reached through a route.
  const route = call.customFetch ? openFetchRoute(call.fetch) : undefined;
  try {
    const model = geminiModel(call, route?.headers);
    yield* streamReply(call, {
      connect: () => connect(model, call),
      ...chunkReader(ctx),
      mapError: (err, phase, chars) => mapError(err, ctx, phase, chars),
    });
  } finally {
    route?.close();
  }
}

/** A tool as a Gemini function declaration; a schema Gemini cannot describe is sent without parameters. */
function geminiFunction(tool: LlmTool): FunctionDeclaration {
  const { schema } = toGeminiSchema(toolParameters(tool));
  const hasProperties = schema && typeof schema === 'object' && Object.keys((schema as { properties?: object }).properties ?? {}).length > 0;
  return {
    name: tool.name,
    description: tool.description,
    ...(hasProperties ? { parameters: schema as unknown as FunctionDeclarationSchema } : {}),
  };
}

function planStructuredOutput(s: StructuredOutput): { structured: StructuredOutput; warning?: string } {
  const { schema, unrepresentable } = toGeminiSchema(s.schema);
  if (!schema || unrepresentable.length > 0) {
    return {
      structured: { ...s, native: null },
      warning:
        `Gemini responseSchema not used: Gemini's schema cannot describe ${unrepresentable.join(', ')}. ` +
        'JSON output is still requested (responseMimeType application/json).',
    };
  }
  return { structured: { ...s, native: schema } };
}

export const geminiAdapter: ProviderAdapter = {
  provider: 'gemini',
  defaultBaseUrl: GEMINI_DEFAULT_BASE_URL,
  stream: streamGemini,
  rejectsStructuredOutput: (message) => /response_?schema|response_?mime_?type|response_?json_?schema|property_?ordering/i.test(message),
  planStructuredOutput,
};
