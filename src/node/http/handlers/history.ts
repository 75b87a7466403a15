// A skill's save history over HTTP:
// - GET …/skills/{name}/history — `{name, keep, versions: [{id, created,
//   summary, risk_score?, risk_level?, files}]}`, newest first;
// - GET …/skills/{name}/diff?from=<id>&to=<id|current> — the files that
//   differ (`to` defaults to `current`, the skill on disk);
// - POST …/skills/{name}/rollback `{to}` — restores a version through the
//   normal save (validated, atomic; the version it replaces is kept), with
//   the save's reply.
// The workspace's `skill_builder.history.keep` applies to all three.

import { RollbackRequestCodec } from '../../../core/protocol/codecs.js';
import { skillHistoryToWire, versionDiffToWire } from '../../../core/protocol/history-wire.js';
import { saveResultToWire } from '../../../core/protocol/wire.js';
import { RequestError } from '../../../core/errors.js';
import { resolveIo } from '../../fs/types.js';
import { readHistoryKeep } from '../../history/keep-setting.js';
import { CURRENT_VERSION, diffSkillVersions, listSkillHistory } from '../../history/skill-history.js';
import { rollbackSkill } from '../../workspace/rollback-skill.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';

const keepOf = (ctx: RouteContext) => readHistoryKeep(resolveIo(ctx.services.io).fs, ctx.services.workspaceDir);

export async function getSkillHistory(ctx: RouteContext): Promise<ApiResult> {
  const agent = await resolveAgent(ctx);
  const history = await listSkillHistory(agent.path, ctx.params.name ?? '', { ...ctx.services.io, keep: await keepOf(ctx) });
  return json(skillHistoryToWire(history));
}

export async function getSkillDiff(ctx: RouteContext): Promise<ApiResult> {
  const from = ctx.req.query.get('from');
  if (!from) throw new RequestError('from', `give the version to compare from: ?from=<id> (an id from GET …/history, or "${CURRENT_VERSION}")`);
  const agent = await resolveAgent(ctx);
  const diff = await diffSkillVersions(agent.path, ctx.params.name ?? '', from, ctx.req.query.get('to') || CURRENT_VERSION, ctx.services.io);
  return json(versionDiffToWire(diff));
}

export async function postSkillRollback(ctx: RouteContext): Promise<ApiResult> {
  const { to } = await ctx.json(RollbackRequestCodec);
  const agent = await resolveAgent(ctx);
  const { resolveHost } = ctx.services;
  const saved = await rollbackSkill(agent.path, ctx.params.name ?? '', to, {
    ...ctx.services.io,
    historyKeep: await keepOf(ctx),
    ...(resolveHost ? { resolveHost } : {}),
  });
  return json(saveResultToWire(saved));
}
