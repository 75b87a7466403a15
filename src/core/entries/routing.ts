// Public surface of `forge-skill-builder/routing`: will an agent pick the
// skill? The routing check (sample requests answered by an LLM that sees the
// agent's catalog as the runtime shows it), the agent view it builds, request
// planning, proposing a better description, and the optimisation loop that
// tunes it on held-out requests within a budget.

export { checkRouting, routeCheck, suggestRoutingRequests } from '../routing/check-routing.js';
export type { RoutingCheckError } from '../routing/check-routing.js';
export { buildAgentView } from '../routing/agent-view.js';
export type { AgentView } from '../routing/agent-view.js';
export { improveDescription } from '../routing/improve-description.js';
export type { ImproveDescriptionOptions, ImprovedDescription } from '../routing/improve-description.js';
export { planRouting, checkRequests as checkRoutingRequests } from '../routing/requests.js';
export type { RoutingPlan } from '../routing/requests.js';
export { withDescription } from '../routing/skills.js';
export { DesignerReplyError, RoutingSelfTestError } from '../routing/errors.js';
export type { CheckRoutingOptions } from '../routing/options.js';
export type { RoutingChoice, RoutingEvent, RoutingExpectation, RoutingOverlap, RoutingReport, RoutingRequest, RoutingResult } from '../routing/types.js';
export { optimizeRouting, routeOptimize, planOptimize } from '../routing/optimize.js';
export type { RoutingOptimizeError } from '../routing/optimize.js';
export type {
  OptimizeEvent,
  OptimizeRoutingOptions,
  RoutingBudget,
  RoutingCandidate,
  RoutingOptimizeResult,
  RoutingTarget,
  SetScore,
  TrialResult,
} from '../routing/optimize-types.js';
export { withTargetTexts } from '../routing/target.js';
export { catalogBudget, DEFAULT_CATALOG_BUDGET_CHARS } from '../routing/catalog-budget.js';
export type { CatalogBudgetReport } from '../routing/catalog-budget.js';
export { fromTriggerEvals, toTriggerEvals, triggerEvalsText } from '../routing/trigger-evals.js';
export type { TriggerEval } from '../routing/trigger-evals.js';
export { findOverlaps, lexicalOverlaps } from '../routing/overlaps.js';
export type { FindOverlapsOptions, OverlapPair, OverlapReport } from '../routing/overlaps.js';
