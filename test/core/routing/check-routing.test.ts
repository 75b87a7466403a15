// checkRouting end to end through each real provider SDK against its local
// wire-format server, with a scripted model that routes by keyword and answers
// with native tool calls: what the model is shown (system prompt with the
// catalog, read_skill, the other skills' tools), results, recall, precision,
// overlaps, concurrency, abort and a provider failure mid-run.
import { describe, expect, it } from 'vitest';
import { buildSkillCatalog } from '../../../src/core/catalog.js';
import { LlmError, PartialResultError } from '../../../src/core/errors.js';
import { PROVIDERS } from '../../../src/core/llm/types.js';
import { READ_SKILL_TOOL } from '../../../src/core/routing/agent-view.js';
import { checkRouting, routeCheck, type RoutingCheckError } from '../../../src/core/routing/check-routing.js';
import type { RoutingEvent, RoutingReport, RoutingRequest } from '../../../src/core/routing/types.js';
import { keywordRouter, seen } from '../../helpers/provider-servers/keyword-router.js';
import { CLOCK, DRAFT, RULES, STOCKS } from '../../helpers/routing-fixtures.js';
import { useProviderServer } from '../llm/support.js';

const REQUESTS: RoutingRequest[] = [
  { text: 'Will it rain in Lyon?', expect: 'this' },
  { text: 'forecast for Rome please', expect: 'this' },
  { text: 'Do I need an umbrella today?', expect: 'this' },
  { text: 'What time is it in Tokyo?', expect: 'other', skill: 'tz-clock' },
  { text: 'AAPL price now', expect: 'other' },
  { text: 'Tell me a joke', expect: 'none' },
  { text: 'weather stocks combo', expect: 'other', skill: 'stock-quote' },
];

describe.each(PROVIDERS)('%s: checkRouting', (provider) => {
  const wire = useProviderServer(provider, { model: 'agent-model', apiKey: 'sk-route-SECRET' });

  it("shows the model exactly the catalog, read_skill and the other skills' tools, and scores the answers", async () => {
    await wire.start({ handler: keywordRouter(provider, { rules: RULES }), chunkSize: 11 });
    const report = await checkRouting({ llm: wire.client(), draft: DRAFT, otherSkills: [CLOCK, STOCKS], requests: REQUESTS, agentName: 'helper' });

    // Each request three times by default (models are not deterministic).
    expect(wire.server.requests).toHaveLength(REQUESTS.length * 3);
    const first = seen(provider, wire.server.requests[0]!.body);
    const catalog = buildSkillCatalog([
      { skillMd: DRAFT.skillMd, dirName: 'weather-brief' },
      { skillMd: CLOCK.skillMd, dirName: 'tz-clock' },
      { skillMd: STOCKS.skillMd, dirName: 'stock-quote', scripts: { 'stock-quote.sh': '' } },
    ]);
    expect(first.system).toBe(`You are helper, an AI agent.\n\n${catalog}`);
    expect(first.system).toContain('- weather-brief: When the user asks about the weather');
    expect(first.system).not.toContain('- stock-quote:'); // script-backed: a tool, not a catalog line
    expect(Object.keys(first.tools)).toEqual(['read_skill', 'stock_quote']);
    expect(first.tools['read_skill']!.description).toBe(READ_SKILL_TOOL.description);
    expect(first.tools['read_skill']!.description).toMatch(
      /^Read the full instructions for an available skill\. Pass the skill name exactly as listed under 'Available Skills'\./,
    );
    expect(first.tools['read_skill']!.parameters.required).toEqual(['name']);
    expect(Object.keys(first.tools['read_skill']!.parameters.properties)).toEqual(['name', 'file']);
    // The input schema Forge's runtime computes from the one-line Input spec (integer → number).
    expect(first.tools['stock_quote']!.parameters.properties).toEqual({ symbol: { type: 'string' }, days: { type: 'number' } });
    expect(first.tools['stock_quote']!.parameters.required).toEqual(['symbol']);
    expect(first.tools['stock_quote']!.description).toBe('Latest quote for a ticker symbol.');

    const chose = report.results.map((r) => r.chose);
    expect(chose).toEqual([
      { skill: 'weather-brief', via: 'read_skill' },
      { skill: 'weather-brief', via: 'read_skill' },
      { skill: 'tz-clock', via: 'read_skill' },
      { skill: 'tz-clock', via: 'read_skill' },
      { skill: 'stock-quote', via: 'tool', tool: 'stock_quote' },
      null,
      { skill: 'weather-brief', via: 'read_skill' },
    ]);
    expect(report.results.map((r) => r.ok)).toEqual([true, true, false, true, true, true, false]);
    // A scripted router answers every run alike: each rate is 0 or 1.
    expect(report.results.map((r) => [r.runs, r.hits, r.rate])).toEqual([
      [3, 3, 1],
      [3, 3, 1],
      [3, 0, 0],
      [3, 0, 0],
      [3, 0, 0],
      [3, 0, 0],
      [3, 3, 1],
    ]);
    expect([report.runsPerQuery, report.threshold]).toEqual([3, 0.5]);
    expect(report.results.map((r) => r.text)).toEqual(REQUESTS.map((r) => r.text));
    expect(report.results[5]!.answer).toBe('I can answer that myself.');
    expect(report.recall).toBeCloseTo(2 / 3);
    expect(report.precision).toBeCloseTo(2 / 3);
    expect(report.overlaps).toEqual([
      { skill: 'stock-quote', requests: ['weather stocks combo'] },
      { skill: 'tz-clock', requests: ['Do I need an umbrella today?'] },
    ]);
    expect(report.calls).toBe(REQUESTS.length * 3);
    expect(report.usage.inputTokens).toBeGreaterThan(0);
    expect(JSON.stringify(report)).not.toContain('SECRET');
  });
});

describe('checkRouting: running', () => {
  const wire = useProviderServer('openai', { model: 'agent-model', apiKey: 'sk-route-SECRET' });
  const many = (n: number): RoutingRequest[] => Array.from({ length: n }, (_, i) => ({ text: `forecast number ${i}`, expect: 'this' as const }));

  it('keeps at most `concurrency` calls open at once', async () => {
    let open = 0;
    let peak = 0;
    const route = keywordRouter('openai', { rules: RULES });
    await wire.start({
      handler: async (req) => {
        open++;
        peak = Math.max(peak, open);
        await new Promise((r) => setTimeout(r, 30));
        open--;
        return route(req);
      },
    });
    const report = await checkRouting({ llm: wire.client(), draft: DRAFT, requests: many(9), concurrency: 3, runsPerQuery: 2 });
    expect(report.results).toHaveLength(9);
    expect(wire.server.requests).toHaveLength(18);
    expect(peak).toBe(3);
  });

  it('stops making calls when aborted, ending with an aborted error and the results so far', async () => {
    const controller = new AbortController();
    await wire.start({ handler: keywordRouter('openai', { rules: RULES }), delayMs: 40 });
    const events: RoutingEvent[] = [];
    for await (const e of routeCheck({ llm: wire.client(), draft: DRAFT, requests: many(10), concurrency: 2, runsPerQuery: 1, signal: controller.signal })) {
      events.push(e);
      if (e.type === 'route_result') controller.abort();
    }
    const last = events.at(-1)!;
    expect(last.type).toBe('error');
    if (last.type !== 'error') return;
    expect(last.code).toBe('aborted');
    expect(last.report.results.length).toBeGreaterThanOrEqual(1);
    expect(wire.server.requests.length).toBeLessThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 100));
    expect(wire.server.requests.length).toBeLessThanOrEqual(3);
  });

  it('a provider failure mid-run ends with error, keeping the results that arrived', async () => {
    await wire.start({
      handler: keywordRouter('openai', { rules: RULES, failOn: { keyword: 'boom', reply: { error: { status: 429, retryAfter: 7 } } } }),
    });
    const requests: RoutingRequest[] = [...many(2), { text: 'boom forecast', expect: 'this' }, ...many(3)];
    const err = await checkRouting({ llm: wire.client(), draft: DRAFT, requests, concurrency: 1 }).catch((e: unknown) => e);
    // The failure is the cause of a PartialResultError; the report so far rides on it, nothing is written onto the LlmError.
    expect(PartialResultError.isInstance<RoutingReport>(err)).toBe(true);
    const { cause, partial, message } = err as RoutingCheckError;
    expect(LlmError.isInstance(cause) && [cause.code, cause.retryAfter]).toEqual(['rate_limit', 7]);
    expect(cause).not.toHaveProperty('partial');
    expect(message).toBe((cause as LlmError).message);
    expect(message).not.toContain('SECRET');
    expect(partial.results.map((r) => r.text)).toEqual(['forecast number 0', 'forecast number 1']);
    // Three runs of each of the first two requests, then the failing one's first run.
    expect(wire.server.requests).toHaveLength(7);
    expect(partial.calls).toBe(7);
  });

  it('generates requests: Examples positives, then one designer call with near misses', async () => {
    const designer = JSON.stringify({
      requests: [
        { text: 'is it going to rain on Saturday in Nice', expect: 'this', skill: '' },
        { text: 'what time is it in Lima', expect: 'other', skill: 'tz-clock' },
        { text: 'what is a cumulus cloud', expect: 'none', skill: '' },
        { text: 'Will it rain in Oslo tomorrow?', expect: 'this', skill: '' },
      ],
    });
    await wire.start({ handler: keywordRouter('openai', { rules: RULES, designer: designer }) });
    const events: RoutingEvent[] = [];
    for await (const e of routeCheck({ llm: wire.client(), draft: DRAFT, otherSkills: [CLOCK], generate: 6 })) events.push(e);
    expect(events[0]).toEqual({ type: 'plan', calls: 18, designerCalls: 1, runsPerQuery: 3 });
    const listed = events.find((e) => e.type === 'requests');
    expect(listed?.type === 'requests' && listed.requests).toEqual([
      { text: 'Will it rain in Oslo tomorrow?', expect: 'this', source: 'example' },
      { text: 'forecast for Paris', expect: 'this', source: 'example' },
      { text: 'Do I need an umbrella in Bergen?', expect: 'this', source: 'example' },
      { text: 'is it going to rain on Saturday in Nice', expect: 'this', source: 'designer' },
      { text: 'what time is it in Lima', expect: 'other', skill: 'tz-clock', source: 'designer' },
      { text: 'what is a cumulus cloud', expect: 'none', source: 'designer' },
    ]);
    const designerCall = wire.server.requests[0]!;
    expect(designerCall.body.tools).toBeUndefined();
    expect(designerCall.body.response_format.type).toBe('json_schema');
    expect(designerCall.body.messages.at(-1).content).toContain('- tz-clock: When the user asks the time');
    const done = events.at(-1);
    expect(done?.type).toBe('done');
    if (done?.type !== 'done') return;
    expect(done.report.calls).toBe(19);
    expect(events.filter((e) => e.type === 'route_result')).toHaveLength(6);
    expect(events.filter((e) => e.type === 'progress').at(-1)).toEqual({ type: 'progress', done: 6, total: 6 });
  });

  it('refuses bad options before any call, naming the field', async () => {
    await wire.start({ replies: [] });
    const bad = [
      [{ requests: [{ text: '', expect: 'this' }] }, 'requests[0].text'],
      [{ requests: [{ text: 'x', expect: 'maybe' }] }, 'requests[0].expect'],
      [{ requests: [] }, 'requests'],
      [{ requests: many(1), concurrency: 0 }, 'concurrency'],
      [{ requests: many(1), runsPerQuery: 0 }, 'runsPerQuery'],
      [{ requests: many(1), runsPerQuery: 11 }, 'runsPerQuery'],
      [{ requests: many(1), runsPerQuery: 1.5 }, 'runsPerQuery'],
      [{ requests: many(1), threshold: 0 }, 'threshold'],
      [{ requests: many(1), threshold: 1.2 }, 'threshold'],
      [{ requests: many(1), draft: { skillMd: 42 } }, 'draft.skillMd'],
      [{ requests: many(1), draft: { skillMd: '# no frontmatter' } }, 'draft.skillMd'],
    ] as const;
    for (const [extra, field] of bad) {
      const err = await checkRouting({ llm: wire.client(), draft: DRAFT, ...(extra as object) } as never).catch((e: { field?: string }) => e);
      expect((err as { field?: string }).field).toBe(field);
    }
    expect(wire.server.requests).toHaveLength(0);
  });
});
