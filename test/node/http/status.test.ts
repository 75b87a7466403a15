// node/http/status.ts: the one error → HTTP status table. Every error family of
// core and node maps to its status here (the core errors carry no status), and
// an error from another copy of the core module maps the same way.
import { describe, expect, it, vi } from 'vitest';
import * as core from '../../../src/core/errors.js';
import { DesignerReplyError } from '../../../src/core/routing/errors.js';
import { RiskPolicyError } from '../../../src/core/risk/policy.js';
import { SkillArchiveError } from '../../../src/core/skill-folder/errors.js';
import { httpStatusOf } from '../../../src/node/http/status.js';
import { ToolRunError } from '../../../src/node/sandbox/types.js';

describe('httpStatusOf', () => {
  it('maps every error family to its status', () => {
    const table: Array<[unknown, number]> = [
      [new core.ConfigError('base_url', 'bad'), 400],
      [new core.RequestError('messages', 'empty'), 400],
      [new core.RequestError('body', 'slow', 'timeout'), 408],
      [new core.RequestError('body', 'big', 'too_large'), 413],
      [new core.RequestError('content-type', 'not a zip', 'unsupported_type'), 415],
      [new core.UnsafePathError('skill_name', 'no ..'), 400],
      [new core.SkillValidationError({ valid: false, errors: [], warnings: [] }), 400],
      [new core.NotFoundError('agent', 'no agent'), 404],
      [new core.SkillConflictError('weather'), 409],
      [new core.LlmError('rate_limit', 'slow down', { provider: 'anthropic', status: 429 }), 502],
      [new core.LlmError('bad_request', 'unknown parameter', { provider: 'openai', status: 400 }), 502],
      [new core.LlmError('aborted', 'stopped', { provider: 'x' }), 499],
      [new SkillArchiveError('a symlink'), 400],
      [new RiskPolicyError('bad key'), 400],
      [new DesignerReplyError('requests', 'no JSON'), 502],
      [new ToolRunError('no_sandbox', 'sandbox', 'install bwrap'), 501],
      [new ToolRunError('busy', 'tool', 'running'), 409],
      [new ToolRunError('disabled', 'tool', 'off'), 403],
      [new ToolRunError('missing_env', 'env', 'X'), 400],
      [new Error('a bug'), 500],
      ['not an error', 500],
    ];
    for (const [err, status] of table) expect([(err as Error).message ?? err, httpStatusOf(err)]).toEqual([(err as Error).message ?? err, status]);
  });

  it('maps an error from another copy of the core module the same way', async () => {
    vi.resetModules();
    const other = (await import('../../../src/core/errors.js')) as typeof core;
    expect(other.NotFoundError).not.toBe(core.NotFoundError);
    expect(httpStatusOf(new other.NotFoundError('skill', 'x'))).toBe(404);
    expect(httpStatusOf(new other.RequestError('body', 'big', 'too_large'))).toBe(413);
    expect(httpStatusOf(new other.LlmError('aborted', 'stopped', { provider: 'x' }))).toBe(499);
  });
});
