// When a skill's content was last saved, as a package's provenance states it:
// the newest modification time of its content files (hidden entries and the
// trust files at the root left out), in whole seconds. A save writes every
// file of the folder, so this is the save's time; reading it twice gives the
// same answer, which keeps an export byte-deterministic where the export's
// own time would not.

import { join } from 'node:path';
import { isTrustFile } from '../../core/trust/files.js';
import { listDir, type FsLike } from '../fs/types.js';
import { isHiddenName } from '../skill-store/policy.js';

async function newest(fs: FsLike, root: string, rel: string): Promise<number> {
  let max = 0;
  for (const e of await listDir(fs, join(root, rel))) {
    if (isHiddenName(e.name)) continue;
    const path = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory) max = Math.max(max, await newest(fs, root, path));
    else if (e.isFile && !isTrustFile(path)) max = Math.max(max, Number((await fs.promises.lstat(join(root, path))).mtimeMs ?? 0));
  }
  return max;
}

/** The time a skill folder (or a flat skill's file) was last saved, ISO in whole seconds; the epoch when nothing says. */
export async function lastSavedTime(fs: FsLike, path: string, isFolder: boolean): Promise<string> {
  const ms = isFolder ? await newest(fs, path, '') : Number((await fs.promises.lstat(path)).mtimeMs ?? 0);
  return new Date(Math.floor(ms / 1000) * 1000).toISOString();
}
