// The optimisation's SSE events written by the server's mapper and read back
// by the client's: the plan with its limits, the split, the self-test, a
// budget-stopped `done` and an `error` with its code and the chosen candidate
// so far — what the element's Optimise mode shows before and while it runs.
import { describe, expect, it } from 'vitest';
import { optimizeEventFromWire, optimizeEventToWire } from '../../../src/core/protocol/optimize-wire.js';
import { RoutingSelfTestError } from '../../../src/core/routing/errors.js';
import type { OptimizeEvent, RoutingOptimizeResult } from '../../../src/core/routing/optimize-types.js';

const result: RoutingOptimizeResult = {
  skill: 'weather',
  target: 'tools',
  train: [{ text: 'rain?', expect: 'this' }],
  heldOut: [{ text: 'snow?', expect: 'this' }],
  candidates: [],
  chosen: 2,
  stopped: 'max_calls',
  calls: 20,
  usage: { inputTokens: 10, outputTokens: 2 },
};

const roundTrip = (ev: OptimizeEvent) => {
  const m = optimizeEventToWire(ev);
  return { wire: m.data, read: optimizeEventFromWire(m.event!, JSON.stringify(m.data)) };
};

describe('optimize wire events', () => {
  it('carries the plan with its limits, the split and the self-test to the client', () => {
    const plan = roundTrip({ type: 'plan', calls: 28, target: 'tools', runsPerQuery: 2, train: 2, heldOut: 2, maxCalls: 20, maxTokens: 5000 });
    expect(plan.wire).toEqual({ calls: 28, target: 'tools', runs_per_query: 2, train: 2, held_out: 2, max_calls: 20, max_tokens: 5000 });
    expect(plan.read).toEqual({ type: 'plan', calls: 28, target: 'tools', runsPerQuery: 2, train: 2, heldOut: 2, maxCalls: 20, maxTokens: 5000 });
    const noLimits = roundTrip({ type: 'plan', calls: 8, target: 'description', runsPerQuery: 1, train: 2, heldOut: 2 });
    expect(noLimits.read).not.toHaveProperty('maxCalls');

    const split = roundTrip({ type: 'split', train: result.train, heldOut: [{ text: 'build?', expect: 'other', skill: 'ci' }] });
    expect(split.wire).toEqual({ train: [{ text: 'rain?', expect: 'this' }], held_out: [{ text: 'build?', expect: 'other', skill: 'ci' }] });
    expect(split.read).toEqual({ type: 'split', train: [{ text: 'rain?', expect: 'this' }], heldOut: [{ text: 'build?', expect: 'other', skill: 'ci' }] });

    const self = roundTrip({ type: 'self_test', ok: true, match: 'Use it', nonMatch: '2 + 2?' });
    expect(self.wire).toEqual({ ok: true, match: 'Use it', non_match: '2 + 2?' });
    expect(self.read).toEqual({ type: 'selfTest', ok: true, match: 'Use it', nonMatch: '2 + 2?' });
  });

  it('reads a budget-stopped done and an error with its code and the candidate chosen so far', () => {
    expect(roundTrip({ type: 'done', result }).read).toEqual({ type: 'done', chosen: 2, stopped: 'calls', calls: 20 });
    const failed = roundTrip({
      type: 'error',
      error: new RoutingSelfTestError('both went nowhere'),
      code: 'routing_self_test',
      result: { ...result, chosen: null },
    });
    expect(failed.read).toMatchObject({ type: 'error', code: 'routing_self_test' });
    expect(failed.read).not.toHaveProperty('chosen');
    expect((failed.read as { error: string }).error).toContain('the routing check itself is not working');
    expect(roundTrip({ type: 'error', error: new Error('429'), code: 'internal', result }).read).toEqual({
      type: 'error',
      error: '429',
      code: 'internal',
      chosen: 2,
    });
  });
});
