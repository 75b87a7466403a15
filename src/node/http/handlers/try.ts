// Try routes: POST /agents/{id}/skill-builder/try runs one tool of
// a draft with the agent's `.env` values, POST /skill-builder/try with none
// (the workspace's `.forge/.env` holds the builder's keys: never a source). Off unless the host enabled
// tool runs (403 saying how). Answers the run's result in snake_case; a run
// that cannot start (unknown tool, no script, missing env, no sandbox, busy)
// is a 4xx/501 naming the fix. The client going away kills the run. The
// run's proxy never dials the address the request arrived on nor the host's
// `forbiddenUpstreams`; private egress is the host's option, never the body's.
// The reply carries the capability profile (declared versus observed) over
// this run and the session's earlier runs the body sends back (`runs`), with
// the proposed declaration fixes: the server keeps no session state.

import { TryRequestCodec } from '../../../core/protocol/codecs.js';
import { tryReplyToWire } from '../../../core/protocol/profile-wire.js';
import { capabilityProfile } from '../../../core/observe/reconcile.js';
import { addObservedRun } from '../../../core/observe/session.js';
import { loadSkillBuilderLLM } from '../../config/tiers.js';
import { Skill } from '../../../core/skill/skill.js';
import { runSkillTool } from '../../sandbox/run-skill-tool.js';
import { ToolRunError } from '../../sandbox/types.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';

export const TOOL_RUNS_OFF =
  'tool runs are off on this server: start it with `forge-skill-builder ui --allow-tool-runs`, or pass toolRuns: true to createRequestHandler / createFetchHandler / startServer';

async function tryTool(ctx: RouteContext, agentDir: string | undefined): Promise<ApiResult> {
  const sandbox = ctx.services.toolRuns;
  if (sandbox === null) throw new ToolRunError('disabled', 'tool', TOOL_RUNS_OFF);
  const body = await ctx.json(TryRequestCodec);
  const { workspaceDir, fs, env } = ctx.services;
  // The builder's key is never handed to a script; should a script still print it (unsandboxed), it is scrubbed.
  try {
    const llm = await loadSkillBuilderLLM({ workspaceDir, env, ...(fs ? { fs } : {}), ...(agentDir !== undefined ? { agentDir } : {}) });
    if (llm.apiKey) ctx.secrets.add(llm.apiKey);
  } catch {
    // no usable LLM config: no key to scrub
  }
  const skill = Skill.from({ skillMd: body.skillMd, scripts: body.scripts });
  const result = await runSkillTool({
    skill,
    tool: body.tool,
    input: body.input,
    sandbox,
    workspaceDir,
    ...(agentDir !== undefined ? { agentDir } : {}),
    ...(fs ? { fs } : {}),
    signal: ctx.req.signal,
    // The host's option only: the request body cannot turn private egress on (the schema drops unknown fields).
    allowPrivateEgress: ctx.services.allowPrivateEgress,
    forbiddenUpstreams: [...ctx.services.forbiddenUpstreams, ...(ctx.req.localAddress ? [ctx.req.localAddress] : [])],
  });
  const runs = addObservedRun(body.runs ?? [], { tool: body.tool, ok: result.ok, observation: result.observation });
  return json(tryReplyToWire({ ...result, capabilityProfile: capabilityProfile(skill, runs) }));
}

export async function tryForAgent(ctx: RouteContext): Promise<ApiResult> {
  if (ctx.services.toolRuns === null) throw new ToolRunError('disabled', 'tool', TOOL_RUNS_OFF);
  const agent = await resolveAgent(ctx);
  return tryTool(ctx, agent.path);
}

export function tryStandalone(ctx: RouteContext): Promise<ApiResult> {
  return tryTool(ctx, undefined);
}
