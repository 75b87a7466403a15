// The routing check for an agent on disk: the agent's installed skills (minus
// the one being edited) become the other skills, the workspace's skill-builder
// LLM settings (tiers, key, base_url trust — as for chat) the model; for the
// check, the optimisation loop and the helpers around them. Used by
// the HTTP routes, the CLI and SDK users on Node.
import { checkRouting, routeCheck, suggestRoutingRequests } from '../../core/routing/check-routing.js';
import { improveDescription, type ImprovedDescription } from '../../core/routing/improve-description.js';
import { catalogBudget, type CatalogBudgetReport } from '../../core/routing/catalog-budget.js';
import { routingSkillName } from '../../core/routing/agent-view.js';
import { routingSkill } from '../../core/routing/skills.js';
import { RequestError } from '../../core/errors.js';
import { optimizeRouting, routeOptimize } from '../../core/routing/optimize.js';
import type { OptimizeEvent, OptimizeRoutingOptions, RoutingOptimizeResult } from '../../core/routing/optimize-types.js';
import type { Skill, SkillLike } from '../../core/skill/skill.js';
import type { CheckRoutingOptions } from '../../core/routing/options.js';
import type { RoutingEvent, RoutingReport, RoutingRequest } from '../../core/routing/types.js';
import type { LlmClient, LlmConfig, LlmUsage } from '../../core/llm/types.js';
import type { IoOptions } from '../fs/types.js';
import { listCustomSkills, readCustomSkill } from '../skill-store/index.js';
import { llmForTurn, resolveUsableLlm, type LlmClientFactory } from '../config/workspace-llm.js';

export interface AgentRoutingOptions extends IoOptions {
  /** The workspace whose skill-builder LLM settings are used (unless `llm` is given). */
  workspaceDir: string;
  /** The agent folder (holding forge.yaml and skills/). */
  agentDir: string;
  /** The skill being checked. */
  draft: SkillLike;
  /** The installed skill the draft replaces (left out of the other skills). */
  editingName?: string;
  /** A client or config to use instead of the workspace settings. */
  llm?: LlmClient | LlmConfig;
  llmClientFactory?: LlmClientFactory;
  /** Receives the API key as soon as it is read (for scrubbing replies and logs). */
  secrets?: Set<string>;
}

/**
 * The agent's installed skills as routing inputs, without `exclude` (matched by
 * name or folder). Skills that cannot be read are left out, as the runtime
 * leaves them out.
 */
export async function agentRoutingSkills(agentDir: string, exclude: readonly string[] = [], io: IoOptions = {}): Promise<Skill[]> {
  const out: Skill[] = [];
  for (const summary of await listCustomSkills(agentDir, io)) {
    if (summary.error || exclude.includes(summary.name) || exclude.includes(summary.dirName)) continue;
    try {
      out.push((await readCustomSkill(agentDir, summary.dirName, { ...io, folderFiles: false })).skill);
    } catch {
      // unreadable: the runtime would not load it either
    }
  }
  return out;
}

/** The model and the other skills for a check of `draft` in the agent. */
export async function prepareAgentRouting(opts: AgentRoutingOptions): Promise<{ llm: LlmClient | LlmConfig; otherSkills: Skill[] }> {
  const io: IoOptions = { fs: opts.fs, env: opts.env, homeDir: opts.homeDir };
  let llm = opts.llm;
  if (!llm) {
    const { config } = await resolveUsableLlm({ ...io, workspaceDir: opts.workspaceDir, agentDir: opts.agentDir, secrets: opts.secrets });
    llm = llmForTurn(config, opts.llmClientFactory);
  }
  const otherSkills = await agentRoutingSkills(opts.agentDir, opts.editingName ? [opts.editingName] : [], io);
  return { llm, otherSkills };
}

type CheckExtras = Pick<CheckRoutingOptions, 'requests' | 'generate' | 'concurrency' | 'maxRequests' | 'runsPerQuery' | 'threshold' | 'agentName' | 'signal'>;

/** routeCheck against the agent's other skills; setup errors (config, key, trust) throw before the first event. */
export async function routeCheckAgent(opts: AgentRoutingOptions & CheckExtras): Promise<AsyncGenerator<RoutingEvent>> {
  const { llm, otherSkills } = await prepareAgentRouting(opts);
  return routeCheck({ ...pickCheck(opts), llm, draft: opts.draft, otherSkills });
}

/** checkRouting against the agent's other skills. */
export async function checkAgentRouting(opts: AgentRoutingOptions & CheckExtras): Promise<RoutingReport> {
  const { llm, otherSkills } = await prepareAgentRouting(opts);
  return checkRouting({ ...pickCheck(opts), llm, draft: opts.draft, otherSkills });
}

/** suggestRoutingRequests against the agent's other skills. */
export async function suggestAgentRoutingRequests(
  opts: AgentRoutingOptions & { count?: number; signal?: AbortSignal },
): Promise<{ requests: RoutingRequest[]; calls: number; usage: LlmUsage }> {
  const { llm, otherSkills } = await prepareAgentRouting(opts);
  return suggestRoutingRequests({
    llm,
    draft: opts.draft,
    otherSkills,
    ...(opts.count !== undefined ? { count: opts.count } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}

/** improveDescription with the agent's other skills as the competition. */
export async function improveAgentDescription(
  opts: AgentRoutingOptions & { results: Parameters<typeof improveDescription>[0]['results']; signal?: AbortSignal },
): Promise<ImprovedDescription> {
  const { llm, otherSkills } = await prepareAgentRouting(opts);
  return improveDescription({ llm, draft: opts.draft, otherSkills, results: opts.results, ...(opts.signal ? { signal: opts.signal } : {}) });
}

/**
 * catalogBudget of the draft in the agent: its installed skills (minus the one
 * the draft replaces) are the rest of the catalog. Reads no settings and makes
 * no model call.
 */
export async function agentCatalogBudget(
  opts: IoOptions & { agentDir: string; draft: SkillLike; editingName?: string; budgetChars?: number },
): Promise<CatalogBudgetReport & { skill: string }> {
  const io: IoOptions = { fs: opts.fs, env: opts.env, homeDir: opts.homeDir };
  const otherSkills = await agentRoutingSkills(opts.agentDir, opts.editingName ? [opts.editingName] : [], io);
  const skill = routingSkillName(routingSkill(opts.draft, 'draft'));
  if (!skill) throw new RequestError('draft.skillMd', 'the draft has no name: add `name:` to its frontmatter');
  const report = catalogBudget({ skill: opts.draft, otherSkills, ...(opts.budgetChars !== undefined ? { budgetChars: opts.budgetChars } : {}) });
  return { skill, ...report };
}

type OptimizeExtras = Omit<OptimizeRoutingOptions, 'llm' | 'draft' | 'otherSkills'>;

/** routeOptimize against the agent's other skills; setup errors (config, key, trust) throw before the first event. */
export async function routeOptimizeAgent(opts: AgentRoutingOptions & OptimizeExtras): Promise<AsyncGenerator<OptimizeEvent>> {
  const { llm, otherSkills } = await prepareAgentRouting(opts);
  return routeOptimize({ ...pickOptimize(opts), llm, draft: opts.draft, otherSkills });
}

/** optimizeRouting against the agent's other skills. */
export async function optimizeAgentRouting(opts: AgentRoutingOptions & OptimizeExtras): Promise<RoutingOptimizeResult> {
  const { llm, otherSkills } = await prepareAgentRouting(opts);
  return optimizeRouting({ ...pickOptimize(opts), llm, draft: opts.draft, otherSkills });
}

function pickOptimize(opts: AgentRoutingOptions & OptimizeExtras): OptimizeExtras {
  const keys = ['requests', 'iterations', 'holdout', 'runsPerQuery', 'threshold', 'budget', 'concurrency', 'agentName', 'signal'] as const;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (opts[key] !== undefined) out[key] = opts[key];
  return out as unknown as OptimizeExtras;
}

function pickCheck(opts: CheckExtras): CheckExtras {
  const keys = ['requests', 'generate', 'concurrency', 'maxRequests', 'runsPerQuery', 'threshold', 'agentName', 'signal'] as const;
  const out: Record<string, unknown> = {};
  for (const key of keys) if (opts[key] !== undefined) out[key] = opts[key];
  return out as CheckExtras;
}
