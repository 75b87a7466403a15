// Public surface of `forge-skill-builder/routing`: will an agent pick the
// skill? The routing check (sample requests answered by an LLM that sees the
// agent's catalog as the runtime shows it), the agent view it builds, request
// planning, and proposing a better description.

export { checkRouting, routeCheck, suggestRoutingRequests } from '../routing/check-routing.js';
export type { RoutingCheckError } from '../routing/check-routing.js';
export { buildAgentView } from '../routing/agent-view.js';
export type { AgentView } from '../routing/agent-view.js';
export { improveDescription } from '../routing/improve-description.js';
export type { ImproveDescriptionOptions, ImprovedDescription } from '../routing/improve-description.js';
export { planRouting, checkRequests as checkRoutingRequests } from '../routing/requests.js';
export type { RoutingPlan } from '../routing/requests.js';
export { withDescription } from '../routing/skills.js';
export { DesignerReplyError } from '../routing/errors.js';
export type { CheckRoutingOptions } from '../routing/options.js';
export type { RoutingChoice, RoutingEvent, RoutingExpectation, RoutingOverlap, RoutingReport, RoutingRequest, RoutingResult } from '../routing/types.js';
