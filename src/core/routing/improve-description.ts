// improveDescription: one designer call that proposes a new frontmatter
// `description` for a skill from the routing failures (requests it missed and
// requests it took that belonged elsewhere) and the competing skills'
// descriptions. Trigger-rich ("When the user asks … ("…")"), at most 1024
// characters, and only claims what the SKILL.md does. It returns a proposal;
// nothing is changed unless the caller applies it (withDescription).
import { createLlmClient } from '../llm/client.js';
import type { JsonSchema, LlmClient, LlmConfig, LlmUsage } from '../llm/types.js';
import { RequestError } from '../errors.js';
import { briefList, designerCall } from './designer.js';
import { DesignerReplyError } from './errors.js';
import { routingSkill, skillBriefs } from './skills.js';
import type { SkillLike } from '../skill/skill.js';
import type { RoutingResult } from './types.js';

/** The longest description accepted (Agent Skills limit). */
export const MAX_DESCRIPTION_CHARS = 1024;

const SYSTEM = [
  'You improve the `description` of an agent skill so the agent routes the right requests to it.',
  "The agent picks a skill by comparing the user's request with each skill's description in its catalog; it loads a skill only when the description matches.",
  'Write a trigger-rich description: start with "When the user asks …" and name the intents and typical phrasings (in quotes) that must load this skill;',
  'say briefly what the skill does; when another skill competes, draw the line (what belongs there, not here).',
  'Claim nothing the SKILL.md does not do. One paragraph, plain text, at most 1024 characters.',
  'Reply with JSON only: {"description": "...", "rationale": "one or two sentences: what changed and why"}.',
].join('\n');

export const IMPROVED_DESCRIPTION_SCHEMA: JsonSchema = Object.freeze({
  type: 'object',
  properties: { description: { type: 'string' }, rationale: { type: 'string' } },
  required: ['description', 'rationale'],
  additionalProperties: false,
}) as JsonSchema;

export interface ImproveDescriptionOptions {
  llm: LlmClient | LlmConfig;
  draft: SkillLike;
  otherSkills?: readonly SkillLike[];
  /** The results of a routing check (the failures are what the proposal must fix). */
  results: readonly Pick<RoutingResult, 'text' | 'expect' | 'chose' | 'ok'>[];
  signal?: AbortSignal;
}

export interface ImprovedDescription {
  description: string;
  rationale: string;
  usage: LlmUsage;
}

function failureLines(results: ImproveDescriptionOptions['results'], name: string): string {
  const lines: string[] = [];
  for (const r of results) {
    if (r.ok) continue;
    const went = r.chose ? `went to ${r.chose.skill === name ? 'this skill' : `"${r.chose.skill}"`}` : 'loaded no skill';
    const meant = r.expect === 'this' ? 'meant for this skill' : r.expect === 'other' ? 'meant for another skill' : 'meant for no skill';
    lines.push(`- "${r.text}" — ${meant}, ${went}`);
  }
  return lines.length ? lines.join('\n') : '(none failed: tighten the wording only where it is vague)';
}

/** Proposes a new description; throws DesignerReplyError when the reply holds none. */
export async function improveDescription(opts: ImproveDescriptionOptions): Promise<ImprovedDescription> {
  const draft = routingSkill(opts.draft, 'draft');
  if (!Array.isArray(opts.results)) throw new RequestError('results', 'results must be the array a routing check returned');
  const llm: LlmClient = 'stream' in opts.llm ? opts.llm : createLlmClient(opts.llm);
  const [self, ...others] = skillBriefs([draft, ...(opts.otherSkills ?? []).map((s, i) => routingSkill(s, `otherSkills[${i}]`))]);
  const user = [
    `Skill: ${self!.name}`,
    `Current description: ${self!.description || '(none)'}`,
    '',
    'Routing failures:',
    failureLines(opts.results, self!.name),
    '',
    'Competing skills of the same agent:',
    briefList(others),
    '',
    'The SKILL.md:',
    draft.skillMd.slice(0, 8000),
  ].join('\n');
  const { value, usage } = await designerCall(
    llm,
    {
      system: SYSTEM,
      messages: [{ role: 'user', content: user }],
      responseSchema: { name: 'improved_description', schema: IMPROVED_DESCRIPTION_SCHEMA },
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
    'description',
  );
  const description = typeof value['description'] === 'string' ? value['description'].replace(/\s+/g, ' ').trim() : '';
  if (!description) throw new DesignerReplyError('description', 'no "description" string');
  if (description.length > MAX_DESCRIPTION_CHARS)
    throw new DesignerReplyError('description', `it is ${description.length} characters, over ${MAX_DESCRIPTION_CHARS}`);
  const rationale = typeof value['rationale'] === 'string' ? value['rationale'].trim() : '';
  return { description, rationale, usage };
}
