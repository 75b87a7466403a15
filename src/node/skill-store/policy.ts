// The skill store's skip policy, as names: which entries of a skills folder
// (or of a skill folder) are never a skill. list.ts applies it to a folder on
// disk; the import reader (skill-folder/read-folder.ts) applies the same
// hidden-entry rule to a folder it imports. Pure functions of a name.

import { checkSkillName } from '../../core/names.js';

export const SKILL_MD = 'SKILL.md';

/** Hidden entries (editor files, `.git`, the temp folders of a save in progress) are left out, never reported. */
export function isHiddenName(name: string): boolean {
  return name.startsWith('.');
}

/** `_template` and friends: starter material, never a skill (and never a valid skill name). */
export function isTemplateName(name: string): boolean {
  return name.startsWith('_');
}

/** A README (any case, `.md` or not) documents a skills folder; it is not a skill. */
export function isReadmeName(name: string): boolean {
  return /^readme(\.md)?$/i.test(name);
}

/** The skill name of a flat `<name>.md` file (unchecked), or null when the file is not Markdown. */
export function flatStem(name: string): string | null {
  return name.endsWith('.md') && name.length > 3 ? name.slice(0, -3) : null;
}

/** Why a folder or flat-file name cannot be a skill, or null when it can (checked before it reaches a path). */
export function skillEntryNameProblem(name: string): string | null {
  const problem = checkSkillName(name);
  return problem === null ? null : `${problem}; a skill's folder (or flat <name>.md file) carries its kebab-case name`;
}

/**
 * Why the store would skip a skill saved under `name` (hidden, `_`-prefixed, a README, not a
 * kebab-case skill name), or null when a skill of that name is listed and read like any other.
 */
export function skippedSkillNameProblem(name: string): string | null {
  if (isHiddenName(name)) return `"${name}" is hidden (starts with "."); the skill store leaves hidden entries out`;
  if (isTemplateName(name)) return `"${name}" starts with "_", which marks a template the skill store skips`;
  if (isReadmeName(name)) return `"${name}" is a README name; the skill store reads a README as the folder's notes, not a skill`;
  return skillEntryNameProblem(name);
}

/** Files of scripts/ left out without a report: housekeeping that every tool creates. */
export function isSilentScriptFile(name: string): boolean {
  return name === '.DS_Store' || name === '.gitkeep';
}
