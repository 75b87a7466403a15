// The runtime skill catalog: the block of the agent's system prompt that says
// which skills exist and tells the agent to prefer a matching skill over its
// own defaults (seed: skill-activation-routing-pr). Two formats:
// - `forge`: `## Available Skills`, a routing directive, how to load a skill
//   with `read_skill`, then `- <name>: <description>` per skill.
// - `xml`: the Agent Skills `<available_skills>` form, XML-escaped.
// Also `filterSkills` (category / tags with AND semantics).
//
// Which skills the forge format lists, and the tools each provides, is the
// runtime contract's catalog rule (forge-runtime catalogListing) applied to
// the Skill's runtime view (read off its one parse): every entry the runtime reads, phantom
// `- word` entries included, minus the callable ones; a skill the runtime
// would drop, or whose every entry is callable, is not listed.
//
// Order: skills are sorted by name (code-unit order), ties by location; a
// later skill with the same name as an earlier one is dropped, so the output
// never depends on input order.

import { catalogListing } from './forge-runtime/registration.js';
import { trimEndOf } from './trim-run.js';
import { Skill, type SkillLike } from './skill/skill.js';

/**
 * One skill of the catalog: a Skill (or what becomes one), or one paired with
 * where the agent can read its SKILL.md (`…/skills/weather/SKILL.md` or a flat
 * `…/skills/weather.md`; the xml format lists it, and its folder or file stem
 * names the skill when neither the frontmatter nor `dirName` does).
 */
export type CatalogSkill = SkillLike | { skill: SkillLike; location?: string };

export type SkillCatalogFormat = 'forge' | 'xml';

export interface SkillCatalogOptions {
  format?: SkillCatalogFormat;
}

/**
 * Routing directive, our wording of the rule in the seed: consult the catalog
 * before answering from defaults; on a match load the skill and follow it;
 * fall back to defaults only when nothing matches (no over-routing).
 */
export const CATALOG_ROUTING_DIRECTIVE =
  'Before you answer a request from your own knowledge or habits, first compare it with the skill descriptions below. ' +
  'When a skill matches, load it with `read_skill` and do what it says instead of answering directly: a skill is installed precisely to replace your default behaviour for those requests, and its instructions take precedence over your general habits. ' +
  'Answer from your own defaults only when no skill matches the request.';

export const CATALOG_READ_SKILL_HOWTO =
  'To load a skill, call the `read_skill` tool with the skill name exactly as listed below; it returns the full SKILL.md with the steps to follow. ' +
  'Skills marked [provides: …] describe tools you carry out by following the instructions; (uses cli_execute) means the skill runs its approved command-line tools through `cli_execute`.';

interface CatalogEntry {
  name: string;
  description: string;
  location: string;
  provides: string[];
  usesCli: boolean;
  /** Forge's runtime lists it in its catalog (not when every entry is a callable tool). */
  listed: boolean;
  /** Forge's runtime would not load the skill (its reasons are in forgeRuntimeView's loadErrors). */
  dropped: boolean;
}

function baseName(path: string): string {
  const parts = trimEndOf(path, '\\/').split(/[\\/]/);
  return parts[parts.length - 1] ?? '';
}

/** Name from the frontmatter, else the folder name, else the file name from `location` (its folder for `SKILL.md`). */
function skillName(skill: Skill, location: string | undefined): string {
  const fmName = skill.frontmatter?.name;
  if (typeof fmName === 'string' && fmName.trim()) return fmName.trim();
  if (skill.dirName && baseName(skill.dirName)) return baseName(skill.dirName);
  if (location) {
    const parts = trimEndOf(location, '\\/').split(/[\\/]/);
    const file = parts[parts.length - 1] ?? '';
    if (/^skill\.md$/i.test(file)) return parts[parts.length - 2] ?? '';
    return file.replace(/\.md$/i, '');
  }
  return '';
}

function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

function isPaired(input: CatalogSkill): input is { skill: SkillLike; location?: string } {
  return typeof input === 'object' && input !== null && !(input instanceof Skill) && 'skill' in input;
}

/** Why the runtime would not load a skill (its first load error), per input; set by toEntry. */
const dropReason = new WeakMap<object, string>();

function toEntry(input: CatalogSkill): CatalogEntry | null {
  const paired = isPaired(input);
  const given = paired ? input.skill : input;
  if (typeof given !== 'string' && (typeof given !== 'object' || given === null || typeof given.skillMd !== 'string')) return null;
  const skill = Skill.from(given);
  const name = skillName(skill, paired ? input.location : undefined);
  // The Skill's one parse: the frontmatter and the runtime view (which reads it without parsing the YAML again).
  const view = skill.runtimeView;
  // The frontmatter description, else (as the runtime does) the first entry that has one.
  const rawDescription = skill.frontmatter?.description;
  const fmDescription = typeof rawDescription === 'string' ? oneLine(rawDescription) : '';
  const description = fmDescription || oneLine(view.tools.find((t) => t.description !== '')?.description ?? '');
  if (!name || !description) return null;
  const loads = view.loadErrors.length === 0;
  if (typeof input === 'object' && input !== null) dropReason.set(input, loads ? '' : view.loadErrors[0]!);
  // `loads` is judged apart (`dropped`): the xml format keeps a skill the runtime would drop.
  const listing = catalogListing({
    name,
    description,
    runtime: view.runtime,
    entries: view.tools,
    loads: true,
    declaresBins: skill.forge.requires.bins.length > 0,
  });
  const location = (paired ? input.location : undefined) ?? '';
  return {
    name,
    description,
    location,
    provides: listing?.provides ?? [],
    usesCli: listing?.usesCli ?? false,
    listed: listing !== null,
    dropped: !loads,
  };
}

function entriesOf(skills: readonly CatalogSkill[], keepDropped: boolean): CatalogEntry[] {
  const all: CatalogEntry[] = [];
  for (const s of skills) {
    const e = toEntry(s);
    if (e && (keepDropped || !e.dropped)) all.push(e);
  }
  all.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  return all.filter((e, i) => i === 0 || all[i - 1]!.name !== e.name);
}

/** `&`, `<`, `>`, `"` and `'` as entities. */
export function escapeXml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&apos;'));
}

/**
 * The catalog text for an agent's system prompt; `''` when no skill qualifies.
 * forge: skills with a name and description, minus those whose every tool is
 * a callable tool (those reach the model as tools, not through read_skill) and
 * those the runtime would not load.
 * xml: every skill with a name and description.
 */
export function buildSkillCatalog(skills: readonly CatalogSkill[], options: SkillCatalogOptions = {}): string {
  const xml = (options.format ?? 'forge') === 'xml';
  const entries = entriesOf(skills, xml);
  if (xml) {
    if (entries.length === 0) return '';
    const out = ['<available_skills>'];
    for (const e of entries) {
      out.push('  <skill>', `    <name>${escapeXml(e.name)}</name>`, `    <description>${escapeXml(e.description)}</description>`);
      if (e.location) out.push(`    <location>${escapeXml(e.location)}</location>`);
      out.push('  </skill>');
    }
    out.push('</available_skills>');
    return out.join('\n');
  }
  const lines: string[] = [];
  for (const e of entries) {
    if (!e.listed) continue;
    let line = `- ${e.name}: ${e.description}`;
    if (e.provides.length > 0) line += ` [provides: ${e.provides.join(', ')}]`;
    if (e.usesCli) line += ' (uses cli_execute)';
    lines.push(line);
  }
  if (lines.length === 0) return '';
  return ['## Available Skills', '', CATALOG_ROUTING_DIRECTIVE, '', CATALOG_READ_SKILL_HOWTO, '', ...lines, ''].join('\n');
}

export interface SkillFilter {
  /** Exact category (compared case-insensitively). */
  category?: string;
  /** The skill must carry every one of these tags (AND; case-insensitive). */
  tags?: readonly string[];
}

/** Something with a SKILL.md, or an already-read `{category, tags}` summary (e.g. a skills listing). */
export type FilterableSkill = Skill | { skillMd: string } | { category?: string | null; tags?: readonly string[] | null };

function facets(skill: FilterableSkill): { category: string; tags: string[] } {
  if (skill instanceof Skill || ('skillMd' in skill && typeof skill.skillMd === 'string')) {
    const fm = Skill.from(skill as SkillLike).frontmatter;
    return {
      category: typeof fm?.category === 'string' ? fm.category : '',
      tags: Array.isArray(fm?.tags) ? fm.tags.filter((t): t is string => typeof t === 'string') : [],
    };
  }
  const s = skill as { category?: string | null; tags?: readonly string[] | null };
  return { category: typeof s.category === 'string' ? s.category : '', tags: Array.isArray(s.tags) ? [...s.tags] : [] };
}

/** The skills matching `filter`, in input order. An empty filter keeps everything. */
export function filterSkills<T extends FilterableSkill>(skills: readonly T[], filter: SkillFilter = {}): T[] {
  const category = filter.category?.trim().toLowerCase() ?? '';
  const wanted = (filter.tags ?? []).map((t) => t.trim().toLowerCase()).filter(Boolean);
  if (!category && wanted.length === 0) return [...skills];
  return skills.filter((s) => {
    const f = facets(s);
    if (category && f.category.trim().toLowerCase() !== category) return false;
    if (wanted.length === 0) return true;
    const have = new Set(f.tags.map((t) => t.trim().toLowerCase()));
    return wanted.every((t) => have.has(t));
  });
}

/** A skill the catalog leaves out, and why in words an operator can act on. */
export interface CatalogOmission {
  /** The skill's name, else its location, else `#<n>` (1-based input position). */
  skill: string;
  reason: string;
}

/** Which of `skills` the catalog of `options.format` leaves out, and why (input order). */
export function catalogOmissions(skills: readonly CatalogSkill[], options: SkillCatalogOptions = {}): CatalogOmission[] {
  const xml = (options.format ?? 'forge') === 'xml';
  const out: CatalogOmission[] = [];
  const kept = new Map<string, string>();
  for (const entry of entriesOf(skills, xml)) kept.set(entry.name, entry.location);
  skills.forEach((input, i) => {
    const e = toEntry(input);
    const location = isPaired(input) ? (input.location ?? '') : '';
    if (!e) return void out.push({ skill: location || `#${i + 1}`, reason: 'it has no name or no description (the catalog lists a skill by both)' });
    if (e.dropped && !xml) {
      const why = typeof input === 'object' && input !== null ? dropReason.get(input) : undefined;
      return void out.push({ skill: e.name, reason: `the runtime would not load it${why ? `: ${why}` : ''}` });
    }
    if (kept.get(e.name) !== e.location)
      return void out.push({ skill: e.name, reason: `another skill has the name "${e.name}"${kept.get(e.name) ? ` (${kept.get(e.name)})` : ''}` });
    if (!xml && !e.listed) out.push({ skill: e.name, reason: 'each of its tools is a callable tool: the agent sees them as tools, not in the catalog' });
  });
  return out;
}
