// The routing check as the elements see it (issue 16): types for the requests,
// results and summary, and the mapping of the API's SSE events (POST
// …/route-check). The server's JSON is already in these shapes except for the
// few snake_case keys mapped here; unknown events are ignored.

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
