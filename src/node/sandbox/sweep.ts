// Stale run folders: a process that crashed mid-run leaves its
// `forge-try-<pid>-…` folder in the temp folder. The sweep removes the ones
// whose owning process is gone (`<pid>` not alive) or that are older than an
// hour (longer than any run: runs stop after 10 minutes) — at a process's
// first run and when the server starts. Folders it cannot remove (another
// user's) are left alone.

import { readdirSync, statSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RUN_DIR_PREFIX } from './workdir.js';

export const STALE_RUN_DIR_MS = 60 * 60 * 1000;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** True when a run folder name (with its mtime) is a leftover. */
export function isStaleRunDir(name: string, mtimeMs: number, now = Date.now()): boolean {
  if (!name.startsWith(RUN_DIR_PREFIX)) return false;
  if (now - mtimeMs > STALE_RUN_DIR_MS) return true;
  const pid = Number(/^(\d+)-/.exec(name.slice(RUN_DIR_PREFIX.length))?.[1]);
  return Number.isInteger(pid) && pid > 0 && pid !== process.pid && !alive(pid);
}

/** Removes leftover run folders in `dir` (the temp folder); returns the paths removed. */
export async function sweepStaleRunDirs(dir = tmpdir()): Promise<string[]> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.startsWith(RUN_DIR_PREFIX));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const path = join(dir, name);
    try {
      const st = statSync(path);
      if (!st.isDirectory() || !isStaleRunDir(name, st.mtimeMs)) continue;
      await rm(path, { recursive: true, force: true });
      removed.push(path);
    } catch {
      // gone meanwhile, or not ours to remove
    }
  }
  return removed;
}

let swept: Promise<unknown> | undefined;

/** The sweep, once per process (the first run awaits it). */
export function sweepOnce(): Promise<unknown> {
  return (swept ??= sweepStaleRunDirs());
}
