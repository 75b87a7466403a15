// The routing-check routes over real HTTP, with the real OpenAI SDK talking to
// a local wire-format server whose scripted model routes by keyword: the
// agent's installed skills minus the one being edited are what the model sees,
// results stream as SSE, a provider failure mid-run ends with `error` after the
// results so far, request-level problems are HTTP errors before the stream,
// and improve-description proposes without writing anything.
import { mkdtemp, mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import type { ProviderServer } from '../../helpers/provider-servers/index.js';
import { keywordRouter, seen, type KeywordRouterOptions } from '../../helpers/provider-servers/keyword-router.js';
import { CLOCK, DRAFT, RULES, STOCKS } from '../../helpers/routing-fixtures.js';
import { readSse, startModelServer } from './support.js';

const KEY = 'sk-route-KEY-0123456789';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const OLD_WEATHER = DRAFT.skillMd.replace('When the user asks about the weather', 'OLD weather text');

async function session(router: Omit<KeywordRouterOptions, 'rules'> = {}): Promise<{ server: RunningServer; llm: ProviderServer; ws: string }> {
  const ws = await mkdtemp(join(tmpdir(), 'fsb-route-'));
  const home = await mkdtemp(join(tmpdir(), 'fsb-route-home-'));
  const skills = join(ws, 'bot', 'skills');
  await mkdir(join(skills, 'stock-quote', 'scripts'), { recursive: true });
  await mkdir(join(skills, 'weather-brief'), { recursive: true });
  await writeFile(join(ws, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(skills, 'tz-clock.md'), CLOCK.skillMd);
  await writeFile(join(skills, 'stock-quote', 'SKILL.md'), STOCKS.skillMd);
  await writeFile(join(skills, 'stock-quote', 'scripts', 'stock-quote.sh'), (STOCKS.scripts as Record<string, string>)['stock-quote.sh']!);
  await writeFile(join(skills, 'weather-brief', 'SKILL.md'), OLD_WEATHER);
  const { server, llm } = await startModelServer(ws, home, keywordRouter('openai', { rules: RULES, ...router }), KEY, cleanups);
  return { server, llm, ws };
}

const post = (server: RunningServer, path: string, body: unknown): Promise<Response> =>
  fetch(`${server.url}/api/agents/bot/skill-builder/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const REQUESTS = [
  { text: 'Will it rain in Lyon?', expect: 'this' },
  { text: 'Do I need an umbrella today?', expect: 'this' },
  { text: 'AAPL price now', expect: 'other', skill: 'stock-quote' },
  { text: 'Tell me a joke', expect: 'none' },
];

describe('POST /api/agents/{id}/skill-builder/route-check', () => {
  it("streams a result per request and the summary, against the agent's other skills", async () => {
    const { server, llm } = await session();
    const res = await post(server, 'route-check', { skill_md: DRAFT.skillMd, scripts: {}, editing_name: 'weather-brief', requests: REQUESTS });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    const raw: string[] = [];
    const events = await readSse(res.body, { onChunk: (t) => raw.push(t) });
    expect(events.map((e) => e.event)).toEqual(['plan', 'requests', ...REQUESTS.flatMap(() => ['progress', 'route_result']), 'done']);
    // Each request three times by default.
    expect(events[0]!.data).toEqual({ calls: 12, designer_calls: 0, runs_per_query: 3 });
    expect(llm.requests).toHaveLength(12);
    const results = events
      .filter((e) => e.event === 'route_result')
      .sort((a, b) => a.data.index - b.data.index)
      .map((e) => e.data.result);
    expect(results.map((r) => [r.chose?.skill ?? null, r.ok, r.runs, r.hits, r.rate])).toEqual([
      ['weather-brief', true, 3, 3, 1],
      ['tz-clock', false, 3, 0, 0],
      ['stock-quote', true, 3, 0, 0],
      [null, true, 3, 0, 0],
    ]);
    expect(events.at(-1)!.data).toEqual({
      skill: 'weather-brief',
      total: 4,
      passed: 3,
      recall: 0.5,
      precision: 1,
      overlaps: [{ skill: 'tz-clock', requests: ['Do I need an umbrella today?'] }],
      runs_per_query: 3,
      threshold: 0.5,
      calls: 12,
      usage: { input_tokens: 1440, output_tokens: 144 },
    });
    // What the model saw: the draft (not the installed copy it replaces), the agent's other skills, agent id "bot".
    const view = seen('openai', llm.requests[0]!.body);
    expect(view.system.startsWith('You are bot, an AI agent.')).toBe(true);
    expect(view.system).toContain('- weather-brief: When the user asks about the weather');
    expect(view.system).not.toContain('OLD weather text');
    expect(view.system).toContain('- tz-clock:');
    expect(Object.keys(view.tools)).toEqual(['read_skill', 'stock_quote']);
    expect(raw.join('')).not.toContain(KEY);
  });

  it('runs_per_query and threshold set the runs per request and the bar a request must reach', async () => {
    const { server, llm } = await session();
    const res = await post(server, 'route-check', { skill_md: DRAFT.skillMd, requests: REQUESTS.slice(0, 2), runs_per_query: 2, threshold: 0.9 });
    const events = await readSse(res.body);
    expect(events[0]!.data).toEqual({ calls: 4, designer_calls: 0, runs_per_query: 2 });
    expect(llm.requests).toHaveLength(4);
    expect(events.at(-1)!.data).toMatchObject({ runs_per_query: 2, threshold: 0.9, calls: 4, total: 2 });
    const first = events.find((e) => e.event === 'route_result' && e.data.index === 0)!;
    expect(first.data.result).toMatchObject({ runs: 2, hits: 2, rate: 1, ok: true });
  });

  it('a provider failure mid-run ends the stream with error, after the results so far', async () => {
    const { server } = await session({ failOn: { keyword: 'boom', reply: { error: { status: 500, message: `upstream broke for ${KEY}` } } } });
    const requests = [REQUESTS[0], { text: 'boom', expect: 'none' }, REQUESTS[1]];
    const res = await post(server, 'route-check', { skill_md: DRAFT.skillMd, requests, concurrency: 1, runs_per_query: 1 });
    const raw: string[] = [];
    const events = await readSse(res.body, { onChunk: (t) => raw.push(t) });
    expect(events.map((e) => e.event)).toEqual(['plan', 'requests', 'progress', 'route_result', 'error']);
    expect(events.at(-1)!.data).toMatchObject({ code: 'server', calls: 2 });
    expect(raw.join('')).not.toContain(KEY);
  });

  it('refuses bad requests with an HTTP error before any model call', async () => {
    const { server, llm } = await session();
    const cases: Array<[string, unknown, number, RegExp]> = [
      ['route-check', { skill_md: DRAFT.skillMd }, 400, /requests: give requests to check/],
      ['route-check', { skill_md: DRAFT.skillMd, requests: [{ text: 'x', expect: 'maybe' }] }, 400, /requests\.0\.expect/],
      ['route-check', { skill_md: DRAFT.skillMd, generate: 99 }, 400, /generate/],
      ['route-check', { skill_md: DRAFT.skillMd, requests: REQUESTS, runs_per_query: 11 }, 400, /runs_per_query/],
      ['route-check', { skill_md: DRAFT.skillMd, requests: REQUESTS, runs_per_query: 0 }, 400, /runs_per_query/],
      ['route-check', { skill_md: DRAFT.skillMd, requests: REQUESTS, threshold: 0 }, 400, /threshold/],
      ['route-check', { skill_md: '# no name', requests: REQUESTS }, 400, /no name/],
      ['route-check', { skill_md: DRAFT.skillMd, editing_name: 'nope', requests: REQUESTS }, 404, /nope/],
      ['route-check', { skill_md: DRAFT.skillMd, editing_name: '../x', requests: REQUESTS }, 400, /editing_name/],
      ['improve-description', { skill_md: DRAFT.skillMd }, 400, /results/],
    ];
    for (const [path, body, status, message] of cases) {
      const res = await post(server, path, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await res.json()).error).toMatch(message);
    }
    const missing = await fetch(`${server.url}/api/agents/ghost/skill-builder/route-check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ skill_md: DRAFT.skillMd, requests: REQUESTS }),
    });
    expect(missing.status).toBe(404);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('generated requests and improve-description', () => {
  it("writes requests to edit: Examples positives plus the designer's near misses", async () => {
    const designer = JSON.stringify({
      requests: [
        { text: 'what time is it in Lima', expect: 'other', skill: 'tz-clock' },
        { text: 'hello there', expect: 'none', skill: '' },
      ],
    });
    const { server, llm } = await session({ designer });
    const res = await post(server, 'route-check/requests', { skill_md: DRAFT.skillMd, count: 4 });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      requests: [
        { text: 'Will it rain in Oslo tomorrow?', expect: 'this', source: 'example' },
        { text: 'forecast for Paris', expect: 'this', source: 'example' },
        { text: 'what time is it in Lima', expect: 'other', skill: 'tz-clock', source: 'designer' },
        { text: 'hello there', expect: 'none', source: 'designer' },
      ],
      calls: 1,
    });
    expect(llm.requests).toHaveLength(1);
  });

  it('proposes a description and the draft with it, writing nothing', async () => {
    const description = 'When the user asks about the weather or rain gear ("do I need an umbrella") give a short forecast.';
    const { server, ws } = await session({ designer: JSON.stringify({ description, rationale: 'Umbrella questions went to tz-clock.' }) });
    const res = await post(server, 'improve-description', {
      skill_md: DRAFT.skillMd,
      editing_name: 'weather-brief',
      results: [{ text: 'Do I need an umbrella today?', expect: 'this', chose: { skill: 'tz-clock', via: 'read_skill' }, ok: false }],
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.description).toBe(description);
    expect(body.rationale).toBe('Umbrella questions went to tz-clock.');
    expect(body.skill_md).toBe(DRAFT.skillMd.replace(/^description: .*$/m, `description: ${description}`));
    expect(await readFile(join(ws, 'bot', 'skills', 'weather-brief', 'SKILL.md'), 'utf8')).toBe(OLD_WEATHER);
  });
});
