// What happens to an imported skill before anyone saves it, shared
// by the CLI `import` and `POST /skill-builder/import`: an optional new name
// (the frontmatter `name` is rewritten), validation with the folder files,
// requirement proposals for a skill without `metadata.forge` (a package's
// skill.provenance.json is left out of the draft: it is shown, never saved), the reply of
// the import route (camelCase; core/protocol/import-wire.ts maps it), and the save through saveSkill (its checks, 409 included).

import type { ImportReply } from '../../core/protocol/import-wire.js';
import type { ValidationResult } from '../../core/diagnostics.js';
import { assertSafeSkillName } from '../../core/names.js';
import { inferRequirements, type InferredRequirements } from '../../core/skill-folder/infer-requirements.js';
import { acceptRequirements, type AcceptedRequirements } from '../../core/skill-folder/accept-requirements.js';
import { Skill, type SkillLike } from '../../core/skill/skill.js';
import { validateSkillMd } from '../../core/skillmd/validate/validate.js';
import { refuseNonSkillOccupant } from '../skill-store/agent-read.js';
import { listCustomSkills } from '../skill-store/index.js';
import { SkillConflictError } from '../../core/errors.js';
import { SKILL_PROVENANCE } from '../../core/trust/files.js';
import { saveSkill, type SaveSkillOptions, type SaveSkillResult } from './save-skill.js';

export interface PreparedImport {
  name: string;
  /** The imported skill, renamed when a new name was given. */
  skill: Skill;
  validation: ValidationResult;
  /** Requirements read from the scripts, when the SKILL.md has no `metadata.forge`; else null. */
  proposals: InferredRequirements | null;
}

/** Replaces the frontmatter `name:` value (or adds one after the opening `---`). */
export function renameSkillMd(skillMd: string, name: string): string {
  const fm = /^(---\r?\n)([\s\S]*?)(\r?\n---[ \t]*(?:\r?\n|$))/.exec(skillMd);
  if (!fm) return skillMd;
  const body = /^name:.*$/m.test(fm[2]!) ? fm[2]!.replace(/^name:.*$/m, `name: ${name}`) : `name: ${name}\n${fm[2]}`;
  return fm[1] + body + fm[3] + skillMd.slice(fm[0].length);
}

/** A package's provenance entry describes the package, not the skill: it is shown with the import and never saved into the folder. */
function withoutProvenance(skill: Skill): Skill {
  if (!(SKILL_PROVENANCE in skill.files) && !skill.binaries.some((b) => b.path === SKILL_PROVENANCE)) return skill;
  const files = Object.fromEntries(Object.entries(skill.files).filter(([p]) => p !== SKILL_PROVENANCE));
  return skill.with({ files, binaries: skill.binaries.filter((b) => b.path !== SKILL_PROVENANCE) });
}

export function prepareImport(input: SkillLike, options: { name?: string; profile?: 'forge' | 'agentskills' } = {}): PreparedImport {
  if (options.name !== undefined) assertSafeSkillName(options.name, 'name');
  const imported = withoutProvenance(Skill.from(input));
  const skill = options.name !== undefined ? imported.with({ skillMd: renameSkillMd(imported.skillMd, options.name) }) : imported;
  const fmName = skill.frontmatter?.name;
  const name = options.name ?? (typeof fmName === 'string' ? fmName : '');
  const validation = validateSkillMd(skill.skillMd, {
    profile: options.profile ?? 'forge',
    scripts: skill.scripts,
    files: skill.folderListing(),
    parsed: skill.parsed,
    ...(name ? { dirName: name } : {}),
  });
  const metadata = skill.frontmatter?.metadata;
  const hasForge = typeof metadata === 'object' && metadata !== null && 'forge' in metadata;
  return { name, skill, validation, proposals: hasForge ? null : inferRequirements(skill.scripts) };
}

/** Every proposal as AcceptedRequirements (what "accept all" sends), or null when there is none. */
export function allProposals(p: PreparedImport): AcceptedRequirements | null {
  const r = p.proposals;
  if (!r || r.bins.length + r.egressDomains.length + r.env.length === 0) return null;
  return { bins: r.bins, egressDomains: r.egressDomains, env: r.env };
}

/** The SKILL.md with `all` declared, or null when it cannot take them (no frontmatter, a proposal that is not a valid name). */
function proposedSkillMd(skillMd: string, all: AcceptedRequirements): string | null {
  try {
    return acceptRequirements(skillMd, all);
  } catch {
    return null;
  }
}

/** A prepared import as the import route replies it (binaries carry their bytes as base64; core/protocol/import-wire.ts maps it). */
export function importReply(p: PreparedImport): ImportReply {
  const all = allProposals(p);
  return {
    name: p.name,
    draft: {
      skillMd: p.skill.skillMd,
      scripts: p.skill.scripts,
      files: p.skill.files,
      binaries: p.skill.binaries.map((b) => ({
        path: b.path,
        size: b.size,
        sha256: b.sha256,
        ...(b.bytes ? { contentBase64: Buffer.from(b.bytes).toString('base64') } : {}),
      })),
    },
    validation: p.validation,
    proposals: p.proposals && { bins: p.proposals.bins, egressDomains: p.proposals.egressDomains, env: p.proposals.env },
    // The SKILL.md with every proposal accepted: to show the operator the change (a diff) before they accept any.
    proposedSkillMd: all ? proposedSkillMd(p.skill.skillMd, all) : null,
  };
}

/**
 * Refuses (SkillConflictError, nothing written) an import whose tool names another skill of the agent
 * already defines: a renamed import keeps its tools, and the agent's build would drop them with
 * `tool-name-conflict`. The skill it replaces (same name) does not count.
 */
async function refuseToolClash(agentDir: string, p: PreparedImport, io: SaveSkillOptions): Promise<void> {
  const mine = new Set(p.skill.parsed.tools.map((t) => t.name));
  if (mine.size === 0) return;
  for (const other of await listCustomSkills(agentDir, io)) {
    if (other.name === p.name || other.dirName === p.name) continue;
    const shared = other.tools.filter((t) => mine.has(t));
    if (shared.length === 0) continue;
    throw new SkillConflictError(
      p.name,
      `the agent's skill "${other.name}" already defines the tool${shared.length > 1 ? 's' : ''} ${shared.map((t) => `"${t}"`).join(', ')}, and an agent cannot have two tools with one name (its build would leave this one out): rename the "## Tool:" section${shared.length > 1 ? 's' : ''} and ${shared.length > 1 ? 'their scripts' : 'its script'} in the source, then import again`,
    );
  }
}

export interface SaveImportOptions extends SaveSkillOptions {
  /** The proposals the operator accepted; none are applied otherwise. */
  accept?: AcceptedRequirements;
  /** Replace the agent's skill of the same name (edit mode) instead of refusing it with SkillConflictError. */
  replace?: boolean;
}

/**
 * Saves a prepared import through saveSkill (its checks): as a new skill (an existing one is a
 * SkillConflictError / 409, and so is an entry of skills/ under that name that the skill store
 * skips, such as a symlink out of the folder), or with `replace` over the agent's skill of that name.
 */
export async function saveImport(agentDir: string, p: PreparedImport, options: SaveImportOptions = {}): Promise<SaveSkillResult> {
  const { accept, replace, ...saveOptions } = options;
  if (!replace) await refuseNonSkillOccupant(agentDir, p.name, saveOptions);
  await refuseToolClash(agentDir, p, saveOptions);
  return saveSkill(
    agentDir,
    {
      skill: accept ? p.skill.with({ skillMd: acceptRequirements(p.skill.skillMd, accept) }) : p.skill,
      skillName: p.name,
      ...(replace ? { editingName: p.name, overwrite: true } : {}),
      // The import is the whole folder: a replaced skill's files it does not hold are removed.
      folderFiles: 'replace',
    },
    saveOptions,
  );
}
