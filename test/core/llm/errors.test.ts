// The small maps behind provider errors and finish reasons: status → code,
// retry-after (header forms and Gemini's RetryInfo), transport codes in words,
// message wording with the key redacted, and each provider's finish reasons.
import { describe, expect, it } from 'vitest';
import {
  sdkTimeoutError,
  timeoutError,
  codeForStatus,
  describeTransport,
  httpError,
  networkError,
  parseRetryAfter,
  providerDetail,
  streamCutError,
  type ErrorContext,
} from '../../../src/core/llm/errors.js';
import { anthropicFinishReason, geminiFinishReason, ollamaFinishReason, openAiFinishReason } from '../../../src/core/llm/finish-reasons.js';
import { parseRetryDelay, splitGeminiBaseUrl } from '../../../src/core/llm/providers/gemini.js';
import { expectNoSecret } from './support.js';

const KEY = 'sk-ctx-0123456789';
const ctx: ErrorContext = { provider: 'openai', model: 'gpt-x', host: 'api.example.com', apiKey: KEY, apiKeyEnv: 'WORKSPACE_LLM_KEY' };
const headers = (h: Record<string, string>) => new Headers(h);

describe('codeForStatus', () => {
  it.each([
    [401, '', 'auth'],
    [403, '', 'auth'],
    [404, '', 'model_not_found'],
    [408, '', 'timeout'],
    [429, '', 'rate_limit'],
    [500, '', 'server'],
    [503, '', 'server'],
    [529, '', 'server'],
    [400, 'bad things', 'provider_bad_request'],
    [422, 'unprocessable', 'provider_bad_request'],
    [400, 'The model `x` does not exist.', 'model_not_found'],
    [400, 'model "y" not found', 'model_not_found'],
  ])('%i %j → %s', (status, message, code) => {
    expect(codeForStatus(status, message)).toBe(code);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds, rounding up', () => expect(parseRetryAfter(headers({ 'retry-after': '2.2' }))).toBe(3));
  it('prefers retry-after-ms', () => expect(parseRetryAfter(headers({ 'retry-after': '60', 'retry-after-ms': '250' }))).toBe(1));
  it('reads an HTTP date', () => {
    const now = Date.parse('Wed, 01 Jan 2025 00:00:00 GMT');
    expect(parseRetryAfter(headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' }), now)).toBe(30);
  });
  it('ignores garbage and absence', () => {
    expect(parseRetryAfter(headers({ 'retry-after': 'soon' }))).toBeUndefined();
    expect(parseRetryAfter(headers({}))).toBeUndefined();
    expect(parseRetryAfter(undefined)).toBeUndefined();
  });
  it('reads Gemini RetryInfo durations', () => {
    expect(parseRetryDelay('17s')).toBe(17);
    expect(parseRetryDelay('1.5s')).toBe(2);
    expect(parseRetryDelay('soon')).toBeUndefined();
    expect(parseRetryDelay(5)).toBeUndefined();
  });
});

describe('describeTransport', () => {
  it('finds a code deep in the cause chain', () => {
    const err = new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }) });
    expect(describeTransport(err)).toBe('connection refused, ECONNREFUSED');
  });
  it('reads AggregateError members', () => {
    const inner = Object.assign(new Error('x'), { code: 'ENOTFOUND' });
    expect(describeTransport(new Error('outer', { cause: new AggregateError([inner]) }))).toBe('host not found, ENOTFOUND');
  });
  it('falls back to the first message', () => expect(describeTransport(new Error('weird'))).toBe('weird'));
});

describe('error wording', () => {
  it('auth names the key variable, not the key, even when the provider echoes it', () => {
    const err = httpError(ctx, { status: 401, message: `Incorrect API key provided: ${KEY}` });
    expect(err.code).toBe('auth');
    expect(err.message).toContain('WORKSPACE_LLM_KEY');
    expect(err.message).toContain('[redacted]');
    expectNoSecret(err, KEY);
    expect(providerDetail(err)).not.toContain(KEY);
  });
  it('auth without a key says that no key was sent', () => {
    const err = httpError({ ...ctx, apiKey: undefined }, { status: 401, message: 'missing' });
    expect(err.message).toMatch(/no API key was sent/);
  });
  it('model_not_found names model and host', () => {
    const err = httpError(ctx, { status: 404, message: 'nope' });
    expect(err.message).toContain('"gpt-x"');
    expect(err.message).toContain('api.example.com');
  });
  it('rate_limit carries retryAfter', () => {
    const err = httpError(ctx, { status: 429, message: 'slow', retryAfter: 12 });
    expect(err.retryAfter).toBe(12);
    expect(err.message).toContain('Retry after 12 s');
  });
  it('a cause carrying the key is not attached', () => {
    const cause = new Error(`echo ${KEY}`);
    const err = networkError(ctx, cause);
    expect(err.cause).toBeUndefined();
    expectNoSecret(err, KEY);
    const clean = networkError(ctx, new Error('connect ECONNREFUSED'));
    expect(clean.cause).toBeInstanceOf(Error);
  });
  it('stream_cut says how much text had arrived', () => {
    expect(streamCutError(ctx, 42).message).toContain('42 characters');
  });
  it('clips a very long provider message', () => {
    const err = httpError(ctx, { status: 500, message: 'x'.repeat(5000) });
    expect(err.message.length).toBeLessThan(600);
  });
});

describe('finish reasons', () => {
  it.each([
    [openAiFinishReason, 'stop', 'stop'],
    [openAiFinishReason, 'length', 'length'],
    [openAiFinishReason, 'content_filter', 'content_filter'],
    [openAiFinishReason, 'function_call', 'other'],
    [openAiFinishReason, 'weird', 'other'],
    [anthropicFinishReason, 'end_turn', 'stop'],
    [anthropicFinishReason, 'max_tokens', 'length'],
    [anthropicFinishReason, 'refusal', 'content_filter'],
    [anthropicFinishReason, 'pause_turn', 'other'],
    [geminiFinishReason, 'STOP', 'stop'],
    [geminiFinishReason, 'MAX_TOKENS', 'length'],
    [geminiFinishReason, 'PROHIBITED_CONTENT', 'content_filter'],
    [geminiFinishReason, 'MALFORMED_FUNCTION_CALL', 'other'],
    [ollamaFinishReason, 'stop', 'stop'],
    [ollamaFinishReason, 'length', 'length'],
    [ollamaFinishReason, undefined, 'stop'],
    [openAiFinishReason, 'toString', 'other'],
  ])('%o(%s) → %s', (fn, native, ours) => {
    expect(fn(native as string)).toBe(ours);
  });
});

describe('splitGeminiBaseUrl', () => {
  it.each([
    [undefined, {}],
    ['https://proxy.example.com', { baseUrl: 'https://proxy.example.com' }],
    ['https://proxy.example.com/v1beta', { baseUrl: 'https://proxy.example.com', apiVersion: 'v1beta' }],
    ['https://proxy.example.com/gemini/v1', { baseUrl: 'https://proxy.example.com/gemini', apiVersion: 'v1' }],
  ])('%s', (input, expected) => {
    expect(splitGeminiBaseUrl(input)).toEqual(expected);
  });
});

describe('timeouts', () => {
  it('our idle timeout points at timeout_s; the SDK request timeout does not, since timeout_s does not control it', () => {
    const ours = timeoutError(ctx, 30_000);
    expect(ours.code).toBe('timeout');
    expect(ours.message).toContain('timeout_s');
    const sdk = sdkTimeoutError(ctx, 600_000);
    expect(sdk.code).toBe('timeout');
    expect(sdk.isRetryable).toBe(true);
    expect(sdk.message).toContain("SDK's request timeout");
    expect(sdk.message).not.toContain('timeout_s');
    expectNoSecret(sdk, KEY);
  });
});
