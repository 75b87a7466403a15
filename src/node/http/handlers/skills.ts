// Skill routes of an agent: the list, one skill with its scripts, and the
// runtime catalog (`?format=forge|xml`, default forge) built from the skills
// on disk (agentCatalogInputs, which the `catalog` command uses too). Reading
// goes through the node adapters (skills-on-disk.ts), which
// validate names and never follow a symlink out of a skill's folder.

import { buildSkillCatalog, type SkillCatalogFormat } from '../../../core/catalog.js';
import { RequestError } from '../../../core/errors.js';
import { customSkillToWire, skillSummaryToWire } from '../../../core/api/wire.js';
import { agentCatalogInputs, listCustomSkills, readCustomSkill } from '../../workspace/skills-on-disk.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';

export async function listSkills(ctx: RouteContext): Promise<ApiResult> {
  const agent = await resolveAgent(ctx);
  return json((await listCustomSkills(agent.path, ctx.services.io)).map(skillSummaryToWire));
}

export async function getSkill(ctx: RouteContext): Promise<ApiResult> {
  const agent = await resolveAgent(ctx);
  const skill = await readCustomSkill(agent.path, ctx.params.name ?? '', ctx.services.io);
  return json(customSkillToWire(skill));
}

export function catalogFormat(value: string | null | undefined): SkillCatalogFormat {
  if (value === null || value === undefined || value === '' || value === 'forge') return 'forge';
  if (value === 'xml') return 'xml';
  throw new RequestError('format', `format must be "forge" or "xml" (got "${value.slice(0, 40)}")`);
}

export async function getCatalog(ctx: RouteContext): Promise<ApiResult> {
  const format = catalogFormat(ctx.req.query.get('format'));
  const agent = await resolveAgent(ctx);
  const catalog = buildSkillCatalog(await agentCatalogInputs(agent.path, ctx.services.io), { format });
  return json({ catalog });
}
