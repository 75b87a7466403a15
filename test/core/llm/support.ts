// Helpers for the provider tests: a local wire-format server per test with a
// client bound to it, drain a client's stream into parts (and the error it
// ended with), and assert that an error never carries the API key.
import { inspect } from 'node:util';
import { afterEach, expect } from 'vitest';
import { LlmError } from '../../../src/core/errors.js';
import { createLlmClient } from '../../../src/core/llm/client.js';
import type { LlmClient, LlmConfig, LlmRequest, LlmStreamPart, ProviderName } from '../../../src/core/llm/types.js';
import { startProviderServer, type ProviderServer, type ProviderServerOptions } from '../../helpers/provider-servers/index.js';

export interface ProviderServerFixture {
  /** Starts this test's server (closed after the test). */
  start(opts: Omit<ProviderServerOptions, 'provider'>): Promise<ProviderServer>;
  /** The running server: its url and the requests it received. */
  readonly server: ProviderServer;
  /** A client for the provider at the running server: `defaults`, then `extra`. */
  client(extra?: Partial<LlmConfig>): LlmClient;
}

/** Registers (in the enclosing describe, or the file) a provider server per test, closed after it. */
export function useProviderServer(provider: ProviderName, defaults: Omit<LlmConfig, 'provider'>): ProviderServerFixture {
  let current: ProviderServer | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  const running = (): ProviderServer => {
    if (!current) throw new Error('start() the provider server first');
    return current;
  };
  return {
    async start(opts) {
      current = await startProviderServer({ provider, ...opts });
      return current;
    },
    get server() {
      return running();
    },
    client: (extra = {}) => createLlmClient({ provider, ...defaults, baseUrl: running().url, ...extra }),
  };
}

export interface Drained {
  parts: LlmStreamPart[];
  text: string;
  deltas: string[];
  warnings: string[];
  finish: LlmStreamPart | undefined;
  error: LlmError | undefined;
}

/** Consumes the whole stream; a thrown error is captured (it must be an LlmError). */
export async function drain(client: LlmClient, request: LlmRequest, onPart?: (p: LlmStreamPart) => void): Promise<Drained> {
  const parts: LlmStreamPart[] = [];
  let error: LlmError | undefined;
  try {
    for await (const p of client.stream(request)) {
      parts.push(p);
      onPart?.(p);
    }
  } catch (e) {
    if (!LlmError.isInstance(e)) throw e;
    error = e as LlmError;
  }
  const deltas = parts.flatMap((p) => (p.type === 'text-delta' ? [p.text] : []));
  return {
    parts,
    deltas,
    text: deltas.join(''),
    warnings: parts.flatMap((p) => (p.type === 'warning' ? [p.message] : [])),
    finish: parts.find((p) => p.type === 'finish'),
    error,
  };
}

/** The key appears nowhere in the error: not in its message, JSON, stack or inspected form (cause included). */
export function expectNoSecret(err: unknown, secret: string): void {
  const e = err as Error;
  expect(e.message).not.toContain(secret);
  expect(JSON.stringify(e)).not.toContain(secret);
  expect(String(e.stack ?? '')).not.toContain(secret);
  expect(inspect(e, { depth: 6 })).not.toContain(secret);
}

export const HELLO: LlmRequest = { system: 'You are a test.', messages: [{ role: 'user', content: 'hi' }] };

/** A system prompt and three turns: each provider's test checks how its SDK puts them on the wire. */
export const CONVERSATION: LlmRequest = {
  system: 'SYSTEM PROMPT',
  messages: [
    { role: 'user', content: 'u1' },
    { role: 'assistant', content: 'a1' },
    { role: 'user', content: 'u2' },
  ],
};

/** A closed schema every provider can express natively. */
export const CLOSED_SCHEMA = {
  name: 'envelope',
  schema: {
    type: 'object',
    properties: { message: { type: 'string' }, done: { type: 'boolean' } },
    required: ['message', 'done'],
    additionalProperties: false,
  },
};
