// The folder files of a skill on disk, beside SKILL.md and its
// scripts: UTF-8 text files (any folder, at most 1 MiB) with their
// content, every other file as a binary with size and sha256 — sorted into
// the same classes importSkill uses (classifyFolderFile). What
// `GET …/skills/{name}` answers and what a save of an edited skill keeps,
// prunes or copies. Reading never follows a symlink: symlinks, devices and
// hidden files are reported as skipped, and so is whatever lies past the
// folder limits (entries, total bytes, text files).

import { join } from 'node:path';
import { SKILL_FOLDER_LIMITS as L } from '../../core/skill-folder/limits.js';
import { classifyFolderFile, compareBytes, sha256Hex } from '../../core/skill-folder/to-draft.js';
import type { SkippedEntry } from '../../core/api/types.js';
import type { SkillBinary } from '../../core/skill/binary.js';
import { listDir, type FsLike } from '../fs/types.js';

export interface SkillFolderFiles {
  /** Relative path → UTF-8 text (references/, templates/, scripts/lib/, the top …). */
  files: Record<string, string>;
  /** Other files with size, sha256 and their bytes. */
  binaries: Array<SkillBinary & { bytes: Uint8Array }>;
  /** What was not read, and why (`file-skipped`; paths as `<skill>/<file>` when the skill's name is given, else relative to its folder). */
  skipped: SkippedEntry[];
}

interface Walk {
  fs: FsLike;
  root: string;
  entries: number;
  bytes: number;
  out: SkillFolderFiles;
  skill: string | undefined;
}

function skip(w: Walk, rel: string, reason: string): void {
  w.out.skipped.push(
    w.skill === undefined ? { path: rel, code: 'file-skipped', reason } : { path: `${w.skill}/${rel}`, code: 'file-skipped', reason, skill: w.skill },
  );
}

async function readBytes(fs: FsLike, path: string): Promise<Uint8Array> {
  const read = fs.promises.readFile as unknown as (p: string) => Promise<Uint8Array>;
  return new Uint8Array(await read(path));
}

/** Top-level SKILL.md and scripts/<plain name> UTF-8 files are the skill's own; everything else is a folder file. */
function isSkillOwn(rel: string, c: ReturnType<typeof classifyFolderFile>): boolean {
  return rel === 'SKILL.md' || c.kind === 'script';
}

async function walk(w: Walk, rel: string): Promise<void> {
  for (const e of await listDir(w.fs, rel === '' ? w.root : join(w.root, rel))) {
    const path = rel === '' ? e.name : `${rel}/${e.name}`;
    if (++w.entries > L.maxEntries) {
      skip(w, path, `past the ${L.maxEntries} entries a skill folder may hold; not read`);
      return;
    }
    if (e.name.startsWith('.')) skip(w, path, 'a hidden file; skills hold no hidden files');
    else if (e.isSymbolicLink) skip(w, path, 'a symbolic link; not followed');
    else if (e.isDirectory) await walk(w, path);
    else if (!e.isFile) skip(w, path, 'not a regular file');
    else await readOne(w, path);
  }
}

async function readOne(w: Walk, path: string): Promise<void> {
  const bytes = await readBytes(w.fs, join(w.root, ...path.split('/')));
  const c = classifyFolderFile(path, bytes);
  if (isSkillOwn(path, c)) return;
  w.bytes += bytes.length;
  if (w.bytes > L.maxTotalBytes) {
    skip(w, path, `past the ${L.maxTotalBytes / (1024 * 1024)} MiB a skill folder may hold; not read`);
    return;
  }
  if (c.kind === 'text' && Object.keys(w.out.files).length < L.maxTextFiles) w.out.files[path] = c.text;
  else w.out.binaries.push({ path, size: bytes.length, sha256: await sha256Hex(bytes), bytes });
}

/** Reads the folder files of the skill folder `dir` (sorted by path); `skill` names it in the skipped entries. */
export async function readSkillFolderFiles(fs: FsLike, dir: string, skill?: string): Promise<SkillFolderFiles> {
  const w: Walk = { fs, root: dir, entries: 0, bytes: 0, out: { files: {}, binaries: [], skipped: [] }, skill };
  await walk(w, '');
  w.out.binaries.sort((a, b) => compareBytes(a.path, b.path));
  return w.out;
}
