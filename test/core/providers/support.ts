// Helpers for the provider tests: drain a client's stream into parts (and the
// error it ended with), and assert that an error never carries the API key.
import { inspect } from 'node:util';
import { expect } from 'vitest';
import { LlmError } from '../../../src/core/errors.js';
import type { LlmClient, LlmRequest, LlmStreamPart } from '../../../src/core/llm/types.js';

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
