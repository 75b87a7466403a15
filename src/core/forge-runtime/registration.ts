// Which entries of a skill Forge's runtime registers as callable tools, and
// which skills it lists in the system prompt's catalog (reached through
// `read_skill`) — the two sides of one rule. An entry is callable when the
// skill runs as a binary or a script binds to it; a callable entry is
// registered unless a provider would refuse it (a property key outside the
// providers' rule, a tool name they reject) or the registry already holds its
// name (a built-in, `read_skill`) or refuses it (`__` is reserved for
// namespaced tools). The catalog lists a skill that loads, has a name and a
// description, and either has no entries or at least one that is not callable.

import { isBuiltinTool } from './builtins.js';

/** The runtime's own tool for loading a skill from the catalog. */
export const READ_SKILL_TOOL_NAME = 'read_skill';

/** The providers' rule for tool (function) names. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

/** What the contract needs to know about one entry the runtime reads. */
export interface RuntimeEntryFacts {
  name: string;
  /** The script a tool binds to; null or absent when none does. */
  script?: string | null;
  /** Property keys of its input schema the providers reject. */
  invalidKeys?: readonly string[];
}

/** True when the runtime makes the entry a callable tool (rather than a `read_skill` capability). */
export function isCallableEntry(runtime: string, entry: RuntimeEntryFacts): boolean {
  return runtime === 'binary' || Boolean(entry.script);
}

/** Why the runtime (or a provider) will not take a tool by this name, or null when it will. */
export function toolNameProblem(name: string): 'provider' | 'reserved' | 'taken' | null {
  if (!TOOL_NAME_PATTERN.test(name)) return 'provider';
  if (name.includes('__')) return 'reserved';
  if (isBuiltinTool(name) || name === READ_SKILL_TOOL_NAME) return 'taken';
  return null;
}

/** True when the runtime registers the entry as a tool the model can call. */
export function registersTool(runtime: string, entry: RuntimeEntryFacts): boolean {
  return isCallableEntry(runtime, entry) && (entry.invalidKeys?.length ?? 0) === 0 && toolNameProblem(entry.name) === null;
}

export interface CatalogSkillFacts {
  /** The name `read_skill` takes: the frontmatter `name`, else the folder, else the file name. */
  name: string;
  /** The frontmatter description, else the first entry's non-empty description. */
  description: string;
  /** `metadata.forge.runtime` (`script` when unset). */
  runtime: string;
  /** Every entry the runtime reads, in file order. */
  entries: readonly RuntimeEntryFacts[];
  /** False when the runtime would not load the skill at all. */
  loads: boolean;
  /** The skill declares `requires.bins`. */
  declaresBins: boolean;
}

export interface CatalogListing {
  /** Entries the model carries out by following the skill (`[provides: …]`), in file order, repeats kept. */
  provides: string[];
  /** `(uses cli_execute)`: the skill declares binaries and has an entry. */
  usesCli: boolean;
}

/** How the runtime lists a skill in its catalog, or null when it leaves the skill out. */
export function catalogListing(skill: CatalogSkillFacts): CatalogListing | null {
  if (!skill.loads || skill.name === '' || skill.description === '') return null;
  const provides = skill.entries.filter((e) => !isCallableEntry(skill.runtime, e)).map((e) => e.name);
  if (skill.entries.length > 0 && provides.length === 0) return null;
  return { provides, usesCli: skill.entries.length > 0 && skill.declaresBins };
}
