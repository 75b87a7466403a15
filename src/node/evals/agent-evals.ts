// Evals for an agent on disk: the agent's installed skills (minus the one
// under test) are the other skills, the workspace's skill-builder LLM
// settings the model (as for chat and the routing check), the installed
// version of the skill the "previous" baseline, and tools run in the sandbox
// only when the caller allows it — otherwise each call is recorded as not
// run. Used by the HTTP route, the CLI and SDK users on Node.
import { notRunExecutor } from '../../core/evals/executor.js';
import type { RunEvalsOptions } from '../../core/evals/options.js';
import { runEvals } from '../../core/evals/run-evals.js';
import { suggestEvals } from '../../core/evals/suggest.js';
import type { EvalCase, EvalEvent } from '../../core/evals/types.js';
import type { LlmUsage } from '../../core/llm/types.js';
import { routingSkillName } from '../../core/routing/agent-view.js';
import { Skill } from '../../core/skill/skill.js';
import type { IoOptions } from '../fs/types.js';
import { prepareAgentRouting, type AgentRoutingOptions } from '../routing/agent-routing.js';
import { readCustomSkill } from '../skill-store/index.js';
import { sandboxExecutor, type SandboxExecutorOptions } from './sandbox-executor.js';

export interface AgentEvalsOptions extends AgentRoutingOptions, Omit<RunEvalsOptions, 'llm' | 'skill' | 'otherSkills' | 'previous' | 'executor'> {
  /** Run the skills' tools in the sandbox with these options; false (default) records every tool call as not run. */
  toolRuns?: false | SandboxExecutorOptions;
}

/** The installed version of the skill (by the edited name, else the skill's own name), or undefined. */
async function installedVersion(opts: AgentEvalsOptions, io: IoOptions): Promise<Skill | undefined> {
  const name = opts.editingName ?? routingSkillName(opts.draft);
  if (!name) return undefined;
  try {
    return (await readCustomSkill(opts.agentDir, name, { ...io, folderFiles: false })).skill;
  } catch {
    return undefined;
  }
}

/** runEvals for `draft` in the agent; setup errors (config, key, trust, no previous version) throw before the first event. */
export async function runAgentEvals(opts: AgentEvalsOptions): Promise<AsyncGenerator<EvalEvent>> {
  const io: IoOptions = { fs: opts.fs, env: opts.env, homeDir: opts.homeDir };
  const { llm, otherSkills } = await prepareAgentRouting(opts);
  const previous = opts.baseline === 'previous' ? await installedVersion(opts, io) : undefined;
  const { toolRuns, workspaceDir: _w, agentDir, draft, editingName: _e, llmClientFactory: _f, secrets: _s, fs: _fs, env: _env, homeDir: _h, ...rest } = opts;
  const executor = toolRuns ? sandboxExecutor({ agentDir, ...toolRuns }) : notRunExecutor;
  return runEvals({ ...rest, llm, skill: Skill.from(draft), otherSkills, executor, ...(previous ? { previous } : {}) });
}

/** suggestEvals with the workspace's designer model. */
export async function suggestAgentEvals(
  opts: AgentRoutingOptions & { count?: number; existing?: readonly EvalCase[]; signal?: AbortSignal },
): Promise<{ cases: EvalCase[]; usage: LlmUsage }> {
  const { llm } = await prepareAgentRouting(opts);
  return suggestEvals({
    llm,
    skill: opts.draft,
    ...(opts.count !== undefined ? { count: opts.count } : {}),
    ...(opts.existing ? { existing: opts.existing } : {}),
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
}
