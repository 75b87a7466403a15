// The hidden temp folders of a skill save: `.<name>.saving-<pid>-<hex>`
// (the new folder being built) and `.<name>.old-<pid>-<hex>` (the previous
// one, moved aside during the swap). A crash can leave them behind; the next
// save or list removes those whose save is certainly over — the pid is not a
// running process, or it is this process and no save here is using the folder.
// A temp folder of another live process is kept: its save may be running.

import { join } from 'node:path';
import { errnoCode, listDir, type FsLike } from '../fs/types.js';

const TEMP_NAME = /^\.(.+)\.(saving|old)-(\d+)-[0-9a-f]{12}$/;

/** Temp folders of saves running in this process. */
const inUse = new Set<string>();

/** Marks `path` as used by a save in progress; call the returned function when the save is done with it. */
export function holdTemp(path: string): () => void {
  inUse.add(path);
  return () => inUse.delete(path);
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return errnoCode(err) === 'EPERM'; // exists, owned by someone else
  }
}

/** Whether a temp folder named `name` in `skillsDir` belongs to no running save. */
function isLeftover(skillsDir: string, name: string): boolean {
  const m = TEMP_NAME.exec(name);
  if (!m) return false;
  const pid = Number(m[3]);
  if (pid === process.pid) return !inUse.has(join(skillsDir, name));
  return !processIsAlive(pid);
}

/** Removes leftover `.saving-*` / `.old-*` folders of crashed saves from `skillsDir`. Returns their names. */
export async function cleanLeftoverTemps(fs: FsLike, skillsDir: string): Promise<string[]> {
  const removed: string[] = [];
  for (const e of await listDir(fs, skillsDir)) {
    if (!e.isDirectory || !isLeftover(skillsDir, e.name)) continue;
    await fs.promises.rm(join(skillsDir, e.name), { recursive: true, force: true }).catch(() => undefined);
    removed.push(e.name);
  }
  return removed;
}
