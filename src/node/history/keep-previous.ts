// What a save calls before it replaces a skill folder: the folder as it is
// now is recorded in the skill's history (read with the import reader's
// checks, hidden files left out), with its risk score, the summary of the
// last eval run saved with it (`evals/benchmark.json`), and a summary of what
// it changed against the version kept before it. A folder that cannot be
// read whole is not recorded, and the save goes on.

import { assessSkillRisk } from '../../core/risk/assess.js';
import { skillEntries } from '../../core/skill-folder/zip-write.js';
import type { Skill } from '../../core/skill/skill.js';
import type { FsLike } from '../fs/types.js';
import { readSkillFolder } from '../skill-folder/read-folder.js';
import { changeSummary } from './change-summary.js';
import { folderEvals } from './eval-summary.js';
import { recordSkillVersion, type SkillVersion } from './store.js';

export async function keepPreviousVersion(fs: FsLike, agentDir: string, name: string, folder: string, keep?: number): Promise<SkillVersion | null> {
  let skill: Skill;
  let entries: Map<string, Uint8Array>;
  try {
    skill = await readSkillFolder(fs, folder);
    entries = skillEntries(skill);
  } catch {
    return null;
  }
  const risk = assessSkillRisk(skill);
  const { evals } = folderEvals(entries);
  return recordSkillVersion(fs, agentDir, name, entries, {
    summary: changeSummary,
    riskScore: risk.score,
    riskLevel: risk.level,
    ...(evals ? { evals } : {}),
    ...(keep ? { keep } : {}),
  });
}
