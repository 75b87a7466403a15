// `route-check --optimize` in-process against the real OpenAI SDK and the
// local wire-format server, with a model that routes by the words of the
// descriptions it is shown: requests from evals/triggers.json, the candidate
// table with the held-out winner marked, its diff, the budget cap, and the
// self-test failure.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { writeTriggerFile } from '../../../src/node/routing/trigger-file.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { descriptionRouter } from '../../helpers/provider-servers/description-router.js';
import { keywordRouter } from '../../helpers/provider-servers/keyword-router.js';
import type { Reply } from '../../helpers/provider-servers/types.js';
import { CLOCK, HELD_OUT_WINNER, proposal, REQUESTS, TRAIN_WINNER, WEATHER } from '../../core/routing/optimize-fixtures.js';
import { testIo } from './support.js';

const KEY = 'sk-cli-opt-KEY-abcdef123456';
let root: string;
let home: string;
let provider: ProviderServer | undefined;

async function start(handler: (r: any) => Reply): Promise<void> {
  provider = await startProviderServer({ provider: 'openai', handler, requireKey: KEY });
  await writeFile(join(root, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-opt-cli-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-opt-cli-home-'));
  await mkdir(join(root, '.forge'), { recursive: true });
  await writeFile(join(root, '.forge/.env'), `OPENAI_API_KEY=${KEY}\n`, { mode: 0o600 });
  await mkdir(join(home, '.forge'), { recursive: true });
  const skills = join(root, 'bot', 'skills');
  await mkdir(join(skills, 'weather-brief'), { recursive: true });
  await writeFile(join(root, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(skills, 'tz-clock.md'), CLOCK.skillMd);
  await writeFile(join(skills, 'weather-brief', 'SKILL.md'), WEATHER.skillMd);
  await writeTriggerFile(join(skills, 'weather-brief'), REQUESTS);
});
afterEach(async () => {
  await provider?.close();
  provider = undefined;
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const run = async (args: string[]): Promise<{ code: number; out: string; err: string }> => {
  const io = testIo({ cwd: root, homeDir: home });
  const code = await main(['route-check', 'bot/skills/weather-brief', '--agent', 'bot', '--optimize', ...args], io);
  return { code, out: io.out(), err: io.err() };
};

describe('route-check --optimize', () => {
  it('states the calls, prints every candidate with the held-out winner marked, its diff and the catalog budget', async () => {
    await start(descriptionRouter('openai', { proposals: [proposal(TRAIN_WINNER), proposal(HELD_OUT_WINNER)] }).handler);
    const r = await run(['--iterations', '2', '--runs', '1']);
    expect(r.err).toContain('Optimising with openai gpt-4.1: 28 calls; 5 train and 3 held-out requests, 1 runs each.');
    expect(r.out).toContain('     #  train  held-out  held-out recall');
    expect(r.out).toMatch(/^ {5}0 {3} 40% {6} 33% {13} {2}0%$/m);
    expect(r.out).toMatch(/^ {5}1 {3}100% {6} 33%/m);
    expect(r.out).toMatch(/^ {2}\* {2}2 {3} 60% {6}100%/m);
    expect(r.out).toContain(`chosen: candidate 2 — try: ${HELD_OUT_WINNER}`);
    expect(r.out).toContain(`+description: ${HELD_OUT_WINNER}`);
    expect(r.out).toMatch(/catalog: \d+ characters \(~\d+ tokens\) of a 8000-character budget; this skill's line \d+/);
    expect(r.code).toBe(0);
    expect(provider!.requests).toHaveLength(28);
  });

  it('never makes more calls than --budget-calls, and says it stopped', async () => {
    await start(descriptionRouter('openai', { proposals: [proposal(TRAIN_WINNER)] }).handler);
    const r = await run(['--iterations', '2', '--runs', '1', '--budget-calls', '12']);
    expect(r.err).toContain('28 calls (capped at 12 by --budget-calls)');
    expect(r.out).toContain("stopped early: the budget's call limit was reached");
    expect(provider!.requests).toHaveLength(12);
    expect(r.code).toBe(0);
  });

  it('stops after two calls when the check cannot tell a match from a non-match', async () => {
    await start(() => 'I never call tools.');
    const r = await run(['--json']);
    expect(r.code).toBe(1);
    expect(r.err).toContain('route-check --optimize failed: the routing check itself is not working');
    expect(provider!.requests).toHaveLength(2);
  });

  it('refuses --generate and too few requests before any call', async () => {
    expect(await run(['--generate', '4'])).toMatchObject({ code: 2, err: expect.stringContaining('not --generate') });
    await writeFile(join(root, 'bot/skills/weather-brief/evals/triggers.json'), '[]');
    expect(await run([])).toMatchObject({ code: 2, err: expect.stringContaining('at least 4 requests') });
  });

  it('--all lists the close pairs of an agent (none here, so no call)', async () => {
    await start(descriptionRouter('openai', { proposals: [] }).handler);
    await writeFile(join(root, 'bot/skills/storm-alerts.md'), '---\nname: storm-alerts\ndescription: Storm warnings for a city.\n---\nBody.\n');
    const io = testIo({ cwd: root, homeDir: home });
    const code = await main(['route-check', 'bot', '--all'], io);
    expect(code).toBe(0);
    expect(io.out()).toBe('3 skills, 0 close pairs (0 calls)\n');
    expect(provider!.requests).toHaveLength(0);
  });

  it('--all prints each close pair and the requests it fights over, confirmed with the workspace model', async () => {
    const designer = JSON.stringify({
      requests: [
        { text: 'storm warning for Bergen', expect: 'this', skill: '' },
        { text: 'rain in Oslo today', expect: 'other', skill: 'weather-brief' },
        { text: 'wind in Lima', expect: 'other', skill: 'weather-brief' },
      ],
    });
    // The pair is (storm-alerts, weather-brief): the wind request meant for weather-brief goes to storm-alerts.
    const rules = [
      { keyword: 'rain', tool: 'read_skill', arguments: { name: 'weather-brief' } },
      { keyword: 'storm', tool: 'read_skill', arguments: { name: 'storm-alerts' } },
      { keyword: 'wind', tool: 'read_skill', arguments: { name: 'storm-alerts' } },
    ];
    await start(keywordRouter('openai', { rules, designer }));
    await writeFile(join(root, 'bot/skills/weather-brief/SKILL.md'), '---\nname: weather-brief\ndescription: Forecast rain and wind for a city.\n---\nBody.\n');
    await writeFile(join(root, 'bot/skills/storm-alerts.md'), '---\nname: storm-alerts\ndescription: Warn about rain and wind storms in a city.\n---\nBody.\n');
    const io = testIo({ cwd: root, homeDir: home });
    const code = await main(['route-check', 'bot', '--all'], io);
    expect(io.err()).toBe('');
    expect(code).toBe(0);
    expect(io.out()).toBe(
      '3 skills, 1 close pair (4 calls)\nstorm-alerts <-> weather-brief  similarity 30%  shared: city, rain, wind\n  contested: "wind in Lima"\n',
    );
    expect(provider!.requests).toHaveLength(4);
  });
});
