// Validate routes: POST /agents/{id}/skill-builder/validate checks a draft
// against the agent (name clashes with its skills, and in edit mode the
// on-disk skill's tool names), POST /skill-builder/validate checks it alone
// (the elements use it when no agent is selected). Both answer
// {valid, errors, warnings} with 200 — an invalid draft is a result, not an error —
// plus `syntax` (the scripts checked without running them) and `risk` (the
// Forge-compatible risk review under the agent's policy), see risk/draft-review.ts.

import type { ValidateRequest } from '../../../core/api/types.js';
import { ValidateRequestCodec } from '../../../core/protocol/codecs.js';
import { reviewToWire } from '../../../core/protocol/review-wire.js';
import { validationToWire } from '../../../core/protocol/wire.js';
import { validateSkillMd, type ValidateOptions } from '../../../core/skillmd/validate/validate.js';
import { reviewDraft } from '../../risk/draft-review.js';
import { existingSkillNames } from '../../workspace/save-skill.js';
import { readCustomSkill } from '../../skill-store/agent-read.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';

function baseOptions(body: ValidateRequest): ValidateOptions {
  const opts: ValidateOptions = { profile: 'forge', scripts: body.scripts };
  const mode = body.mode ?? (body.editingName !== undefined ? 'edit' : 'create');
  opts.mode = mode;
  if (body.editingName !== undefined) opts.editingName = body.editingName;
  // The folder: text files with their content, binaries as '' — links are checked against it.
  if (body.files !== undefined || body.binaries !== undefined)
    opts.files = { ...body.files, ...Object.fromEntries((body.binaries ?? []).map((b) => [b.path, ''])) };
  return opts;
}

export async function validateForAgent(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(ValidateRequestCodec);
  const agent = await resolveAgent(ctx);
  const opts = baseOptions(body);
  opts.existingNames = await existingSkillNames(agent.path, ctx.services.io);
  if (body.editingName !== undefined) {
    // Unknown editing_name → 404 before anything is checked.
    const current = await readCustomSkill(agent.path, body.editingName, { ...ctx.services.io, folderFiles: false });
    opts.previous = current.skill.skillMd;
    opts.existingNames = opts.existingNames.filter((n) => n !== current.name && n !== current.dirName);
  }
  return json({ ...validationToWire(validateSkillMd(body.skillMd, opts)), ...(await review(ctx, body, agent.path)) });
}

async function review(ctx: RouteContext, body: ValidateRequest, agentDir?: string) {
  const { workspaceDir, scriptChecks, io } = ctx.services;
  return reviewToWire(
    await reviewDraft({ skillMd: body.skillMd, scripts: body.scripts, workspaceDir, syntax: scriptChecks, io, ...(agentDir ? { agentDir } : {}) }),
  );
}

export async function validateStandalone(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(ValidateRequestCodec);
  return json({ ...validationToWire(validateSkillMd(body.skillMd, baseOptions(body))), ...(await review(ctx, body)) });
}
