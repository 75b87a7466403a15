// The routing-check routes on the wire: the bodies of route-check,
// route-check/requests and improve-description, the route-check SSE events
// (`plan`, `requests`, `progress`, `route_result`, `done`, `error`) and the
// improve-description reply, with their field tables.

import type { RoutingEvent, RoutingReport, RoutingRequest, RoutingResult } from '../routing/types.js';
import { fields } from './fields.js';
import { fromWire, str, toWire, sseEventFromWire, type WireJson } from './wire.js';
import type { SseMessage } from './builder-events-wire.js';

/** Routing bodies: the draft's SKILL.md and scripts, the edited skill, and per route its own fields. */
export const ROUTING_REQUEST = /*#__PURE__*/ fields(
  'skillMd',
  'scripts',
  'editingName',
  'requests',
  'generate',
  'concurrency',
  'count',
  'results',
  'runsPerQuery',
  'threshold',
);
/** `POST …/improve-description` reply. */
export const DESCRIPTION_PROPOSAL = /*#__PURE__*/ fields('description', 'rationale', 'skillMd');
/** The route-check `plan` event. */
export const ROUTING_PLAN = /*#__PURE__*/ fields('calls', 'designerCalls', 'runsPerQuery');
/** The route-check `done` summary. */
export const ROUTING_SUMMARY = /*#__PURE__*/ fields(
  'skill',
  'total',
  'passed',
  'recall',
  'precision',
  'overlaps',
  'runsPerQuery',
  'threshold',
  'calls',
  'usage',
);
/** Token usage in a route-check summary. */
export const USAGE = /*#__PURE__*/ fields('inputTokens', 'outputTokens');

/** A routing body in TypeScript: the draft, the skill it replaces, and the route's own fields. */
export interface RoutingBody {
  skillMd: string;
  scripts?: Record<string, string> | undefined;
  editingName?: string | undefined;
  requests?: RoutingRequest[] | undefined;
  generate?: number | undefined;
  concurrency?: number | undefined;
  count?: number | undefined;
  results?: Array<Pick<RoutingResult, 'text' | 'expect' | 'chose' | 'ok'>> | undefined;
  runsPerQuery?: number | undefined;
  threshold?: number | undefined;
}

export const routingBodyToWire = (b: RoutingBody): WireJson => toWire(ROUTING_REQUEST, b);
/** Reads a checked body (the server's codec); fields stay as the schema typed them. */
export const routingBodyFromWire = (json: unknown): RoutingBody => {
  const f = fromWire(ROUTING_REQUEST, json) as Record<keyof RoutingBody, unknown>;
  const out: RoutingBody = { skillMd: str(f.skillMd) };
  for (const k of ['scripts', 'editingName', 'requests', 'generate', 'concurrency', 'count', 'results', 'runsPerQuery', 'threshold'] as const)
    if (f[k] !== undefined) (out as unknown as WireJson)[k] = f[k];
  return out;
};

/** A route-check summary as the client reads it. */
export interface RoutingSummary {
  skill: string;
  total: number;
  passed: number;
  recall: number | null;
  precision: number | null;
  overlaps: Array<{ skill: string; requests: string[] }>;
  /** Times each request was sent (1 from a server that predates repeated runs). */
  runsPerQuery: number;
  threshold: number;
  calls: number;
  usage?: { inputTokens: number; outputTokens: number };
}

/** The report's summary on the wire. */
export function routingSummaryToWire(report: RoutingReport): WireJson {
  return toWire(ROUTING_SUMMARY, {
    skill: report.skill,
    total: report.results.length,
    passed: report.results.filter((r) => r.ok).length,
    recall: report.recall,
    precision: report.precision,
    overlaps: report.overlaps,
    runsPerQuery: report.runsPerQuery,
    threshold: report.threshold,
    calls: report.calls,
    usage: toWire(USAGE, report.usage),
  });
}

export function routingSummaryFromWire(json: unknown): RoutingSummary {
  const f = fromWire(ROUTING_SUMMARY, json);
  const u = fromWire(USAGE, f.usage);
  return {
    ...(f as unknown as RoutingSummary),
    runsPerQuery: Number(f.runsPerQuery) || 1,
    threshold: Number(f.threshold) || 0.5,
    usage: { inputTokens: Number(u.inputTokens) || 0, outputTokens: Number(u.outputTokens) || 0 },
  };
}

/** A routing event as an SSE message. */
export function routingEventToWire(ev: RoutingEvent): SseMessage {
  switch (ev.type) {
    case 'plan':
      return { event: 'plan', data: toWire(ROUTING_PLAN, { calls: ev.calls, designerCalls: ev.designerCalls, runsPerQuery: ev.runsPerQuery }) };
    case 'requests':
      return { event: 'requests', data: { requests: ev.requests } };
    case 'progress':
      return { event: 'progress', data: { done: ev.done, total: ev.total } };
    case 'route_result':
      return { event: 'route_result', data: { index: ev.index, result: ev.result } };
    case 'done':
      return { event: 'done', data: routingSummaryToWire(ev.report) };
    case 'error':
      return { event: 'error', data: { error: ev.error.message, code: ev.code, calls: ev.report.calls } };
  }
}

/** The events a client shows (plan and requests are skipped). */
export type RoutingUiEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'route_result'; index: number; result: RoutingResult }
  | { type: 'done'; summary: RoutingSummary }
  | { type: 'error'; error: string };

/** One SSE message of a route-check stream as a client event, or null to ignore it. */
export function routingEventFromWire(name: string, data: string): RoutingUiEvent | null {
  return sseEventFromWire(name, data, routingEvent);
}

function routingEvent(name: string, j: WireJson): RoutingUiEvent | null {
  if (name === 'progress' || name === 'route_result') return { ...j, type: name } as RoutingUiEvent;
  if (name === 'done') return { type: 'done', summary: routingSummaryFromWire(j) };
  if (name === 'error') return { type: 'error', error: String(j.error || 'The routing check failed.') };
  return null;
}

/** `POST …/improve-description` reply: the proposal and the draft's SKILL.md with it applied (null without a frontmatter). */
export interface DescriptionProposal {
  description: string;
  rationale: string;
  skillMd: string | null;
}
export const descriptionProposalToWire = (p: DescriptionProposal): WireJson => toWire(DESCRIPTION_PROPOSAL, { ...p, skillMd: p.skillMd ?? null });
export function descriptionProposalFromWire(json: unknown): DescriptionProposal {
  const f = fromWire(DESCRIPTION_PROPOSAL, json);
  return { description: String(f.description ?? ''), rationale: String(f.rationale ?? ''), skillMd: typeof f.skillMd === 'string' ? f.skillMd : null };
}
