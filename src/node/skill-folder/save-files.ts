// The folder files of a save request. `files` maps relative
// paths in any folder (not SKILL.md, not a `scripts/<plain name>` script) to UTF-8 text; `binaries`
// lists other files as `{path, bytes}`, `{path, contentBase64}` (the wire's
// `content_base64`, mapped by core/protocol/wire.ts) or `{path, sha256}` — keep the edited skill's file with that
// sha256 byte for byte (at its path or, renamed, at a new one). Paths are
// checked like archive entries (no `..`, absolute or drive paths,
// backslashes, hidden files, clashes after NFC + case folding, the folder
// limits). A listed `files` (or `binaries`) is the complete set: carried-over
// text files (or other files) of an edited skill that it leaves out are
// removed; left out of the request, they are carried over untouched.

import { dirname, join } from 'node:path';
import type { SaveBinaryFile } from '../../core/api/types.js';
import { RequestError } from '../../core/errors.js';
import { entryPathProblem, foldedPath } from '../../core/safe-text/entry-path.js';
import { SKILL_FOLDER_LIMITS as L } from '../../core/skill-folder/limits.js';
import { isFolderTextPath } from '../../core/skill-folder/to-draft.js';
import { listDir, statIfExists, type FsLike } from '../fs/types.js';
import type { SkillFolderFiles } from '../skill-store/folder-files.js';

export type { SaveBinaryFile };

/** A save request's folder files once checked. */
export interface CheckedFolderFiles {
  /** Path → bytes to write, in path order. */
  write: Map<string, Uint8Array>;
  /** Path → sha256 of an edited skill's file to keep there. */
  keep: Map<string, string>;
  /** Text paths → content, for the validator. */
  text: Record<string, string>;
  /** The request listed `files` / `binaries`: each is then the complete set. */
  filesListed: boolean;
  binariesListed: boolean;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function checkPath(path: unknown, field: string, seen: Map<string, string>, scripts: ReadonlySet<string>): string {
  if (typeof path !== 'string') throw new RequestError(field, `${field}: every path must be text`);
  const problem = entryPathProblem(path) ?? (path.endsWith('/') ? 'a file path may not end with "/"' : null);
  if (problem) throw new RequestError(field, `${field}: "${path}" is not allowed: ${problem}`);
  if (path.split('/').some((s) => s.startsWith('.'))) throw new RequestError(field, `${field}: "${path}" is a hidden file; skills may not hold hidden files`);
  if (path === 'SKILL.md' || (path.startsWith('scripts/') && ((field === 'files' && !isFolderTextPath(path)) || scripts.has(path.slice(8)))))
    throw new RequestError(field, `${field}: "${path}" belongs in skill_md or scripts, not in ${field}`);
  const key = foldedPath(path);
  const clash = seen.get(key);
  if (clash !== undefined) throw new RequestError(field, `${field}: "${path}" clashes with "${clash}" (equal after Unicode normalisation and case folding)`);
  seen.set(key, path);
  return path;
}

function decodeBase64(text: unknown, path: string): Uint8Array {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text))
    throw new RequestError('binaries', `binaries: the content_base64 of "${path}" must be base64 text`);
  return new Uint8Array(Buffer.from(text, 'base64'));
}

/** Checks `files` and `binaries` of a save request; throws RequestError naming the field. */
export function checkFolderFiles(files: unknown, binaries: unknown, scriptNames: readonly string[] = []): CheckedFolderFiles {
  const out: CheckedFolderFiles = { write: new Map(), keep: new Map(), text: {}, filesListed: files != null, binariesListed: binaries != null };
  const seen = new Map<string, string>();
  const scripts = new Set(scriptNames);
  let total = 0;
  const add = (path: string, bytes: Uint8Array): void => {
    total += bytes.length;
    if (total > L.maxTotalBytes) throw new RequestError('files', `files and binaries together exceed ${L.maxTotalBytes / (1024 * 1024)} MiB`);
    out.write.set(path, bytes);
  };
  if (files != null) {
    if (!isRecord(files)) throw new RequestError('files', 'files must be an object {relative path: text}');
    const entries = Object.entries(files);
    if (entries.length > L.maxTextFiles) throw new RequestError('files', `files: at most ${L.maxTextFiles} text files (got ${entries.length})`);
    for (const [path, text] of entries) {
      checkPath(path, 'files', seen, scripts);
      if (typeof text !== 'string') throw new RequestError('files', `files: the content of "${path}" must be text`);
      const bytes = new TextEncoder().encode(text);
      if (bytes.length > L.maxTextFileBytes) throw new RequestError('files', `files: "${path}" is over 1 MiB; send it as a binary file`);
      add(path, bytes);
      out.text[path] = text;
    }
  }
  if (binaries != null) {
    if (!Array.isArray(binaries)) throw new RequestError('binaries', 'binaries must be a list of {path, content_base64} or {path, sha256}');
    if (binaries.length + out.write.size > L.maxEntries) throw new RequestError('binaries', `a skill may hold at most ${L.maxEntries} files`);
    for (const b of binaries) {
      if (!isRecord(b)) throw new RequestError('binaries', 'binaries: every item must be {path, content_base64} or {path, sha256}');
      const path = checkPath(b.path, 'binaries', seen, scripts);
      if (b.bytes instanceof Uint8Array || b.contentBase64 !== undefined)
        add(path, b.bytes instanceof Uint8Array ? b.bytes : decodeBase64(b.contentBase64, path));
      else if (typeof b.sha256 === 'string' && /^[0-9a-f]{64}$/.test(b.sha256)) out.keep.set(path, b.sha256);
      else throw new RequestError('binaries', `binaries: "${path}" needs content_base64 (new bytes) or sha256 (keep the saved file, 64 lower-case hex digits)`);
    }
  }
  out.write = new Map([...out.write].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return out;
}

/**
 * The folder files as the validator sees them once saved (binaries as `''`),
 * or undefined when the request lists neither `files` nor `binaries`.
 */
export function savedFolderForValidation(req: CheckedFolderFiles, old: SkillFolderFiles | null): Record<string, string> | undefined {
  if (!req.filesListed && !req.binariesListed) return undefined;
  const out: Record<string, string> = req.filesListed ? { ...req.text } : { ...(old?.files ?? {}) };
  const binaryPaths = req.binariesListed ? [...req.write.keys(), ...req.keep.keys()].filter((p) => !(p in req.text)) : (old?.binaries ?? []).map((b) => b.path);
  for (const p of binaryPaths) out[p] = '';
  return out;
}

/**
 * Applies the checked folder files to the new skill folder `dir`, which holds
 * a copy of the edited skill's folder (listed as `old`; null in create mode):
 * kept binaries are resolved by sha256, left-out carried files are removed,
 * then every file is written (0644).
 */
export async function applyFolderFiles(fs: FsLike, dir: string, req: CheckedFolderFiles, old: SkillFolderFiles | null): Promise<void> {
  const write = new Map(req.write);
  for (const [path, sha] of req.keep) {
    const found = old?.binaries.find((b) => b.path === path && b.sha256 === sha) ?? old?.binaries.find((b) => b.sha256 === sha);
    if (!found)
      throw new RequestError(
        'binaries',
        `binaries: "${path}" asks to keep a file with sha256 ${sha.slice(0, 12)}…, which the skill being edited does not hold; send its content_base64 instead`,
      );
    write.set(path, found.bytes);
  }
  const removed: string[] = [];
  if (req.filesListed) for (const path of Object.keys(old?.files ?? {})) if (!write.has(path)) removed.push(path);
  if (req.binariesListed) for (const b of old?.binaries ?? []) if (!write.has(b.path)) removed.push(b.path);
  for (const path of removed) await fs.promises.rm(join(dir, ...path.split('/')), { force: true });
  await removeEmptyParents(fs, dir, removed);
  await writeFolderFiles(fs, dir, new Map([...write].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))));
}

/** Folders that removing files left empty are removed too (a renamed references/ does not linger). */
async function removeEmptyParents(fs: FsLike, dir: string, removed: readonly string[]): Promise<void> {
  const folders = new Set<string>();
  for (const path of removed) for (let p = dirname(path); p !== '.' && p !== ''; p = dirname(p)) folders.add(p);
  for (const folder of [...folders].sort((a, b) => b.length - a.length)) {
    const full = join(dir, ...folder.split('/'));
    const st = await statIfExists(fs, full, true);
    if (st?.isDirectory() && (await listDir(fs, full)).length === 0) await fs.promises.rm(full, { recursive: true, force: true });
  }
}

/** Writes folder files into the new skill folder `dir` (0644), never through a symlink on the way. */
export async function writeFolderFiles(fs: FsLike, dir: string, files: ReadonlyMap<string, Uint8Array>): Promise<void> {
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
    if (st?.isSymbolicLink())
      throw new RequestError('files', `"${parts.slice(0, i).join('/')}" in the skill folder is a symbolic link; remove it before saving files under it`);
    if (!st) return;
  }
}
