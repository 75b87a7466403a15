// Reading and replacing configuration files only when they are regular files
// (never through a symlink): `.forge/.env`, `.forge/ui.yaml`, an
// agent's `.env` and `forge.yaml`, `~/.forge/ui.yaml`. A repository can commit
// a symlink where such a file belongs (`.forge/.env -> ~/.aws/credentials`);
// following it would read — and on save copy or rewrite — the link's target.
// Reads check with lstat and then open with O_NOFOLLOW when the injected `fs`
// can (node:fs and memfs both can), so a link swapped in between is refused
// too (ELOOP). A symlink is an UnsafePathError naming the file; the target is
// never opened.

import { UnsafePathError } from '../../core/errors.js';
import { errnoCode, readTextIfExists, type FsLike, type FsStatsLike } from './types.js';

/** `fs.constants` when the injected fs has them (node:fs, memfs). */
interface WithConstants {
  constants?: { O_RDONLY?: number; O_NOFOLLOW?: number };
}

interface FileHandleLike {
  readFile(options: { encoding: 'utf8' }): Promise<string | { toString(): string }>;
  stat(): Promise<FsStatsLike>;
  close(): Promise<void>;
}

type OpenFn = (path: string, flags: number) => Promise<FileHandleLike>;

export function symlinkRefused(path: string): UnsafePathError {
  return new UnsafePathError(
    'path',
    `${path} is a symbolic link; the skill builder reads and writes this file only as a regular file, so nothing was read through the link ` +
      `and its target was not changed. Replace the link with a regular file of your own, or remove it.`,
  );
}

function notRegular(path: string): UnsafePathError {
  return new UnsafePathError('path', `${path} is not a regular file; the skill builder reads and writes it only as a regular file. Move it away or remove it.`);
}

/** lstat of `path`, or null when it does not exist. */
async function lstatIfExists(fs: FsLike, path: string): Promise<FsStatsLike | null> {
  try {
    return await fs.promises.lstat(path);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
}

/** Throws UnsafePathError when `path` exists and is a symlink or not a regular file. Missing is fine. */
export async function assertRegularOrMissing(fs: FsLike, path: string): Promise<void> {
  const st = await lstatIfExists(fs, path);
  if (!st) return;
  if (st.isSymbolicLink()) throw symlinkRefused(path);
  if (!st.isFile()) throw notRegular(path);
}

/**
 * Reads a UTF-8 file that must be a regular file (never through a symlink); null when it does not exist.
 * UnsafePathError for a symlink or anything that is not a regular file.
 */
export async function readRegularTextIfExists(fs: FsLike, path: string): Promise<string | null> {
  const st = await lstatIfExists(fs, path);
  if (!st) return null;
  if (st.isSymbolicLink()) throw symlinkRefused(path);
  if (!st.isFile()) throw notRegular(path);
  const open = (fs.promises as { open?: OpenFn }).open;
  const flags = (fs as WithConstants).constants;
  if (typeof open !== 'function' || flags?.O_NOFOLLOW === undefined) return readTextIfExists(fs, path);
  let handle: FileHandleLike;
  try {
    handle = await open.call(fs.promises, path, (flags.O_RDONLY ?? 0) | flags.O_NOFOLLOW);
  } catch (err) {
    const code = errnoCode(err);
    if (code === 'ELOOP' || code === 'EMLINK') throw symlinkRefused(path); // swapped for a link after the lstat
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw err;
  }
  try {
    if (!(await handle.stat()).isFile()) throw notRegular(path);
    return String(await handle.readFile({ encoding: 'utf8' }));
  } finally {
    await handle.close();
  }
}
