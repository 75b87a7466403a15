// The proposer of an optimisation: one designer call that rewrites what the
// model sees of a skill (its description, or its tools' descriptions) from
// the train failures of the candidate it improves on. It is shown only train
// requests: the SKILL.md it reads has every line that quotes a held-out
// request removed, so nothing it writes can be fitted to the held-out set.
import type { JsonSchema, LlmClient, LlmUsage } from '../llm/types.js';
import { briefList, designerCall, type SkillBrief } from './designer.js';
import { DesignerReplyError } from './errors.js';
import { MAX_DESCRIPTION_CHARS } from './improve-description.js';
import type { RoutingTarget, TrialResult } from './optimize-types.js';
import type { RoutingRequest } from './types.js';

const COMMON = [
  'You tune what an AI agent sees of one of its skills so that the agent routes the right requests to it.',
  'The agent decides from the skill catalog (name and description per skill) and from the descriptions of the tools it is offered.',
  'Name the intents and typical phrasings (in quotes) that must reach this skill; when another skill competes, draw the line.',
  'Claim nothing the SKILL.md does not do. Plain text, one paragraph each, at most 1024 characters each.',
];

const SYSTEM: Record<RoutingTarget, string> = {
  description: [
    ...COMMON,
    'Rewrite the skill `description`.',
    'Reply with JSON only: {"description": "...", "rationale": "one or two sentences: what changed and why"}.',
  ].join('\n'),
  tools: [
    ...COMMON,
    "This skill is not in the catalog: the model sees only its tools. Rewrite each tool's description (the prose under its heading).",
    'Reply with JSON only: {"tools": [{"name": "<tool name>", "description": "..."}], "rationale": "one or two sentences: what changed and why"}.',
  ].join('\n'),
};

const SCHEMA: Record<RoutingTarget, JsonSchema> = {
  description: {
    type: 'object',
    properties: { description: { type: 'string' }, rationale: { type: 'string' } },
    required: ['description', 'rationale'],
    additionalProperties: false,
  } as JsonSchema,
  tools: {
    type: 'object',
    properties: {
      tools: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, description: { type: 'string' } },
          required: ['name', 'description'],
          additionalProperties: false,
        },
      },
      rationale: { type: 'string' },
    },
    required: ['tools', 'rationale'],
    additionalProperties: false,
  } as JsonSchema,
};

export interface ProposeInput {
  llm: LlmClient;
  target: RoutingTarget;
  skill: SkillBrief;
  /** The SKILL.md (lines quoting a held-out request are removed here). */
  skillMd: string;
  /** The texts being improved on. */
  texts: Record<string, string>;
  /** That candidate's results on the train set. */
  trainResults: readonly TrialResult[];
  heldOut: readonly RoutingRequest[];
  others: readonly SkillBrief[];
  signal?: AbortSignal;
}

/** The SKILL.md without any line that contains a held-out request's text (case-insensitive). */
export function withoutHeldOut(skillMd: string, heldOut: readonly RoutingRequest[]): string {
  const hidden = heldOut.map((r) => r.text.toLowerCase());
  return skillMd
    .split('\n')
    .filter((line) => !hidden.some((h) => line.toLowerCase().includes(h)))
    .join('\n');
}

function failures(results: readonly TrialResult[], name: string): string {
  const lines = results
    .filter((r) => !r.ok)
    .map((r) => {
      const meant =
        r.expect === 'this' ? 'meant for this skill' : r.expect === 'other' ? `meant for ${r.skill ? `"${r.skill}"` : 'another skill'}` : 'meant for no skill';
      const went = r.chose ? (r.chose.skill === name ? 'this skill' : `"${r.chose.skill}"`) : 'no skill';
      return `- "${r.text}" — ${meant}; reached this skill in ${r.hits} of ${r.runs} runs (first run went to ${went})`;
    });
  return lines.length ? lines.join('\n') : '(none failed: make the wording sharper where it is vague)';
}

function currentTexts(target: RoutingTarget, texts: Record<string, string>): string {
  if (target === 'description') return `Current description: ${texts['description'] || '(none)'}`;
  return ['Current tool descriptions:', ...Object.entries(texts).map(([name, d]) => `- ${name}: ${d || '(none)'}`)].join('\n');
}

function readTexts(target: RoutingTarget, value: Record<string, unknown>, current: Record<string, string>): Record<string, string> {
  const clean = (v: unknown): string => (typeof v === 'string' ? v.replace(/\s+/g, ' ').trim() : '');
  const check = (what: string, text: string): string => {
    if (!text) throw new DesignerReplyError(what, 'it was empty');
    if (text.length > MAX_DESCRIPTION_CHARS) throw new DesignerReplyError(what, `it is ${text.length} characters, over ${MAX_DESCRIPTION_CHARS}`);
    return text;
  };
  if (target === 'description') return { description: check('description', clean(value['description'])) };
  const list = Array.isArray(value['tools']) ? (value['tools'] as unknown[]) : [];
  const out: Record<string, string> = {};
  for (const item of list) {
    if (!item || typeof item !== 'object') continue;
    const { name, description } = item as Record<string, unknown>;
    if (typeof name === 'string' && Object.hasOwn(current, name.trim())) out[name.trim()] = check(`description of tool ${name.trim()}`, clean(description));
  }
  if (Object.keys(out).length === 0) throw new DesignerReplyError('tool descriptions', 'no "tools" entry named one of the skill\'s tools');
  return { ...current, ...out };
}

/** One proposal: the new texts and why. */
export async function proposeTexts(input: ProposeInput): Promise<{ texts: Record<string, string>; rationale: string; usage: LlmUsage }> {
  const user = [
    `Skill: ${input.skill.name}`,
    currentTexts(input.target, input.texts),
    '',
    'Routing failures on the training requests:',
    failures(input.trainResults, input.skill.name),
    '',
    'Competing skills of the same agent:',
    briefList(input.others),
    '',
    'The SKILL.md:',
    withoutHeldOut(input.skillMd, input.heldOut).slice(0, 8000),
  ].join('\n');
  const { value, usage } = await designerCall(
    input.llm,
    {
      system: SYSTEM[input.target],
      messages: [{ role: 'user', content: user }],
      responseSchema: { name: input.target === 'description' ? 'routing_description' : 'routing_tool_descriptions', schema: SCHEMA[input.target] },
      ...(input.signal ? { signal: input.signal } : {}),
    },
    input.target === 'description' ? 'description' : 'tool descriptions',
  );
  const rationale = typeof value['rationale'] === 'string' ? value['rationale'].trim() : '';
  return { texts: readTexts(input.target, value, input.texts), rationale, usage };
}
