// Types of the routing optimiser: its options, the budget it may not exceed,
// what it tunes (the skill description, or the tool descriptions when the
// skill reaches the model as tools), each candidate with its train and
// held-out scores, the result, and the events a running optimisation yields.
import type { ForgeErrorCode } from '../errors.js';
import type { LlmClient, LlmConfig, LlmUsage } from '../llm/types.js';
import type { SkillLike } from '../skill/skill.js';
import type { RoutingChoice, RoutingRequest } from './types.js';

/** Hard limits: no call is started that could pass them; the result so far is returned when one is reached. */
export interface RoutingBudget {
  /** Most provider calls in all (self-test, scoring and proposer calls). */
  maxCalls?: number;
  /** Most tokens (input + output) in all; a call is not started when the largest call so far would pass it. */
  maxTokens?: number;
}

/**
 * What the optimiser rewrites: `description` (the frontmatter description the
 * catalog lists) or `tools` (the descriptions of the skill's script-backed
 * tools, which is all the model sees of a skill whose every tool has a script).
 */
export type RoutingTarget = 'description' | 'tools';

export interface OptimizeRoutingOptions {
  llm: LlmClient | LlmConfig;
  /** The skill being tuned. */
  draft: SkillLike;
  otherSkills?: readonly SkillLike[];
  /** The requests to tune on: split into train and held-out. */
  requests: readonly RoutingRequest[];
  /** Proposals to try. Default 5. */
  iterations?: number;
  /** Share of each expectation's requests held out from the proposer (0 < holdout < 1). Default 0.4. */
  holdout?: number;
  /** Times each request is sent per candidate. Default 3. */
  runsPerQuery?: number;
  /** Trigger rate at or above which a request counts as routed to the skill. Default 0.5. */
  threshold?: number;
  budget?: RoutingBudget;
  /** Calls at once. Default 4. */
  concurrency?: number;
  agentName?: string;
  signal?: AbortSignal;
}

/** One request scored for one candidate over its runs. */
export interface TrialResult {
  text: string;
  expect: RoutingRequest['expect'];
  skill?: string;
  runs: number;
  /** Runs routed to the skill being tuned. */
  hits: number;
  /** hits / runs. */
  rate: number;
  /** The first run's choice (what another skill took it with, when not this one). */
  chose: RoutingChoice | null;
  /** Whether the rate is on the right side of the threshold for the expectation. */
  ok: boolean;
}

export interface SetScore {
  /** Share of the set's requests that passed (0..1); null for an empty set. */
  score: number | null;
  /** Of the set's requests meant for the skill, the share routed to it; null when none. */
  recall: number | null;
  results: TrialResult[];
}

export interface RoutingCandidate {
  /** 0 is the text the draft has now. */
  index: number;
  /** The description, or each tool's description, this candidate gives the model. */
  texts: Record<string, string>;
  /** The draft's SKILL.md with this candidate's text. */
  skillMd: string;
  /** Unified diff of SKILL.md from the draft to this candidate ('' for candidate 0). */
  diff: string;
  /** The proposer's reason (empty for candidate 0). */
  rationale: string;
  train: SetScore;
  heldOut: SetScore;
}

export interface RoutingOptimizeResult {
  skill: string;
  target: RoutingTarget;
  train: RoutingRequest[];
  heldOut: RoutingRequest[];
  candidates: RoutingCandidate[];
  /** Index of the candidate with the best held-out score (ties: the earlier one); null before any is scored. */
  chosen: number | null;
  /** Why it ended before every iteration ran: a budget limit. */
  stopped?: 'max_calls' | 'max_tokens';
  calls: number;
  usage: LlmUsage;
}

/** Events of a running optimisation, in order: `plan`, `split`, `self_test`, then `progress` and `candidate` as they come, then `done` or `error`. */
export type OptimizeEvent =
  | { type: 'plan'; calls: number; target: RoutingTarget; runsPerQuery: number; train: number; heldOut: number; maxCalls?: number; maxTokens?: number }
  | { type: 'split'; train: RoutingRequest[]; heldOut: RoutingRequest[] }
  | { type: 'self_test'; ok: boolean; match: string; nonMatch: string }
  | { type: 'progress'; calls: number; planned: number }
  | { type: 'candidate'; candidate: RoutingCandidate }
  | { type: 'done'; result: RoutingOptimizeResult }
  | { type: 'error'; error: Error; code: ForgeErrorCode | 'internal'; result: RoutingOptimizeResult };
