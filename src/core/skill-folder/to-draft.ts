// Sorts a checked skill folder's files into a Skill: SKILL.md (UTF-8, required),
// scripts/<plain name> as text, UTF-8 files ≤ 1 MiB under references/,
// reference/ and assets/ as `files` (at most 200), everything else as binaries
// with size and sha256, kept byte for byte. Refuses content that is an archive.

import { checkScriptFileName } from '../names.js';
import { SkillArchiveError } from './errors.js';
import { looksLikeArchive } from '../safe-text/entry-path.js';
import { SKILL_FOLDER_LIMITS as L, TEXT_FILE_FOLDERS } from './limits.js';
import { Skill, type SkillBinary } from '../skill/skill.js';
import type { SkillFolderEntry } from './types.js';

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    return null;
  }
}

/** Lower-case hex SHA-256 (WebCrypto: Node ≥ 20 and browsers). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** True for a path under references/, reference/ or assets/. */
export function isTextFolderPath(path: string): boolean {
  return TEXT_FILE_FOLDERS.some((dir) => path.startsWith(`${dir}/`));
}

/** Where one file of a skill folder belongs in a Skill (SKILL.md aside); the one rule import, GET and save share. */
export type FolderFileClass = { kind: 'script'; name: string; text: string } | { kind: 'text'; text: string } | { kind: 'binary' };

/** A UTF-8 file (without NUL bytes) under scripts/ with a plain name is a script; one of at most 1 MiB under a text folder is text; all else is binary. */
export function classifyFolderFile(path: string, bytes: Uint8Array): FolderFileClass {
  // A NUL byte marks binary data even where it happens to be valid UTF-8.
  const text = bytes.includes(0) ? null : decodeUtf8(bytes);
  if (text === null) return { kind: 'binary' };
  const scriptName = path.startsWith('scripts/') ? path.slice('scripts/'.length) : null;
  if (scriptName !== null && checkScriptFileName(scriptName) === null) return { kind: 'script', name: scriptName, text };
  if (bytes.length <= L.maxTextFileBytes && isTextFolderPath(path)) return { kind: 'text', text };
  return { kind: 'binary' };
}

/** The Skill a checked folder's files make; refuses nested archives, a missing or non-UTF-8 SKILL.md and too many text files. */
export async function toSkill(entries: readonly SkillFolderEntry[]): Promise<Skill> {
  const parts = { scripts: {} as Record<string, string>, files: {} as Record<string, string>, binaries: [] as SkillBinary[] };
  let skillMd: string | null = null;
  for (const { path, bytes } of [...entries].sort((a, b) => compareBytes(a.path, b.path))) {
    if (looksLikeArchive(path, bytes)) throw new SkillArchiveError(`refused entry "${path}": its content is an archive; nested archives are not allowed`, path);
    if (path === 'SKILL.md') {
      skillMd = decodeUtf8(bytes);
      if (skillMd === null) throw new SkillArchiveError('SKILL.md is not valid UTF-8 text', path);
      continue;
    }
    const c = classifyFolderFile(path, bytes);
    if (c.kind === 'script') parts.scripts[c.name] = c.text;
    else if (c.kind === 'text') {
      parts.files[path] = c.text;
      if (Object.keys(parts.files).length > L.maxTextFiles)
        throw new SkillArchiveError(
          `the skill has more than ${L.maxTextFiles} text files under ${TEXT_FILE_FOLDERS.join('/, ')}/; a skill may have at most that many`,
        );
    } else parts.binaries.push(await binaryOf(path, bytes));
  }
  if (skillMd === null) throw new SkillArchiveError('the skill folder has no SKILL.md at its root');
  return Skill.from({ skillMd, ...parts });
}

export async function binaryOf(path: string, bytes: Uint8Array): Promise<SkillBinary> {
  return { path, size: bytes.length, sha256: await sha256Hex(bytes), bytes };
}

/** Orders paths by UTF-16 code units: the same on every machine, unlike localeCompare. */
export function compareBytes(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
