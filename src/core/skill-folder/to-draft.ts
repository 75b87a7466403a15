// Sorts a checked skill folder's files into a Skill: SKILL.md (UTF-8, required),
// scripts/<plain name> as text, every other UTF-8 file of at most 1 MiB —
// whatever folder it is in (references/, templates/, scripts/lib/, the top) —
// as `files` (at most 200), everything else as binaries with size and sha256,
// kept byte for byte. Text or binary is decided by content (a NUL byte or
// invalid UTF-8), never by folder. Refuses content that is an archive. Also
// whether a path is fit for a draft's `files` (draftFilePathProblem).

import { checkScriptFileName } from '../names.js';
import { SkillArchiveError } from './errors.js';
import { entryPathProblem, looksLikeArchive } from '../safe-text/entry-path.js';
import { SKILL_FOLDER_LIMITS as L } from './limits.js';
import { Skill, type SkillBinary } from '../skill/skill.js';

/** One file of a folder or archive as read, before it is sorted into a Skill (the skill itself is the core Skill value; its binaries are SkillBinary). */
export interface SkillFolderEntry {
  path: string;
  bytes: Uint8Array;
}

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

/** The bytes as text when they are UTF-8 without a NUL byte (a NUL marks binary data even where it happens to be valid UTF-8), else null. */
function textOf(bytes: Uint8Array): string | null {
  return bytes.includes(0) ? null : decodeUtf8(bytes);
}

/** True for a path whose text belongs in a draft's `files`: anything but SKILL.md and a script (`scripts/<plain name>`). */
export function isFolderTextPath(path: string): boolean {
  if (path === 'SKILL.md') return false;
  return !(path.startsWith('scripts/') && checkScriptFileName(path.slice('scripts/'.length)) === null);
}

/** Where one file of a skill folder belongs in a Skill (SKILL.md aside); the one rule import, GET and save share. */
export type FolderFileClass = { kind: 'script'; name: string; text: string } | { kind: 'text'; text: string } | { kind: 'binary' };

/** A UTF-8 file (without NUL bytes) under scripts/ with a plain name is a script; any other of at most 1 MiB is text, in whatever folder; all else is binary. */
export function classifyFolderFile(path: string, bytes: Uint8Array): FolderFileClass {
  const text = textOf(bytes);
  if (text === null) return { kind: 'binary' };
  if (path.startsWith('scripts/') && !isFolderTextPath(path)) return { kind: 'script', name: path.slice('scripts/'.length), text };
  return bytes.length <= L.maxTextFileBytes ? { kind: 'text', text } : { kind: 'binary' };
}

/** The Skill a checked folder's files make; refuses nested archives and a missing or non-UTF-8 SKILL.md. Text files past the 200th are kept as binaries. */
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
    else if (c.kind === 'text' && Object.keys(parts.files).length < L.maxTextFiles) parts.files[path] = c.text;
    else parts.binaries.push(await binaryOf(path, bytes));
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

// ------------------------------------------------------- draft file paths

// Is a path fit for a draft's `files` — a text file of the skill folder a
// model proposes, an editor sends or a request names? The import rules
// (entry-path.ts: no `..`, absolute or drive paths, backslashes, empty or
// `.` segments, control characters) plus: no hidden segment, and neither
// SKILL.md nor a script (`scripts/<plain name>`), which have fields of their
// own. Any folder is fine (references/, templates/, scripts/lib/, the top).

/** Why `path` cannot be a draft text file, or null. */
export function draftFilePathProblem(path: unknown): string | null {
  if (typeof path !== 'string') return 'the path must be text';
  const problem = entryPathProblem(path);
  if (problem) return problem.replace(/^the entry/, 'the path');
  if (path.endsWith('/')) return 'the path names a folder, not a file';
  if (path.split('/').some((s) => s.startsWith('.'))) return 'hidden files are not allowed in a skill';
  if (!isFolderTextPath(path)) return path === 'SKILL.md' ? 'SKILL.md is the skill itself, not a folder file' : `${path} is a script; scripts go in scripts`;
  return null;
}
