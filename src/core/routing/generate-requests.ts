// The designer call that writes test requests for a routing check: `count`
// requests a real user of this agent might type — about half meant for the
// skill under test, phrased the way people talk rather than copied from its
// description, and the rest near misses: requests that look related but belong
// to another installed skill (named) or to no skill at all.
import type { JsonSchema, LlmClient, LlmUsage } from '../llm/types.js';
import { briefList, designerCall, type SkillBrief } from './designer.js';
import { DesignerReplyError } from './errors.js';
import { MAX_REQUEST_CHARS } from './requests.js';
import type { RoutingRequest } from './types.js';

const SYSTEM = [
  'You write test requests for an AI agent, to check whether it picks the right skill.',
  'The agent sees a catalog of its skills (name and description) and decides from that alone which skill to load.',
  'Write requests the way real users type them: short, concrete, sometimes informal, with specific values (places, names, numbers).',
  'Never copy phrases from a description word for word; a good test request reaches the same intent in other words.',
  'Mix: about half "this" requests that the skill under test must handle; the rest near misses —',
  '"other" requests that look related but belong to another listed skill (give its name), and',
  '"none" requests that look related but need no skill at all (general knowledge, chit-chat, a task no skill covers).',
  'Reply with JSON only: {"requests": [{"text": "...", "expect": "this" | "other" | "none", "skill": "<name for other, else empty>"}]}.',
].join('\n');

export const GENERATED_REQUESTS_SCHEMA: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    requests: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          text: { type: 'string' },
          expect: { type: 'string', enum: ['this', 'other', 'none'] },
          skill: { type: 'string' },
        },
        required: ['text', 'expect', 'skill'],
        additionalProperties: false,
      },
    },
  },
  required: ['requests'],
  additionalProperties: false,
}) as JsonSchema;

export interface GenerateRequestsInput {
  llm: LlmClient;
  skill: SkillBrief & { skillMd: string };
  others: readonly SkillBrief[];
  count: number;
  /** Requests already in the list (not to be repeated). */
  existing: readonly string[];
  signal?: AbortSignal;
}

/** Asks for `count` requests; returns at most that many valid, new ones. */
export async function generateRequests(input: GenerateRequestsInput): Promise<{ requests: RoutingRequest[]; usage: LlmUsage }> {
  const user = [
    `Skill under test: ${input.skill.name}`,
    `Its description: ${input.skill.description || '(none)'}`,
    '',
    "The agent's other skills:",
    briefList(input.others),
    '',
    "The skill's SKILL.md, for what it really does:",
    input.skill.skillMd.slice(0, 6000),
    '',
    input.existing.length ? `Requests already in the test list (do not repeat them):\n${input.existing.map((t) => `- ${t}`).join('\n')}\n` : '',
    `Write ${input.count} requests.`,
  ].join('\n');
  const { value, usage } = await designerCall(
    input.llm,
    {
      system: SYSTEM,
      messages: [{ role: 'user', content: user }],
      responseSchema: { name: 'routing_requests', schema: GENERATED_REQUESTS_SCHEMA },
      ...(input.signal ? { signal: input.signal } : {}),
    },
    'requests',
  );
  const list = Array.isArray(value['requests']) ? (value['requests'] as unknown[]) : null;
  if (!list) throw new DesignerReplyError('requests', 'no "requests" array');
  const others = new Set(input.others.map((o) => o.name));
  const seen = new Set(input.existing.map((t) => t.toLowerCase()));
  const out: RoutingRequest[] = [];
  for (const item of list) {
    if (out.length >= input.count) break;
    if (!item || typeof item !== 'object') continue;
    const { text, expect, skill } = item as Record<string, unknown>;
    if (typeof text !== 'string' || !text.trim() || text.length > MAX_REQUEST_CHARS) continue;
    if (expect !== 'this' && expect !== 'other' && expect !== 'none') continue;
    if (seen.has(text.trim().toLowerCase())) continue;
    seen.add(text.trim().toLowerCase());
    const request: RoutingRequest = { text: text.trim(), expect, source: 'designer' };
    // A near miss for another skill names it only when the agent really has it.
    if (expect === 'other' && typeof skill === 'string' && others.has(skill.trim())) request.skill = skill.trim();
    out.push(request);
  }
  return { requests: out, usage };
}
