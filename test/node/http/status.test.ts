// node/http/status.ts: the one error → HTTP status table. Every error family of
// core, node and the elements maps to its status here (the errors carry no
// status), every code of the union has a status and a class that owns it, and
// an error from another copy of the modules maps the same way.
import { describe, expect, it, vi } from 'vitest';
import * as core from '../../../src/core/errors.js';
import { ApiError } from '../../../src/elements/api/client.js';
import { DesignerReplyError, RoutingSelfTestError } from '../../../src/core/routing/errors.js';
import { EvalSelfTestError } from '../../../src/core/evals/errors.js';
import { RiskPolicyError } from '../../../src/core/risk/policy.js';
import { SkillArchiveError } from '../../../src/core/skill-folder/errors.js';
import { TrustFileError, TrustPolicyError } from '../../../src/core/trust/errors.js';
import { UsageError } from '../../../src/node/cli/args.js';
import { httpStatusOf, STATUS_BY_CODE } from '../../../src/node/http/status.js';
import { ToolRunError } from '../../../src/node/sandbox/types.js';
import { PortInUseError } from '../../../src/node/server.js';
import { SkillReadError } from '../../../src/node/skill-store/inside.js';

/** One error of every class of the package (LlmError once per code). */
function oneOfEach(): core.ForgeError[] {
  return [
    ...core.LLM_ERROR_CODES.map((code) => new core.LlmError(code, code, { provider: 'openai' })),
    new core.ConfigError('model', 'x'),
    new core.RequestError('body', 'x'),
    new core.SkillConflictError('weather'),
    new core.UnsafePathError('skill_name', 'x'),
    new core.NotFoundError('skill', 'x'),
    new core.SkillValidationError({ valid: false, errors: [], warnings: [] }),
    new core.PartialResultError(new core.NotFoundError('skill', 'x'), null),
    new SkillArchiveError('x'),
    new TrustFileError('x', 'skill.manifest.json'),
    new TrustPolicyError('x', 'min_trust_level'),
    new RiskPolicyError('x'),
    new DesignerReplyError('requests', 'x'),
    new RoutingSelfTestError('x'),
    new EvalSelfTestError('x'),
    new ToolRunError('busy', 'tool', 'x'),
    new SkillReadError('x'),
    new UsageError('x', 'ui'),
    new PortInUseError(4200, '127.0.0.1'),
    new ApiError('x', 502),
  ];
}

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
      [new core.LlmError('provider_bad_request', 'unknown parameter', { provider: 'openai', status: 400 }), 502],
      [new core.LlmError('aborted', 'stopped', { provider: 'x' }), 499],
      [new SkillArchiveError('a symlink'), 400],
      [new RiskPolicyError('bad key'), 400],
      [new DesignerReplyError('requests', 'no JSON'), 502],
      [new RoutingSelfTestError('both went nowhere'), 502],
      [new EvalSelfTestError('the agent called no tool'), 422],
      [new ToolRunError('no_sandbox', 'sandbox', 'install bwrap'), 501],
      [new ToolRunError('busy', 'tool', 'running'), 409],
      [new ToolRunError('disabled', 'tool', 'off'), 403],
      [new ToolRunError('missing_env', 'env', 'X'), 400],
      [new core.PartialResultError(new core.LlmError('stream_cut', 'cut', { provider: 'x' }), {}), 502],
      [new core.PartialResultError(new core.LlmError('aborted', 'stopped', { provider: 'x' }), {}), 499],
      [new core.PartialResultError(new Error('a bug'), {}), 500],
      [new SkillReadError('x'), 404],
      [new TrustFileError('x', 'skill.manifest.json'), 400],
      [new TrustPolicyError('x', 'min_trust_level'), 403],
      [new UsageError('x'), 500],
      [new Error('a bug'), 500],
      ['not an error', 500],
    ];
    for (const [err, status] of table) expect([(err as Error).message ?? err, httpStatusOf(err)]).toEqual([(err as Error).message ?? err, status]);
  });

  it('has a status for every code of the union, and a class owning each code', () => {
    // The type check refuses a code without a status (STATUS_BY_CODE is a Record over ForgeErrorCode); this is the same at run time.
    expect(Object.keys(STATUS_BY_CODE).sort()).toEqual([...core.FORGE_ERROR_CODES].sort());
    const errors = oneOfEach();
    const owners = new Map<string, Set<string>>();
    for (const err of errors) owners.set(err.code, (owners.get(err.code) ?? new Set()).add(err.name));
    expect([...owners.keys()].sort()).toEqual([...core.FORGE_ERROR_CODES].sort());
    for (const [code, names] of owners) expect([code, names.size]).toEqual([code, 1]); // one class per code
    for (const err of errors) expect([err.code, httpStatusOf(err)]).toEqual([err.code, expect.any(Number)]);
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
