// Writing several files as one change: a settings save is all or
// nothing. A caller first reads and checks every file under the locks and
// computes every new text — so a malformed file, a symlink or a bad value
// stops the change before any byte is written — then hands the planned writes
// here. Each write is atomic (temp file + rename); when a later one fails, the
// earlier ones are put back as they were (or removed when they did not exist).

import { writeFileAtomic, withFileLock } from '../fs/atomic-write.js';
import type { FsLike } from '../fs/types.js';

export interface PlannedWrite {
  path: string;
  /** The new content. */
  text: string;
  /** Permission bits of the new file. */
  mode: number;
  /** The content before the change (null: the file did not exist), to restore on failure. */
  previous: string | null;
}

/** Runs `fn` holding the lock of every path, taken in the order given (callers keep one order, so no deadlock). */
export async function withFileLocks<T>(fs: FsLike, paths: readonly string[], fn: () => Promise<T>): Promise<T> {
  const [first, ...rest] = [...new Set(paths)];
  if (first === undefined) return fn();
  return withFileLock(fs, first, () => withFileLocks(fs, rest, fn));
}

/** Applies the writes in order; on a failure, restores the files already written and rethrows. */
export async function writeAllOrNothing(fs: FsLike, writes: readonly PlannedWrite[]): Promise<void> {
  const done: PlannedWrite[] = [];
  try {
    for (const w of writes) {
      await writeFileAtomic(fs, w.path, w.text, { mode: w.mode });
      done.push(w);
    }
  } catch (err) {
    for (const w of done.reverse()) {
      if (w.previous === null) await fs.promises.rm(w.path, { force: true }).catch(() => undefined);
      else await writeFileAtomic(fs, w.path, w.previous, { mode: w.mode }).catch(() => undefined);
    }
    throw err;
  }
}
