// checkRouting's repeated runs through each real provider SDK against its
// local wire server: a scripted model that routes a word only on two of every
// three calls carrying it (a model that is not deterministic) gives that
// request a trigger rate of 2/3, which passes at the default threshold and
// fails at a stricter one; a request meant for another skill or none is judged
// by the share of its runs that went as expected; the plan states every call.
import { describe, expect, it } from 'vitest';
import { PROVIDERS } from '../../../src/core/llm/types.js';
import { checkRouting, routeCheck } from '../../../src/core/routing/check-routing.js';
import type { RoutingEvent, RoutingRequest } from '../../../src/core/routing/types.js';
import { descriptionRouter } from '../../helpers/provider-servers/description-router.js';
import { CLOCK, TRAIN_WINNER, WEATHER } from './optimize-fixtures.js';
import { useProviderServer } from '../llm/support.js';

const DRAFT = { skillMd: WEATHER.skillMd.replace('Short forecast for a city.', TRAIN_WINNER) };
const REQUESTS: RoutingRequest[] = [
  { text: 'Will it rain in Oslo?', expect: 'this' },
  { text: 'Is it humid in Lagos?', expect: 'this' },
  { text: 'Capital of Peru?', expect: 'none' },
  { text: 'Is the air humid?', expect: 'none' },
];

describe.each(PROVIDERS)('%s: checkRouting with repeated runs', (provider) => {
  const wire = useProviderServer(provider, { model: 'agent-model', apiKey: 'sk-runs' });

  it('sends each request runsPerQuery times and reports its trigger rate; the threshold decides', async () => {
    await wire.start({ handler: descriptionRouter(provider, { proposals: [], flaky: ['humid'] }).handler });
    const events: RoutingEvent[] = [];
    for await (const e of routeCheck({ llm: wire.client(), draft: DRAFT, otherSkills: [CLOCK], requests: REQUESTS.slice(0, 3), concurrency: 2 }))
      events.push(e);
    expect(events[0]).toEqual({ type: 'plan', calls: 9, designerCalls: 0, runsPerQuery: 3 });
    expect(wire.server.requests).toHaveLength(9);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error(`expected done, got ${done?.type}`);
    const [rain, humid, joke] = done.report.results;
    expect(rain).toMatchObject({ runs: 3, hits: 3, rate: 1, ok: true, chose: { skill: 'weather-brief', via: 'read_skill' } });
    expect(humid).toMatchObject({ runs: 3, hits: 2, ok: true, chose: { skill: 'weather-brief', via: 'read_skill' } });
    expect(humid!.rate).toBeCloseTo(2 / 3);
    expect(joke).toMatchObject({ runs: 3, hits: 0, rate: 0, ok: true, chose: null, answer: 'I can answer that myself.' });
    expect(done.report.recall).toBe(1);
    expect(done.report.calls).toBe(9);
    // One route_result per request, after all its runs.
    expect(events.filter((e) => e.type === 'route_result')).toHaveLength(3);
    expect(events.filter((e) => e.type === 'progress').at(-1)).toEqual({ type: 'progress', done: 3, total: 3 });

    const strict = await checkRouting({ llm: wire.client(), draft: DRAFT, otherSkills: [CLOCK], requests: REQUESTS.slice(0, 2), threshold: 0.8 });
    expect(strict.results.map((r) => r.ok)).toEqual([true, false]);
    expect(strict.recall).toBe(0.5);
    expect(strict.threshold).toBe(0.8);
  });
});

describe('checkRouting: runs of a request meant elsewhere', () => {
  const wire = useProviderServer('openai', { model: 'agent-model', apiKey: 'sk-runs' });

  it('passes when fewer than the threshold of its runs go anywhere but where expected', async () => {
    // 'humid' routes to this skill on two runs of three; the third goes to no skill, as expected.
    await wire.start({ handler: descriptionRouter('openai', { proposals: [], flaky: ['humid'] }).handler });
    const request = REQUESTS[3]!;
    const report = await checkRouting({ llm: wire.client(), draft: DRAFT, otherSkills: [CLOCK], requests: [request], concurrency: 1 });
    expect(report.results[0]).toMatchObject({ runs: 3, hits: 2, ok: false, chose: { skill: 'weather-brief' } });
    expect(report.precision).toBe(0);
    // A stricter check lets it pass: 2 of 3 runs astray is under a threshold of 0.7.
    const lenient = await checkRouting({ llm: wire.client(), draft: DRAFT, otherSkills: [CLOCK], requests: [request], threshold: 0.7, concurrency: 1 });
    expect(lenient.results[0]!.ok).toBe(true);
    // One run is a single answer, as before repeated runs.
    const once = await checkRouting({
      llm: wire.client(),
      draft: DRAFT,
      otherSkills: [CLOCK],
      requests: [{ text: 'Capital of Peru?', expect: 'none' }],
      runsPerQuery: 1,
    });
    expect(once.results[0]).toMatchObject({ runs: 1, hits: 0, rate: 0, ok: true });
    expect(once.calls).toBe(1);
  });
});
