// Importing core and creating a client loads no provider SDK (each costs up to
// half a second of import time); the first stream() loads only the SDK of the
// client's provider. The SDK modules are passed through unchanged, only observed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';

const loaded: string[] = [];
vi.mock('openai', async (original) => {
  loaded.push('openai');
  return await original();
});
vi.mock('@anthropic-ai/sdk', async (original) => {
  loaded.push('anthropic');
  return await original();
});
vi.mock('@google/generative-ai', async (original) => {
  loaded.push('gemini');
  return await original();
});
vi.mock('ollama/browser', async (original) => {
  loaded.push('ollama');
  return await original();
});

describe('provider SDKs load lazily', () => {
  let server: ProviderServer | undefined;
  afterEach(async () => {
    await server?.close();
  });

  it('creating clients loads nothing; streaming loads only the provider used', async () => {
    const { createLlmClient } = await import('../../../src/core/llm/client.js');
    for (const provider of ['openai', 'anthropic', 'gemini', 'ollama'] as const) createLlmClient({ provider, model: 'm', apiKey: 'k-123456' });
    expect(loaded).toEqual([]);
    server = await startProviderServer({ provider: 'ollama', replies: ['ok'] });
    const parts = [];
    for await (const p of createLlmClient({ provider: 'ollama', model: 'm', baseUrl: server.url }).stream({
      system: '',
      messages: [{ role: 'user', content: 'hi' }],
    }))
      parts.push(p);
    expect(parts.at(-1)).toEqual({ type: 'finish', reason: 'stop' });
    expect(loaded).toEqual(['ollama']);
  });

  it('the core entry point imports no adapter statically', () => {
    const index = readFileSync(join(import.meta.dirname, '../../../src/core/index.ts'), 'utf8');
    expect(index).not.toMatch(/from '\.\/providers\/(openai|anthropic|gemini|ollama)\.js'/);
  });
});
