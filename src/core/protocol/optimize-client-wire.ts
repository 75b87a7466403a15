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
/** The `split` event: the train and held-out requests. */
export const OPTIMIZE_SPLIT = /*#__PURE__*/ fields('train', 'heldOut');
/** The `self_test` event. */
export const OPTIMIZE_SELF_TEST = /*#__PURE__*/ fields('ok', 'match', 'nonMatch');
/** The `error` event: the message, its code, and the result so far. */
export const OPTIMIZE_ERROR = /*#__PURE__*/ fields('error', 'code', 'calls', 'result');
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

/** The plan a client shows before any call: the calls it will make, what it tunes, the split's sizes and the limits. */
export interface OptimizePlanView {
  calls: number;
  target: 'description' | 'tools';
  runsPerQuery: number;
  train: number;
  heldOut: number;
  maxCalls?: number;
  maxTokens?: number;
}

/** The limit that ended a run early: its calls or its tokens. */
export type OptimizeLimit = 'calls' | 'tokens';

/** The events a client shows. */
export type OptimizeUiEvent =
  | ({ type: 'plan' } & OptimizePlanView)
  | { type: 'split'; train: RoutingRequest[]; heldOut: RoutingRequest[] }
  | { type: 'selfTest'; ok: boolean; match: string; nonMatch: string }
  | { type: 'progress'; calls: number; planned: number }
  | { type: 'candidate'; candidate: OptimizeCandidateView }
  | { type: 'done'; chosen: number | null; stopped?: OptimizeLimit; calls: number }
  | { type: 'error'; error: string; code?: string; chosen?: number | null };

const requestsOf = (v: unknown): RoutingRequest[] =>
  (Array.isArray(v) ? v : [])
    .map((r) => obj(r))
    .map((r) => ({ text: str(r.text), expect: (r.expect as RoutingRequest['expect']) || 'this', ...(r.skill ? { skill: str(r.skill) } : {}) }));
const count = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined);

function planFromWire(j: WireJson): OptimizeUiEvent {
  const p = fromWire(OPTIMIZE_PLAN, j);
  const limits = { maxCalls: count(p.maxCalls), maxTokens: count(p.maxTokens) };
  return {
    type: 'plan',
    calls: Number(p.calls),
    target: p.target === 'tools' ? 'tools' : 'description',
    runsPerQuery: Number(p.runsPerQuery) || 1,
    train: Number(p.train),
    heldOut: Number(p.heldOut),
    ...(limits.maxCalls !== undefined ? { maxCalls: limits.maxCalls } : {}),
    ...(limits.maxTokens !== undefined ? { maxTokens: limits.maxTokens } : {}),
  };
}

function errorFromWire(j: WireJson): OptimizeUiEvent {
  const e = fromWire(OPTIMIZE_ERROR, j);
  const chosen = obj(e.result)['chosen'];
  return {
    type: 'error',
    error: String(e.error || 'The routing optimisation failed.'),
    ...(typeof e.code === 'string' ? { code: e.code } : {}),
    ...(typeof chosen === 'number' ? { chosen } : {}),
  };
}

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
  if (name === 'plan') return planFromWire(j);
  if (name === 'split') {
    const s = fromWire(OPTIMIZE_SPLIT, j);
    return { type: 'split', train: requestsOf(s.train), heldOut: requestsOf(s.heldOut) };
  }
  if (name === 'self_test') {
    const t = fromWire(OPTIMIZE_SELF_TEST, j);
    return { type: 'selfTest', ok: t.ok === true, match: str(t.match), nonMatch: str(t.nonMatch) };
  }
  if (name === 'progress') return { type: 'progress', calls: Number(j.calls), planned: Number(j.planned) };
  if (name === 'candidate') return { type: 'candidate', candidate: candidateFromWire(j) };
  if (name === 'done') {
    const r = fromWire(OPTIMIZE_RESULT, j);
    return {
      type: 'done',
      chosen: typeof r.chosen === 'number' ? r.chosen : null,
      // `stopped` names the body field of the limit that was reached.
      ...(typeof r.stopped === 'string' ? { stopped: r.stopped === OPTIMIZE_REQUEST.maxTokens ? ('tokens' as const) : ('calls' as const) } : {}),
      calls: Number(r.calls),
    };
  }
  if (name === 'error') return errorFromWire(j);
  return null;
}
