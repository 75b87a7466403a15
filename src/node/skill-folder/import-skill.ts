// `importSkill({dir} | {zip})`: a skill folder, `.zip` or `.skill` package
// read into a Skill (SKILL.md, scripts, text files, binaries with their
// bytes). Never writes: the skill is saved, if at all, through saveSkill with its checks. Hostile
// archives and folders are refused with SkillArchiveError.

import { SkillArchiveError } from '../../core/skill-folder/errors.js';
import { readSkillZip } from '../../core/skill-folder/read.js';
import type { Skill } from '../../core/skill/skill.js';
import { resolveIo, type IoOptions } from '../fs/types.js';
import { readSkillFolder } from './read-folder.js';

export type ImportSkillSource = { dir: string } | { zip: Uint8Array };

export async function importSkill(source: ImportSkillSource, options: IoOptions = {}): Promise<Skill> {
  if (typeof source === 'object' && source !== null && 'zip' in source) return readSkillZip(source.zip);
  if (typeof source === 'object' && source !== null && 'dir' in source && typeof source.dir === 'string')
    return readSkillFolder(resolveIo(options).fs, source.dir);
  throw new SkillArchiveError('importSkill needs {dir: "<skill folder>"} or {zip: <Uint8Array of a .zip or .skill>}');
}
