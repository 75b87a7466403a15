// Typed errors: each class's isInstance recognises its own errors from another
// copy of the module (two bundles on one page, a dependency's own copy), and
// only its own; redactSecret scrubs every occurrence of a key.
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
    };
    for (const [name, err] of Object.entries(samples)) {
      expect(err).not.toBeInstanceOf(here.ForgeError);
      expect(here.ForgeError.isInstance(err)).toBe(true);
      for (const cls of Object.keys(samples) as Array<keyof typeof samples>) {
        expect([name, cls, here[cls].isInstance(err)]).toEqual([name, cls, cls === name]);
      }
    }
  });

  it('tells a provider bad_request (LlmError) from a request-body RequestError', () => {
    const provider = new here.LlmError('bad_request', 'unknown parameter response_format', { provider: 'openai', status: 400 });
    expect(here.LlmError.isInstance(provider)).toBe(true);
    expect(here.RequestError.isInstance(provider)).toBe(false);
    expect(here.RequestError.isInstance(new here.RequestError('body', 'too large', 'too_large'))).toBe(true);
  });

  it('rejects look-alikes without the marker and non-objects', () => {
    for (const v of [null, undefined, 'config', 42, { code: 'config', field: 'x' }, new Error('x')]) {
      expect(here.ForgeError.isInstance(v)).toBe(false);
      expect(here.ConfigError.isInstance(v)).toBe(false);
    }
  });
});

describe('error details', () => {
  it('each class keeps its code and fields (the HTTP status is node/http/status.ts\'s concern)', () => {
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
