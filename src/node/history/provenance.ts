// What an exported package says about itself: the skill's files plus a
// `skill.manifest.json` of every content file (kept as it is when the folder
// is signed, so its signatures still verify; written afresh when it is not,
// so a stale one never travels) and a `skill.provenance.json` — the version
// id the history gives this exact folder, when its content was last saved
// (given by the caller, never the export time, so the same skill exports to
// the same bytes), by which builder, its risk score and level, and its evals
// (the last run saved with it, else its cases). The provenance entry is never
// covered by the manifest (it is written after signing).

import { readFileSync } from 'node:fs';
import type { SkillProvenance } from '../../core/api/types.js';
import { provenanceFromWire, provenanceToWire } from '../../core/protocol/history-wire.js';
import { assessSkillRisk } from '../../core/risk/assess.js';
import { skillEntries } from '../../core/skill-folder/zip-write.js';
import { toSkill } from '../../core/skill-folder/to-draft.js';
import type { Skill } from '../../core/skill/skill.js';
import { SKILL_MANIFEST, SKILL_PROVENANCE, splitTrustFiles } from '../../core/trust/files.js';
import { buildSkillManifest, serializeSkillManifest } from '../../core/trust/manifest.js';
import { folderEvals } from './eval-summary.js';
import { versionFiles, versionIdOf } from './store.js';

const encoder = new TextEncoder();

function builderVersion(): string {
  for (const rel of ['../../../package.json', '../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'forge-skill-builder' && pkg.version) return `forge-skill-builder@${pkg.version}`;
    } catch {
      // Not there from this file's folder: try the next.
    }
  }
  return 'forge-skill-builder';
}

/** The provenance of a skill's folder as it is now; `created` is when its content was saved (ISO). */
export function skillProvenance(skill: Skill, created: string): SkillProvenance {
  const entries = skillEntries(skill);
  const { content } = splitTrustFiles(entries);
  const risk = assessSkillRisk(skill);
  const { evals, line } = folderEvals(content);
  return {
    versionId: versionIdOf(versionFiles(entries)),
    created,
    builder: builderVersion(),
    riskScore: risk.score,
    riskLevel: risk.level,
    ...(line ? { evalSummary: line } : {}),
    ...(evals ? { evals } : {}),
  };
}

/** The skill with a manifest (its own when it is signed, else a fresh one) and its provenance entry, ready to be zipped. */
export async function withProvenance(skill: Skill, created: string): Promise<Skill> {
  const entries = skillEntries(skill);
  const { content, manifest, manifestSignature } = splitTrustFiles(entries);
  const out = new Map(entries);
  if (!manifest || !manifestSignature) out.set(SKILL_MANIFEST, encoder.encode(serializeSkillManifest(await buildSkillManifest(content))));
  out.set(SKILL_PROVENANCE, encoder.encode(`${JSON.stringify(provenanceToWire(skillProvenance(skill, created)), null, 2)}\n`));
  return toSkill([...out].map(([path, bytes]) => ({ path, bytes })));
}

/** The provenance entry a package carries, or undefined when it has none or it is not JSON. */
export function readProvenance(skill: Skill): SkillProvenance | undefined {
  const bytes = splitTrustFiles(skillEntries(skill)).provenance;
  if (!bytes) return undefined;
  try {
    return provenanceFromWire(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return undefined;
  }
}
