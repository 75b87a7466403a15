// The one listing of a skills folder (an agent's `skills/`, or any folder of
// skills): which entries are skills and which are skipped, and why. Every
// reader of skills on disk starts here — the HTTP list and read, hasSkills,
// catalog, build, validate's folder expansion, routing and the import clash
// check — so they agree on what a skill is:
//   - hidden entries (`.x`) are left out unreported;
//   - `_`-prefixed folders and `.md` files are templates (`template-skipped`);
//   - a README is not a skill (`not-a-skill`), nor a folder without SKILL.md;
//   - other plain files (`notes.txt`, `skills.json`) are left out unreported;
//   - a symlink whose target is missing is `unreadable`;
//   - a folder, flat file or SKILL.md whose real path leaves the folder it
//     belongs to is `symlink-escape`, never read;
//   - a folder or flat stem that is not a kebab-case skill name is `bad-name`
//     (names are checked before they reach a path);
//   - a flat `<name>.md` beside a folder `<name>/` is a `duplicate`.
// Skills come as `<name>/SKILL.md` folders ("subdir") and `<name>.md` files ("flat").

import { join } from 'node:path';
import type { SkillFormat, SkippedEntry } from '../../core/api/types.js';
import { errnoCode, listDir, realPath, statIfExists, type FsLike } from '../fs/types.js';
import { withSkillsRead } from './consistent-read.js';
import { isInside } from './inside.js';
import { flatStem, isHiddenName, isReadmeName, isTemplateName, SKILL_MD, skillEntryNameProblem } from './policy.js';

/** Where a skill lives on disk. */
export interface SkillLocation {
  format: SkillFormat;
  /** The folder name (subdir) or file name without `.md` (flat): a valid skill name. */
  dirName: string;
  /** Folder (subdir) or `.md` file (flat). */
  path: string;
  skillMdPath: string;
}

export interface SkillsFolderListing {
  /** By folder/file name; a folder comes before a flat file of the same name, which is then skipped. */
  skills: SkillLocation[];
  skipped: SkippedEntry[];
  /** True when an entry vanished while it was looked at (a save of another process swapped it): list again. */
  vanished?: boolean;
}

type Step = SkillLocation | SkippedEntry | null;

async function folderEntry(fs: FsLike, realSkills: string, dir: string, name: string): Promise<Step> {
  const real = await realPath(fs, dir);
  if (!isInside(realSkills, real) || real === realSkills)
    return { path: name, code: 'symlink-escape', skill: name, reason: 'a symlink pointing outside the skills folder; it was not read' };
  const skillMd = await statIfExists(fs, join(real, SKILL_MD), true);
  if (!skillMd) return { path: name, code: 'not-a-skill', reason: 'a folder without SKILL.md' };
  const bad = skillEntryNameProblem(name);
  if (bad) return { path: name, code: 'bad-name', reason: bad };
  if (skillMd.isSymbolicLink()) {
    const target = await statIfExists(fs, join(real, SKILL_MD));
    const realMd = target ? await realPath(fs, join(real, SKILL_MD)) : null;
    if (realMd === null) return { path: `${name}/${SKILL_MD}`, code: 'unreadable', skill: name, reason: 'a symlink whose target does not exist' };
    if (!isInside(real, realMd))
      return { path: `${name}/${SKILL_MD}`, code: 'symlink-escape', skill: name, reason: 'a symlink pointing outside the skill folder; it was not read' };
  }
  return { format: 'subdir', dirName: name, path: dir, skillMdPath: join(dir, SKILL_MD) };
}

async function flatEntry(fs: FsLike, realSkills: string, file: string, name: string, stem: string): Promise<Step> {
  if (isReadmeName(name)) return { path: name, code: 'not-a-skill', reason: 'a README documents the folder; it is not a skill' };
  if (skillEntryNameProblem(stem))
    return { path: name, code: 'not-a-skill', reason: 'a Markdown file whose name is not a skill name (flat skills are <kebab-case-name>.md)' };
  if (!isInside(realSkills, await realPath(fs, file)))
    return { path: name, code: 'symlink-escape', skill: stem, reason: 'a symlink pointing outside the skills folder; it was not read' };
  return { format: 'flat', dirName: stem, path: file, skillMdPath: file };
}

async function classify(
  fs: FsLike,
  skillsDir: string,
  realSkills: string,
  e: { name: string; isFile: boolean; isDirectory: boolean; isSymbolicLink: boolean },
): Promise<Step> {
  if (isHiddenName(e.name)) return null;
  const path = join(skillsDir, e.name);
  const target = e.isSymbolicLink ? await statIfExists(fs, path) : null;
  if (e.isSymbolicLink && !target) return { path: e.name, code: 'unreadable', reason: 'a symlink whose target does not exist' };
  const isDir = e.isDirectory || (target?.isDirectory() ?? false);
  const isFile = e.isFile || (target?.isFile() ?? false);
  const stem = flatStem(e.name);
  if (isTemplateName(e.name))
    return isDir || stem !== null ? { path: e.name, code: 'template-skipped', reason: 'names starting with "_" are templates, not skills' } : null;
  if (isDir) return folderEntry(fs, realSkills, path, e.name);
  if (isFile && stem !== null) return flatEntry(fs, realSkills, path, e.name, stem);
  return isFile && isReadmeName(e.name) ? { path: e.name, code: 'not-a-skill', reason: 'a README documents the folder; it is not a skill' } : null;
}

/**
 * Lists the skills of `skillsDir` and what was skipped, both sorted by name. A folder that does not
 * exist (or is not a folder) lists nothing. Nothing here reads a SKILL.md: readers do, inside the folder.
 */
export async function listSkillsFolder(fs: FsLike, skillsDir: string): Promise<SkillsFolderListing> {
  const out: SkillsFolderListing = { skills: [], skipped: [] };
  const entries = await listDir(fs, skillsDir);
  if (entries.length === 0) return out;
  const realSkills = await realPath(fs, skillsDir);
  for (const e of entries) {
    const step = await classify(fs, skillsDir, realSkills, e).catch((err: unknown) => {
      if (errnoCode(err) !== 'ENOENT' && errnoCode(err) !== 'ENOTDIR') throw err;
      out.vanished = true; // listed a moment ago, gone now
      return null;
    });
    if (step === null) continue;
    if (!('format' in step)) out.skipped.push(step);
    // listDir sorts a name before the same name with `.md`, so a folder skill of the same name is already in.
    else if (step.format === 'flat' && out.skills.some((s) => s.dirName === step.dirName))
      out.skipped.push({
        path: `${step.dirName}.md`,
        code: 'duplicate',
        skill: step.dirName,
        reason: `the folder ${step.dirName}/ already holds this skill; remove one of the two`,
      });
    else out.skills.push(step);
  }
  return out;
}

/** True when `skillsDir` holds at least one skill (what an agent's `hasSkills` says); read while no save of this process swaps folders. */
export async function hasSkillsIn(fs: FsLike, skillsDir: string): Promise<boolean> {
  return withSkillsRead(fs, skillsDir, async () => (await listSkillsFolder(fs, skillsDir)).skills.length > 0);
}
