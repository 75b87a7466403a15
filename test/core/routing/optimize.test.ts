// optimizeRouting end to end through the real provider SDKs against their
// local wire servers, with a scripted model whose routing depends on the words
// of the descriptions it is shown: the loop improves held-out recall and picks
// the held-out winner over the train winner, the proposer never sees a
// held-out request, each candidate is a SKILL.md diff, and script-backed
// skills get their tool descriptions tuned.
import { describe, expect, it } from 'vitest';
import { PartialResultError } from '../../../src/core/errors.js';
import { PROVIDERS } from '../../../src/core/llm/types.js';
import { optimizeRouting, planOptimize, routeOptimize, type RoutingOptimizeError } from '../../../src/core/routing/optimize.js';
import type { OptimizeEvent } from '../../../src/core/routing/optimize-types.js';
import { Skill } from '../../../src/core/skill/skill.js';
import { descriptionRouter } from '../../helpers/provider-servers/description-router.js';
import { useProviderServer } from '../llm/support.js';
import { CLOCK, HELD_OUT, HELD_OUT_WINNER, proposal, QUOTE_REQUESTS, QUOTES, REQUESTS, TRAIN_WINNER, WEATHER } from './optimize-fixtures.js';

describe.each(PROVIDERS)('%s: optimizeRouting', (provider) => {
  const wire = useProviderServer(provider, { model: 'agent-model', apiKey: 'sk-opt-SECRET' });

  it('picks the held-out winner, not the train winner, and never shows the proposer a held-out request', async () => {
    const router = descriptionRouter(provider, { proposals: [proposal(TRAIN_WINNER), proposal(HELD_OUT_WINNER)] });
    await wire.start({ handler: router.handler });
    const events: OptimizeEvent[] = [];
    for await (const ev of routeOptimize({ llm: wire.client(), draft: WEATHER, otherSkills: [CLOCK], requests: REQUESTS, iterations: 2, runsPerQuery: 2 }))
      events.push(ev);

    const planned = planOptimize({ requests: 8, iterations: 2, runsPerQuery: 2 });
    expect(planned).toBe(2 + 3 * 8 * 2 + 2);
    expect(events[0]).toEqual({ type: 'plan', calls: planned, target: 'description', runsPerQuery: 2, train: 5, heldOut: 3 });
    const split = events.find((e) => e.type === 'split');
    expect(split?.type === 'split' && split.heldOut.map((r) => r.text)).toEqual(HELD_OUT);
    expect(events.find((e) => e.type === 'self_test')).toMatchObject({ ok: true });
    const last = events.at(-1)!;
    if (last.type !== 'done') throw new Error(`ended with ${last.type}`);
    const { result } = last;

    expect(result.candidates.map((c) => [c.train.score, c.heldOut.score])).toEqual([
      [2 / 5, 1 / 3],
      [1, 1 / 3],
      [3 / 5, 1],
    ]);
    expect(result.candidates.map((c) => c.heldOut.recall)).toEqual([0, 0, 1]);
    expect(result.chosen).toBe(2);
    expect(result.candidates[2]!.texts).toEqual({ description: HELD_OUT_WINNER });
    expect(result.candidates[2]!.diff).toContain(`-description: Short forecast for a city.\n+description: ${HELD_OUT_WINNER}`);
    expect(result.candidates[0]!.diff).toBe('');
    expect(Skill.from(result.candidates[2]!.skillMd).description).toBe(HELD_OUT_WINNER);
    expect(result.candidates[2]!.rationale).toBe(`try: ${HELD_OUT_WINNER}`);
    expect(result.calls).toBe(planned);
    expect(wire.server.requests).toHaveLength(planned);
    expect(result.stopped).toBeUndefined();

    // The proposer saw the train failures, and not one held-out request (not even the SKILL.md line quoting one).
    expect(router.designerPrompts).toHaveLength(2);
    expect(router.designerPrompts[0]).toContain('Do I need an umbrella?');
    for (const body of router.designerBodies) for (const text of HELD_OUT) expect(body.toLowerCase()).not.toContain(text.toLowerCase());
    expect(JSON.stringify(events)).not.toContain('SECRET');
  });
});

describe('optimizeRouting (openai wire)', () => {
  const wire = useProviderServer('openai', { model: 'agent-model', apiKey: 'sk-opt' });

  it('reports the trigger rate of each request over its runs, against the threshold', async () => {
    const router = descriptionRouter('openai', { proposals: [], flaky: ['humid'] });
    await wire.start({ handler: router.handler });
    const draft = { skillMd: WEATHER.skillMd.replace('Short forecast for a city.', TRAIN_WINNER) };
    const result = await optimizeRouting({ llm: wire.client(), draft, requests: REQUESTS, iterations: 0, runsPerQuery: 3, threshold: 0.7, concurrency: 1 });
    const humid = result.candidates[0]!.train.results.find((r) => r.text.includes('humid'))!;
    expect(humid).toMatchObject({ runs: 3, hits: 2, ok: false });
    expect(humid.rate).toBeCloseTo(2 / 3);
    const rain = result.candidates[0]!.train.results.find((r) => r.text.includes('rain'))!;
    expect(rain).toMatchObject({ runs: 3, hits: 3, rate: 1, ok: true });
  });

  it('tunes the tool descriptions of a skill the model sees only as tools, as a SKILL.md diff', async () => {
    const tools = JSON.stringify({ tools: [{ name: 'stock_quote', description: 'Latest share price for a ticker.' }], rationale: 'name the words users use' });
    const router = descriptionRouter('openai', { proposals: [tools] });
    await wire.start({ handler: router.handler });
    const result = await optimizeRouting({ llm: wire.client(), draft: QUOTES, otherSkills: [CLOCK], requests: QUOTE_REQUESTS, iterations: 1, runsPerQuery: 1 });
    expect(result.target).toBe('tools');
    expect(result.candidates[0]!.texts).toEqual({ stock_quote: 'Latest quote.' });
    expect(result.candidates[1]!.texts).toEqual({ stock_quote: 'Latest share price for a ticker.' });
    expect(result.candidates.map((c) => c.heldOut.recall)).toEqual([0, 1]);
    expect(result.chosen).toBe(1);
    const diff = result.candidates[1]!.diff;
    expect(diff).toContain('-Latest quote.\n+Latest share price for a ticker.');
    expect(diff).not.toContain('description:');
    expect(result.candidates[1]!.skillMd).toContain('**Input:** symbol (string, required)');
    expect(router.designerPrompts[0]).toContain('- stock_quote: Latest quote.');
  });

  it('stops at maxCalls exactly and returns the candidates scored so far', async () => {
    const router = descriptionRouter('openai', { proposals: [proposal(TRAIN_WINNER), proposal(HELD_OUT_WINNER)] });
    await wire.start({ handler: router.handler });
    // Self-test (2) + candidate 0 (8) + one proposal (1) + 3 calls into candidate 1.
    const maxCalls = 2 + 8 + 1 + 3;
    const result = await optimizeRouting({ llm: wire.client(), draft: WEATHER, requests: REQUESTS, iterations: 2, runsPerQuery: 1, budget: { maxCalls } });
    expect(result.stopped).toBe('max_calls');
    expect(result.calls).toBe(maxCalls);
    expect(wire.server.requests).toHaveLength(maxCalls);
    expect(result.candidates.map((c) => c.index)).toEqual([0]);
    expect(result.chosen).toBe(0);
  });

  it('stops before a call that could pass maxTokens', async () => {
    const router = descriptionRouter('openai', { proposals: [proposal(TRAIN_WINNER)] });
    await wire.start({ handler: router.handler });
    const result = await optimizeRouting({
      llm: wire.client(),
      draft: WEATHER,
      requests: REQUESTS,
      iterations: 1,
      runsPerQuery: 1,
      concurrency: 1,
      budget: { maxTokens: 1 },
    });
    expect(result.stopped).toBe('max_tokens');
    expect(result.calls).toBe(1);
    expect(wire.server.requests).toHaveLength(1);
    expect(result.candidates).toEqual([]);
  });

  it('aborts at the call the signal fires on, with the candidates so far', async () => {
    const controller = new AbortController();
    const router = descriptionRouter('openai', { proposals: [proposal(TRAIN_WINNER)], onRoute: (_u, i) => i === 12 && controller.abort() });
    await wire.start({ handler: router.handler });
    const err = (await optimizeRouting({
      llm: wire.client(),
      draft: WEATHER,
      requests: REQUESTS,
      iterations: 1,
      runsPerQuery: 1,
      concurrency: 1,
      signal: controller.signal,
    }).catch((e: unknown) => e)) as RoutingOptimizeError;
    expect(PartialResultError.isInstance(err)).toBe(true);
    expect((err.cause as { code: string }).code).toBe('aborted');
    // 2 self-test + 8 for candidate 0 + the proposal + routing calls up to the 13th (index 12).
    expect(wire.server.requests.length).toBe(14);
    expect(err.partial.candidates.map((c) => c.index)).toEqual([0]);
  });

  it('stops after the self-test when the model cannot tell a match from a non-match', async () => {
    await wire.start({ handler: () => 'I never call tools.' });
    const events: OptimizeEvent[] = [];
    for await (const ev of routeOptimize({ llm: wire.client(), draft: WEATHER, requests: REQUESTS, iterations: 3 })) events.push(ev);
    const last = events.at(-1)!;
    expect(last.type).toBe('error');
    if (last.type !== 'error') return;
    expect(last.code).toBe('routing_self_test');
    expect(last.error.message).toMatch(/^the routing check itself is not working: a request naming "weather-brief" went to no skill/);
    expect(last.error.message).toContain('tool calling');
    expect(wire.server.requests).toHaveLength(2);
    expect(last.result.calls).toBe(2);
  });

  it('fails the self-test when everything goes to the skill', async () => {
    await wire.start({ handler: () => ({ toolCalls: [{ name: 'read_skill', arguments: { name: 'weather-brief' } }] }) });
    const err = (await optimizeRouting({ llm: wire.client(), draft: WEATHER, requests: REQUESTS }).catch((e: unknown) => e)) as RoutingOptimizeError;
    expect((err.cause as { code: string }).code).toBe('routing_self_test');
    expect(wire.server.requests).toHaveLength(2);
  });

  it('refuses bad options before any call, naming the field', async () => {
    const bad = async (extra: Record<string, unknown>) =>
      (await optimizeRouting({ llm: { provider: 'openai', model: 'm', apiKey: 'k' }, draft: WEATHER, requests: REQUESTS, ...extra }).catch(
        (e: unknown) => e,
      )) as { field?: string };
    expect((await bad({ holdout: 1 })).field).toBe('holdout');
    expect((await bad({ runsPerQuery: 0 })).field).toBe('runsPerQuery');
    expect((await bad({ budget: { maxCalls: 0 } })).field).toBe('budget.maxCalls');
    expect((await bad({ requests: REQUESTS.slice(0, 1) })).field).toBe('requests');
    expect((await bad({ threshold: 0 })).field).toBe('threshold');
  });
});
