// The skill-package routes the files view calls (issue 17), over the
// builder's ApiClient: `POST …/skill-builder/import` with a .zip/.skill as
// the body (a folder is zipped in the browser first, folder-zip.ts), its
// reply in camelCase; `GET …/skills/{name}/export?format=zip|skill` as a Blob.

import { folderFromWire, type ApiClient } from '../../api/client.js';
import type { Draft, ValidationResult } from '../../types.js';
import type { Requirements } from './requirements-text.js';

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

/** Sends a package (zip bytes) to the import route; nothing is written on the server. */
export async function importPackage(api: ApiClient, zip: Blob): Promise<ImportedSkill> {
  const j = (await (await api.request('POST', '/skill-builder/import', new Blob([zip], { type: 'application/zip' }))).json()) as Json;
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
