// `exportSkill({dir} | draft, {format})`: a skill as deterministic zip bytes
// (sorted entries, fixed timestamps, 0755 scripts / 0644 others). A folder is
// read through importSkill first, so it meets the same safety checks.
// `format: 'skill'` wraps the files in one folder named for the skill
// (Anthropic's `.skill` package); `zip` (default) keeps them at the root.

import { parseSkillMd } from '../../core/skillmd/parse.js';
import { writeSkillZip } from '../../core/skill-folder/zip-write.js';
import type { SkillFolderDraft } from '../../core/skill-folder/types.js';
import type { IoOptions } from '../fs/types.js';
import { importSkill } from './import-skill.js';

export interface ExportSkillOptions extends IoOptions {
  format?: 'zip' | 'skill';
  /** Folder name inside a `.skill` package; default the SKILL.md `name`, else `skill`. */
  name?: string;
}

export async function exportSkill(source: { dir: string } | SkillFolderDraft, options: ExportSkillOptions = {}): Promise<Uint8Array> {
  const draft = 'dir' in source && typeof source.dir === 'string' ? await importSkill({ dir: source.dir }, options) : (source as SkillFolderDraft);
  if (options.format !== 'skill') return writeSkillZip(draft);
  const fmName = parseSkillMd(draft.skillMd).frontmatter?.name;
  const root = options.name ?? (typeof fmName === 'string' && /^[a-z0-9-]+$/.test(fmName) ? fmName : 'skill');
  return writeSkillZip(draft, { root });
}
