// Readers never see a half-saved skill. A save builds the new
// folder aside and swaps it in with two renames; between them the skill is
// briefly absent, and a reader that has the SKILL.md but not yet the scripts
// would mix two versions. Within one process, reads of an agent's `skills/`
// share a lock that the swap takes alone (fs/rw-lock.ts), so they see the old
// folder or the new one, whole. A save by another process cannot be locked out
// that way: a read that hits a vanished file (ENOENT) is simply read again,
// and a skill still absent after a few tries is reported as absent (404).

import { withReadLock, withWriteLock } from '../fs/rw-lock.js';
import type { FsLike } from '../fs/types.js';

/** Reads of `skillsDir`: concurrent with each other, never during a swap of this process. */
export function withSkillsRead<T>(fs: FsLike, skillsDir: string, fn: () => Promise<T>): Promise<T> {
  return withReadLock(fs, skillsDir, fn);
}

/** A swap of folders in `skillsDir` (the renames of a save): no reader of this process runs meanwhile. */
export function withSkillsSwap<T>(fs: FsLike, skillsDir: string, fn: () => Promise<T>): Promise<T> {
  return withWriteLock(fs, skillsDir, fn);
}

const TRIES = 8;
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Runs `read` again (a few times, briefly apart) while `vanished(result)` says a file disappeared under it. */
export async function retryVanished<R, T>(read: () => Promise<R>, vanished: (r: R) => boolean, finish: (r: R) => T): Promise<T> {
  let result = await read();
  for (let i = 1; i < TRIES && vanished(result); i++) {
    await sleep(2 * i);
    result = await read();
  }
  return finish(result);
}
