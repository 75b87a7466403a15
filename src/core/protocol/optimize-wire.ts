// The routing optimisation on the wire: the body of route-check/optimize and
// its SSE events (`plan`, `split`, `self_test`, `progress`, `candidate`,
// `done`, `error`), with their field tables; and reading them back for a
// client (optimize-client-wire.ts, re-exported here). Candidates carry their
// scores per set and the SKILL.md diff.
import type { OptimizeEvent, RoutingCandidate, RoutingOptimizeResult } from '../routing/optimize-types.js';
import type { RoutingRequest } from '../routing/types.js';
import type { SseMessage } from './builder-events-wire.js';
import {
  OPTIMIZE_CANDIDATE,
  OPTIMIZE_ERROR,
  OPTIMIZE_PLAN,
  OPTIMIZE_REQUEST,
  OPTIMIZE_RESULT,
  OPTIMIZE_SELF_TEST,
  OPTIMIZE_SPLIT,
  type OptimizeBody,
} from './optimize-client-wire.js';
import { fromWire, str, toWire, type WireJson } from './wire.js';

export {
  OPTIMIZE_CANDIDATE,
  OPTIMIZE_ERROR,
  OPTIMIZE_PLAN,
  OPTIMIZE_SELF_TEST,
  OPTIMIZE_SPLIT,
  OPTIMIZE_REQUEST,
  OPTIMIZE_RESULT,
  optimizeBodyToWire,
  optimizeEventFromWire,
  type OptimizeBody,
  type OptimizeCandidateView,
  type OptimizePlanView,
  type OptimizeScoreView,
  type OptimizeUiEvent,
} from './optimize-client-wire.js';

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
      return { event: 'split', data: toWire(OPTIMIZE_SPLIT, ev) };
    case 'self_test':
      return { event: 'self_test', data: toWire(OPTIMIZE_SELF_TEST, ev) };
    case 'progress':
      return { event: 'progress', data: { calls: ev.calls, planned: ev.planned } };
    case 'candidate':
      return { event: 'candidate', data: candidateToWire(ev.candidate) };
    case 'done':
      return { event: 'done', data: resultToWire(ev.result) };
    case 'error':
      return {
        event: 'error',
        data: toWire(OPTIMIZE_ERROR, { error: ev.error.message, code: ev.code, calls: ev.result.calls, result: resultToWire(ev.result) }),
      };
  }
}
