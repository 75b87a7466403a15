// A dropped or picked skill folder as zip bytes for the import route (issue
// 17), with fflate. Loaded only when a folder is imported (its own chunk).
// The server checks the archive (paths, hidden files, sizes, entries) like
// any other; the folder limits are checked here first so a huge folder is
// refused before it is read into memory.

import { zipSync } from 'fflate';
import { SKILL_FOLDER_LIMITS as L } from '../../../core/skill-folder/limits.js';

export async function zipFolder(files: Array<{ path: string; file: File }>): Promise<Blob> {
  if (files.length > L.maxEntries) throw new Error(`the folder holds ${files.length} files; a skill may hold at most ${L.maxEntries}`);
  const total = files.reduce((n, f) => n + f.file.size, 0);
  if (total > L.maxTotalBytes) throw new Error(`the folder holds ${(total / 1048576).toFixed(1)} MiB; a skill may hold at most ${L.maxTotalBytes / 1048576} MiB`);
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) entries[f.path] = new Uint8Array(await f.file.arrayBuffer());
  // Stored, not deflated: the bytes only travel to the server, which unpacks them at once.
  return new Blob([zipSync(entries, { level: 0 }) as Uint8Array<ArrayBuffer>], { type: 'application/zip' });
}
