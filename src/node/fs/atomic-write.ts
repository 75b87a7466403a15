// Atomic file replacement and per-file write serialisation.
// `writeFileAtomic` writes a sibling temp file, sets its mode explicitly (so a
// umask or the previous file's mode never decides it), then renames it over the
// target: a reader sees the old file or the new one, never half of either.
// `withFileLock` runs read-modify-write sections for one path one at a time
// within this process and, on the real file system, across processes too
// (fs/process-lock.ts), so concurrent edits of the same file never lose an update.

import { randomBytes } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';
import type { FsLike } from './types.js';
import { assertRegularOrMissing } from './no-follow.js';
import { withProcessLock } from './process-lock.js';

const locks = new WeakMap<FsLike, Map<string, Promise<unknown>>>();

/** Runs `fn` after every earlier call for the same `fs` + path has settled, holding the cross-process lock of the path. */
export async function withFileLock<T>(fs: FsLike, path: string, fn: () => Promise<T>): Promise<T> {
  return withQueue(fs, path, () => withProcessLock(fs, path, fn));
}

async function withQueue<T>(fs: FsLike, path: string, fn: () => Promise<T>): Promise<T> {
  let perFs = locks.get(fs);
  if (!perFs) {
    perFs = new Map();
    locks.set(fs, perFs);
  }
  const key = resolve(path);
  const previous = perFs.get(key) ?? Promise.resolve();
  const run = previous.then(fn, fn);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  perFs.set(key, tail);
  try {
    return await run;
  } finally {
    // Drop the entry once nothing else queued behind us, so the map does not grow.
    if (perFs.get(key) === tail) perFs.delete(key);
  }
}

/** A unique hidden sibling name for temp files and folders (`.<base>.<tag>-<random>`). */
export function tempSibling(target: string, tag = 'tmp'): string {
  return join(dirname(target), `.${basename(target)}.${tag}-${process.pid}-${randomBytes(6).toString('hex')}`);
}

export interface AtomicWriteOptions {
  /** Permission bits of the written file, e.g. `0o600`. Default `0o644`. */
  mode?: number;
}

/**
 * Replaces `path` with `data` atomically (temp file + rename); creates the parent folder. A `path` that is
 * a symlink (or not a regular file) is refused with UnsafePathError: the link is neither replaced nor followed.
 */
export async function writeFileAtomic(fs: FsLike, path: string, data: string, opts: AtomicWriteOptions = {}): Promise<void> {
  const mode = opts.mode ?? 0o644;
  await fs.promises.mkdir(dirname(path), { recursive: true });
  await assertRegularOrMissing(fs, path);
  const tmp = tempSibling(path);
  try {
    // `wx`: never reuse (or follow a symlink planted at) an existing temp name.
    await fs.promises.writeFile(tmp, data, { mode, flag: 'wx', encoding: 'utf8' });
    await fs.promises.chmod(tmp, mode);
    await fs.promises.rename(tmp, path);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true }).catch(() => undefined);
    throw err;
  }
}
