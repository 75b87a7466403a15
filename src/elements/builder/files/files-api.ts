// The skill-package routes the files view calls, over the
// builder's ApiClient: `POST …/skill-builder/import` with a .zip/.skill as
// the body, or a folder as multipart/form-data (one part per file, named by
// its path in the folder), its reply in camelCase;
// `GET …/skills/{name}/export?format=zip|skill` as a Blob.

import { SKILL_FOLDER_LIMITS as L } from '../../../core/skill-folder/limits.js';
import { folderFromWire, type ApiClient } from '../../api/client.js';
import type { Draft, ValidationResult } from '../../types.js';
/** Requirements read from an imported skill's scripts (what the operator may accept). */
export interface Requirements {
  bins: string[];
  egressDomains: string[];
  env: string[];
}

export interface ImportedSkill {
  /** The frontmatter name ('' when there is none). */
  name: string;
  draft: Draft;
  validation: ValidationResult;
  /** Requirements read from the scripts of a skill without `metadata.forge`; null when it has one. */
  proposals: Requirements | null;
}

type Json = Record<string, unknown>;
const strs = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

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
    if (total > L.maxTotalBytes) throw new Error(`the folder holds ${(total / 1048576).toFixed(1)} MiB; a skill may hold at most ${L.maxTotalBytes / 1048576} MiB`);
    body = new FormData();
    for (const f of source) body.append('file', f.file, f.path);
  }
  const j = (await (await api.request('POST', '/skill-builder/import', body)).json()) as Json;
  const v = (j.validation ?? {}) as Json;
  const p = j.proposals as Json | null | undefined;
  const scripts = (j.scripts ?? {}) as Record<string, string>;
  return {
    name: typeof j.name === 'string' ? j.name : '',
    draft: { skillMd: typeof j.skill_md === 'string' ? j.skill_md : '', scripts: { ...scripts }, files: {}, binaries: [], ...folderFromWire(j) },
    validation: { valid: v.valid === true, errors: Array.isArray(v.errors) ? v.errors : [], warnings: Array.isArray(v.warnings) ? v.warnings : [] },
    proposals: p ? { bins: strs(p.bins), egressDomains: strs(p.egress_domains), env: strs(p.env) } : null,
  };
}

/** The agent's saved skill as a zip (`format: 'skill'` wraps it in one folder, as Anthropic's packages are). */
export async function exportPackage(api: ApiClient, agent: string, name: string, format: 'zip' | 'skill'): Promise<Blob> {
  const res = await api.request('GET', `/agents/${encodeURIComponent(agent)}/skill-builder/skills/${encodeURIComponent(name)}/export?format=${format}`);
  return res.blob();
}
