// Reading a skill from loose files — a folder a browser uploads (one file
// per part, named by its relative path, as `<input webkitdirectory>` or a
// dropped folder sends it) — into a Skill with the same checks as a zip:
// the listing first (count, paths: `..`, absolute, drive, backslash;
// clashes after NFC + case folding; sizes; nested archives; one SKILL.md at
// the root or in one wrapping folder), then the content (to-draft.ts).
// Isomorphic.

import { SkillArchiveError } from './errors.js';
import { checkListing } from './listing.js';
import { toSkill } from './to-draft.js';
import type { Skill } from '../skill/skill.js';
import type { SkillFolderEntry } from './types.js';

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
