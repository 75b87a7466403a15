// POST …/skill-builder/evals/suggest over real HTTP, with the real OpenAI SDK
// talking to a local wire-format server acting as the designer: the proposed
// cases come back in evals.json's shape (ids after the cases the body already
// has, those cases not repeated), nothing is written to the skill folder, a
// reply that holds no list of cases is a clear 502, and a bad body is a 400
// before any model call.
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { CLOCK, CONVERT, MARATHON } from '../../helpers/eval-fixtures.js';
import type { ProviderServer } from '../../helpers/provider-servers/index.js';
import { seen } from '../../helpers/provider-servers/keyword-router.js';
import type { ProviderServerOptions } from '../../helpers/provider-servers/types.js';
import { startModelServer } from './support.js';

const KEY = 'sk-suggest-KEY-0123456789';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const PROPOSED = {
  cases: [
    {
      prompt: MARATHON.prompt,
      expected_output: 'A repeat of a case the skill has: dropped.',
      expectations: ['answer_contains: 42.16'],
    },
    {
      prompt: 'Convert 100 °F to Celsius, please.',
      expected_output: 'About 37.8 °C.',
      expectations: ['tool_called: convert_units with {"from": "F", "to": "C"}', 'answer_contains: 37.8', 'The answer names the unit'],
    },
    { prompt: '  ', expected_output: 'An empty prompt: dropped.', expectations: [] },
    { prompt: 'How heavy is 10 lb in kg?', expected_output: 'About 4.54 kg.', expectations: ['answer_contains: 4.54'] },
  ],
};

async function session(handler: ProviderServerOptions['handler']): Promise<{ server: RunningServer; llm: ProviderServer; ws: string }> {
  const ws = await mkdtemp(join(tmpdir(), 'fsb-suggest-'));
  const home = await mkdtemp(join(tmpdir(), 'fsb-suggest-home-'));
  const skills = join(ws, 'bot', 'skills');
  await mkdir(join(skills, 'unit-convert', 'scripts'), { recursive: true });
  await writeFile(join(ws, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(skills, 'tz-clock.md'), CLOCK.skillMd);
  await writeFile(join(skills, 'unit-convert', 'SKILL.md'), CONVERT.skillMd);
  const { server, llm } = await startModelServer(ws, home, handler, KEY, cleanups);
  return { server, llm, ws };
}

const post = (server: RunningServer, body: unknown): Promise<Response> =>
  fetch(`${server.url}/api/agents/bot/skill-builder/evals/suggest`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

const EXISTING = { id: 7, prompt: MARATHON.prompt, expected_output: MARATHON.expectedOutput, files: [], expectations: MARATHON.expectations, source: 'file' };

describe('POST /api/agents/{id}/skill-builder/evals/suggest', () => {
  it('returns the designer’s new cases in evals.json’s shape, numbered after the existing ones, and writes nothing', async () => {
    const { server, llm, ws } = await session(() => JSON.stringify(PROPOSED));
    const res = await post(server, { skill_md: CONVERT.skillMd, scripts: CONVERT.scripts, editing_name: 'unit-convert', count: 3, cases: [EXISTING] });
    expect(res.status).toBe(200);
    const reply = await res.json();
    expect(reply.cases).toEqual([
      {
        id: 8,
        prompt: 'Convert 100 °F to Celsius, please.',
        expected_output: 'About 37.8 °C.',
        files: [],
        expectations: ['tool_called: convert_units with {"from": "F", "to": "C"}', 'answer_contains: 37.8', 'The answer names the unit'],
        source: 'designer',
      },
      { id: 9, prompt: 'How heavy is 10 lb in kg?', expected_output: 'About 4.54 kg.', files: [], expectations: ['answer_contains: 4.54'], source: 'designer' },
    ]);
    expect(Object.keys(reply.usage)).toEqual(['input_tokens', 'output_tokens']);
    // One designer call: the draft's SKILL.md and the case it has already were in it; no key in the reply.
    expect(llm.requests).toHaveLength(1);
    const asked = seen('openai', llm.requests[0]!.body);
    expect(asked.user).toContain('## Tool: convert_units');
    expect(asked.user).toContain(`- ${MARATHON.prompt}`);
    expect(asked.user).toContain('Write 3 cases.');
    expect(JSON.stringify(reply)).not.toContain(KEY);
    // Nothing was written: the skill folder holds no evals/ folder.
    expect(await readdir(join(ws, 'bot', 'skills', 'unit-convert'))).toEqual(['SKILL.md', 'scripts']);
  });

  it('a reply without a list of cases is a 502 that says the designer’s reply was unusable', async () => {
    const { server, llm } = await session(() => JSON.stringify({ cases: 'I would test conversions.' }));
    const res = await post(server, { skill_md: CONVERT.skillMd });
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body.error).toMatch(/no usable eval cases \(no "cases" list in it\)/);
    expect(llm.requests).toHaveLength(1);
  });

  it('a reply that is not JSON at all is the same clear 502', async () => {
    const { server } = await session(() => 'Sure! Here are some ideas: convert miles, convert pounds.');
    const res = await post(server, { skill_md: CONVERT.skillMd });
    expect(res.status).toBe(502);
    expect((await res.json()).error).toMatch(/no usable eval cases \(no JSON object in it\)/);
  });

  it('refuses a bad body before any model call: count out of range, duplicate case ids, a bad editing_name', async () => {
    const { server, llm } = await session(() => JSON.stringify(PROPOSED));
    const bad = [
      { skill_md: CONVERT.skillMd, count: 11 },
      { skill_md: CONVERT.skillMd, cases: [EXISTING, EXISTING] },
      { skill_md: CONVERT.skillMd, editing_name: '../etc' },
    ];
    for (const body of bad) {
      const res = await post(server, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const one = await (await post(server, bad[0])).json();
    expect(one.error).toMatch(/count may be at most 10/);
    const dup = await (await post(server, bad[1])).json();
    expect(dup.error).toMatch(/id 7 is used twice/);
    expect(llm.requests).toHaveLength(0);
  });
});
