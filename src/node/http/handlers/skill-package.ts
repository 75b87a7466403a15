// Skill packages over HTTP:
// - POST /skill-builder/import — body: the bytes of a .zip or .skill
//   (Content-Type application/zip, application/x-zip-compressed or
//   application/octet-stream) or a folder as multipart/form-data (one part
//   per file named by its relative path; multipart-folder.ts), at most
//   21 MiB; `?name=` imports under a new
//   name, `?profile=` picks the rules, `?agent=` applies that agent's trust
//   policy beside the workspace's. Replies with the draft (snake_case,
//   binaries with content_base64), its validation, requirement proposals and
//   trust; a trust policy that refuses it is a 403 naming the policy.
//   Nothing is written: the client saves the draft through …/save.
// - GET /agents/{id}/skill-builder/skills/{name}/export?format=zip|skill —
//   the skill as a deterministic zip, read under the skills read lock (a save
//   swapping the folder is never seen half-way); symlinks are refused. It
//   carries a manifest of every file (the signed one when the folder is
//   signed) and `skill.provenance.json`, dated by when the skill was last
//   saved, so the same skill always exports to the same bytes; `?provenance=0`
//   leaves both out (the folder's files and nothing else). The import reply
//   shows that provenance before anything is written.

import { RequestError } from '../../../core/errors.js';
import { SKILL_FOLDER_LIMITS } from '../../../core/skill-folder/limits.js';
import { readSkillZip } from '../../../core/skill-folder/read.js';
import { readFolderUpload } from '../multipart-folder.js';
import { withSkillsRead } from '../../skill-store/consistent-read.js';
import { exportSkill } from '../../skill-folder/export-skill.js';
import { importSkill } from '../../skill-folder/import-skill.js';
import { readProvenance, withProvenance } from '../../history/provenance.js';
import { lastSavedTime } from '../../history/saved-time.js';
import { Skill } from '../../../core/skill/skill.js';
import { importReply, prepareImport } from '../../workspace/import-flow.js';
import { importReplyToWire } from '../../../core/protocol/import-wire.js';
import { resolveIo } from '../../fs/types.js';
import { locateSkill, readSkillMd } from '../../skill-store/index.js';
import { NotFoundError } from '../../../core/errors.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult } from '../types.js';
import { resolveAgent } from './agents.js';
import { join } from 'node:path';
import { readAgentTrustPolicy, readWorkspaceTrustPolicy } from '../../config/trust-policy.js';
import { checkSkillTrust } from '../../trust/import-trust.js';
import { findAgent } from '../../workspace/agents.js';

const ZIP_TYPES = ['application/zip', 'application/x-zip-compressed', 'application/octet-stream'];
/** An upload may be as large as the biggest skill plus zip overhead. */
const MAX_UPLOAD_BYTES = SKILL_FOLDER_LIMITS.maxTotalBytes + 1024 * 1024;

/** `?provenance=0|false` leaves the manifest and `skill.provenance.json` out; they are in by default. */
function flagOf(value: string | null): boolean {
  if (value === '0' || value === 'false') return false;
  if (value === null || value === '' || value === '1' || value === 'true') return true;
  throw new RequestError('provenance', `provenance must be 1 or true, 0 or false (got "${value.slice(0, 40)}")`);
}

function profileOf(value: string | null): 'forge' | 'agentskills' {
  if (value === null || value === '' || value === 'forge') return 'forge';
  if (value === 'agentskills') return 'agentskills';
  throw new RequestError('profile', `profile must be "forge" or "agentskills" (got "${value.slice(0, 40)}")`);
}

export async function importPackage(ctx: RouteContext): Promise<ApiResult> {
  const header = ctx.req.headers.get('content-type') ?? '';
  const type = header.split(';')[0]!.trim().toLowerCase();
  const multipart = type === 'multipart/form-data';
  if (!ZIP_TYPES.includes(type) && !multipart)
    throw new RequestError(
      'content-type',
      `send the .zip or .skill file as the body with Content-Type: application/zip, or the folder as multipart/form-data (got "${type.slice(0, 60) || 'none'}")`,
      'unsupported_type',
    );
  if (!ctx.req.readBytes) throw new RequestError('body', 'this server adapter cannot read binary bodies');
  const bytes = await ctx.req.readBytes(MAX_UPLOAD_BYTES, ctx.services.bodyTimeoutMs);
  const name = ctx.req.query.get('name');
  const skill = multipart ? await readFolderUpload(bytes, header) : await readSkillZip(bytes);
  const agentId = ctx.req.query.get('agent');
  const io = ctx.services.io;
  // The workspace's policy always; with ?agent= the agent's too (what its save will hold the skill to).
  const policies = [
    await readWorkspaceTrustPolicy(ctx.services.workspaceDir, io),
    agentId ? await readAgentTrustPolicy((await findAgent(ctx.services.workspaceDir, agentId, io)).path, io) : null,
  ];
  const trust = await checkSkillTrust(skill, policies, io);
  const prepared = prepareImport(skill, { ...(name ? { name } : {}), profile: profileOf(ctx.req.query.get('profile')) });
  const provenance = readProvenance(skill);
  return json(importReplyToWire({ ...importReply(prepared), trust, ...(provenance ? { provenance } : {}) }));
}

export async function exportPackage(ctx: RouteContext): Promise<ApiResult> {
  const format = ctx.req.query.get('format') ?? 'zip';
  const withProv = flagOf(ctx.req.query.get('provenance'));
  if (format !== 'zip' && format !== 'skill') throw new RequestError('format', `format must be "zip" or "skill" (got "${format.slice(0, 40)}")`);
  const agent = await resolveAgent(ctx);
  const name = ctx.params.name ?? '';
  const io = ctx.services.io;
  const location = await locateSkill(agent.path, name, io);
  if (!location) throw new NotFoundError('skill', `agent "${agent.id}" has no skill "${name}"`);
  const { fs } = resolveIo(io);
  const bytes = await withSkillsRead(fs, join(agent.path, 'skills'), async () => {
    const subdir = location.format === 'subdir';
    const skill = subdir ? await importSkill({ dir: location.path }, io) : Skill.from(await readSkillMd(fs, join(agent.path, 'skills'), location));
    return exportSkill(withProv ? await withProvenance(skill, await lastSavedTime(fs, location.path, subdir)) : skill, { format, name });
  });
  return {
    kind: 'bytes',
    status: 200,
    body: bytes,
    headers: { 'content-type': 'application/zip', 'content-disposition': `attachment; filename="${name}.${format}"` },
  };
}
