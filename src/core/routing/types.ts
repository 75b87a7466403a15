// Types of the routing check ("will the agent use it?"): the requests it sends,
// what the model chose for each, the summary (recall, precision, overlaps),
// the events a running check yields, and the options of checkRouting.
import type { LlmUsage } from '../llm/types.js';
import type { ForgeErrorCode } from '../errors.js';

/** What the operator expects the agent to do with a request. */
export type RoutingExpectation = 'this' | 'other' | 'none';
export const ROUTING_EXPECTATIONS: readonly RoutingExpectation[] = ['this', 'other', 'none'];

export interface RoutingRequest {
  /** What a user would type to the agent. */
  text: string;
  /** `this`: the skill being checked should get it; `other`: another skill of the agent; `none`: no skill (the agent answers itself). */
  expect: RoutingExpectation;
  /** For `other`: the skill meant to get it, when known (names the competitor in overlaps). */
  skill?: string;
  /** Where the request came from. Default `user`. */
  source?: 'user' | 'example' | 'designer';
}

/** The skill the model's first tool call went to. */
export interface RoutingChoice {
  skill: string;
  /** `read_skill`: it loaded the skill's instructions; `tool`: it called one of the skill's script-backed tools. */
  via: 'read_skill' | 'tool';
  /** The tool called (via `tool`). */
  tool?: string;
}

export interface RoutingResult {
  text: string;
  expect: RoutingExpectation;
  skill?: string;
  source?: RoutingRequest['source'];
  /** The choice most runs made (ties: the first seen); null: the model called no skill (answered from its defaults, or called a tool no skill owns). */
  chose: RoutingChoice | null;
  /** Times the request was sent. */
  runs: number;
  /** Runs routed to the skill being checked. */
  hits: number;
  /** Trigger rate: hits / runs. */
  rate: number;
  /** Whether the share of runs that went as expected reached the threshold (for a request meant for the skill: rate ≥ threshold). */
  ok: boolean;
  /** What the model said when it called no tool (first 200 characters), to see why. */
  answer?: string;
}

/** Requests that went to `skill` when they were meant for this one, or came to this one when meant for `skill`. */
export interface RoutingOverlap {
  skill: string;
  requests: string[];
}

export interface RoutingReport {
  /** The skill checked (its catalog name). */
  skill: string;
  results: RoutingResult[];
  /** Of the requests meant for this skill, the share it got (trigger rate at or above the threshold). null when there were none. */
  recall: number | null;
  /** Of the requests this skill got (trigger rate at or above the threshold), the share meant for it. null when it got none. */
  precision: number | null;
  overlaps: RoutingOverlap[];
  /** Times each request was sent. */
  runsPerQuery: number;
  /** The trigger-rate threshold the results were judged by. */
  threshold: number;
  /** Provider calls made: `runsPerQuery` per request checked, plus designer calls. */
  calls: number;
  usage: LlmUsage;
}

/** Events of a running check, in order: `plan`, `requests`, then per request (once all its runs are back) `progress` + `route_result`, then `done` or `error`. */
export type RoutingEvent =
  | { type: 'plan'; calls: number; designerCalls: number; runsPerQuery: number }
  | { type: 'requests'; requests: RoutingRequest[] }
  | { type: 'progress'; done: number; total: number }
  | { type: 'route_result'; index: number; result: RoutingResult }
  | { type: 'done'; report: RoutingReport }
  | {
      type: 'error';
      error: Error;
      /** The error's code; `internal` for an error that is not a ForgeError (a bug). */ code: ForgeErrorCode | 'internal';
      report: RoutingReport;
    };

/** How much of the agent's skill catalog a skill takes against a character budget (catalogBudget's report). */
export interface CatalogBudgetReport {
  budgetChars: number;
  /** The catalog text with the skill added. */
  chars: number;
  /** chars / 4, rounded up. */
  tokens: number;
  /** The catalog text without the skill. */
  charsWithout: number;
  /** This skill's catalog line, with its newline (0 when the catalog does not list it). */
  lineChars: number;
  /** Names and descriptions of the tools it registers (sent with every request too). */
  toolChars: number;
  /** Skills whose catalog line ends past the budget, with the skill added, in catalog order. */
  truncated: string[];
  /** Of those, the ones that fit without the skill. */
  pushedOut: string[];
  overBudget: boolean;
}
