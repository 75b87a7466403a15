// Routing-check routes, all per agent, all checked before any model
// call (body, agent, editing_name, LLM settings, key, base_url trust → HTTP
// errors before the first SSE byte):
// - POST …/route-check → SSE: `plan` {calls, designer_calls}, `requests`
//   {requests}, then `progress` {done, total} and `route_result` {index, result}
//   per request, then `done` {summary} or `error` {error, code, calls} after
//   the results so far. Closing the stream aborts the calls.
// - POST …/route-check/requests → {requests, calls}: generated requests to edit.
// - POST …/improve-description → {description, rationale, skill_md}: a proposal
//   (skill_md is the draft with it applied); nothing is written.
import { assertSafeSkillName } from '../../../core/names.js';
import { withDescription } from '../../../core/routing/skills.js';
import type { RoutingEvent, RoutingReport, RoutingSkill } from '../../../core/routing/types.js';
import { ImproveDescriptionRequestSchema, RouteCheckRequestSchema, RouteRequestsRequestSchema } from '../../../core/api/routing-schemas.js';
import { readCustomSkill } from '../../skill-store/agent-read.js';
import { improveAgentDescription, routeCheckAgent, suggestAgentRoutingRequests, type AgentRoutingOptions } from '../../routing/agent-routing.js';
import { json, type RouteContext } from '../context.js';
import type { ApiResult, SseEvent } from '../types.js';
import { resolveAgent } from './agents.js';

/** The report's summary on the wire (snake_case usage). */
export function routingSummary(report: RoutingReport): Record<string, unknown> {
  return {
    skill: report.skill,
    total: report.results.length,
    passed: report.results.filter((r) => r.ok).length,
    recall: report.recall,
    precision: report.precision,
    overlaps: report.overlaps,
    calls: report.calls,
    usage: { input_tokens: report.usage.inputTokens, output_tokens: report.usage.outputTokens },
  };
}

export function toRoutingSseEvent(ev: RoutingEvent): SseEvent {
  switch (ev.type) {
    case 'plan':
      return { event: 'plan', data: { calls: ev.calls, designer_calls: ev.designerCalls } };
    case 'requests':
      return { event: 'requests', data: { requests: ev.requests } };
    case 'progress':
      return { event: 'progress', data: { done: ev.done, total: ev.total } };
    case 'route_result':
      return { event: 'route_result', data: { index: ev.index, result: ev.result } };
    case 'done':
      return { event: 'done', data: routingSummary(ev.report) };
    case 'error':
      return { event: 'error', data: { error: ev.error.message, code: ev.code, calls: ev.report.calls } };
  }
}

/** The agent, its routing setup and the draft, from a body `{skill_md, scripts?, editing_name?}`. */
async function setup(ctx: RouteContext, body: { skill_md: string; scripts?: Record<string, string> | undefined; editing_name?: string | undefined }): Promise<AgentRoutingOptions> {
  const agent = await resolveAgent(ctx);
  if (body.editing_name !== undefined) {
    assertSafeSkillName(body.editing_name, 'editing_name');
    await readCustomSkill(agent.path, body.editing_name, { ...ctx.services.io, folderFiles: false }); // unknown skill → 404 before any call
  }
  const draft: RoutingSkill = { skillMd: body.skill_md, scripts: body.scripts ?? {} };
  return {
    ...ctx.services.io,
    workspaceDir: ctx.services.workspaceDir,
    agentDir: agent.path,
    draft,
    ...(body.editing_name !== undefined ? { editingName: body.editing_name } : {}),
    ...(ctx.services.llmClientFactory ? { llmClientFactory: ctx.services.llmClientFactory } : {}),
    secrets: ctx.secrets,
  };
}

/** An AbortController that follows the client going away; `detach` stops listening. */
function followClient(ctx: RouteContext): { controller: AbortController; detach(): void } {
  const controller = new AbortController();
  const onGone = (): void => controller.abort(ctx.req.signal.reason);
  if (ctx.req.signal.aborted) onGone();
  else ctx.req.signal.addEventListener('abort', onGone, { once: true });
  return { controller, detach: () => ctx.req.signal.removeEventListener('abort', onGone) };
}

export async function routeCheckRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(RouteCheckRequestSchema);
  const opts = await setup(ctx, body);
  const { controller, detach } = followClient(ctx);
  const agentName = ctx.params.id;
  const events = await routeCheckAgent({
    ...opts,
    ...(body.requests ? { requests: body.requests } : {}),
    ...(body.generate !== undefined ? { generate: body.generate } : {}),
    ...(body.concurrency !== undefined ? { concurrency: body.concurrency } : {}),
    ...(agentName ? { agentName } : {}),
    signal: controller.signal,
  });
  // The first step validates the options: a bad draft is an HTTP 400, not a stream.
  let first: IteratorResult<RoutingEvent>;
  try {
    first = await events.next();
  } catch (err) {
    detach();
    throw err;
  }
  async function* wire(): AsyncGenerator<SseEvent> {
    try {
      if (!first.done) yield toRoutingSseEvent(first.value);
      for await (const ev of events) yield toRoutingSseEvent(ev);
    } finally {
      detach();
    }
  }
  return { kind: 'sse', events: wire(), abort: (reason) => controller.abort(reason) };
}

export async function routeRequestsRoute(ctx: RouteContext): Promise<ApiResult> {
  const body = await ctx.json(RouteRequestsRequestSchema);
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
  const body = await ctx.json(ImproveDescriptionRequestSchema);
  const opts = await setup(ctx, body);
  const { controller, detach } = followClient(ctx);
  try {
    const proposal = await improveAgentDescription({ ...opts, results: body.results, signal: controller.signal });
    let skillMd: string | null = null;
    try {
      skillMd = withDescription(body.skill_md, proposal.description);
    } catch {
      skillMd = null; // no frontmatter to put it in: the operator edits by hand
    }
    return json({ description: proposal.description, rationale: proposal.rationale, skill_md: skillMd });
  } finally {
    detach();
  }
}
