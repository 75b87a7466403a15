// Reading a skill into a Skill, refusing hostile input before anything is
// kept. Isomorphic: works in browsers too.
// - From a `.zip` or `.skill` (a zip whose root is the skill folder),
//   readSkillZip: 1. list the central directory with fflate (nothing
//   inflated) and check it (listing.ts: paths, kinds, clashes, declared
//   sizes, ratios, one SKILL.md); 2. inflate with fflate's streaming Unzip,
//   counting the bytes each entry really yields: more than declared, or more
//   than the 20 MiB cap in total, stops at once; names must match the central
//   directory; 3. sort into a Skill (to-draft.ts).
// - From loose files, readSkillFiles: a folder a browser uploads (one file
//   per part, named by its relative path, as `<input webkitdirectory>` or a
//   dropped folder sends it), with the same listing checks, then the content.

import { Unzip, UnzipInflate, unzipSync, type UnzipFileInfo } from 'fflate';
import { SkillArchiveError } from './errors.js';
import { checkListing, type ListedEntry } from './listing.js';
import { SKILL_FOLDER_LIMITS as L } from './limits.js';
import { toSkill, type SkillFolderEntry } from './to-draft.js';
import type { Skill } from '../skill/skill.js';
import { zipEntryKinds } from './zip-entry-kinds.js';

function listZip(zip: Uint8Array): ListedEntry[] {
  const kinds = zipEntryKinds(zip);
  const infos: UnzipFileInfo[] = [];
  try {
    unzipSync(zip, { filter: (info) => (infos.push(info), false) });
  } catch (err) {
    throw new SkillArchiveError(`the zip archive cannot be read (${err instanceof Error ? err.message : String(err)}); re-create it`);
  }
  return infos.map((info) => ({
    name: info.name,
    kind: kinds.get(info.name) ?? 'other',
    size: info.originalSize,
    compressedSize: info.size,
  }));
}

export async function readSkillZip(zip: Uint8Array): Promise<Skill> {
  if (!(zip instanceof Uint8Array) || zip.length === 0) throw new SkillArchiveError('the archive is empty; send the bytes of a .zip or .skill file');
  const listed = listZip(zip);
  const { files } = checkListing(listed, zip.length);
  const declared = new Map(listed.map((e) => [e.name, e.size]));
  return toSkill(inflateAll(zip, files, declared));
}

function inflateAll(zip: Uint8Array, files: Map<string, string>, declared: Map<string, number>): SkillFolderEntry[] {
  const out = new Map<string, Uint8Array[]>();
  const done = new Set<string>();
  let total = 0;
  let failure: SkillArchiveError | null = null;
  const unzip = new Unzip((file) => {
    const path = files.get(file.name);
    if (path === undefined) {
      if (!declared.has(file.name)) failure ??= new SkillArchiveError(`entry "${file.name}" is not in the zip's central directory; refused`, file.name);
      return;
    }
    if (out.has(file.name)) failure ??= new SkillArchiveError(`entry "${file.name}" appears twice; refused`, file.name);
    const chunks: Uint8Array[] = [];
    out.set(file.name, chunks);
    let size = 0;
    file.ondata = (err, data, final) => {
      if (failure) return;
      if (err) return void (failure = new SkillArchiveError(`entry "${file.name}" cannot be inflated (${err.message})`, file.name));
      size += data.length;
      total += data.length;
      if (size > declared.get(file.name)! || total > L.maxTotalBytes) {
        failure = new SkillArchiveError(
          `entry "${file.name}" inflates to more than its declared size or the ${L.maxTotalBytes / (1024 * 1024)} MiB cap (a zip bomb?); refused`,
          file.name,
        );
        file.terminate();
        return;
      }
      chunks.push(data);
      if (final) done.add(file.name);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(zip, true);
  } catch (err) {
    failure ??= new SkillArchiveError(`the zip archive cannot be read (${err instanceof Error ? err.message : String(err)}); re-create it`);
  }
  if (failure) throw failure;
  const entries: SkillFolderEntry[] = [];
  for (const [name, path] of files) {
    const chunks = out.get(name);
    if (!chunks || !done.has(name)) throw new SkillArchiveError(`entry "${name}" has no readable data; re-create the archive`, name);
    const bytes = concat(chunks);
    if (bytes.length !== declared.get(name))
      throw new SkillArchiveError(`entry "${name}" inflates to ${bytes.length} bytes but declares ${declared.get(name)}; refused`, name);
    entries.push({ path, bytes });
  }
  return entries;
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** `files`: each file's relative path (`my-skill/references/a.md`) and bytes. */
export async function readSkillFiles(files: readonly SkillFolderEntry[]): Promise<Skill> {
  if (files.length === 0) throw new SkillArchiveError('no files were sent; send the skill folder, one file per part named by its relative path');
  const folderName = files.find((f) => f.path.endsWith('/'));
  if (folderName) throw new SkillArchiveError(`refused file "${folderName.path}": a file name may not end with "/"`, folderName.path);
  const { files: paths } = checkListing(files.map((f) => ({ name: f.path, kind: 'file' as const, size: f.bytes.length })));
  const entries: SkillFolderEntry[] = [];
  for (const f of files) {
    const path = paths.get(f.path);
    if (path !== undefined) entries.push({ path, bytes: f.bytes });
  }
  return toSkill(entries);
}
