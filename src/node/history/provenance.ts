// What an exported package says about itself: the skill's files plus a
// `skill.manifest.json` of every content file (kept as it is when the folder
// is signed, so its signatures still verify; written when it is not) and a
// `skill.provenance.json` — the version id the history gives this exact
// folder, when it was exported, by which builder, its risk score and level,
// and how many eval cases it carries. The provenance entry is never covered
// by the manifest (it is written after signing).

import { readFileSync } from 'node:fs';
import type { SkillProvenance } from '../../core/api/types.js';
import { EVALS_FILE_PATH, readEvalsJson } from '../../core/evals/evals-file.js';
import { provenanceFromWire, provenanceToWire } from '../../core/protocol/history-wire.js';
import { assessSkillRisk } from '../../core/risk/assess.js';
import { skillEntries } from '../../core/skill-folder/zip-write.js';
import { toSkill } from '../../core/skill-folder/to-draft.js';
import type { Skill } from '../../core/skill/skill.js';
import { SKILL_MANIFEST, SKILL_PROVENANCE, splitTrustFiles } from '../../core/trust/files.js';
import { buildSkillManifest, serializeSkillManifest } from '../../core/trust/manifest.js';
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

function evalSummary(content: ReadonlyMap<string, Uint8Array>): string | undefined {
  const bytes = content.get(EVALS_FILE_PATH);
  if (!bytes) return undefined;
  try {
    const n = readEvalsJson(new TextDecoder().decode(bytes)).cases.length;
    return `${n} eval case${n === 1 ? '' : 's'} in ${EVALS_FILE_PATH}`;
  } catch {
    return `${EVALS_FILE_PATH} present but not readable`;
  }
}

/** The provenance of a skill's folder as it is now. */
export function skillProvenance(skill: Skill, now: Date = new Date()): SkillProvenance {
  const entries = skillEntries(skill);
  const { content } = splitTrustFiles(entries);
  const risk = assessSkillRisk(skill);
  const evals = evalSummary(content);
  return {
    versionId: versionIdOf(versionFiles(entries)),
    created: now.toISOString(),
    builder: builderVersion(),
    riskScore: risk.score,
    riskLevel: risk.level,
    ...(evals ? { evalSummary: evals } : {}),
  };
}

/** The skill with a manifest (unless it is signed already) and its provenance entry, ready to be zipped. */
export async function withProvenance(skill: Skill, now?: Date): Promise<Skill> {
  const entries = skillEntries(skill);
  const { content, manifest } = splitTrustFiles(entries);
  const out = new Map(entries);
  if (!manifest) out.set(SKILL_MANIFEST, encoder.encode(serializeSkillManifest(await buildSkillManifest(content))));
  out.set(SKILL_PROVENANCE, encoder.encode(`${JSON.stringify(provenanceToWire(skillProvenance(skill, now)), null, 2)}\n`));
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
