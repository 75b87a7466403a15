// The routing check's API calls for the element, loaded with the dialog on
// first use: POST …/route-check (SSE read into UI events),
// …/route-check/requests, …/improve-description and …/route-check/optimize
// (SSE: candidates scored on train and held-out requests), through the API client's
// post() (its errors, endpoint and fetch). Bodies, events and replies are
// mapped by core/protocol/routing-wire.ts; unknown events are ignored.
import {
  descriptionProposalFromWire,
  routingBodyToWire,
  routingEventFromWire,
  type DescriptionProposal,
  type RoutingBody,
  type RoutingSummary,
  type RoutingUiEvent,
} from '../../core/protocol/routing-wire.js';
import {
  optimizeBodyToWire,
  optimizeEventFromWire,
  type OptimizeCandidateView,
  type OptimizePlanView,
  type OptimizeUiEvent,
} from '../../core/protocol/optimize-client-wire.js';
import type { ApiClient } from './client.js';
import { readSse } from './sse.js';
import type { Draft } from '../types.js';

export type { DescriptionProposal, OptimizeCandidateView, OptimizePlanView, OptimizeUiEvent, RoutingSummary, RoutingUiEvent };
export { planOptimize } from '../../core/routing/optimize-plan.js';

export type RoutingExpect = 'this' | 'other' | 'none';

export interface RoutingRequestItem {
  text: string;
  expect: RoutingExpect;
  skill?: string;
  source?: 'user' | 'example' | 'designer';
}

export interface RoutingResultItem extends RoutingRequestItem {
  /** The choice most runs made. */
  chose: { skill: string; via: 'read_skill' | 'tool'; tool?: string } | null;
  ok: boolean;
  answer?: string;
  /** Times the request was sent, and how many went to the draft (absent from a server that sends each once). */
  runs?: number;
  hits?: number;
  rate?: number;
}

/** Times the element has each request sent in a check (the server's default too). */
export const ROUTING_RUNS = 3;

/** One SSE message of a route-check stream as a UI event, or null to ignore it. */
export const toRoutingEvent = routingEventFromWire;

/** What every routing call sends: the draft and the installed skill it replaces. */
export interface RoutingTarget {
  agent: string;
  draft: Draft;
  editingName?: string;
}

const path = (t: RoutingTarget, what: string) => `/agents/${encodeURIComponent(t.agent)}/skill-builder/${what}`;
const body = (t: RoutingTarget, extra: Omit<RoutingBody, 'skillMd'>) =>
  routingBodyToWire({ skillMd: t.draft.skillMd, scripts: t.draft.scripts, editingName: t.editingName, ...extra });

/** Runs per request and the trigger threshold of a check. */
export interface TrialSettings {
  runsPerQuery: number;
  threshold: number;
}

/** An optimisation's settings: its trials, iterations, held-out share and hard limits (absent: the server's). */
export interface OptimiseSettings extends TrialSettings {
  iterations: number;
  holdout: number;
  maxCalls?: number | null;
  maxTokens?: number | null;
}

export async function* routeCheck(
  api: ApiClient,
  t: RoutingTarget,
  requests: RoutingRequestItem[],
  trials: TrialSettings,
  signal: AbortSignal,
): AsyncGenerator<RoutingUiEvent> {
  const res = await api.post(path(t, 'route-check'), body(t, { requests, runsPerQuery: trials.runsPerQuery, threshold: trials.threshold }), signal);
  for await (const m of readSse(res.body!, signal)) {
    const ev = toRoutingEvent(m.event ?? 'message', m.data);
    if (ev) yield ev;
  }
}

export async function routeRequests(api: ApiClient, t: RoutingTarget, count: number, signal: AbortSignal): Promise<RoutingRequestItem[]> {
  return ((await (await api.post(path(t, 'route-check/requests'), body(t, { count }), signal)).json()) as { requests: RoutingRequestItem[] }).requests;
}

export async function improveDescription(api: ApiClient, t: RoutingTarget, results: RoutingResultItem[], signal: AbortSignal): Promise<DescriptionProposal> {
  const sent = results.map(({ text, expect, chose, ok }) => ({ text, expect, chose, ok }));
  return descriptionProposalFromWire(await (await api.post(path(t, 'improve-description'), body(t, { results: sent }), signal)).json());
}

/** Streams `POST …/route-check/optimize`: candidates with train and held-out scores, then the chosen one. */
export async function* routeOptimize(
  api: ApiClient,
  t: RoutingTarget,
  requests: RoutingRequestItem[],
  settings: OptimiseSettings,
  signal: AbortSignal,
): AsyncGenerator<OptimizeUiEvent> {
  const { runsPerQuery, threshold, iterations, holdout, maxCalls, maxTokens } = settings;
  const sent = optimizeBodyToWire({
    skillMd: t.draft.skillMd,
    scripts: t.draft.scripts,
    editingName: t.editingName,
    requests: requests.map(({ text, expect, skill }) => ({ text, expect, ...(skill ? { skill } : {}) })),
    runsPerQuery,
    threshold,
    iterations,
    holdout,
    maxCalls: maxCalls ?? undefined,
    maxTokens: maxTokens ?? undefined,
  });
  const res = await api.post(path(t, 'route-check/optimize'), sent, signal);
  for await (const m of readSse(res.body!, signal)) {
    const ev = optimizeEventFromWire(m.event ?? 'message', m.data);
    if (ev) yield ev;
  }
}
