// `POST /skill-builder/import` reply on the wire: the imported draft (binaries
// with their bytes as `content_base64`), its validation, the requirement
// proposals, the SKILL.md with all of them accepted, and what its signatures say.

import type { Draft, ValidationResult } from '../api/types.js';
import type { AcceptedRequirements } from '../skill-folder/accept-requirements.js';
import type { SkillTrust } from '../trust/types.js';
import { BINARY, fields, REQUIREMENTS } from './fields.js';
import { skillTrustFromWire, skillTrustToWire } from './trust-wire.js';
import { provenanceFromWire, provenanceToWire } from './history-wire.js';
import type { SkillProvenance } from '../api/types.js';
import { folderFromWire, fromWire, requirementsToWire, str, strs, toWire, validationFromWire, type WireJson } from './wire.js';

/** The reply's fields: the draft's (SKILL.md, scripts, files, binaries) among them. */
export const IMPORT_REPLY = /*#__PURE__*/ fields(
  'name',
  'skillMd',
  'scripts',
  'files',
  'binaries',
  'validation',
  'proposals',
  'proposedSkillMd',
  'trust',
  'provenance',
);

/** A prepared import as the reply carries it. */
export interface ImportReply {
  /** The frontmatter name ('' when there is none). */
  name: string;
  draft: Draft;
  validation: ValidationResult;
  /** Requirements read from the scripts of a skill without `metadata.forge`; null when it has one. */
  proposals: { bins: string[]; egressDomains: string[]; env: string[] } | null;
  /** The SKILL.md with every proposal accepted (null: none, or it could not be applied). */
  proposedSkillMd: string | null;
  /** What the package's signatures and manifest say (absent when the server did not check). */
  trust?: SkillTrust;
  /** The package's `skill.provenance.json` (where it came from), when it has one. */
  provenance?: SkillProvenance;
}

export function importReplyToWire(r: ImportReply): WireJson {
  const binaries = r.draft.binaries?.map((b) => toWire(BINARY, b));
  return toWire(IMPORT_REPLY, {
    name: r.name,
    skillMd: r.draft.skillMd,
    scripts: r.draft.scripts,
    files: r.draft.files,
    binaries,
    validation: r.validation,
    proposals: r.proposals && requirementsToWire(r.proposals as AcceptedRequirements),
    proposedSkillMd: r.proposedSkillMd,
    trust: r.trust && skillTrustToWire(r.trust),
    provenance: r.provenance && provenanceToWire(r.provenance),
  });
}

export function importReplyFromWire(json: unknown): ImportReply {
  const f = fromWire(IMPORT_REPLY, json);
  const p = f.proposals ? fromWire(REQUIREMENTS, f.proposals) : null;
  return {
    name: str(f.name),
    draft: { skillMd: str(f.skillMd), scripts: { ...(f.scripts as Record<string, string> | undefined) }, files: {}, binaries: [], ...folderFromWire(json) },
    validation: validationFromWire(f.validation),
    proposals: p ? { bins: strs(p.bins), egressDomains: strs(p.egressDomains), env: strs(p.env) } : null,
    proposedSkillMd: typeof f.proposedSkillMd === 'string' ? f.proposedSkillMd : null,
    ...(f.trust ? { trust: skillTrustFromWire(f.trust) } : {}),
    ...(f.provenance ? { provenance: provenanceFromWire(f.provenance) } : {}),
  };
}
