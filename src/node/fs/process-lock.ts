// The cross-process half of a file lock: two `ui` servers (two
// processes) on one workspace must not lose each other's read-modify-writes of
// `.env`, `forge.yaml` or `ui.yaml`. `proper-lockfile` takes a lock folder
// (`mkdir`, atomic on every local and network file system) next to the file —
// a hidden `.<name>.lock` — refreshes it while held, and treats one that has
// not been refreshed for 10 s as stale (a crashed holder), so a kill -9 never
// wedges the workspace. Only the real file system is locked this way: an
// injected `fs` (memfs) lives in one process, where the in-process queue of
// atomic-write.ts already serialises everything.

import * as nodeFs from 'node:fs';
import { basename, dirname, join } from 'node:path';
import lockfile from 'proper-lockfile';
import type { FsLike } from './types.js';

/** The hidden lock folder of `path`: `<dir>/.<name>.lock`. */
export function lockPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.lock`);
}

/** True when `fs` is the machine's file system (shared with other processes). */
export function isMachineFs(fs: FsLike): boolean {
  return fs.promises === nodeFs.promises;
}

const STALE_MS = 10_000;

/**
 * Runs `fn` holding the cross-process lock of `path` (when `fs` is the real file system; else runs it directly).
 * Waits for another process's lock with backoff, up to about a minute, longer than a stale lock lives.
 */
export async function withProcessLock<T>(fs: FsLike, path: string, fn: () => Promise<T>): Promise<T> {
  if (!isMachineFs(fs)) return fn();
  await nodeFs.promises.mkdir(dirname(path), { recursive: true });
  const release = await lockfile.lock(path, {
    realpath: false,
    lockfilePath: lockPathFor(path),
    stale: STALE_MS,
    retries: { retries: 400, factor: 1.2, minTimeout: 5, maxTimeout: 200, randomize: true },
    // The default throws from a timer (a crashed server) when the lock was taken over as stale; the write still finishes.
    onCompromised: () => undefined,
  });
  try {
    return await fn();
  } finally {
    await release().catch(() => undefined); // compromised (removed as stale by another process): nothing left to release
  }
}
