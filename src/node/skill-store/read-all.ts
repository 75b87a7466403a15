// Every skill of a skills folder read at once — SKILL.md and scripts — with
// one skipped list: what the listing (list.ts) left out, plus the skills whose
// SKILL.md or scripts could not be read. `build` and `catalog` take a plain
// skills folder this way; an agent's catalog reads its `skills/` the same way
// under the store's read lock. Never fatal except for a missing folder.

import { join } from 'node:path';
import type { SkippedEntry } from '../../core/api/types.js';
import type { CatalogSkill } from '../../core/catalog.js';
import type { SkillInit } from '../../core/skill/skill.js';
import { ConfigError } from '../../core/errors.js';
import { realPath, resolveIo, statIfExists, type FsLike, type IoOptions } from '../fs/types.js';
import { withSkillsRead } from './consistent-read.js';
import { readFailure, SkillReadError } from './inside.js';
import { listSkillsFolder, type SkillLocation } from './list.js';
import { readSkillMd, readSkillScripts } from './read.js';

/** A skill as read from a skills folder. */
export interface StoredSkill {
  location: SkillLocation;
  skillMd: string;
  /** Files of scripts/ by name (subdir skills; `{}` when there is no scripts/), never for flat ones. */
  scripts?: Record<string, string>;
}

export interface StoredSkills {
  skills: StoredSkill[];
  skipped: SkippedEntry[];
}

/** Reads every skill of `skillsDir` (none when it does not exist). */
export async function readAllSkills(fs: FsLike, skillsDir: string): Promise<StoredSkills> {
  const { skills: locations, skipped } = await listSkillsFolder(fs, skillsDir);
  const skills: StoredSkill[] = [];
  for (const location of locations) {
    const mdPath = location.format === 'flat' ? `${location.dirName}.md` : `${location.dirName}/SKILL.md`;
    try {
      const skillMd = await readSkillMd(fs, skillsDir, location);
      if (location.format === 'flat') {
        skills.push({ location, skillMd });
        continue;
      }
      const read = await readSkillScripts(fs, await realPath(fs, location.path), location.dirName);
      skipped.push(...read.skipped);
      skills.push({ location, skillMd, scripts: read.scripts ?? {} });
    } catch (err) {
      const escape = SkillReadError.isInstance(err) && err.escape;
      skipped.push({ path: mdPath, code: escape ? 'symlink-escape' : 'unreadable', skill: location.dirName, reason: readFailure(err) });
    }
  }
  skipped.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { skills, skipped };
}

export interface ReadSkillsFolderResult {
  /** Skills read, by folder (or flat file) name order. Folder skills always have `scripts` (maybe `{}`); flat ones never. */
  skills: SkillInit[];
  skipped: SkippedEntry[];
}

/** Lists and reads every skill of a plain skills folder (what `build` takes). ConfigError when it is missing or not a folder. */
export async function readSkillsFolder(skillsDir: string, opts: { fs?: FsLike } = {}): Promise<ReadSkillsFolderResult> {
  const { fs } = resolveIo(opts.fs ? { fs: opts.fs } : {});
  const st = await statIfExists(fs, skillsDir);
  if (!st) throw new ConfigError('skills_dir', `skills folder ${skillsDir} does not exist; give the folder that holds <name>/SKILL.md`);
  if (!st.isDirectory()) throw new ConfigError('skills_dir', `${skillsDir} is not a folder; give the folder that holds <name>/SKILL.md`);
  const { skills, skipped } = await readAllSkills(fs, skillsDir);
  return { skills: skills.map((s) => ({ skillMd: s.skillMd, dirName: s.location.dirName, ...(s.scripts ? { scripts: s.scripts } : {}) })), skipped };
}

/** The catalog inputs of stored skills: where each SKILL.md is, and its script names. */
export function catalogInputs(skills: readonly StoredSkill[]): CatalogSkill[] {
  return skills.map((s) => ({ skill: { skillMd: s.skillMd, dirName: s.location.dirName, scripts: s.scripts ?? {} }, location: s.location.skillMdPath }));
}

/** The catalog inputs of every readable skill of an agent (the HTTP catalog route and the `catalog` command). */
export async function agentCatalogInputs(agentDir: string, opts: IoOptions = {}): Promise<CatalogSkill[]> {
  const { fs } = resolveIo(opts);
  const skillsDir = join(agentDir, 'skills');
  return catalogInputs((await withSkillsRead(fs, skillsDir, () => readAllSkills(fs, skillsDir))).skills);
}
