// The options of runEvals: the agent's model and the grader's, the skill and
// the agent's other skills (and the previous version, for that baseline), the
// cases, the tool executor (and the session's earlier observed runs), runs per
// configuration, the step limit, the budget and the abort signal.
import type { LlmClient, LlmConfig } from '../llm/types.js';
import type { SkillLike } from '../skill/skill.js';
import type { ObservedRun } from '../tool-run/observation.js';
import type { ToolExecutor } from './executor.js';
import type { EvalBudget, EvalCase } from './types.js';

export interface RunEvalsOptions {
  /** The agent's model (the executor of each case): a client or the config to create one. */
  llm: LlmClient | LlmConfig;
  /** The grader's model, for judged expectations. Default: the agent's. */
  judge?: LlmClient | LlmConfig;
  /** The skill under test. */
  skill: SkillLike;
  /** The agent's other installed skills (the one under test, by name, is left out). */
  otherSkills?: readonly SkillLike[];
  /** `none` (default): without_skill is the agent without it; `previous`: the previous version in its place. */
  baseline?: 'none' | 'previous';
  /** The previous version, for `baseline: 'previous'`. */
  previous?: SkillLike;
  /** The cases. Default: the skill's evals/evals.json, then one case per Examples row. */
  cases?: readonly EvalCase[];
  /** Add the Examples cases to the file's (when `cases` is not given). Default true. */
  fromExamples?: boolean;
  /** Runs the skills' tools. Default: none runs, each call is recorded as not run. */
  executor?: ToolExecutor;
  /** The editing session's earlier observed runs (its tries): the report's capability profile is their union with the evaluation's observed tool calls. */
  sessionRuns?: readonly ObservedRun[];
  /** Runs of each case in each configuration. Default 3. */
  runsPerConfiguration?: number;
  /** Provider calls one case may make. Default 6. */
  maxSteps?: number;
  /** Hard limits on provider calls and tokens (agent and grader together). */
  budget?: EvalBudget;
  /** Tokens one reply may use in the cost bound. Default 1024; set the client's maxOutputTokens to the same to make the bound hold. */
  replyAllowance?: number;
  /** Run one Examples case first and stop before the budget is spent when it makes no sense. Default true. */
  selfTest?: boolean;
  /** The agent's id in the system prompt. Default `agent`. */
  agentName?: string;
  signal?: AbortSignal;
  /** Clock for the transcript's wall times (tests and the bench). */
  now?: () => number;
}
