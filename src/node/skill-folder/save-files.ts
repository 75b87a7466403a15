// The folder files of a save request (issue 17): `files` (relative path →
// UTF-8 text) and `binaries` (`{path, bytes}` in TypeScript or
// `{path, content_base64}` on the wire) are checked like archive entries
// (no `..`, absolute or drive paths, backslashes, hidden files, clashes after
// NFC + case folding, the folder limits), then written into the new skill
// folder with mode 0644, replacing a carried-over file of the same path.

import { dirname, join } from 'node:path';
import { RequestError } from '../../core/errors.js';
import { entryPathProblem, foldedPath } from '../../core/skill-folder/entry-path.js';
import { SKILL_FOLDER_LIMITS as L } from '../../core/skill-folder/limits.js';
import { statIfExists, type FsLike } from '../fs/types.js';

/** A binary file of a save request. */
export interface SaveBinaryFile {
  path: string;
  /** The bytes (TypeScript callers). */
  bytes?: Uint8Array;
  /** The bytes, base64 (the HTTP wire). */
  content_base64?: string;
}

/** Checked folder files: path → bytes, in path order. */
export type FolderFiles = Map<string, Uint8Array>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkPath(path: unknown, field: string, seen: Map<string, string>): string {
  if (typeof path !== 'string') throw new RequestError(field, `${field}: every path must be text`);
  const problem = entryPathProblem(path) ?? (path.endsWith('/') ? 'a file path may not end with "/"' : null);
  if (problem) throw new RequestError(field, `${field}: "${path}" is not allowed: ${problem}`);
  if (path.split('/').some((s) => s.startsWith('.'))) throw new RequestError(field, `${field}: "${path}" is a hidden file; skills may not hold hidden files`);
  if (path === 'SKILL.md' || path.startsWith('scripts/')) throw new RequestError(field, `${field}: "${path}" belongs in skill_md or scripts, not in ${field}`);
  const key = foldedPath(path);
  const clash = seen.get(key);
  if (clash !== undefined) throw new RequestError(field, `${field}: "${path}" clashes with "${clash}" (equal after Unicode normalisation and case folding)`);
  seen.set(key, path);
  return path;
}

function decodeBase64(text: unknown, path: string): Uint8Array {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new RequestError('binaries', `binaries: the content_base64 of "${path}" must be base64 text`);
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** Checks `files` and `binaries` of a save request; throws RequestError naming the field. */
export function checkFolderFiles(files: unknown, binaries: unknown): FolderFiles {
  const out: FolderFiles = new Map();
  const seen = new Map<string, string>();
  let total = 0;
  const add = (path: string, bytes: Uint8Array): void => {
    total += bytes.length;
    if (total > L.maxTotalBytes) throw new RequestError('files', `files and binaries together exceed ${L.maxTotalBytes / (1024 * 1024)} MiB`);
    out.set(path, bytes);
  };
  if (files !== undefined && files !== null) {
    if (!isRecord(files)) throw new RequestError('files', 'files must be an object {relative path: text}');
    const entries = Object.entries(files);
    if (entries.length > L.maxTextFiles) throw new RequestError('files', `files: at most ${L.maxTextFiles} text files (got ${entries.length})`);
    for (const [path, text] of entries) {
      checkPath(path, 'files', seen);
      if (typeof text !== 'string') throw new RequestError('files', `files: the content of "${path}" must be text`);
      const bytes = new TextEncoder().encode(text);
      if (bytes.length > L.maxTextFileBytes) throw new RequestError('files', `files: "${path}" is over 1 MiB; send it as a binary file`);
      add(path, bytes);
    }
  }
  if (binaries !== undefined && binaries !== null) {
    if (!Array.isArray(binaries)) throw new RequestError('binaries', 'binaries must be a list of {path, content_base64}');
    if (binaries.length + out.size > L.maxEntries) throw new RequestError('binaries', `a skill may hold at most ${L.maxEntries} files`);
    for (const b of binaries) {
      if (!isRecord(b)) throw new RequestError('binaries', 'binaries: every item must be {path, content_base64}');
      const path = checkPath(b.path, 'binaries', seen);
      add(path, b.bytes instanceof Uint8Array ? b.bytes : decodeBase64(b.content_base64, path));
    }
  }
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Writes the checked folder files into the new skill folder `dir` (0644). */
export async function writeFolderFiles(fs: FsLike, dir: string, files: FolderFiles): Promise<void> {
  const write = fs.promises.writeFile as unknown as (p: string, data: Uint8Array, o: { mode: number }) => Promise<void>;
  for (const [path, bytes] of files) {
    const full = join(dir, ...path.split('/'));
    await refuseLinkedParents(fs, dir, path);
    await fs.promises.mkdir(dirname(full), { recursive: true });
    await fs.promises.rm(full, { force: true });
    await write(full, bytes, { mode: 0o644 });
    await fs.promises.chmod(full, 0o644);
  }
}

/** A carried-over folder (or file) on the way that is a symlink would send the write elsewhere: refused. */
async function refuseLinkedParents(fs: FsLike, dir: string, path: string): Promise<void> {
  const parts = path.split('/');
  for (let i = 1; i <= parts.length; i++) {
    const st = await statIfExists(fs, join(dir, ...parts.slice(0, i)), true);
    if (st?.isSymbolicLink()) throw new RequestError('files', `"${parts.slice(0, i).join('/')}" in the skill folder is a symbolic link; remove it before saving files under it`);
    if (!st) return;
  }
}
