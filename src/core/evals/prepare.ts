// An eval run made ready before any call: options checked (RequestError naming
// the field), the two agent views (with the skill, and the baseline: without
// it or with its previous version), the cases (given, or evals/evals.json plus
// the Examples cases) and the plan that states the cost up front.
import { RequestError } from '../errors.js';
import { createLlmClient } from '../llm/client.js';
import type { LlmClient, LlmConfig } from '../llm/types.js';
import { buildAgentView, routingSkillName, type AgentView } from '../routing/agent-view.js';
import { routingSkill } from '../routing/skills.js';
import type { Skill } from '../skill/skill.js';
import { DEFAULT_REPLY_ALLOWANCE, tokensOf } from './budget.js';
import { DEFAULT_MAX_STEPS, MAX_TOOL_OUTPUT_CHARS } from './agent.js';
import { casesFromExamples } from './derived.js';
import { EVALS_FILE_PATH, readEvalsJson } from './evals-file.js';
import { parseExpectation } from './expectations.js';
import { JUDGE_TRANSCRIPT_CHARS } from './judge.js';
import type { RunEvalsOptions } from './options.js';
import type { EvalCase, EvalConfiguration, EvalPlan } from './types.js';

export const DEFAULT_RUNS_PER_CONFIGURATION = 3;

export interface AgentSetup {
  view: AgentView;
  skills: ReadonlyMap<string, Skill>;
}

export interface PreparedEvals {
  llm: LlmClient;
  judgeLlm: LlmClient;
  skill: Skill;
  name: string;
  setups: Record<EvalConfiguration, AgentSetup>;
  cases: EvalCase[];
  runsPerConfiguration: number;
  maxSteps: number;
  replyAllowance: number;
  plan: EvalPlan;
  /** The case the self-test runs (with_skill, run 1), or null when the self-test is off. */
  selfTestCase: EvalCase | null;
}

const client = (c: LlmClient | LlmConfig): LlmClient => ('stream' in c ? c : createLlmClient(c));

function setupOf(skills: readonly Skill[], agentName: string | undefined): AgentSetup {
  const view = buildAgentView(skills, agentName ? { agentName } : {});
  const byName = new Map<string, Skill>();
  for (const s of skills) if (view.skills.includes(routingSkillName(s)) && !byName.has(routingSkillName(s))) byName.set(routingSkillName(s), s);
  return { view, skills: byName };
}

/** The cases of the skill: its evals/evals.json, then (unless off) one per Examples row, numbered after the file's. */
export function skillCases(skill: Skill, fromExamples = true): EvalCase[] {
  const text = skill.files[EVALS_FILE_PATH];
  const fileCases = text === undefined ? [] : readEvalsJson(text).cases;
  const next = fileCases.reduce((n, c) => Math.max(n, c.id), 0) + 1;
  return fromExamples ? [...fileCases, ...casesFromExamples(skill, next)] : fileCases;
}

function positiveInt(value: unknown, field: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new RequestError(field, `${field} must be a whole number ≥ 1`);
  return value;
}

/** The cost bound: every run takes its full step limit (one tool result each step), every judged run retries once. */
export function planEvals(p: Omit<PreparedEvals, 'plan' | 'llm' | 'judgeLlm'>): EvalPlan {
  const base = Math.max(...Object.values(p.setups).map((s) => s.view.system.length + JSON.stringify(s.view.tools).length));
  const stepGrowth = tokensOf(MAX_TOOL_OUTPUT_CHARS) + 2 * p.replyAllowance;
  const perCase = (c: EvalCase): { calls: number; tokens: number } => {
    let tokens = 0;
    for (let i = 0; i < p.maxSteps; i++) tokens += tokensOf(base + c.prompt.length) + i * stepGrowth + p.replyAllowance;
    const judged = c.expectations.some((e) => parseExpectation(e).kind === 'judged');
    if (judged) tokens += 2 * (tokensOf(JUDGE_TRANSCRIPT_CHARS + c.prompt.length + c.expectations.join('\n').length + 2000) + p.replyAllowance);
    return { calls: p.maxSteps + (judged ? 2 : 0), tokens };
  };
  let maxCalls = 0;
  let maxTokens = 0;
  for (const c of p.cases) {
    const one = perCase(c);
    maxCalls += one.calls * 2 * p.runsPerConfiguration;
    maxTokens += one.tokens * 2 * p.runsPerConfiguration;
  }
  const selfTestCalls = p.selfTestCase ? perCase(p.selfTestCase).calls : 0;
  return { cases: p.cases.length, runs: p.cases.length * 2 * p.runsPerConfiguration, maxCalls, maxTokens, selfTestCalls };
}

export function prepareEvals(opts: RunEvalsOptions): PreparedEvals {
  if (!opts || typeof opts !== 'object') throw new RequestError('options', 'runEvals needs {llm, skill, otherSkills?, cases?, executor?, budget?}');
  if (!opts.llm) throw new RequestError('llm', 'llm is required: an LlmClient or an LlmConfig');
  const skill = routingSkill(opts.skill, 'skill');
  const name = routingSkillName(skill);
  if (!name) throw new RequestError('skill.skillMd', 'the skill has no name: add `name:` to its frontmatter');
  if (opts.otherSkills !== undefined && !Array.isArray(opts.otherSkills)) throw new RequestError('otherSkills', 'otherSkills must be an array of skills');
  const others = (opts.otherSkills ?? []).map((s, i) => routingSkill(s, `otherSkills[${i}]`)).filter((s) => routingSkillName(s) !== name);
  const baseline = opts.baseline ?? 'none';
  if (baseline !== 'none' && baseline !== 'previous') throw new RequestError('baseline', 'baseline must be "none" or "previous"');
  if (baseline === 'previous' && !opts.previous) throw new RequestError('previous', 'baseline "previous" needs the previous version of the skill (previous)');
  const previous = baseline === 'previous' ? [routingSkill(opts.previous, 'previous')] : [];
  const cases = opts.cases ? opts.cases.map((c) => ({ ...c })) : skillCases(skill, opts.fromExamples ?? true);
  if (cases.length === 0) throw new RequestError('cases', 'the skill has no eval cases: add evals/evals.json, an Examples table to a tool, or pass cases');
  const budget = opts.budget ?? {};
  for (const key of ['maxCalls', 'maxTokens'] as const) if (budget[key] !== undefined) positiveInt(budget[key], `budget.${key}`, 1);
  const setups = { with_skill: setupOf([skill, ...others], opts.agentName), without_skill: setupOf([...previous, ...others], opts.agentName) };
  const rest = {
    skill,
    name,
    setups,
    cases,
    runsPerConfiguration: positiveInt(opts.runsPerConfiguration, 'runsPerConfiguration', DEFAULT_RUNS_PER_CONFIGURATION),
    maxSteps: positiveInt(opts.maxSteps, 'maxSteps', DEFAULT_MAX_STEPS),
    replyAllowance: positiveInt(opts.replyAllowance, 'replyAllowance', DEFAULT_REPLY_ALLOWANCE),
    selfTestCase: opts.selfTest === false ? null : (cases.find((c) => c.source === 'examples') ?? cases[0]!),
  };
  return { ...rest, llm: client(opts.llm), judgeLlm: client(opts.judge ?? opts.llm), plan: planEvals(rest) };
}
