// The save request's shape: saveSkill takes a skill as one value (a Skill, or
// anything Skill.from takes) or as its text parts, and both become the text-parts
// request the HTTP body decodes to. Here are the checks an SDK caller's request
// gets (the HTTP body gets the same from the protocol's SaveRequestCodec) and what
// no schema can check: accepted requirements written into the SKILL.md, folder
// files decoded.

import { RequestError } from '../../core/errors.js';
import { assertSafeScriptFileName, assertSafeSkillName, checkEnvValue, checkEnvVarName } from '../../core/names.js';
import { acceptRequirements } from '../../core/skill-folder/accept-requirements.js';
import type { SaveSkillRequest } from '../../core/api/types.js';
import { SAVE_REQUEST as S } from '../../core/protocol/fields.js';
import { Skill, type SkillLike } from '../../core/skill/skill.js';
import { checkFolderFiles, type CheckedFolderFiles } from '../skill-folder/save-files.js';

/** saveSkill's request with the skill as one value: a Skill, or anything `Skill.from` takes. */
export interface SkillSaveRequest extends Omit<SaveSkillRequest, 'skillName' | 'skillMd' | 'scripts' | 'files' | 'binaries'> {
  skill: SkillLike;
  /** The folder to save under; default the skill's name (its frontmatter name, else its dirName). */
  skillName?: string;
  /**
   * `replace`: the skill's text files and binaries are the folder's complete set (an edited skill's
   * others are removed; a binary without bytes keeps the edited skill's file of that sha256).
   * `carry`: the edited skill's folder files are kept as they are. Default: `replace` when the skill
   * has text files or binaries, else `carry`.
   */
  folderFiles?: 'replace' | 'carry';
}

/** The text-parts request of a SkillSaveRequest (the form the shape checks and the HTTP body share). */
export function fromSkill(r: SkillSaveRequest): SaveSkillRequest {
  const { skill: like, skillName, folderFiles, ...rest } = r;
  let skill: Skill;
  try {
    skill = Skill.from(like);
  } catch (err) {
    if (RequestError.isInstance(err)) throw err;
    throw new RequestError('skill', `skill: ${err instanceof Error ? err.message : String(err)}`);
  }
  const name = skillName ?? skill.name;
  if (name === undefined) throw new RequestError(S.skillName, `${S.skillName} is required: the skill has no frontmatter name and no dirName`);
  const out: SaveSkillRequest = { ...rest, skillName: name, skillMd: skill.skillMd, scripts: { ...skill.scripts } };
  const replace = folderFiles === 'replace' || (folderFiles !== 'carry' && (Object.keys(skill.files).length > 0 || skill.binaries.length > 0));
  if (!replace) return out;
  out.files = { ...skill.files };
  out.binaries = skill.binaries.map((b) => (b.bytes ? { path: b.path, bytes: b.bytes } : { path: b.path, sha256: b.sha256 }));
  return out;
}

export function isPlainRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The shape checks of a save request from an SDK caller: names, types, env var names and values. An HTTP
 * body gets exactly these from the protocol's SaveRequestCodec (core/protocol/codecs.ts), so the handler
 * calls saveDecodedSkill, which skips them.
 */
export function checkShape(request: unknown): SaveSkillRequest {
  if (!isPlainRecord(request)) throw new RequestError('body', 'the save request must be an object {skillName, skillMd, scripts?, envVars?, editingName?}');
  const r = request as Record<string, unknown>;
  assertSafeSkillName(r.skillName, S.skillName);
  const editing = r.editingName;
  if (editing !== undefined && editing !== null && editing !== '') assertSafeSkillName(editing, S.editingName);
  if (typeof r.skillMd !== 'string' || r.skillMd.trim() === '') throw new RequestError(S.skillMd, `${S.skillMd} is required: the full SKILL.md text`);
  if (r.overwrite !== undefined && typeof r.overwrite !== 'boolean') throw new RequestError(S.overwrite, 'overwrite must be true or false');
  if (r.scripts !== undefined && r.scripts !== null) {
    if (!isPlainRecord(r.scripts)) throw new RequestError(S.scripts, 'scripts must be an object {file name: content}');
    for (const [name, content] of Object.entries(r.scripts)) {
      assertSafeScriptFileName(name, S.scripts);
      if (typeof content !== 'string') throw new RequestError(S.scripts, `scripts: the content of "${name}" must be text`);
    }
  }
  if (r.envVars !== undefined && r.envVars !== null) {
    if (!isPlainRecord(r.envVars)) throw new RequestError(S.envVars, `${S.envVars} must be an object {NAME: value}`);
    for (const [name, value] of Object.entries(r.envVars)) {
      const nameProblem = checkEnvVarName(name);
      if (nameProblem) throw new RequestError(S.envVars, `${S.envVars}: ${nameProblem}`);
      const valueProblem = checkEnvValue(value);
      if (valueProblem) throw new RequestError(S.envVars, `${S.envVars}: the value for ${name} ${valueProblem}`);
    }
  }
  const accept = r.acceptRequirements;
  if (accept != null && !isPlainRecord(accept))
    throw new RequestError(S.acceptRequirements, `${S.acceptRequirements} must be {bins?, egress_domains?, env?}: the proposals to declare`);
  return r as unknown as SaveSkillRequest;
}

/** What no schema can check: the accepted requirements declared in the SKILL.md, the folder files decoded and checked. */
export function prepareRequest(
  r: SaveSkillRequest,
): SaveSkillRequest & { scripts: Record<string, string>; envVars: Record<string, string>; folderFiles: CheckedFolderFiles } {
  const scripts = { ...r.scripts };
  const envVars = { ...r.envVars };
  const skillMd = r.acceptRequirements == null ? r.skillMd : acceptRequirements(r.skillMd, r.acceptRequirements);
  return { ...r, skillMd, scripts, envVars, folderFiles: checkFolderFiles(r.files, r.binaries, Object.keys(scripts)) };
}
