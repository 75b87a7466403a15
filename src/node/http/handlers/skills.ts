// Skill routes of an agent: the list (each folder skill with its `trust`, what
// its signatures say; `?include=skipped` adds what the skill store left out,
// as `{skills, skipped}`), one skill with its scripts, and the
// runtime catalog (`?format=forge|xml`, default forge). All of it reads
// through the skill store, which validates names and never follows a symlink
// out of where it belongs.

import { buildSkillCatalog, type SkillCatalogFormat } from '../../../core/catalog.js';
import { RequestError } from '../../../core/errors.js';
import { customSkillToWire, skippedEntryToWire } from '../../../core/protocol/wire.js';
import { skillSummaryWithTrustToWire } from '../../../core/protocol/trust-wire.js';
import type { SkillSummary } from '../../../core/api/types.js';
import type { SkillTrust } from '../../../core/trust/types.js';
import type { Keyring } from '../../trust/keys.js';
import type { IoOptions } from '../../fs/types.js';
import { keyringFor, verifySkillFolder } from '../../trust/verify-folder.js';
import { agentCatalogInputs, customSkillData, listAgentSkills, readCustomSkill } from '../../skill-store/index.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';

export async function listSkills(ctx: RouteContext): Promise<ApiResult> {
  const include = ctx.req.query.get('include');
  if (include !== null && include !== '' && include !== 'skipped')
    throw new RequestError('include', `include must be "skipped" (got "${include.slice(0, 40)}")`);
  const agent = await resolveAgent(ctx);
  const io = ctx.services.io;
  const { skills, skipped } = await listAgentSkills(agent.path, io);
  const keyring = await keyringFor(io);
  const list = await Promise.all(skills.map(async (s) => skillSummaryWithTrustToWire(s, await folderTrust(s, keyring, io))));
  // The plain array stays the default: it is the shape Forge's dashboard reads.
  return json(include === 'skipped' ? { skills: list, skipped: skipped.map(skippedEntryToWire) } : list);
}

/** What a folder skill's signatures say; undefined for a flat skill or one that cannot be read whole. */
async function folderTrust(s: SkillSummary, keyring: Keyring, io: IoOptions | undefined): Promise<SkillTrust | undefined> {
  if (s.format !== 'subdir' || s.error) return undefined;
  return verifySkillFolder(s.path, { ...io, keyring }).catch(() => undefined);
}

export async function getSkill(ctx: RouteContext): Promise<ApiResult> {
  const agent = await resolveAgent(ctx);
  const skill = await readCustomSkill(agent.path, ctx.params.name ?? '', ctx.services.io);
  return json(customSkillToWire(customSkillData(skill)));
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
