// Requirements of compiled skills: one skill's `metadata.forge` in artifact
// form, and the union over all skills that an agent runtime provisions.
// Union rules: bins deduplicated by name (an entry with an install recipe
// beats a bare name; required anywhere means required); an env var required
// by any skill is required even where another lists it as optional; each
// skill's `one_of` group stays its own group; lists are sorted and
// deduplicated; the timeout is the largest hint, in seconds.

import { warningDiag } from '../diagnostics.js';
import type { BinRequirement, ForgeMetadata } from '../skillmd/types.js';
import type { BinArtifact, BuildDiagnostic, RequirementsArtifact, SkillRequiresArtifact } from './types.js';

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  ms: 0.001,
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3600,
  hr: 3600,
  hrs: 3600,
  hour: 3600,
  hours: 3600,
};

/**
 * `timeout_hint` in seconds: a number is seconds; a string is `300`, `300s`,
 * `5m`, `1h`, `1h30m`, `90 sec`, `2 minutes`. Returns null for anything else
 * (and for zero or negative values).
 */
export function parseTimeoutHint(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value : null;
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) > 0 ? Number(text) : null;
  const part = /(\d+(?:\.\d+)?)\s*([a-z]+)\s*/y;
  let total = 0;
  let end = 0;
  for (let m = part.exec(text); m !== null; m = part.exec(text)) {
    const unit = UNIT_SECONDS[m[2]!];
    if (unit === undefined) return null;
    total += Number(m[1]) * unit;
    end = part.lastIndex;
  }
  if (end === 0 || end !== text.length || total <= 0) return null;
  return Math.round(total * 1000) / 1000;
}

/** Sorted, deduplicated copy (code-unit order, so it is the same everywhere). */
export function sortedUnique(values: Iterable<string>): string[] {
  return [...new Set(values)].sort(compareStrings);
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function hasRecipe(b: BinRequirement): boolean {
  return Boolean(b.apt || b.apk || b.url || (b.run && b.run.length > 0));
}

/** A bin entry in artifact form: known keys in a fixed order, then unknown keys sorted. */
export function binArtifact(b: BinRequirement, optional = b.optional === true): BinArtifact {
  const out: BinArtifact = { name: b.name };
  if (b.version !== undefined) out.version = b.version;
  if (optional) out.optional = true;
  if (b.apt !== undefined) out.apt = b.apt;
  if (b.apk !== undefined) out.apk = b.apk;
  if (b.url !== undefined) out.url = b.url;
  if (b.dest !== undefined) out.dest = b.dest;
  if (b.chmod !== undefined) out.chmod = b.chmod;
  if (b.run !== undefined) out.run = [...b.run];
  for (const k of Object.keys(b.extra ?? {}).sort(compareStrings)) if (!(k in out)) out[k] = b.extra![k];
  return out;
}

/** One skill's `requires` block in artifact form (bins as written, env and capabilities sorted). */
export function skillRequires(forge: ForgeMetadata): SkillRequiresArtifact {
  const required = sortedUnique(forge.requires.env.required);
  return {
    bins: forge.requires.bins.map((b) => binArtifact(b)),
    env: {
      required,
      one_of: sortedUnique(forge.requires.env.oneOf),
      optional: sortedUnique(forge.requires.env.optional).filter((v) => !required.includes(v)),
    },
    capabilities: sortedUnique(forge.requires.capabilities),
  };
}

export interface SkillRequirementsInput {
  /** Skill name, used in `one_of` groups and diagnostics. */
  skill: string;
  forge: ForgeMetadata;
  /** The skill's `timeout_hint` already in seconds (null when absent or not understood). */
  timeoutSeconds: number | null;
}

/**
 * The union of the requirements of `skills` (give them in a stable order, e.g.
 * by name: when two skills give a bin different install recipes, the first
 * wins and a warning names both).
 */
export function mergeRequirements(skills: readonly SkillRequirementsInput[]): {
  requirements: RequirementsArtifact;
  diagnostics: BuildDiagnostic[];
} {
  const diagnostics: BuildDiagnostic[] = [];
  const bins = new Map<string, { entry: BinRequirement; skill: string; required: boolean; version?: string }>();
  const required = new Set<string>();
  const optional = new Set<string>();
  const oneOf: Array<{ skill: string; vars: string[] }> = [];
  const capabilities = new Set<string>();
  const egress = new Set<string>();
  const denied = new Set<string>();
  let timeout: number | null = null;

  for (const { skill, forge, timeoutSeconds } of skills) {
    for (const b of forge.requires.bins) {
      const name = b.name.trim();
      if (!name) continue;
      const seen = bins.get(name);
      if (!seen) {
        bins.set(name, { entry: b, skill, required: b.optional !== true, ...(b.version ? { version: b.version } : {}) });
        continue;
      }
      seen.required ||= b.optional !== true;
      if (!seen.version && b.version) seen.version = b.version;
      if (hasRecipe(b) && !hasRecipe(seen.entry)) {
        seen.entry = b;
        seen.skill = skill;
      } else if (hasRecipe(b) && recipeKey(b) !== recipeKey(seen.entry)) {
        diagnostics.push({
          skill,
          ...warningDiag(
            'requirements-bin-conflict',
            'metadata.forge.requires.bins',
            `bin "${name}" has a different install recipe here than in skill "${seen.skill}"; the recipe from "${seen.skill}" is used — give both skills the same recipe`,
          ),
        });
      }
    }
    for (const v of forge.requires.env.required) required.add(v);
    for (const v of forge.requires.env.optional) optional.add(v);
    const group = sortedUnique(forge.requires.env.oneOf);
    if (group.length > 0) oneOf.push({ skill, vars: group });
    for (const c of forge.requires.capabilities) capabilities.add(c);
    for (const d of forge.egressDomains) egress.add(d);
    for (const t of forge.deniedTools) denied.add(t);
    if (timeoutSeconds !== null && (timeout === null || timeoutSeconds > timeout)) timeout = timeoutSeconds;
  }

  const binList = [...bins.keys()].sort(compareStrings).map((name) => {
    const { entry, required: isRequired, version } = bins.get(name)!;
    const chosen = version && !entry.version ? { ...entry, version } : entry;
    return binArtifact({ ...chosen, name }, !isRequired);
  });
  oneOf.sort((a, b) => compareStrings(a.skill, b.skill));
  return {
    requirements: {
      bins: binList,
      env: {
        required: sortedUnique(required),
        one_of: oneOf,
        optional: sortedUnique(optional).filter((v) => !required.has(v)),
      },
      capabilities: sortedUnique(capabilities),
      egress_domains: sortedUnique(egress),
      denied_tools: sortedUnique(denied),
      timeout_hint: timeout,
    },
    diagnostics,
  };
}

function recipeKey(b: BinRequirement): string {
  return JSON.stringify([b.apt ?? null, b.apk ?? null, b.url ?? null, b.dest ?? null, b.chmod ?? null, b.run ?? null]);
}
