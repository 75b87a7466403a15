// `importSkill({dir} | {zip})`: a skill folder, `.zip` or `.skill` package
// into a draft `{skillMd, scripts, files, binaries}`. Never writes: the
// draft is saved, if at all, through saveSkill with its checks. Hostile
// archives and folders are refused with SkillArchiveError.

import { SkillArchiveError } from '../../core/skill-folder/errors.js';
import { readSkillZip } from '../../core/skill-folder/zip-read.js';
import type { SkillFolderDraft } from '../../core/skill-folder/types.js';
import { resolveIo, type IoOptions } from '../fs/types.js';
import { readSkillFolder } from './read-folder.js';

export type ImportSkillSource = { dir: string } | { zip: Uint8Array };

export async function importSkill(source: ImportSkillSource, options: IoOptions = {}): Promise<SkillFolderDraft> {
  if (typeof source === 'object' && source !== null && 'zip' in source) return readSkillZip(source.zip);
  if (typeof source === 'object' && source !== null && 'dir' in source && typeof source.dir === 'string')
    return readSkillFolder(resolveIo(options).fs, source.dir);
  throw new SkillArchiveError('importSkill needs {dir: "<skill folder>"} or {zip: <Uint8Array of a .zip or .skill>}');
}
