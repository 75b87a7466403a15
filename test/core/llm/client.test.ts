// createLlmClient itself: config and request validation with field-named
// errors, and isolation from the environment — the SDKs read OPENAI_API_KEY,
// OPENAI_BASE_URL, ANTHROPIC_API_KEY … by default; a client without a key or
// base URL must never pick them up (seed: "credentials threaded as
// request-scoped data; the environment is never consulted or mutated").
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, RequestError } from '../../../src/core/errors.js';
import { createLlmClient } from '../../../src/core/llm/client.js';
import type { LlmConfig } from '../../../src/core/llm/types.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { drain, expectNoSecret, HELLO } from './support.js';

function configError(config: Partial<LlmConfig> & Record<string, unknown>): ConfigError {
  try {
    createLlmClient(config as LlmConfig);
  } catch (e) {
    expect(ConfigError.isInstance(e)).toBe(true);
    return e as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('createLlmClient: config validation', () => {
  it.each([
    [{ provider: 'azure', model: 'm' }, 'provider'],
    [{ provider: 'openai', model: '' }, 'model'],
    [{ provider: 'openai', model: '   ' }, 'model'],
    [{ provider: 'openai', model: 'm', baseUrl: 'not a url' }, 'base_url'],
    [{ provider: 'openai', model: 'm', baseUrl: 'ftp://files.example.com' }, 'base_url'],
    [{ provider: 'openai', model: 'm', baseUrl: 'https://user:secret@example.com/v1' }, 'base_url'],
    [{ provider: 'anthropic', model: 'm', maxOutputTokens: 0 }, 'maxOutputTokens'],
    [{ provider: 'anthropic', model: 'm', maxOutputTokens: Number.NaN }, 'maxOutputTokens'],
    [{ provider: 'gemini', model: 'm', timeoutMs: -1 }, 'timeoutMs'],
    [{ provider: 'ollama', model: 'm', fetch: 'nope' }, 'fetch'],
    [{ provider: 'openai', model: 'm', apiKey: 42 }, 'apiKey'],
  ])('%j → ConfigError on %s', (config, field) => {
    const err = configError(config as Record<string, unknown>);
    expect(err.field).toBe(field);
    expect(err.message.length).toBeGreaterThan(10);
  });

  it('keeps the model verbatim and reports provider and model', () => {
    const c = createLlmClient({ provider: 'gemini', model: 'models/Gemini-X_1.5', apiKey: 'k' });
    expect(c.provider).toBe('gemini');
    expect(c.model).toBe('models/Gemini-X_1.5');
  });
});

describe('stream(): request validation', () => {
  const c = createLlmClient({ provider: 'ollama', model: 'm', baseUrl: 'http://127.0.0.1:9' });
  it.each([
    [{ system: 1, messages: [] }, 'system'],
    [{ system: '', messages: 'hi' }, 'messages'],
    [{ system: '', messages: [{ role: 'system', content: 'x' }] }, 'messages[0].role'],
    [
      {
        system: '',
        messages: [
          { role: 'user', content: 'x' },
          { role: 'user', content: 3 },
        ],
      },
      'messages[1].content',
    ],
    [{ system: '', messages: [], responseSchema: { name: 'x' } }, 'responseSchema'],
  ])('%j → RequestError on %s', async (request, field) => {
    const it = c.stream(request as never)[Symbol.asyncIterator]();
    const err = await it.next().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(RequestError.isInstance(err)).toBe(true);
    expect((err as RequestError).field).toBe(field);
  });
});

describe('isolation from process.env', () => {
  const ENV = {
    OPENAI_API_KEY: 'sk-env-openai-MUST-NOT-LEAK',
    OPENAI_BASE_URL: 'http://127.0.0.1:9/evil-openai',
    OPENAI_ORG_ID: 'org-env',
    OPENAI_PROJECT_ID: 'proj-env',
    ANTHROPIC_API_KEY: 'sk-env-anthropic-MUST-NOT-LEAK',
    ANTHROPIC_AUTH_TOKEN: 'tok-env-anthropic-MUST-NOT-LEAK',
    ANTHROPIC_BASE_URL: 'http://127.0.0.1:9/evil-anthropic',
    GEMINI_API_KEY: 'env-gemini-MUST-NOT-LEAK',
    GOOGLE_API_KEY: 'env-google-MUST-NOT-LEAK',
    OLLAMA_API_KEY: 'env-ollama-MUST-NOT-LEAK',
  };
  let saved: Record<string, string | undefined>;
  let server: ProviderServer | undefined;
  beforeEach(() => {
    saved = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]));
    Object.assign(process.env, ENV);
  });
  afterEach(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await server?.close();
    server = undefined;
  });

  function recordingFetch(seen: Array<{ url: string; headers: Headers }>): typeof fetch {
    return (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers) });
      return new Response('{"error":{"message":"recorded"}}', { status: 418, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
  }
  const leaked = (headers: Headers): string[] =>
    [...headers.entries()].filter(([, v]) => Object.values(ENV).some((secret) => v.includes(secret))).map(([k]) => k);

  it('openai without key or base URL: default endpoint, no Authorization, no org/project from env', async () => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    await drain(createLlmClient({ provider: 'openai', model: 'gpt-4.1', fetch: recordingFetch(seen) }), HELLO);
    expect(seen[0]!.url).toBe('https://api.openai.com/v1/chat/completions');
    expect(seen[0]!.headers.get('authorization')).toBeNull();
    expect(seen[0]!.headers.get('openai-organization')).toBeNull();
    expect(seen[0]!.headers.get('openai-project')).toBeNull();
    expect(leaked(seen[0]!.headers)).toEqual([]);
  });

  it('anthropic without key or base URL: default endpoint, no key header from env', async () => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    await drain(createLlmClient({ provider: 'anthropic', model: 'claude-x', fetch: recordingFetch(seen) }), HELLO);
    expect(seen[0]!.url).toBe('https://api.anthropic.com/v1/messages');
    expect(seen[0]!.headers.get('authorization')).toBeNull();
    expect(seen[0]!.headers.get('x-api-key')).toBeNull();
    expect(leaked(seen[0]!.headers)).toEqual([]);
  });

  it('ollama against ollama.com without a key: the SDK’s OLLAMA_API_KEY lookup is not honoured', async () => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    await drain(createLlmClient({ provider: 'ollama', model: 'gpt-oss:120b', baseUrl: 'https://ollama.com', fetch: recordingFetch(seen) }), HELLO);
    expect(seen[0]!.url).toBe('https://ollama.com:443/api/chat');
    expect(seen[0]!.headers.get('authorization')).toBeNull();
  });

  it('ollama without base URL goes to the local default host', async () => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    await drain(createLlmClient({ provider: 'ollama', model: 'llama3.2', fetch: recordingFetch(seen) }), HELLO);
    expect(seen[0]!.url).toBe('http://127.0.0.1:11434/api/chat');
  });

  it('gemini without key sends no key from the environment', async () => {
    server = await startProviderServer({ provider: 'gemini', replies: ['ok'] });
    await drain(createLlmClient({ provider: 'gemini', model: 'g', baseUrl: server.url }), HELLO);
    expect(server.requests[0]!.key ?? '').toBe('');
  });
});

describe('structured-output fallback warning', () => {
  let server: ProviderServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('names what the endpoint said, with the key redacted', async () => {
    const key = 'sk-warn-0123456789';
    server = await startProviderServer({
      provider: 'openai',
      handler: (req) => (req.structured ? { error: { status: 400, message: 'response_format is not supported (key {key})' } } : 'plain'),
    });
    const c = createLlmClient({ provider: 'openai', model: 'm', apiKey: key, baseUrl: server.url });
    const out = await drain(c, { ...HELLO, responseSchema: { name: 'e', schema: { type: 'object', properties: { a: { type: 'string' } } } } });
    expect(out.text).toBe('plain');
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toContain('response_format is not supported');
    expect(out.warnings[0]).not.toContain(key);
    expectNoSecret(new Error(out.warnings[0]), key);
  });
});
