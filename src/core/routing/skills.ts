// Checking the skills a routing check is given, reading their catalog name and
// description, and writing a new description into a SKILL.md (the operator's
// Accept of a proposal), keeping every other line of the frontmatter.
import { parseDocument } from 'yaml';
import { RequestError } from '../errors.js';
import { splitFrontmatter } from '../skillmd/frontmatter.js';
import { Skill } from '../skill/skill.js';
import type { SkillBrief } from './designer.js';
import { routingSkillName } from './agent-view.js';
import { trimEndOf } from '../trim-run.js';

/** The Skill of `skill`; throws RequestError naming `field` when it is not a Skill, a SKILL.md text or `{skillMd, scripts?, dirName?}`. */
export function routingSkill(skill: unknown, field: string): Skill {
  if (skill instanceof Skill || typeof skill === 'string') return Skill.from(skill);
  if (!skill || typeof skill !== 'object') throw new RequestError(field, `${field} must be a Skill or {skillMd, scripts?, dirName?}`);
  const { skillMd, scripts } = skill as Record<string, unknown>;
  if (typeof skillMd !== 'string') throw new RequestError(`${field}.skillMd`, `${field}.skillMd must be the SKILL.md text`);
  if (scripts !== undefined && (scripts === null || typeof scripts !== 'object' || Array.isArray(scripts))) {
    throw new RequestError(`${field}.scripts`, `${field}.scripts must be {fileName: content} (contents may be '')`);
  }
  return Skill.from(skill as { skillMd: string });
}

export function skillBriefs(skills: readonly Skill[]): SkillBrief[] {
  return skills.map((s) => ({ name: routingSkillName(s), description: s.description.replace(/\s+/g, ' ').trim() }));
}

/**
 * The SKILL.md with its frontmatter `description` set to `description` (added
 * when missing); comments, key order and the body are kept. Throws RequestError
 * when the file has no frontmatter to edit.
 */
export function withDescription(skillMd: string, description: string): string {
  const split = splitFrontmatter(skillMd);
  if (!split.present || split.diagnostics.length > 0) {
    throw new RequestError('skillMd', 'the SKILL.md has no closed frontmatter (--- … ---) to put the description in');
  }
  const doc = parseDocument(split.yaml);
  if (doc.errors.length > 0) throw new RequestError('skillMd', `the frontmatter is not valid YAML (${doc.errors[0]!.message}); fix it first`);
  doc.set('description', description.replace(/\s+/g, ' ').trim());
  const yaml = trimEndOf(doc.toString({ lineWidth: 0 }), '\n');
  return `---\n${yaml}\n---\n${split.body}`;
}
