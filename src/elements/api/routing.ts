// The routing check's API calls for the element, loaded with the
// dialog on first use: POST …/route-check (SSE read into UI events),
// …/route-check/requests and …/improve-description, through the API client's
// post() (its errors, endpoint and fetch). The server's JSON is already in
// these shapes except for the snake_case keys mapped here; unknown events are
// ignored.
import type { ApiClient } from './client.js';
import { readSse } from './sse.js';
import type { Draft } from '../types.js';

export type RoutingExpect = 'this' | 'other' | 'none';

export interface RoutingRequestItem {
  text: string;
  expect: RoutingExpect;
  skill?: string;
  source?: 'user' | 'example' | 'designer';
}

export interface RoutingResultItem extends RoutingRequestItem {
  chose: { skill: string; via: 'read_skill' | 'tool'; tool?: string } | null;
  ok: boolean;
  answer?: string;
}

export interface RoutingSummary {
  skill: string;
  total: number;
  passed: number;
  recall: number | null;
  precision: number | null;
  overlaps: Array<{ skill: string; requests: string[] }>;
  calls: number;
}

export type RoutingUiEvent =
  | { type: 'progress'; done: number; total: number }
  | { type: 'route_result'; index: number; result: RoutingResultItem }
  | { type: 'done'; summary: RoutingSummary }
  | { type: 'error'; error: string };

export interface DescriptionProposal {
  description: string;
  rationale: string;
  /** The draft's SKILL.md with the proposal applied; null when it has no frontmatter to hold it. */
  skillMd: string | null;
}

/** One SSE message of a route-check stream as a UI event, or null to ignore it. */
export function toRoutingEvent(name: string, data: string): RoutingUiEvent | null {
  let j: Record<string, unknown>;
  try {
    j = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return name === 'error' ? { type: 'error', error: data } : null;
  }
  if (name === 'progress' || name === 'route_result') return { ...j, type: name } as RoutingUiEvent;
  if (name === 'done') return { type: 'done', summary: j as unknown as RoutingSummary };
  if (name === 'error') return { type: 'error', error: String(j.error || 'The routing check failed.') };
  return null;
}

/** What every routing call sends: the draft and the installed skill it replaces. */
export interface RoutingTarget {
  agent: string;
  draft: Draft;
  editingName?: string;
}

const path = (t: RoutingTarget, what: string) => `/agents/${encodeURIComponent(t.agent)}/skill-builder/${what}`;
const body = (t: RoutingTarget, extra: Record<string, unknown>) => ({ skill_md: t.draft.skillMd, scripts: t.draft.scripts, editing_name: t.editingName, ...extra });

export async function* routeCheck(api: ApiClient, t: RoutingTarget, requests: RoutingRequestItem[], signal: AbortSignal): AsyncGenerator<RoutingUiEvent> {
  const res = await api.post(path(t, 'route-check'), body(t, { requests }), signal);
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
  const j = (await (await api.post(path(t, 'improve-description'), body(t, { results: sent }), signal)).json()) as Record<string, unknown>;
  return { description: String(j.description ?? ''), rationale: String(j.rationale ?? ''), skillMd: typeof j.skill_md === 'string' ? j.skill_md : null };
}
