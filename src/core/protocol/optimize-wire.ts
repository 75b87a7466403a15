// The routing optimisation on the wire: the body of route-check/optimize and
// its SSE events (`plan`, `split`, `self_test`, `progress`, `candidate`,
// `done`, `error`), with their field tables; and reading them back for a
// client. Candidates carry their scores per set and the SKILL.md diff.
import type { OptimizeEvent, RoutingCandidate, RoutingOptimizeResult, SetScore } from '../routing/optimize-types.js';
import type { RoutingRequest } from '../routing/types.js';
import type { SseMessage } from './builder-events-wire.js';
import { fields } from './fields.js';
import { fromWire, obj, str, toWire, type WireJson } from './wire.js';

/** `POST …/route-check/optimize` body. */
export const OPTIMIZE_REQUEST = /*#__PURE__*/ fields(
  'skillMd',
  'scripts',
  'editingName',
  'requests',
  'iterations',
  'holdout',
  'runsPerQuery',
  'threshold',
  'maxCalls',
  'maxTokens',
  'concurrency',
);
/** The `plan` event. */
export const OPTIMIZE_PLAN = /*#__PURE__*/ fields('calls', 'target', 'runsPerQuery', 'train', 'heldOut', 'maxCalls', 'maxTokens');
/** A candidate. */
export const OPTIMIZE_CANDIDATE = /*#__PURE__*/ fields('index', 'texts', 'skillMd', 'diff', 'rationale', 'train', 'heldOut');
/** The `done` / `error` result. */
export const OPTIMIZE_RESULT = /*#__PURE__*/ fields('skill', 'target', 'train', 'heldOut', 'candidates', 'chosen', 'stopped', 'calls', 'usage');

export interface OptimizeBody {
  skillMd: string;
  scripts?: Record<string, string> | undefined;
  editingName?: string | undefined;
  requests: RoutingRequest[];
  iterations?: number | undefined;
  holdout?: number | undefined;
  runsPerQuery?: number | undefined;
  threshold?: number | undefined;
  maxCalls?: number | undefined;
  maxTokens?: number | undefined;
  concurrency?: number | undefined;
}

export const optimizeBodyToWire = (b: OptimizeBody): WireJson => toWire(OPTIMIZE_REQUEST, b);
/** Reads a checked body (the server's codec). */
export function optimizeBodyFromWire(json: unknown): OptimizeBody {
  const f = fromWire(OPTIMIZE_REQUEST, json) as Record<keyof OptimizeBody, unknown>;
  const out: OptimizeBody = { skillMd: str(f.skillMd), requests: (f.requests as RoutingRequest[] | undefined) ?? [] };
  for (const k of ['scripts', 'editingName', 'iterations', 'holdout', 'runsPerQuery', 'threshold', 'maxCalls', 'maxTokens', 'concurrency'] as const)
    if (f[k] !== undefined) (out as unknown as WireJson)[k] = f[k];
  return out;
}

const candidateToWire = (c: RoutingCandidate): WireJson => toWire(OPTIMIZE_CANDIDATE, c);
const resultToWire = (r: RoutingOptimizeResult): WireJson =>
  toWire(OPTIMIZE_RESULT, {
    ...r,
    candidates: r.candidates.map(candidateToWire),
    usage: { input_tokens: r.usage.inputTokens, output_tokens: r.usage.outputTokens },
  });

/** An optimisation event as an SSE message. */
export function optimizeEventToWire(ev: OptimizeEvent): SseMessage {
  switch (ev.type) {
    case 'plan': {
      const { type: _type, ...plan } = ev;
      return { event: 'plan', data: toWire(OPTIMIZE_PLAN, plan) };
    }
    case 'split':
      return { event: 'split', data: { train: ev.train, held_out: ev.heldOut } };
    case 'self_test':
      return { event: 'self_test', data: { ok: ev.ok, match: ev.match, non_match: ev.nonMatch } };
    case 'progress':
      return { event: 'progress', data: { calls: ev.calls, planned: ev.planned } };
    case 'candidate':
      return { event: 'candidate', data: candidateToWire(ev.candidate) };
    case 'done':
      return { event: 'done', data: resultToWire(ev.result) };
    case 'error':
      return { event: 'error', data: { error: ev.error.message, code: ev.code, calls: ev.result.calls, result: resultToWire(ev.result) } };
  }
}

/** A candidate as a client reads it. */
export type OptimizeCandidateView = Pick<RoutingCandidate, 'index' | 'texts' | 'skillMd' | 'diff' | 'rationale'> & { train: SetScore; heldOut: SetScore };

/** The events a client shows. */
export type OptimizeUiEvent =
  | { type: 'plan'; calls: number; target: 'description' | 'tools'; train: number; heldOut: number }
  | { type: 'progress'; calls: number; planned: number }
  | { type: 'candidate'; candidate: OptimizeCandidateView }
  | { type: 'done'; chosen: number | null; stopped?: string; calls: number }
  | { type: 'error'; error: string };

function candidateFromWire(json: unknown): OptimizeCandidateView {
  const f = fromWire(OPTIMIZE_CANDIDATE, json);
  return {
    index: Number(f.index),
    texts: obj(f.texts) as Record<string, string>,
    skillMd: str(f.skillMd),
    diff: str(f.diff),
    rationale: str(f.rationale),
    train: obj(f.train) as unknown as SetScore,
    heldOut: obj(f.heldOut) as unknown as SetScore,
  };
}

/** One SSE message of an optimisation stream as a client event, or null to ignore it. */
export function optimizeEventFromWire(name: string, data: string): OptimizeUiEvent | null {
  let j: WireJson;
  try {
    j = obj(JSON.parse(data));
  } catch {
    return name === 'error' ? { type: 'error', error: data } : null;
  }
  if (name === 'plan') {
    const p = fromWire(OPTIMIZE_PLAN, j);
    return { type: 'plan', calls: Number(p.calls), target: p.target === 'tools' ? 'tools' : 'description', train: Number(p.train), heldOut: Number(p.heldOut) };
  }
  if (name === 'progress') return { type: 'progress', calls: Number(j.calls), planned: Number(j.planned) };
  if (name === 'candidate') return { type: 'candidate', candidate: candidateFromWire(j) };
  if (name === 'done') {
    const r = fromWire(OPTIMIZE_RESULT, j);
    return {
      type: 'done',
      chosen: typeof r.chosen === 'number' ? r.chosen : null,
      ...(typeof r.stopped === 'string' ? { stopped: r.stopped } : {}),
      calls: Number(r.calls),
    };
  }
  if (name === 'error') return { type: 'error', error: String(j.error || 'The routing optimisation failed.') };
  return null;
}
