// Reads a skills folder for `build`: `<dir>/<name>/SKILL.md` with the files of
// its `scripts/`, and flat `<dir>/<name>.md`. SPEC §8: no read follows a
// symlink out of where it belongs — a skill folder must resolve inside the
// skills folder, its SKILL.md and scripts inside the skill folder. Whatever is
// not read (escaping symlinks, template folders, odd files) is reported with
// the reason, never silently dropped and never fatal.

import { join } from 'node:path';
import type { SkillSource } from '../../core/artifacts/types.js';
import { ConfigError } from '../../core/errors.js';
import { checkScriptFileName, checkSkillName } from '../../core/names.js';
import { errnoCode, listDir, realPath, resolveIo, statIfExists, type FsLike } from '../fs/types.js';
import { isInside, MAX_SKILL_FILE_BYTES } from '../workspace/skills-on-disk.js';

export interface SkippedEntry {
  /** Path relative to the skills folder (`evil/SKILL.md`, `weather/scripts/.cache`). */
  path: string;
  /** `symlink-escape`, `template-skipped`, `not-a-skill`, `duplicate`, `unreadable`, `script-skipped`. */
  code: 'symlink-escape' | 'template-skipped' | 'not-a-skill' | 'duplicate' | 'unreadable' | 'script-skipped';
  /** The skill it belonged to, when it was part of one. */
  skill?: string;
  reason: string;
}

export interface ReadSkillsFolderResult {
  /** Skills read, by folder (or flat file) name order. Folder skills always have `scripts` (maybe `{}`); flat ones never. */
  skills: SkillSource[];
  skipped: SkippedEntry[];
}

class Escape extends Error {}

/** Reads a regular text file whose real path is inside `realRoot`. */
async function readInside(fs: FsLike, path: string, realRoot: string): Promise<string> {
  const real = await realPath(fs, path);
  if (!isInside(realRoot, real)) throw new Escape(`a symlink to ${real}, outside ${realRoot}`);
  const st = await fs.promises.stat(real);
  if (!st.isFile()) throw new Error('not a regular file');
  if (Number(st.size) > MAX_SKILL_FILE_BYTES) throw new Error(`larger than ${MAX_SKILL_FILE_BYTES} bytes`);
  return String(await fs.promises.readFile(real, 'utf8'));
}

function why(err: unknown): string {
  const code = errnoCode(err);
  return code ? `could not be read (${code})` : err instanceof Error ? err.message : String(err);
}

/**
 * Lists and reads every skill of `skillsDir`. Throws ConfigError only when
 * `skillsDir` itself is missing or not a folder.
 */
export async function readSkillsFolder(skillsDir: string, opts: { fs?: FsLike } = {}): Promise<ReadSkillsFolderResult> {
  const { fs } = resolveIo(opts.fs ? { fs: opts.fs } : {});
  const st = await statIfExists(fs, skillsDir);
  if (!st) throw new ConfigError('skills_dir', `skills folder ${skillsDir} does not exist; give the folder that holds <name>/SKILL.md`);
  if (!st.isDirectory()) throw new ConfigError('skills_dir', `${skillsDir} is not a folder; give the folder that holds <name>/SKILL.md`);
  const realSkills = await realPath(fs, skillsDir);

  const skills: SkillSource[] = [];
  const skipped: SkippedEntry[] = [];
  for (const e of await listDir(fs, skillsDir)) {
    if (e.name.startsWith('.')) continue; // hidden: editor files, temp folders of an in-progress save
    const path = join(skillsDir, e.name);
    const target = e.isSymbolicLink ? await statIfExists(fs, path) : null;
    const isDir = e.isDirectory || (target?.isDirectory() ?? false);
    const isFile = e.isFile || (target?.isFile() ?? false);
    if (e.isSymbolicLink && !target) {
      skipped.push({ path: e.name, code: 'unreadable', reason: 'a symlink whose target does not exist' });
      continue;
    }
    if (e.name.startsWith('_')) {
      // `_template` and friends: starter material, and never a valid skill name.
      if (isDir || e.name.endsWith('.md')) skipped.push({ path: e.name, code: 'template-skipped', reason: 'names starting with "_" are templates, not skills' });
      continue;
    }
    if (isDir) {
      const real = await realPath(fs, path);
      if (!isInside(realSkills, real)) {
        skipped.push({ path: e.name, code: 'symlink-escape', skill: e.name, reason: `a symlink to ${real}, outside the skills folder; it was not read` });
        continue;
      }
      const skillMdPath = join(real, 'SKILL.md');
      if (!(await statIfExists(fs, skillMdPath, true))) {
        skipped.push({ path: e.name, code: 'not-a-skill', reason: 'a folder without SKILL.md' });
        continue;
      }
      let skillMd: string;
      try {
        skillMd = await readInside(fs, skillMdPath, real);
      } catch (err) {
        const escape = err instanceof Escape;
        skipped.push({ path: `${e.name}/SKILL.md`, code: escape ? 'symlink-escape' : 'unreadable', skill: e.name, reason: escape ? `${err.message}; it was not read` : why(err) });
        continue;
      }
      const scripts = await readSkillScripts(fs, real, e.name, skipped);
      skills.push({ skillMd, dir: e.name, scripts: scripts ?? {} });
      continue;
    }
    if (isFile && e.name.endsWith('.md')) {
      const stem = e.name.slice(0, -3);
      if (checkSkillName(stem) !== null) {
        skipped.push({ path: e.name, code: 'not-a-skill', reason: 'a Markdown file whose name is not a skill name (flat skills are <kebab-case-name>.md)' });
        continue;
      }
      // listDir sorts `x` before `x.md`, so a folder skill of the same name is already in.
      if (skills.some((s) => s.dir === stem)) {
        skipped.push({ path: e.name, code: 'duplicate', skill: stem, reason: `the folder ${stem}/ already holds this skill; remove one of the two` });
        continue;
      }
      try {
        skills.push({ skillMd: await readInside(fs, path, realSkills), dir: stem });
      } catch (err) {
        const escape = err instanceof Escape;
        skipped.push({ path: e.name, code: escape ? 'symlink-escape' : 'unreadable', skill: stem, reason: escape ? `${err.message}; it was not read` : why(err) });
      }
    }
    // Other files (README.txt, skills.json …) are not skills and not worth a report.
  }
  return { skills, skipped };
}

/**
 * The text files of `<realSkill>/scripts/` (hidden files left out, anything else not read is
 * pushed to `skipped` with `<skill>/scripts/<file>` as its path), or undefined when there is no
 * such folder. `realSkill` must be a real path. `validate` reads a skill's scripts with it too.
 */
export async function readSkillScripts(fs: FsLike, realSkill: string, skill: string, skipped: SkippedEntry[]): Promise<Record<string, string> | undefined> {
  const dir = join(realSkill, 'scripts');
  if (!(await statIfExists(fs, dir, true))) return undefined;
  const realDir = await realPath(fs, dir);
  if (!isInside(realSkill, realDir)) {
    skipped.push({ path: `${skill}/scripts`, code: 'symlink-escape', skill, reason: `a symlink to ${realDir}, outside the skill folder; no script was read` });
    return {};
  }
  const scripts: Record<string, string> = {};
  for (const e of await listDir(fs, realDir)) {
    if (e.name.startsWith('.')) continue; // .gitkeep, .DS_Store
    const rel = `${skill}/scripts/${e.name}`;
    const problem = checkScriptFileName(e.name);
    if (problem) {
      skipped.push({ path: rel, code: 'script-skipped', skill, reason: problem });
      continue;
    }
    try {
      const text = await readInside(fs, join(realDir, e.name), realDir);
      if (text.includes('\0')) {
        skipped.push({ path: rel, code: 'script-skipped', skill, reason: 'a binary file; only text scripts are built' });
        continue;
      }
      scripts[e.name] = text;
    } catch (err) {
      const escape = err instanceof Escape;
      skipped.push({ path: rel, code: escape ? 'symlink-escape' : 'script-skipped', skill, reason: escape ? `${err.message}; it was not read` : why(err) });
    }
  }
  return scripts;
}
