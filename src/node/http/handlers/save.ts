// POST /agents/{id}/skill-builder/save: validates and writes a skill through
// the node adapter. The body is checked and decoded once, by the protocol's
// SaveRequestCodec; saveDecodedSkill then skips saveSkill's own shape checks.
// 409 when a create-mode save would replace a skill, 400 {error: "validation
// failed", validation} when the draft has errors (nothing written) —
// malformed egress entries, and risky ones (also names that resolve to
// loopback or private addresses) without allow_risky_egress. Its body may be
// as large as a skill folder (maxSaveBodyBytes, 29 MiB): files and binaries
// travel in it. The env var values go to the agent's .env only: the reply
// names them, never echoes their values. The history keeps as many versions
// as the workspace's `skill_builder.history.keep` says.

import { SaveRequestCodec } from '../../../core/protocol/codecs.js';
import { saveResultToWire } from '../../../core/protocol/wire.js';
import { saveDecodedSkill } from '../../workspace/save-skill.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';
import { readHistoryKeep } from '../../history/keep-setting.js';
import { resolveIo } from '../../fs/types.js';

export async function saveAgentSkill(ctx: RouteContext): Promise<ApiResult> {
  const { allowRiskyEgress, ...request } = await ctx.json(SaveRequestCodec, ctx.services.maxSaveBodyBytes);
  const agent = await resolveAgent(ctx);
  const { resolveHost } = ctx.services;
  const result = await saveDecodedSkill(agent.path, request, {
    ...ctx.services.io,
    allowRiskyEgress: allowRiskyEgress === true,
    ...(resolveHost ? { resolveHost } : {}),
    historyKeep: await readHistoryKeep(resolveIo(ctx.services.io).fs, ctx.services.workspaceDir),
  });
  // env_missing is [{name, kind}]: kind 'one_of' marks members of a group of which any one is enough.
  return json(saveResultToWire(result));
}
