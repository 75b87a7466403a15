// Finding and reading one skill of an agent: by folder/file name, or else by
// frontmatter `name` (a skill whose folder differs from its name still opens).
// The name is validated before it touches a path, and only skills the listing
// (list.ts) accepts can be found. A read gives the complete old or the
// complete new version while a save replaces the skill (SKILL.md and scripts
// from one folder); NotFoundError when there is none by that name.

import { join } from 'node:path';
import type { CustomSkillData, SkillFormat, SkippedEntry } from '../../core/api/types.js';
import { NotFoundError, SkillConflictError } from '../../core/errors.js';
import { assertSafeSkillName, checkSkillName } from '../../core/names.js';
import { parseSkillMd } from '../../core/skillmd/parse.js';
import { Skill } from '../../core/skill/skill.js';
import { errnoCode, realPath, resolveIo, type FsLike, type IoOptions } from '../fs/types.js';
import { retryVanished, withSkillsRead } from './consistent-read.js';
import { readSkillFolderFiles } from './folder-files.js';
import { SkillReadError } from './inside.js';
import { listSkillsFolder, type SkillLocation } from './list.js';
import { readSkillMd, readSkillScripts } from './read.js';

/** Where the agent's skill `name` lives, or null. Throws UnsafePathError for a name that is not a skill name. */
export async function locateSkill(agentDir: string, name: string, opts: IoOptions = {}): Promise<SkillLocation | null> {
  const { fs } = resolveIo(opts);
  assertSafeSkillName(name, 'name');
  const skillsDir = join(agentDir, 'skills');
  return withSkillsRead(fs, skillsDir, () => locateUnlocked(fs, skillsDir, name));
}

/** With `retryVanished`, an entry that vanished while listed (another process's save) throws ENOENT so the caller reads again. */
async function locateUnlocked(fs: FsLike, skillsDir: string, name: string, retryVanished = false): Promise<SkillLocation | null> {
  const { skills, vanished } = await listSkillsFolder(fs, skillsDir);
  const direct = skills.find((c) => c.dirName === name);
  if (direct) return direct;
  if (vanished && retryVanished) throw Object.assign(new Error('a skill vanished while it was listed'), { code: 'ENOENT' }); // read again
  for (const c of skills) {
    try {
      const fm = parseSkillMd(await readSkillMd(fs, skillsDir, c)).frontmatter;
      if (fm && typeof fm.name === 'string' && fm.name.trim() === name) return c;
    } catch {
      // unreadable skills cannot match
    }
  }
  return null;
}

/**
 * What holds the name `name` in the agent's skills/: the skill of that name (folder, flat file or
 * frontmatter name), else an entry the listing skipped at `<name>`, `<name>/…` or `<name>.md`
 * (an escaping symlink, a folder without SKILL.md …), else null. Import clash checks ask this.
 */
export async function nameOccupant(agentDir: string, name: string, opts: IoOptions = {}): Promise<{ skill: SkillLocation } | { skipped: SkippedEntry } | null> {
  const { fs } = resolveIo(opts);
  assertSafeSkillName(name, 'name');
  const skillsDir = join(agentDir, 'skills');
  return withSkillsRead(fs, skillsDir, async () => {
    const skill = await locateUnlocked(fs, skillsDir, name);
    if (skill) return { skill };
    const { skipped } = await listSkillsFolder(fs, skillsDir);
    const at = skipped.find((s) => s.path === name || s.path === `${name}.md` || s.path.startsWith(`${name}/`));
    return at ? { skipped: at } : null;
  });
}

/**
 * SkillConflictError (409) when an entry the store skips holds `name` in the agent's skills/ (an
 * escaping symlink, a folder without SKILL.md): a save that does not replace must not land on it.
 * A skill of that name is saveSkill's own conflict to report.
 */
export async function refuseNonSkillOccupant(agentDir: string, name: string, opts: IoOptions = {}): Promise<void> {
  if (checkSkillName(name) !== null) return; // the save refuses the name itself, naming its field
  const occupant = await nameOccupant(agentDir, name, opts);
  if (occupant && 'skipped' in occupant)
    throw new SkillConflictError(
      name,
      `skills/${occupant.skipped.path} is in the way of "${name}" and is not a skill (${occupant.skipped.reason}); move it away, or pick another name`,
    );
}

/** One installed skill as the store reads it: the Skill, plus where it lives and what of its folder was not read. */
export interface CustomSkill {
  /** SKILL.md, scripts, folder text files and binaries (listed by size and sha256, without their bytes), with `dirName`. */
  skill: Skill;
  /** The frontmatter `name` when it is a valid skill name, else `dirName`. */
  name: string;
  /** The folder name (subdir) or file name without `.md` (flat). */
  dirName: string;
  /** The skill folder (subdir) or the `.md` file (flat). */
  path: string;
  format: SkillFormat;
  /** Files of the skill that were not read (symlinks, unsafe names, folders in scripts/, hidden files, past the folder limits). */
  skipped: SkippedEntry[];
}

/** The plain data of a CustomSkill: what `GET …/skills/{name}` answers. */
export function customSkillData(c: CustomSkill): CustomSkillData {
  const { skill } = c;
  return {
    name: c.name,
    dirName: c.dirName,
    skillMd: skill.skillMd,
    scripts: { ...skill.scripts },
    path: c.path,
    format: c.format,
    files: { ...skill.files },
    binaries: skill.binaries.map((b) => ({ path: b.path, size: b.size, sha256: b.sha256 })),
    skipped: c.skipped,
  };
}

const VANISHED = Symbol('vanished');

/** Reads one custom skill with its scripts and (unless `folderFiles: false`) its folder files. */
export async function readCustomSkill(agentDir: string, name: string, opts: IoOptions & { folderFiles?: boolean } = {}): Promise<CustomSkill> {
  const { fs } = resolveIo(opts);
  assertSafeSkillName(name, 'name');
  const skillsDir = join(agentDir, 'skills');
  const read = () =>
    withSkillsRead(fs, skillsDir, async () => {
      try {
        return await readUnlocked(fs, skillsDir, name, opts.folderFiles !== false);
      } catch (err) {
        if (errnoCode(err) === 'ENOENT') return VANISHED;
        throw err;
      }
    });
  const skill = await retryVanished(
    read,
    (r) => r === VANISHED,
    (r) => r,
  );
  if (skill === VANISHED) throw new NotFoundError('skill', `no skill "${name}" in ${skillsDir}`);
  return skill;
}

async function readUnlocked(fs: FsLike, skillsDir: string, name: string, folderFiles: boolean): Promise<CustomSkill> {
  const loc = await locateUnlocked(fs, skillsDir, name, true);
  if (!loc) throw new NotFoundError('skill', `no skill "${name}" in ${skillsDir}`);
  let skillMd: string;
  try {
    skillMd = await readSkillMd(fs, skillsDir, loc);
  } catch (err) {
    if (SkillReadError.isInstance(err)) throw new NotFoundError('skill', `skill "${name}": ${err.message}`);
    throw err;
  }
  const meta = { dirName: loc.dirName, path: loc.path, format: loc.format };
  /** The skill with its store metadata; its frontmatter is parsed once, here, for the name, and kept for every later view. */
  const done = (skill: Skill, skipped: SkippedEntry[]): CustomSkill => {
    const fm = skill.frontmatter;
    const name = fm && typeof fm.name === 'string' && checkSkillName(fm.name.trim()) === null ? fm.name.trim() : loc.dirName;
    return { skill, name, ...meta, skipped };
  };
  if (loc.format === 'flat') return done(Skill.from({ skillMd, dirName: loc.dirName }), []);
  const realSkill = await realPath(fs, loc.path);
  const scripts = await readSkillScripts(fs, realSkill, loc.dirName);
  const skipped: SkippedEntry[] = [...scripts.skipped];
  if (!folderFiles) return done(Skill.from({ skillMd, scripts: scripts.scripts ?? {}, dirName: loc.dirName }), skipped);
  const folder = await readSkillFolderFiles(fs, realSkill, loc.dirName);
  // Files directly in scripts/ are readSkillScripts' to report (it follows a symlink that stays inside).
  skipped.push(...folder.skipped.filter((x) => !/^scripts(?:\/[^/]+)?$/.test(x.path.slice(loc.dirName.length + 1))));
  const binaries = folder.binaries.map((b) => ({ path: b.path, size: b.size, sha256: b.sha256 }));
  return done(Skill.from({ skillMd, scripts: scripts.scripts ?? {}, files: folder.files, binaries, dirName: loc.dirName }), skipped);
}
