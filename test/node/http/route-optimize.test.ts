// POST …/route-check/optimize over real HTTP, with the real OpenAI SDK talking
// to a local wire-format server whose model routes by the words of the
// descriptions it is shown: the SSE events in wire names, the held-out winner
// chosen, the budget cap, a bad body refused before any call, and a client
// that goes away aborting the calls.
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import type { ProviderServer } from '../../helpers/provider-servers/index.js';
import { descriptionRouter } from '../../helpers/provider-servers/description-router.js';
import { CLOCK, HELD_OUT_WINNER, proposal, REQUESTS, TRAIN_WINNER, WEATHER } from '../../core/routing/optimize-fixtures.js';
import { readSse, startModelServer } from './support.js';

const KEY = 'sk-opt-KEY-0123456789';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function session(proposals: string[]): Promise<{ server: RunningServer; llm: ProviderServer }> {
  const ws = await mkdtemp(join(tmpdir(), 'fsb-opt-'));
  const home = await mkdtemp(join(tmpdir(), 'fsb-opt-home-'));
  await mkdir(join(ws, 'bot', 'skills'), { recursive: true });
  await writeFile(join(ws, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(ws, 'bot', 'skills', 'tz-clock.md'), CLOCK.skillMd);
  const { server, llm } = await startModelServer(ws, home, descriptionRouter('openai', { proposals }).handler, KEY, cleanups);
  return { server, llm };
}

const post = (server: RunningServer, body: unknown, signal?: AbortSignal): Promise<Response> =>
  fetch(`${server.url}/api/agents/bot/skill-builder/route-check/optimize`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });

describe('POST /api/agents/{id}/skill-builder/route-check/optimize', () => {
  it('streams the plan, the split, each candidate and the result in wire names, choosing by held-out score', async () => {
    const { server, llm } = await session([proposal(TRAIN_WINNER), proposal(HELD_OUT_WINNER)]);
    const res = await post(server, { skill_md: WEATHER.skillMd, scripts: {}, requests: REQUESTS, iterations: 2, runs_per_query: 1 });
    expect(res.status).toBe(200);
    const events = await readSse(res.body);
    expect(events.map((e) => e.event)).toEqual(['plan', 'split', 'self_test', ...[0, 1, 2].flatMap(() => ['progress', 'candidate']), 'done']);
    expect(events[0]!.data).toEqual({ calls: 28, target: 'description', runs_per_query: 1, train: 5, held_out: 3, max_calls: 2000 });
    expect(events[1]!.data.held_out.map((r: { text: string }) => r.text)).toEqual([
      'Any snow expected in Tromso?',
      'How windy is Bergen?',
      'Translate hello into French',
    ]);
    const candidate = events.filter((e) => e.event === 'candidate')[2]!.data;
    expect(Object.keys(candidate)).toEqual(['index', 'texts', 'skill_md', 'diff', 'rationale', 'train', 'held_out']);
    expect(candidate.held_out.score).toBe(1);
    const done = events.at(-1)!.data;
    expect(done.chosen).toBe(2);
    expect(done.calls).toBe(28);
    expect(done.usage).toEqual({ input_tokens: expect.any(Number), output_tokens: expect.any(Number) });
    expect(done.candidates[2].diff).toContain(`+description: ${HELD_OUT_WINNER}`);
    expect(llm.requests).toHaveLength(28);
  });

  it('never passes max_calls', async () => {
    const { server, llm } = await session([proposal(TRAIN_WINNER)]);
    const res = await post(server, { skill_md: WEATHER.skillMd, requests: REQUESTS, iterations: 3, runs_per_query: 1, max_calls: 9 });
    const events = await readSse(res.body);
    expect(events.at(-1)!.event).toBe('done');
    expect(events.at(-1)!.data).toMatchObject({ stopped: 'max_calls', calls: 9, candidates: [] });
    expect(llm.requests).toHaveLength(9);
  });

  it('refuses a bad body with 400 before any call', async () => {
    const { server, llm } = await session([]);
    const few = await post(server, { skill_md: WEATHER.skillMd, requests: REQUESTS.slice(0, 2) });
    expect(few.status).toBe(400);
    expect(JSON.stringify(await few.json())).toContain('at least 4 requests');
    const holdout = await post(server, { skill_md: WEATHER.skillMd, requests: REQUESTS, holdout: 1 });
    expect(holdout.status).toBe(400);
    expect(llm.requests).toHaveLength(0);
  });

  it('aborts the calls when the client goes away', async () => {
    const { server, llm } = await session([proposal(TRAIN_WINNER)]);
    const controller = new AbortController();
    const res = await post(server, { skill_md: WEATHER.skillMd, requests: REQUESTS, iterations: 5, runs_per_query: 3, concurrency: 1 }, controller.signal);
    await readSse(res.body, { stopAfter: (e) => e.event === 'self_test' }).catch(() => []);
    controller.abort();
    const seen = llm.requests.length;
    await new Promise((r) => setTimeout(r, 300));
    expect(llm.requests.length).toBeLessThanOrEqual(seen + 1);
    expect(seen).toBeLessThan(20);
  });
});
