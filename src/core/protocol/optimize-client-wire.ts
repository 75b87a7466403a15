// The routing optimisation's wire as a client needs it, without the core's
// optimisation types: the field tables, the request body, and the SSE events
// read back into what a client shows. The server side is optimize-wire.ts.
import type { RoutingRequest } from '../routing/types.js';
import { fields } from './fields.js';
import { fromWire, obj, str, toWire, sseEventFromWire, type WireJson } from './wire.js';

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
/** A candidate as a client reads it. */
export interface OptimizeCandidateView {
  index: number;
  texts: Record<string, string>;
  skillMd: string;
  diff: string;
  rationale: string;
  train: OptimizeScoreView;
  heldOut: OptimizeScoreView;
}

/** A candidate's score on one set (share passed, recall; null for an empty set). */
export interface OptimizeScoreView {
  score: number | null;
  recall: number | null;
}

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
    train: obj(f.train) as unknown as OptimizeScoreView,
    heldOut: obj(f.heldOut) as unknown as OptimizeScoreView,
  };
}

/** One SSE message of an optimisation stream as a client event, or null to ignore it. */
export function optimizeEventFromWire(name: string, data: string): OptimizeUiEvent | null {
  return sseEventFromWire(name, data, optimizeEvent);
}

function optimizeEvent(name: string, j: WireJson): OptimizeUiEvent | null {
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
