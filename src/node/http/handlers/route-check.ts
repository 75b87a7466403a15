// Routing-check routes, all per agent, all checked before any model
// call (body, agent, editing_name, LLM settings, key, base_url trust → HTTP
// errors before the first SSE byte); bodies, events and replies are mapped
// by core/protocol (routing-wire.ts, codecs.ts):
// - POST …/route-check → SSE: `plan` {calls, designer_calls, runs_per_query},
//   `requests` {requests}, then `progress` {done, total} and `route_result`
//   {index, result} per request (once its runs_per_query runs are back, with
//   runs, hits and rate), then `done` {summary} or `error` {error, code, calls}
//   after the results so far. Closing the stream aborts the calls.
// - POST …/route-check/requests → {requests, calls}: generated requests to edit.
// - POST …/route-check/optimize → SSE: `plan` {calls, target, runs_per_query,
//   train, held_out, max_calls?, max_tokens?}, `split`, `self_test`, then
//   `progress` and `candidate` per candidate, then `done` {result} or `error`
//   {error, code, calls, result}; max_calls defaults to a server cap. Closing
//   the stream aborts the calls.
// - POST …/improve-description → {description, rationale, skill_md}: a proposal
//   (skill_md is the draft with it applied); nothing is written.
// - POST …/catalog-budget → the agent's catalog size with the draft added
//   against a budget, the skills cut off or pushed out, the draft's resident
//   cost; no model call and no LLM settings needed.
import { assertSafeSkillName } from '../../../core/names.js';
import { withDescription } from '../../../core/routing/skills.js';
import type { SkillInit } from '../../../core/skill/skill.js';
import {
  CatalogBudgetRequestCodec,
  ImproveDescriptionRequestCodec,
  OptimizeRequestCodec,
  RouteCheckRequestCodec,
  RouteRequestsRequestCodec,
} from '../../../core/protocol/codecs.js';
import { catalogBudgetToWire } from '../../../core/protocol/catalog-budget-wire.js';
import { optimizeEventToWire } from '../../../core/protocol/optimize-wire.js';
import { MAX_OPTIMIZE_CALLS } from '../../../core/protocol/routing-schemas.js';
import { descriptionProposalToWire, ROUTING_REQUEST, routingEventToWire, type RoutingBody } from '../../../core/protocol/routing-wire.js';
import { readCustomSkill } from '../../skill-store/agent-read.js';
import {
  agentCatalogBudget,
  improveAgentDescription,
  routeCheckAgent,
  routeOptimizeAgent,
  suggestAgentRoutingRequests,
  type AgentRoutingOptions,
} from '../../routing/agent-routing.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult, SseEvent } from '../types.js';
import { resolveAgent } from './agents.js';

/** The agent folder, after checking the edited skill exists (unknown → 404 before any call). */
async function agentWithEdited(ctx: RouteContext, editingName: string | undefined): Promise<string> {
  const agent = await resolveAgent(ctx);
  if (editingName !== undefined) {
    assertSafeSkillName(editingName, ROUTING_REQUEST.editingName);
    await readCustomSkill(agent.path, editingName, { ...ctx.services.io, folderFiles: false });
  }
  return agent.path;
}

/** The agent, its routing setup and the draft, from a decoded body (its editing name checked by the codec). */
export async function setup(ctx: RouteContext, body: Pick<RoutingBody, 'skillMd' | 'scripts' | 'editingName'>): Promise<AgentRoutingOptions> {
  const agentDir = await agentWithEdited(ctx, body.editingName);
  const draft: SkillInit = { skillMd: body.skillMd, scripts: body.scripts ?? {} };
  return {
    ...ctx.services.io,
    workspaceDir: ctx.services.workspaceDir,
    agentDir,
    draft,
    ...(body.editingName !== undefined ? { editingName: body.editingName } : {}),
    ...(ctx.services.llmClientFactory ? { llmClientFactory: ctx.services.llmClientFactory } : {}),
    secrets: ctx.secrets,
  };
}

/** An AbortController that follows the client going away; `detach` stops listening. */
export function followClient(ctx: RouteContext): { controller: AbortController; detach(): void } {
  const controller = new AbortController();
  const onGone = (): void => controller.abort(ctx.req.signal.reason);
  if (ctx.req.signal.aborted) onGone();
  else ctx.req.signal.addEventListener('abort', onGone, { once: true });
  return { controller, detach: () => ctx.req.signal.removeEventListener('abort', onGone) };
}

/**
 * An SSE reply from an event stream whose first step validates the options:
 * a failure there is thrown (an HTTP error before any SSE byte), the rest
 * is streamed, and closing the stream aborts the calls.
 */
export async function sseAfterFirstStep<E>(
  events: AsyncIterableIterator<E>,
  toWire: (event: E) => SseEvent,
  controller: AbortController,
  detach: () => void,
): Promise<ApiResult> {
  let first: IteratorResult<E>;
  try {
    first = await events.next();
  } catch (err) {
    detach();
    throw err;
  }
  async function* wire(): AsyncGenerator<SseEvent> {
    try {
      if (!first.done) yield toWire(first.value);
      for await (const ev of events) yield toWire(ev);
    } finally {
      detach();
    }
  }
  return { kind: 'sse', events: wire(), abort: (reason) => controller.abort(reason) };
}

export async function routeCheckRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(RouteCheckRequestCodec);
  const opts = await setup(ctx, body);
  const { controller, detach } = followClient(ctx);
  const agentName = ctx.params.id;
  const events = await routeCheckAgent({
    ...opts,
    ...(body.requests ? { requests: body.requests } : {}),
    ...(body.generate !== undefined ? { generate: body.generate } : {}),
    ...(body.concurrency !== undefined ? { concurrency: body.concurrency } : {}),
    ...(body.runsPerQuery !== undefined ? { runsPerQuery: body.runsPerQuery } : {}),
    ...(body.threshold !== undefined ? { threshold: body.threshold } : {}),
    ...(agentName ? { agentName } : {}),
    signal: controller.signal,
  });
  // The first step validates the options: a bad draft is an HTTP 400, not a stream.
  return sseAfterFirstStep(events, routingEventToWire, controller, detach);
}

export async function routeRequestsRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(RouteRequestsRequestCodec);
  const opts = await setup(ctx, body);
  const { controller, detach } = followClient(ctx);
  try {
    const out = await suggestAgentRoutingRequests({ ...opts, ...(body.count !== undefined ? { count: body.count } : {}), signal: controller.signal });
    return json({ requests: out.requests, calls: out.calls });
  } finally {
    detach();
  }
}

export async function improveDescriptionRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(ImproveDescriptionRequestCodec);
  const opts = await setup(ctx, body);
  const { controller, detach } = followClient(ctx);
  try {
    const proposal = await improveAgentDescription({ ...opts, results: body.results ?? [], signal: controller.signal });
    let skillMd: string | null = null;
    try {
      skillMd = withDescription(body.skillMd, proposal.description);
    } catch {
      skillMd = null; // no frontmatter to put it in: the operator edits by hand
    }
    return json(descriptionProposalToWire({ description: proposal.description, rationale: proposal.rationale, skillMd }));
  } finally {
    detach();
  }
}

export async function routeOptimizeRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(OptimizeRequestCodec);
  const opts = await setup(ctx, body);
  const { controller, detach } = followClient(ctx);
  const pick = <K extends 'iterations' | 'holdout' | 'runsPerQuery' | 'threshold' | 'concurrency'>(k: K) => (body[k] !== undefined ? { [k]: body[k] } : {});
  const events = await routeOptimizeAgent({
    ...opts,
    requests: body.requests,
    ...pick('iterations'),
    ...pick('holdout'),
    ...pick('runsPerQuery'),
    ...pick('threshold'),
    ...pick('concurrency'),
    budget: { maxCalls: body.maxCalls ?? MAX_OPTIMIZE_CALLS, ...(body.maxTokens !== undefined ? { maxTokens: body.maxTokens } : {}) },
    ...(ctx.params.id ? { agentName: ctx.params.id } : {}),
    signal: controller.signal,
  });
  // The first step validates the options: a bad draft or split is an HTTP 400, not a stream.
  return sseAfterFirstStep(events, optimizeEventToWire, controller, detach);
}

export async function catalogBudgetRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(CatalogBudgetRequestCodec);
  const agentDir = await agentWithEdited(ctx, body.editingName);
  const report = await agentCatalogBudget({
    ...ctx.services.io,
    agentDir,
    draft: { skillMd: body.skillMd, scripts: body.scripts ?? {} },
    ...(body.editingName !== undefined ? { editingName: body.editingName } : {}),
    ...(body.budgetChars !== undefined ? { budgetChars: body.budgetChars } : {}),
  });
  return json(catalogBudgetToWire(report));
}
