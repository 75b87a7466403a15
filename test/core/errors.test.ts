// Typed errors: each class's isInstance recognises its own errors from another
// copy of the module (two bundles on one page, a dependency's own copy), and
// only its own; every code belongs to one class; `field` lives on the base
// class; a partial result rides on its own error; redactSecret scrubs every
// occurrence of a key.
import { describe, expect, it, vi } from 'vitest';
import * as here from '../../src/core/errors.js';

async function otherCopy(): Promise<typeof here> {
  vi.resetModules();
  const copy = (await import('../../src/core/errors.js')) as typeof here;
  expect(copy.ConfigError).not.toBe(here.ConfigError); // really a second module instance
  return copy;
}

describe('isInstance across module copies', () => {
  it('recognises each class from another copy, and nothing else', async () => {
    const other = await otherCopy();
    const samples = {
      LlmError: new other.LlmError('auth', 'bad key', { provider: 'openai', status: 401 }),
      ConfigError: new other.ConfigError('model', 'model is required'),
      RequestError: new other.RequestError('messages', 'messages must not be empty'),
      SkillConflictError: new other.SkillConflictError('weather'),
      UnsafePathError: new other.UnsafePathError('skill_name', 'no ..'),
      NotFoundError: new other.NotFoundError('skill', 'no skill "x"'),
      SkillValidationError: new other.SkillValidationError({ valid: false, errors: [], warnings: [] }),
      PartialResultError: new other.PartialResultError(new Error('cut'), { results: [] }),
    };
    for (const [name, err] of Object.entries(samples)) {
      expect(err).not.toBeInstanceOf(here.ForgeError);
      expect(here.ForgeError.isInstance(err)).toBe(true);
      for (const cls of Object.keys(samples) as Array<keyof typeof samples>) {
        expect([name, cls, here[cls].isInstance(err)]).toEqual([name, cls, cls === name]);
      }
    }
  });

  it('tells a provider that refused the call (LlmError provider_bad_request) from a request-body RequestError (bad_request)', () => {
    const provider = new here.LlmError('provider_bad_request', 'unknown parameter response_format', { provider: 'openai', status: 400 });
    expect(here.LlmError.isInstance(provider)).toBe(true);
    expect(here.RequestError.isInstance(provider)).toBe(false);
    const body = new here.RequestError('body', 'too large', 'too_large');
    expect([here.RequestError.isInstance(body), here.LlmError.isInstance(body)]).toEqual([true, false]);
  });

  it('rejects look-alikes without the marker and non-objects', () => {
    for (const v of [null, undefined, 'config', 42, { code: 'config', field: 'x' }, new Error('x')]) {
      expect(here.ForgeError.isInstance(v)).toBe(false);
      expect(here.ConfigError.isInstance(v)).toBe(false);
    }
  });
});

describe('codes', () => {
  it('lists every code once, the LLM codes included', () => {
    expect(new Set(here.FORGE_ERROR_CODES).size).toBe(here.FORGE_ERROR_CODES.length);
    expect(here.FORGE_ERROR_CODES).toEqual(expect.arrayContaining([...here.LLM_ERROR_CODES]));
  });

  it('each core class has a code of the union (the node and elements classes: test/node/http/status.test.ts)', () => {
    const codes = [
      new here.ConfigError('model', 'x'),
      new here.RequestError('body', 'x'),
      new here.SkillConflictError('w'),
      new here.UnsafePathError('skill_name', 'x'),
      new here.NotFoundError('skill', 'x'),
      new here.SkillValidationError({ valid: false, errors: [], warnings: [] }),
      new here.PartialResultError(new Error('x'), null),
    ].map((e) => e.code);
    for (const code of codes) expect(here.FORGE_ERROR_CODES).toContain(code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('field on the base class', () => {
  it('every class that names an input has it as `field`; the others leave it unset', () => {
    expect(new here.ConfigError('base_url', 'x').field).toBe('base_url');
    expect(new here.RequestError('messages.0', 'x').field).toBe('messages.0');
    expect(new here.UnsafePathError('editing_name', 'x').field).toBe('editing_name');
    for (const e of [new here.NotFoundError('skill', 'x'), new here.SkillConflictError('w'), new here.LlmError('auth', 'x', { provider: 'openai' })]) {
      expect(e.field).toBeUndefined();
      expect(Object.keys(e)).not.toContain('field');
    }
  });

  it('reads through the base type, as errors-to-http does', () => {
    const errs: here.ForgeError[] = [new here.ConfigError('model', 'x'), new here.NotFoundError('agent', 'x')];
    expect(errs.map((e) => e.field)).toEqual(['model', undefined]);
  });
});

describe('PartialResultError', () => {
  it("carries the failure as cause and what was done as partial, with the failure's message", () => {
    const cause = new here.LlmError('stream_cut', 'the connection dropped', { provider: 'openai' });
    const err = new here.PartialResultError(cause, { message: 'half' });
    expect([err.code, err.name, err.message, err.cause, err.partial]).toEqual([
      'partial_result',
      'PartialResultError',
      'the connection dropped',
      cause,
      { message: 'half' },
    ]);
    expect(here.LlmError.isInstance(err)).toBe(false);
    expect(new here.PartialResultError('a string failure', 1).message).toBe('a string failure');
  });
});

describe('error details', () => {
  it("each class keeps its code and fields (the HTTP status is node/http/status.ts's concern)", () => {
    const c = new here.ConfigError('base_url', 'bad', { file: '/w/.forge/ui.yaml', line: 4 });
    expect([c.code, c.field, c.file, c.line, c.name]).toEqual(['config', 'base_url', '/w/.forge/ui.yaml', 4, 'ConfigError']);
    const l = new here.LlmError('rate_limit', 'slow down', { provider: 'anthropic', status: 429, retryAfter: 7 });
    expect([l.code, l.retryAfter, l.isRetryable]).toEqual(['rate_limit', 7, true]);
    expect(new here.SkillConflictError('weather').code).toBe('conflict');
    expect(new here.NotFoundError('agent', 'no agent').code).toBe('not_found');
    expect([new here.RequestError('body', 'x').reason, new here.RequestError('body', 'x', 'timeout').reason]).toEqual(['invalid', 'timeout']);
    expect('httpStatus' in new here.ConfigError('model', 'x')).toBe(false);
  });

  it('redactSecret replaces every occurrence of each secret, ignoring empty and very short ones', () => {
    expect(here.redactSecret('key sk-123456 and sk-123456 again', 'sk-123456')).toBe('key [redacted] and [redacted] again');
    expect(here.redactSecret('a b', undefined, '', 'a')).toBe('a b');
  });
});
