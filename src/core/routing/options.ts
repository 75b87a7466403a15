// The options of checkRouting (and the check's other entry points). Apart from
// the other routing types because the skills it takes are Skill values: the
// elements read the wire types, and must not reach the analyses.
import type { LlmClient, LlmConfig } from '../llm/types.js';
import type { SkillLike } from '../skill/skill.js';
import type { RoutingRequest } from './types.js';

/** Times each request is sent when none is said: models are not deterministic, so one answer is a coin toss. */
export const DEFAULT_RUNS_PER_QUERY = 3;
/** Share of runs at or above which a request counts as routed to the skill. */
export const DEFAULT_TRIGGER_THRESHOLD = 0.5;

export interface CheckRoutingOptions {
  /** A ready client, or the config to create one with createLlmClient. */
  llm: LlmClient | LlmConfig;
  /** The skill being checked (its `dirName` names it when the frontmatter has no `name`; script contents are not read). */
  draft: SkillLike;
  /** The agent's other installed skills (not the one being edited). */
  otherSkills?: readonly SkillLike[];
  /** The operator's requests. */
  requests?: readonly RoutingRequest[];
  /** Add up to this many generated requests: the draft's Examples first, then one designer call for the rest (positives and near misses). */
  generate?: number;
  /** Requests checked at once. Default 4. */
  concurrency?: number;
  /** The agent's id, as Forge's runtime names it in the system prompt. Default `agent`. */
  agentName?: string;
  /** Upper bound on requests checked (`runsPerQuery` calls each). Default 12. */
  maxRequests?: number;
  /** Times each request is sent; its result carries the trigger rate over the runs. Default 3 (1 to 10). */
  runsPerQuery?: number;
  /** Share of runs that must go as expected for a request to pass (for a request meant for the skill: its trigger rate at or above it). Default 0.5. */
  threshold?: number;
  signal?: AbortSignal;
}
