// Reading one skill folder on disk into a Skill, with the same checks
// as a zip: the tree is listed with lstat first (symlinks, devices, clashes,
// sizes, count, one SKILL.md at the root), and only then are files read; a
// file that grew or changed kind between listing and reading is refused. The
// walk stops as soon as the entry limit is passed. Nothing is written.
// This is not the skill store (skill-store/): the store lists installed skills
// of a skills folder and reports what it skips; this reads one untrusted
// folder and refuses it whole when anything is off. Where the two overlap
// they share the store's policy (skill-store/policy.ts): hidden entries
// (`.git/`, `.DS_Store`, `.env`) are not part of a skill, so they are left
// out here as the store leaves them out, never read or counted.

import { join } from 'node:path';
import { SkillArchiveError } from '../../core/skill-folder/errors.js';
import { checkListing, type EntryKind, type ListedEntry } from '../../core/skill-folder/listing.js';
import { SKILL_FOLDER_LIMITS as L } from '../../core/skill-folder/limits.js';
import type { Skill } from '../../core/skill/skill.js';
import { toSkill, type SkillFolderEntry } from '../../core/skill-folder/to-draft.js';
import { listDir, type FsLike, type FsStatsLike } from '../fs/types.js';
import { isHiddenName } from '../skill-store/policy.js';

function kindOf(st: FsStatsLike): EntryKind {
  if (st.isSymbolicLink()) return 'symlink';
  if (st.isFile()) return 'file';
  if (st.isDirectory()) return 'dir';
  return 'device';
}

async function listTree(fs: FsLike, root: string): Promise<ListedEntry[]> {
  const out: ListedEntry[] = [];
  const walk = async (rel: string): Promise<void> => {
    for (const e of await listDir(fs, join(root, rel))) {
      if (isHiddenName(e.name)) continue;
      const name = rel === '' ? e.name : `${rel}/${e.name}`;
      const st = await fs.promises.lstat(join(root, name));
      const kind = kindOf(st);
      out.push({ name: kind === 'dir' ? `${name}/` : name, kind, size: kind === 'file' ? Number(st.size) : 0 });
      if (out.length > L.maxEntries) return;
      if (kind === 'dir') await walk(name);
      if (out.length > L.maxEntries) return;
    }
  };
  await walk('');
  return out;
}

/** Reads bytes; `fs.promises.readFile` without an encoding returns a Buffer (a Uint8Array). */
async function readBytes(fs: FsLike, path: string): Promise<Uint8Array> {
  const read = fs.promises.readFile as unknown as (p: string) => Promise<Uint8Array>;
  return new Uint8Array(await read(path));
}

export async function readSkillFolder(fs: FsLike, dir: string): Promise<Skill> {
  const st = await fs.promises.stat(dir).catch(() => null);
  if (!st || !st.isDirectory()) throw new SkillArchiveError(`"${dir}" is not a folder; give a skill folder (with SKILL.md) or a .zip/.skill file`);
  const listed = await listTree(fs, dir);
  const { files } = checkListing(listed);
  const entries: SkillFolderEntry[] = [];
  let total = 0;
  for (const [name, path] of files) {
    const full = join(dir, name);
    const now = await fs.promises.lstat(full);
    if (!now.isFile()) throw new SkillArchiveError(`"${name}" changed while it was read (no longer a regular file); refused`, name);
    const bytes = await readBytes(fs, full);
    total += bytes.length;
    if (total > L.maxTotalBytes)
      throw new SkillArchiveError(`the folder holds more than ${L.maxTotalBytes / (1024 * 1024)} MiB; a skill may hold at most that`);
    entries.push({ path, bytes });
  }
  return toSkill(entries);
}
