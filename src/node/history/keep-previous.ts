// What a save calls before it replaces a skill folder: the folder as it is
// now is recorded in the skill's history (read with the import reader's
// checks, hidden files left out). A folder that cannot be read whole is not
// recorded, and the save goes on.

import { skillEntries } from '../../core/skill-folder/zip-write.js';
import type { FsLike } from '../fs/types.js';
import { readSkillFolder } from '../skill-folder/read-folder.js';
import { recordSkillVersion, type SkillVersion } from './store.js';

export async function keepPreviousVersion(fs: FsLike, agentDir: string, name: string, folder: string, keep?: number): Promise<SkillVersion | null> {
  let entries: Map<string, Uint8Array>;
  try {
    entries = skillEntries(await readSkillFolder(fs, folder));
  } catch {
    return null;
  }
  return recordSkillVersion(fs, agentDir, name, entries, { summary: `the skill as it was before a save (${entries.size} files)`, ...(keep ? { keep } : {}) });
}
