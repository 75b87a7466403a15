// Reading one listed skill: its SKILL.md and the text files of its scripts/.
// No read follows a symlink out of where it belongs — a skill folder
// must resolve inside the skills folder, its SKILL.md inside the skill folder,
// scripts/ inside the skill folder and each script inside scripts/. A script
// that is not read is reported as a SkippedEntry (`script-skipped`, or
// `symlink-escape`); `.DS_Store`, `.gitkeep` and folders (scripts/lib/: their
// files are the skill's folder files, read with the rest) are left out unreported.

import { basename, join } from 'node:path';
import type { SkippedEntry } from '../../core/api/types.js';
import { checkScriptFileName } from '../../core/names.js';
import { errnoCode, listDir, realPath, statIfExists, type FsLike } from '../fs/types.js';
import { readFailure, readTextInside, realInside, SkillReadError } from './inside.js';
import type { SkillLocation } from './list.js';
import { isSilentScriptFile, SKILL_MD } from './policy.js';

/** Reads a listed skill's SKILL.md when it (and its folder) resolve inside `skills/`; SkillReadError otherwise. */
export async function readSkillMd(fs: FsLike, skillsDir: string, loc: SkillLocation): Promise<string> {
  const realSkills = await realPath(fs, skillsDir);
  if (loc.format === 'flat') return readTextInside(fs, loc.skillMdPath, realSkills, `skills/${basename(loc.path)}`);
  const realDir = await realInside(fs, loc.path, realSkills);
  if (!realDir) throw new SkillReadError(`skills/${loc.dirName} is a symlink pointing outside skills/; it was not read`, true);
  return readTextInside(fs, join(realDir, SKILL_MD), realDir, `skills/${loc.dirName}/${SKILL_MD}`);
}

export interface ReadScripts {
  /** Plain file name → text; undefined when the skill has no scripts/ folder. */
  scripts: Record<string, string> | undefined;
  /** Paths are `<skill>/scripts/<file>` (relative to the skills folder). */
  skipped: SkippedEntry[];
}

/**
 * The text files of `<realSkill>/scripts/` (`realSkill` must be a real path). A file that vanished
 * while being read throws ENOENT, so a caller reading under a save can read the whole skill again.
 */
export async function readSkillScripts(fs: FsLike, realSkill: string, skill: string): Promise<ReadScripts> {
  const dir = join(realSkill, 'scripts');
  const out: ReadScripts = { scripts: undefined, skipped: [] };
  if (!(await statIfExists(fs, dir, true))) return out;
  const realDir = await realInside(fs, dir, realSkill).catch(() => null);
  out.scripts = {};
  if (!realDir) {
    out.skipped.push({
      path: `${skill}/scripts`,
      code: 'symlink-escape',
      skill,
      reason: 'scripts/ is a symlink pointing outside the skill folder; no script was read',
    });
    return out;
  }
  for (const e of await listDir(fs, realDir)) {
    if (isSilentScriptFile(e.name)) continue;
    const rel = `${skill}/scripts/${e.name}`;
    const problem = checkScriptFileName(e.name);
    if (e.isDirectory) continue;
    if (problem) out.skipped.push({ path: rel, code: 'script-skipped', skill, reason: problem });
    else await readOneScript(fs, realDir, e.name, skill, out);
  }
  return out;
}

async function readOneScript(fs: FsLike, realDir: string, name: string, skill: string, out: ReadScripts): Promise<void> {
  const rel = `${skill}/scripts/${name}`;
  try {
    const text = await readTextInside(fs, join(realDir, name), realDir, `scripts/${name}`);
    if (text.includes('\0')) out.skipped.push({ path: rel, code: 'script-skipped', skill, reason: 'a binary file; only text scripts are read' });
    else out.scripts![name] = text;
  } catch (err) {
    if (errnoCode(err) === 'ENOENT') throw err; // listed a moment ago: a save swapped the folder
    const escape = SkillReadError.isInstance(err) && err.escape;
    out.skipped.push({ path: rel, code: escape ? 'symlink-escape' : 'script-skipped', skill, reason: readFailure(err) });
  }
}
