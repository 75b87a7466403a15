// The skill-package routes the files view calls, over the
// builder's ApiClient: `POST …/skill-builder/import` with a .zip/.skill as
// the body, or a folder as multipart/form-data (one part per file, named by
// its path in the folder), its reply read by core/protocol/import-wire.ts;
// `GET …/skills/{name}/export?format=zip|skill` as a Blob.

import { SKILL_FOLDER_LIMITS as L } from '../../../core/skill-folder/limits.js';
import { importReplyFromWire, type ImportReply as ImportedSkill } from '../../../core/protocol/import-wire.js';
import type { ApiClient } from '../../api/client.js';
/** An imported skill: its draft, validation and the requirement proposals (read by core/protocol/import-wire.ts). */
export type { ImportReply as ImportedSkill } from '../../../core/protocol/import-wire.js';
/** Requirements read from an imported skill's scripts (what the operator may accept). */
export type Requirements = NonNullable<ImportedSkill['proposals']>;

/**
 * Sends a package (zip bytes) or a folder's files to the import route; nothing is written on the server.
 * A folder past the limits (files, bytes) is refused here, before anything is uploaded.
 */
export async function importSkill(api: ApiClient, source: Blob | Array<{ path: string; file: File }>): Promise<ImportedSkill> {
  let body: Blob | FormData;
  if (source instanceof Blob) body = new Blob([source], { type: 'application/zip' });
  else {
    if (source.length > L.maxEntries) throw new Error(`the folder holds ${source.length} files; a skill may hold at most ${L.maxEntries}`);
    const total = source.reduce((n, f) => n + f.file.size, 0);
    if (total > L.maxTotalBytes)
      throw new Error(`the folder holds ${(total / 1048576).toFixed(1)} MiB; a skill may hold at most ${L.maxTotalBytes / 1048576} MiB`);
    body = new FormData();
    for (const f of source) body.append('file', f.file, f.path);
  }
  return importReplyFromWire(await (await api.request('POST', '/skill-builder/import', body)).json());
}

/** The agent's saved skill as a zip (`format: 'skill'` wraps it in one folder, as Anthropic's packages are). */
export async function exportPackage(api: ApiClient, agent: string, name: string, format: 'zip' | 'skill'): Promise<Blob> {
  const res = await api.request('GET', `/agents/${encodeURIComponent(agent)}/skill-builder/skills/${encodeURIComponent(name)}/export?format=${format}`);
  return res.blob();
}
