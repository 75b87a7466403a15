// Checks the listing of an archive or folder BEFORE any content is inflated
// or read: entry count, every path, entry kinds (symlinks, devices), name
// clashes after NFC + case folding, declared sizes and compression ratios,
// nested archives, and where the one SKILL.md is. Returns the paths to take
// with the skill's root folder stripped (a `.skill` package wraps the folder).

import { SkillArchiveError } from './errors.js';
import { entryPathProblem, foldedPath, isArchiveName } from '../safe-text/entry-path.js';
import { SKILL_FOLDER_LIMITS as L } from './limits.js';

export type EntryKind = 'file' | 'dir' | 'symlink' | 'device' | 'other';

export interface ListedEntry {
  /** Path as the archive or folder names it (`/`-separated, folders may end with `/`). */
  name: string;
  kind: EntryKind;
  /** Declared uncompressed size in bytes. */
  size: number;
  /** Compressed size, for archives. */
  compressedSize?: number;
}

export interface CheckedListing {
  /** The folder prefix stripped from every path (`''` or `my-skill/`). */
  root: string;
  /** Archive name → path inside the skill folder, files only. */
  files: Map<string, string>;
}

const MIB = 1024 * 1024;
/** Entries smaller than this are not ratio-checked one by one (short repetitive text compresses well). */
const RATIO_FLOOR = 64 * 1024;

/** macOS Finder's resource-fork folder: never part of a skill, dropped. */
function isMacMetadata(name: string): boolean {
  return name === '__MACOSX/' || name.startsWith('__MACOSX/');
}

export function checkListing(entries: readonly ListedEntry[], archiveBytes?: number): CheckedListing {
  if (entries.length > L.maxEntries) throw new SkillArchiveError(`the archive has ${entries.length} entries; a skill may have at most ${L.maxEntries}`);
  const kept = entries.filter((e) => !isMacMetadata(e.name));
  const seen = new Map<string, string>();
  let total = 0;
  let compressed = 0;
  for (const e of kept) {
    const problem = entryPathProblem(e.name);
    if (problem) throw new SkillArchiveError(`refused entry "${e.name}": ${problem}`, e.name);
    if (e.kind === 'symlink')
      throw new SkillArchiveError(`refused entry "${e.name}": symbolic links are not allowed in a skill; replace it with the file itself`, e.name);
    if (e.kind === 'device' || e.kind === 'other')
      throw new SkillArchiveError(`refused entry "${e.name}": only regular files and folders are allowed (this is a device, pipe or socket)`, e.name);
    const key = foldedPath(e.name.replace(/\/$/, ''));
    const clash = seen.get(key);
    if (clash !== undefined)
      throw new SkillArchiveError(`refused entry "${e.name}": it clashes with "${clash}" (names equal after Unicode normalisation and case folding)`, e.name);
    seen.set(key, e.name);
    if (e.kind !== 'file') continue;
    if (isArchiveName(e.name))
      throw new SkillArchiveError(`refused entry "${e.name}": nested archives are not allowed; unpack it into the folder instead`, e.name);
    checkSizes(e);
    total += e.size;
    compressed += e.compressedSize ?? e.size;
    if (total > L.maxTotalBytes) throw new SkillArchiveError(`the archive unpacks to more than ${L.maxTotalBytes / MIB} MiB; a skill may hold at most that`);
  }
  const denominator = Math.max(compressed, archiveBytes ?? 0, 1);
  if (total > RATIO_FLOOR && total / denominator > L.maxCompressionRatio)
    throw new SkillArchiveError(`the archive's compression ratio is over ${L.maxCompressionRatio}:1 (a zip bomb?); refused`);
  return { root: findRoot(kept), files: filePaths(kept, findRoot(kept)) };
}

function checkSizes(e: ListedEntry): void {
  if (!Number.isSafeInteger(e.size) || e.size < 0) throw new SkillArchiveError(`refused entry "${e.name}": its declared size is invalid`, e.name);
  if (e.size > L.maxTotalBytes)
    throw new SkillArchiveError(
      `refused entry "${e.name}": it unpacks to ${e.size} bytes, more than the ${L.maxTotalBytes / MIB} MiB a skill may hold`,
      e.name,
    );
  const c = e.compressedSize;
  if (c !== undefined && e.size > RATIO_FLOOR && e.size / Math.max(c, 1) > L.maxCompressionRatio)
    throw new SkillArchiveError(`refused entry "${e.name}": its compression ratio is over ${L.maxCompressionRatio}:1 (a zip bomb?)`, e.name);
}

/** `''` when SKILL.md is at the top, `name/` when everything sits in one folder holding it; else refused. */
function findRoot(entries: readonly ListedEntry[]): string {
  const skillMds = entries.filter((e) => e.kind === 'file' && /(^|\/)skill\.md$/i.test(e.name));
  if (skillMds.length === 0) throw new SkillArchiveError('the archive has no SKILL.md; a skill folder has SKILL.md at its root');
  if (skillMds.length > 1)
    throw new SkillArchiveError(`the archive holds ${skillMds.length} SKILL.md files (${skillMds.map((e) => e.name).join(', ')}); import one skill at a time`);
  const only = skillMds[0]!.name;
  if (only === 'SKILL.md') return '';
  const match = /^([^/]+\/)SKILL\.md$/.exec(only);
  if (!match)
    throw new SkillArchiveError(
      `"${only}" is not at the root of the skill folder; the file must be named SKILL.md at the top of the folder (or of one wrapping folder)`,
    );
  const root = match[1]!;
  const outside = entries.find((e) => e.name !== root && !e.name.startsWith(root));
  if (outside)
    throw new SkillArchiveError(`"${outside.name}" is outside the skill folder "${root}"; a package holds one folder with SKILL.md at its root`, outside.name);
  return root;
}

function filePaths(entries: readonly ListedEntry[], root: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const e of entries) if (e.kind === 'file') out.set(e.name, e.name.slice(root.length));
  return out;
}
