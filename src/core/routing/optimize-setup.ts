// The checked setup of an optimisation, before any call: the options (each bad
// one a RequestError naming it), the draft and the other skills as Skills,
// the agent view, what is tuned, and the train / held-out split.
import { RequestError } from '../errors.js';
import { createLlmClient } from '../llm/client.js';
import type { LlmClient } from '../llm/types.js';
import type { Skill } from '../skill/skill.js';
import { buildAgentView, routingSkillName, type AgentView } from './agent-view.js';
import { checkBudget } from './budget.js';
import { DEFAULT_ROUTING_CONCURRENCY } from './check-routing.js';
import { DEFAULT_RUNS_PER_QUERY, DEFAULT_TRIGGER_THRESHOLD } from './options.js';
import type { SkillBrief } from './designer.js';
import type { OptimizeRoutingOptions, RoutingBudget, RoutingTarget } from './optimize-types.js';
import { checkRequests } from './requests.js';
import { routingSkill, skillBriefs } from './skills.js';
import { splitRequests, type RoutingSplit } from './split.js';
import { routingTargetOf } from './target.js';

export const DEFAULT_ITERATIONS = 5;
export const DEFAULT_HOLDOUT = 0.4;
export { DEFAULT_RUNS_PER_QUERY, DEFAULT_TRIGGER_THRESHOLD };

export interface OptimizeSetup {
  llm: LlmClient;
  draft: Skill;
  name: string;
  /** The other skills, minus one of the draft's name. */
  rest: Skill[];
  brief: SkillBrief;
  others: SkillBrief[];
  view: AgentView;
  target: RoutingTarget;
  split: RoutingSplit;
  iterations: number;
  runsPerQuery: number;
  threshold: number;
  concurrency: number;
  budget: RoutingBudget;
  agentName?: string;
}

function whole(value: unknown, field: string, min: number, max: number, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new RequestError(field, `${field} must be a whole number from ${min} to ${max}`);
  return value;
}

function share(value: unknown, field: string, fallback: number, closedTop: boolean): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0) || !(closedTop ? value <= 1 : value < 1)) {
    throw new RequestError(field, `${field} must be a number above 0 and ${closedTop ? 'at most' : 'below'} 1`);
  }
  return value;
}

export function prepareOptimize(opts: OptimizeRoutingOptions): OptimizeSetup {
  if (!opts || typeof opts !== 'object') throw new RequestError('options', 'optimizeRouting needs {llm, draft, otherSkills?, requests}');
  if (!opts.llm) throw new RequestError('llm', 'llm is required: an LlmClient or an LlmConfig');
  const draft = routingSkill(opts.draft, 'draft');
  if (opts.otherSkills !== undefined && !Array.isArray(opts.otherSkills)) throw new RequestError('otherSkills', 'otherSkills must be an array of skills');
  const others = (opts.otherSkills ?? []).map((s, i) => routingSkill(s, `otherSkills[${i}]`));
  const name = routingSkillName(draft);
  if (!name) throw new RequestError('draft.skillMd', 'the draft has no name: add `name:` to its frontmatter');
  const requests = checkRequests(opts.requests);
  const iterations = whole(opts.iterations, 'iterations', 0, 20, DEFAULT_ITERATIONS);
  const runsPerQuery = whole(opts.runsPerQuery, 'runsPerQuery', 1, 10, DEFAULT_RUNS_PER_QUERY);
  const concurrency = whole(opts.concurrency, 'concurrency', 1, 16, DEFAULT_ROUTING_CONCURRENCY);
  const holdout = share(opts.holdout, 'holdout', DEFAULT_HOLDOUT, false);
  const threshold = share(opts.threshold, 'threshold', DEFAULT_TRIGGER_THRESHOLD, true);
  const budget = checkBudget(opts.budget);
  const split = splitRequests(requests, holdout);
  const rest = others.filter((s) => routingSkillName(s) !== name);
  const view = buildAgentView([draft, ...rest], { agentName: opts.agentName });
  const target = routingTargetOf(draft, name, view);
  const llm = 'stream' in opts.llm ? opts.llm : createLlmClient(opts.llm);
  const [brief, ...briefs] = skillBriefs([draft, ...rest]);
  return {
    llm,
    draft,
    name,
    rest,
    brief: brief!,
    others: briefs,
    view,
    target,
    split,
    iterations,
    runsPerQuery,
    threshold,
    concurrency,
    budget,
    ...(opts.agentName !== undefined ? { agentName: opts.agentName } : {}),
  };
}
