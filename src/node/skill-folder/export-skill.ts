// `exportSkill({dir} | skill, {format})`: a skill as deterministic zip bytes
// (sorted entries, fixed timestamps, 0755 scripts / 0644 others). A folder is
// read through importSkill first, so it meets the same safety checks.
// `format: 'skill'` wraps the files in one folder named for the skill
// (Anthropic's `.skill` package); `zip` (default) keeps them at the root.

import { writeSkillZip } from '../../core/skill-folder/zip-write.js';
import { Skill, type SkillLike } from '../../core/skill/skill.js';
import type { IoOptions } from '../fs/types.js';
import { importSkill } from './import-skill.js';

export interface ExportSkillOptions extends IoOptions {
  format?: 'zip' | 'skill';
  /** Folder name inside a `.skill` package; default the SKILL.md `name`, else `skill`. */
  name?: string;
}

/** `source`: a skill folder on disk, or a skill (a Skill, its data or a bare SKILL.md text). */
export async function exportSkill(source: { dir: string } | SkillLike, options: ExportSkillOptions = {}): Promise<Uint8Array> {
  const skill = isDirSource(source) ? await importSkill({ dir: source.dir }, options) : Skill.from(source);
  if (options.format !== 'skill') return writeSkillZip(skill);
  const fmName = skill.frontmatter?.name;
  const root = options.name ?? (typeof fmName === 'string' && /^[a-z0-9-]+$/.test(fmName) ? fmName : 'skill');
  return writeSkillZip(skill, { root });
}

function isDirSource(source: { dir: string } | SkillLike): source is { dir: string } {
  return typeof source === 'object' && source !== null && !(source instanceof Skill) && 'dir' in source && typeof source.dir === 'string';
}
