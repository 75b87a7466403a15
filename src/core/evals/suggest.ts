// suggestEvals: the designer model proposes eval cases for a skill — tasks a
// real user would give the agent that the skill should make it do better,
// each with the expected output and verifiable expectations (deterministic
// checks where they fit). The cases are for the operator to edit before
// anything runs; one designer call, read leniently and checked (a reply
// without a list of cases is a DesignerReplyError, not an empty proposal).
import { RequestError } from '../errors.js';
import { createLlmClient } from '../llm/client.js';
import type { JsonSchema, LlmClient, LlmConfig, LlmUsage } from '../llm/types.js';
import { designerCall } from '../routing/designer.js';
import { DesignerReplyError } from '../routing/errors.js';
import { routingSkill } from '../routing/skills.js';
import type { SkillLike } from '../skill/skill.js';
import type { EvalCase } from './types.js';

const SYSTEM = [
  'You write evaluation cases for an AI agent skill: tasks that show whether the agent does the job better with the skill than without it.',
  'Each case is a realistic request a user would type, with concrete values; the expected output in one sentence; and 2 to 4 expectations.',
  'Prefer expectations a program can check, written exactly in one of these forms:',
  '"tool_called: <tool>", "tool_called: <tool> with {<json input fields>}", "tool_not_called: <tool>",',
  '"answer_contains: <text>", "answer_not_contains: <text>", "answer_matches: <text with * wildcards>", "json_path: $.a.b == <json>".',
  'Add at most one plain-language expectation per case for what only a reader can judge.',
  'Reply with JSON only: {"cases": [{"prompt": "...", "expected_output": "...", "expectations": ["..."]}]}.',
].join('\n');

export const SUGGESTED_CASES_SCHEMA: JsonSchema = Object.freeze({
  type: 'object',
  properties: {
    cases: {
      type: 'array',
      items: {
        type: 'object',
        properties: { prompt: { type: 'string' }, expected_output: { type: 'string' }, expectations: { type: 'array', items: { type: 'string' } } },
        required: ['prompt', 'expected_output', 'expectations'],
        additionalProperties: false,
      },
    },
  },
  required: ['cases'],
  additionalProperties: false,
}) as JsonSchema;

export interface SuggestEvalsOptions {
  llm: LlmClient | LlmConfig;
  skill: SkillLike;
  /** Cases to propose. Default 3, at most 10. */
  count?: number;
  /** Cases the skill has already (not repeated; new ids follow theirs). */
  existing?: readonly EvalCase[];
  signal?: AbortSignal;
}

/** Asks the designer for `count` new cases; returns the valid ones (source `designer`) and the usage. */
export async function suggestEvals(opts: SuggestEvalsOptions): Promise<{ cases: EvalCase[]; usage: LlmUsage }> {
  if (!opts?.llm) throw new RequestError('llm', 'llm is required: an LlmClient or an LlmConfig');
  const skill = routingSkill(opts.skill, 'skill');
  const count = opts.count ?? 3;
  if (!Number.isInteger(count) || count < 1 || count > 10) throw new RequestError('count', 'count must be a whole number from 1 to 10');
  const existing = opts.existing ?? [];
  const tools = skill.runtimeView.tools.map((t) => `- ${t.name}: ${t.description}`).join('\n') || '(none: an instruction-only skill, reached with read_skill)';
  const user = [
    `Skill: ${skill.name ?? '(unnamed)'}`,
    `Its tools:\n${tools}`,
    '',
    "The skill's SKILL.md:",
    skill.skillMd.slice(0, 8000),
    '',
    existing.length ? `Cases it has already (write different ones):\n${existing.map((c) => `- ${c.prompt}`).join('\n')}\n` : '',
    `Write ${count} cases.`,
  ].join('\n');
  const llm = 'stream' in opts.llm ? opts.llm : createLlmClient(opts.llm);
  const { value, usage } = await designerCall(
    llm,
    {
      system: SYSTEM,
      messages: [{ role: 'user', content: user }],
      responseSchema: { name: 'eval_cases', schema: SUGGESTED_CASES_SCHEMA },
      ...(opts.signal ? { signal: opts.signal } : {}),
    },
    'eval cases',
  );
  if (!Array.isArray(value['cases'])) throw new DesignerReplyError('eval cases', 'no "cases" list in it');
  const list = value['cases'] as unknown[];
  const seen = new Set(existing.map((c) => c.prompt.trim().toLowerCase()));
  let id = existing.reduce((n, c) => Math.max(n, c.id), 0);
  const cases: EvalCase[] = [];
  for (const item of list) {
    if (cases.length >= count || !item || typeof item !== 'object') continue;
    const { prompt, expected_output: expected, expectations } = item as Record<string, unknown>;
    if (typeof prompt !== 'string' || !prompt.trim() || seen.has(prompt.trim().toLowerCase())) continue;
    seen.add(prompt.trim().toLowerCase());
    const checks = Array.isArray(expectations) ? expectations.filter((e): e is string => typeof e === 'string' && e.trim() !== '').map((e) => e.trim()) : [];
    cases.push({
      id: ++id,
      prompt: prompt.trim(),
      expectedOutput: typeof expected === 'string' ? expected.trim() : '',
      files: [],
      expectations: checks,
      source: 'designer',
    });
  }
  return { cases, usage };
}
