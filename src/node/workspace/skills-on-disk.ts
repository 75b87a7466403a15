// Reading an agent's custom skills from disk (SPEC §4, §8).
// Two forms: `skills/<name>/SKILL.md` (+ `scripts/`) — "subdir" — and
// `skills/<name>.md` — "flat". Names are checked before they reach a path.
// No read follows a symlink out of where it belongs: a SKILL.md must resolve
// inside its skill folder, a skill folder inside `skills/`, a script inside
// `scripts/`; anything else is skipped and reported. A skill that cannot be
// read or parsed is listed with its `error` instead of breaking the list.
// They return the camelCase shapes of core/api/types.ts; the HTTP routes map them to the wire.

import { basename, join, sep } from 'node:path';
import type { CustomSkill, SkillFormat, SkillSummary, SkippedFile } from '../../core/api/types.js';
import type { SkillCatalogInput } from '../../core/catalog.js';
import { NotFoundError } from '../../core/errors.js';
import { assertSafeSkillName, checkScriptFileName, checkSkillName } from '../../core/names.js';
import { parseSkillMd } from '../../core/skillmd/parse.js';
import { errnoCode, listDir, realPath, resolveIo, statIfExists, type FsLike, type IoOptions } from '../fs/types.js';
import { retryVanished, withSkillsRead } from './consistent-read.js';
import { cleanLeftoverTemps } from './save-temps.js';
import { binaryListing, readSkillFolderFiles } from '../skill-folder/folder-files.js';

export type { CustomSkill, SkillFormat, SkillSummary, SkippedFile };

/** Larger files are not read (a SKILL.md or script is text of a few KB). */
export const MAX_SKILL_FILE_BYTES = 1024 * 1024;

/** True when `child` is `root` or inside it (both real, absolute paths). */
export function isInside(root: string, child: string): boolean {
  if (child === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return child.startsWith(prefix);
}

/** Real path of `path` when it stays inside `realRoot`; otherwise null. Missing files throw ENOENT. */
async function realInside(fs: FsLike, path: string, realRoot: string): Promise<string | null> {
  const real = await realPath(fs, path);
  return isInside(realRoot, real) ? real : null;
}

/** A skill file that is not read: a symlink out of its folder, not a regular file, or too large. */
export class SkillReadError extends Error {}

/** Reads a text file that must resolve inside `realRoot`, is a regular file and is not too large. */
async function readTextInside(fs: FsLike, path: string, realRoot: string, what: string): Promise<string> {
  const real = await realInside(fs, path, realRoot);
  if (!real) throw new SkillReadError(`${what} is a symlink pointing outside its folder; it was not read`);
  const st = await fs.promises.stat(real);
  if (!st.isFile()) throw new SkillReadError(`${what} is not a regular file`);
  if (Number(st.size) > MAX_SKILL_FILE_BYTES) throw new SkillReadError(`${what} is larger than ${MAX_SKILL_FILE_BYTES} bytes; it was not read`);
  return String(await fs.promises.readFile(real, 'utf8'));
}

/** Where a skill lives on disk. */
export interface SkillLocation {
  format: SkillFormat;
  dirName: string;
  /** Folder (subdir) or `.md` file (flat). */
  path: string;
  skillMdPath: string;
}

/** Every skill entry of a `skills/` folder, both forms, by name (hidden entries left out); [] when there is none. */
export async function skillLocations(fs: FsLike, skillsDir: string): Promise<SkillLocation[]> {
  const out: SkillLocation[] = [];
  for (const e of await listDir(fs, skillsDir)) {
    if (e.name.startsWith('.')) continue; // temp folders of an in-progress save, editor files
    const path = join(skillsDir, e.name);
    if (e.isDirectory || e.isSymbolicLink) {
      const st = await statIfExists(fs, path);
      if (st?.isDirectory()) {
        if (await statIfExists(fs, join(path, 'SKILL.md'), true))
          out.push({ format: 'subdir', dirName: e.name, path, skillMdPath: join(path, 'SKILL.md') });
        continue;
      }
    }
    if ((e.isFile || e.isSymbolicLink) && e.name.endsWith('.md') && e.name.length > 3)
      out.push({ format: 'flat', dirName: e.name.slice(0, -3), path, skillMdPath: path });
  }
  return out;
}

/** Reads a skill's SKILL.md when it (and its folder) resolve inside `skills/`; SkillReadError otherwise. */
export async function readSkillMdAt(fs: FsLike, skillsDir: string, loc: SkillLocation): Promise<string> {
  const realSkills = await realPath(fs, skillsDir);
  if (loc.format === 'flat') return readTextInside(fs, loc.skillMdPath, realSkills, `skills/${basename(loc.path)}`);
  const realDir = await realInside(fs, loc.path, realSkills);
  if (!realDir) throw new SkillReadError(`skills/${loc.dirName} is a symlink pointing outside skills/; it was not read`);
  return readTextInside(fs, join(realDir, 'SKILL.md'), realDir, `skills/${loc.dirName}/SKILL.md`);
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

function messageOf(err: unknown): string {
  if (err instanceof SkillReadError) return err.message;
  const code = errnoCode(err);
  return code ? `could not read the skill (${code})` : err instanceof Error ? err.message : String(err);
}

/**
 * Lists an agent's custom skills (both forms), sorted by folder/file name. Never sees a half-saved
 * skill: it reads while no save of this process is swapping folders, and a skill that vanished under
 * it (a save of another process) makes it read again. Leftover temp folders of crashed saves are removed first.
 */
export async function listCustomSkills(agentDir: string, opts: IoOptions = {}): Promise<SkillSummary[]> {
  const { fs } = resolveIo(opts);
  const skillsDir = join(agentDir, 'skills');
  await cleanLeftoverTemps(fs, skillsDir);
  return retryVanished(() => withSkillsRead(fs, skillsDir, () => listUnlocked(fs, skillsDir)), (list) => list.some((s) => s.vanished), stripVanished);
}

async function listUnlocked(fs: FsLike, skillsDir: string): Promise<Array<SkillSummary & { vanished?: boolean }>> {
  const out: Array<SkillSummary & { vanished?: boolean }> = [];
  for (const loc of await skillLocations(fs, skillsDir)) {
    const summary: SkillSummary = {
      name: loc.dirName,
      dirName: loc.dirName,
      description: '',
      category: '',
      tags: [],
      path: loc.path,
      hasScripts: false,
      tools: [],
      format: loc.format,
    };
    try {
      const text = await readSkillMdAt(fs, skillsDir, loc);
      const parsed = parseSkillMd(text);
      const fm = parsed.frontmatter ?? {};
      if (typeof fm.name === 'string' && fm.name.trim() !== '') summary.name = fm.name.trim();
      summary.description = str(fm.description).trim();
      summary.category = str(fm.category);
      summary.tags = Array.isArray(fm.tags) ? fm.tags.filter((t): t is string => typeof t === 'string') : [];
      summary.tools = parsed.tools.map((t) => t.name);
      const firstError = parsed.diagnostics.find((d) => d.severity === 'error');
      if (firstError) summary.error = `${firstError.line !== undefined ? `line ${firstError.line}: ` : ''}${firstError.message}`;
      if (loc.format === 'subdir') summary.hasScripts = (await listDir(fs, join(loc.path, 'scripts'))).some((e) => !e.name.startsWith('.') && !e.isDirectory);
    } catch (err) {
      summary.error = messageOf(err);
      if (errnoCode(err) === 'ENOENT') (summary as { vanished?: boolean }).vanished = true;
    }
    out.push(summary);
  }
  return out;
}

function stripVanished(list: Array<SkillSummary & { vanished?: boolean }>): SkillSummary[] {
  for (const s of list) delete s.vanished;
  return list;
}

/**
 * Finds a skill by folder/file name, or else by frontmatter `name` (a skill whose folder
 * differs from its name still opens). The name is validated before it touches a path.
 */
export async function locateSkill(agentDir: string, name: string, opts: IoOptions = {}): Promise<SkillLocation | null> {
  const { fs } = resolveIo(opts);
  assertSafeSkillName(name, 'name');
  const skillsDir = join(agentDir, 'skills');
  return withSkillsRead(fs, skillsDir, () => locateUnlocked(fs, skillsDir, name));
}

async function locateUnlocked(fs: FsLike, skillsDir: string, name: string): Promise<SkillLocation | null> {
  const all = await skillLocations(fs, skillsDir);
  const direct = all.find((c) => c.format === 'subdir' && c.dirName === name) ?? all.find((c) => c.format === 'flat' && c.dirName === name);
  if (direct) return direct;
  for (const c of all) {
    try {
      const fm = parseSkillMd(await readSkillMdAt(fs, skillsDir, c)).frontmatter;
      if (fm && typeof fm.name === 'string' && fm.name.trim() === name) return c;
    } catch {
      // unreadable skills cannot match
    }
  }
  return null;
}

/**
 * Reads one custom skill with its scripts: the complete old or the complete new version while a save
 * replaces it (SKILL.md and scripts from one folder). NotFoundError when there is none by that name,
 * also when it vanished while being read and did not come back (a save of another process).
 */
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
  const skill = await retryVanished(read, (r) => r === VANISHED, (r) => r);
  if (skill === VANISHED) throw new NotFoundError('skill', `no skill "${name}" in ${skillsDir}`);
  return skill;
}

const VANISHED = Symbol('vanished');

async function readUnlocked(fs: FsLike, skillsDir: string, name: string, folderFiles: boolean): Promise<CustomSkill> {
  const loc = await locateUnlocked(fs, skillsDir, name);
  if (!loc) throw new NotFoundError('skill', `no skill "${name}" in ${skillsDir}`);
  let skillMd: string;
  try {
    skillMd = await readSkillMdAt(fs, skillsDir, loc);
  } catch (err) {
    if (err instanceof SkillReadError) throw new NotFoundError('skill', `skill "${name}": ${err.message}`);
    throw err;
  }
  const fm = parseSkillMd(skillMd).frontmatter;
  const skill: CustomSkill = {
    name: fm && typeof fm.name === 'string' && checkSkillName(fm.name.trim()) === null ? fm.name.trim() : loc.dirName,
    dirName: loc.dirName,
    skillMd,
    scripts: {},
    path: loc.path,
    format: loc.format,
    files: {},
    binaries: [],
    skipped: [],
  };
  if (loc.format === 'subdir') await readScripts(fs, loc.path, skill);
  if (loc.format === 'subdir' && folderFiles) {
    const folder = await readSkillFolderFiles(fs, await realPath(fs, loc.path));
    skill.files = folder.files;
    skill.binaries = binaryListing(folder.binaries);
    // Files directly in scripts/ are readScripts' to report (it follows a symlink that stays inside).
    skill.skipped.push(...folder.skipped.filter((x) => !/^scripts(\/[^/]+)?$/.test(x.file)));
  }
  return skill;
}

async function readScripts(fs: FsLike, skillDir: string, skill: CustomSkill): Promise<void> {
  const scriptsDir = join(skillDir, 'scripts');
  const st = await statIfExists(fs, scriptsDir, true);
  if (!st) return;
  const realSkill = await realPath(fs, skillDir);
  const realScripts = await realInside(fs, scriptsDir, realSkill).catch(() => null);
  if (!realScripts) {
    skill.skipped.push({ file: 'scripts', reason: 'scripts/ is a symlink pointing outside the skill folder; no script was read' });
    return;
  }
  for (const e of await listDir(fs, realScripts)) {
    const problem = checkScriptFileName(e.name);
    if (problem) {
      if (e.name !== '.DS_Store') skill.skipped.push({ file: `scripts/${e.name}`, reason: problem });
      continue;
    }
    if (e.isDirectory) {
      skill.skipped.push({ file: `scripts/${e.name}`, reason: 'a folder; scripts are plain files directly in scripts/' });
      continue;
    }
    try {
      const text = await readTextInside(fs, join(realScripts, e.name), realScripts, `scripts/${e.name}`);
      if (text.includes('\0')) {
        skill.skipped.push({ file: `scripts/${e.name}`, reason: 'a binary file; only text scripts are loaded' });
        continue;
      }
      skill.scripts[e.name] = text;
    } catch (err) {
      if (errnoCode(err) === 'ENOENT') throw err; // listed a moment ago: a save swapped the folder, so the whole skill is read again
      skill.skipped.push({ file: `scripts/${e.name}`, reason: messageOf(err) });
    }
  }
}

/** The catalog inputs of every readable skill of an agent (unreadable ones are left out): the HTTP catalog route and the `catalog` command. */
export async function agentCatalogInputs(agentDir: string, opts: IoOptions = {}): Promise<SkillCatalogInput[]> {
  const inputs: SkillCatalogInput[] = [];
  for (const summary of await listCustomSkills(agentDir, opts)) {
    if (summary.error !== undefined && summary.description === '') continue;
    try {
      const skill = await readCustomSkill(agentDir, summary.dirName, { ...opts, folderFiles: false });
      inputs.push({
        skillMd: skill.skillMd,
        dir: skill.path,
        scripts: Object.keys(skill.scripts),
        location: skill.format === 'subdir' ? join(skill.path, 'SKILL.md') : skill.path,
      });
    } catch {
      // a skill that cannot be read has nothing to offer the agent
    }
  }
  return inputs;
}
