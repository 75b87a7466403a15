// `route-check` in-process against the real OpenAI SDK and the local wire-format
// server with a keyword-routing model: the table, recall/precision, the
// competing skill, the exit status against --min, generated requests, and usage errors.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';
import { keywordRouter, seen } from '../../helpers/provider-servers/keyword-router.js';
import { CLOCK, DRAFT, RULES, STOCKS } from '../../helpers/routing-fixtures.js';
import { testIo } from './support.js';

const KEY = 'sk-cli-route-KEY-abcdef123456';
let root: string;
let home: string;
let provider: ProviderServer;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-route-cli-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-route-cli-home-'));
  const designer = JSON.stringify({ requests: [{ text: 'what time is it in Lima', expect: 'other', skill: 'tz-clock' }] });
  provider = await startProviderServer({ provider: 'openai', handler: keywordRouter('openai', { rules: RULES, designer }), requireKey: KEY });
  await mkdir(join(root, '.forge'), { recursive: true });
  await writeFile(join(root, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
  await writeFile(join(root, '.forge/.env'), `OPENAI_API_KEY=${KEY}\n`, { mode: 0o600 });
  await mkdir(join(home, '.forge'), { recursive: true });
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
  const skills = join(root, 'bot', 'skills');
  await mkdir(join(skills, 'stock-quote', 'scripts'), { recursive: true });
  await mkdir(join(skills, 'weather-brief'), { recursive: true });
  await writeFile(join(root, 'bot', 'forge.yaml'), 'agent_id: bot\n');
  await writeFile(join(skills, 'tz-clock.md'), CLOCK.skillMd);
  await writeFile(join(skills, 'stock-quote', 'SKILL.md'), STOCKS.skillMd);
  await writeFile(join(skills, 'stock-quote', 'scripts', 'stock-quote.sh'), '#!/usr/bin/env bash\necho {}\n');
  await writeFile(join(skills, 'weather-brief', 'SKILL.md'), DRAFT.skillMd);
});
afterEach(async () => {
  await provider.close();
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

const run = async (args: string[]): Promise<{ code: number; out: string; err: string }> => {
  const io = testIo({ cwd: root, homeDir: home });
  const code = await main(['route-check', ...args], io);
  return { code, out: io.out(), err: io.err() };
};

describe('route-check', () => {
  it('prints the table and exits 1 when recall is below --min', async () => {
    const r = await run([
      'bot/skills/weather-brief',
      '--agent',
      'bot',
      '--request',
      'Will it rain in Lyon?',
      '--request',
      'Do I need an umbrella?',
      '--request',
      'none: tell me a joke',
    ]);
    expect(r.code).toBe(1);
    expect(r.err).toContain('Checking with openai gpt-4.1: 9 calls (3 runs per request), against 2 other skills.');
    expect(r.out).toMatch(/^ok {4}this {14}3\/3 {2}weather-brief {23}Will it rain in Lyon\?$/m);
    expect(r.out).toMatch(/^MISS {2}this {14}0\/3 {2}tz-clock {28}Do I need an umbrella\?$/m);
    expect(r.out).toMatch(/^ok {4}none {14}0\/3 {2}\(no skill\) {26}tell me a joke$/m);
    expect(r.out).toContain('recall 50%  precision 100%  (min 80%; 3 runs per request, threshold 50%; 9 calls,');
    expect(provider.requests).toHaveLength(9);
    expect(r.out).toContain('overlap with tz-clock: "Do I need an umbrella?"');
    // The installed copy of the skill is the one checked, not a competitor of itself.
    expect(Object.keys(seen('openai', provider.requests[0]!.body).tools)).toEqual(['read_skill', 'stock_quote']);
    expect(seen('openai', provider.requests[0]!.body).system.match(/- weather-brief:/g)).toHaveLength(1);
    expect(r.out + r.err).not.toContain(KEY);
  });

  it('exits 0 when recall and precision reach --min; generated requests come from the Examples and one designer call', async () => {
    const r = await run(['bot/skills/weather-brief', '--agent', 'bot', '--generate', '3', '--min', '0.5', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.results.map((x: { text: string }) => x.text)).toEqual(['Will it rain in Oslo tomorrow?', 'forecast for Paris', 'what time is it in Lima']);
    expect(report.recall).toBe(1);
    expect(report.calls).toBe(10);
  });

  it('--runs and --threshold set the runs per request and the bar each must reach', async () => {
    const r = await run(['bot/skills/weather-brief', '--agent', 'bot', '--request', 'Will it rain in Lyon?', '--runs', '2', '--threshold', '0.9', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out);
    expect(report.results[0]).toMatchObject({ runs: 2, hits: 2, rate: 1, ok: true });
    expect([report.runsPerQuery, report.threshold, report.calls]).toEqual([2, 0.9, 2]);
    expect(provider.requests).toHaveLength(2);
  });

  it('refuses wrong usage with exit 2', async () => {
    for (const args of [
      ['bot/skills/weather-brief'],
      ['--agent', 'bot'],
      ['bot/skills/weather-brief', '--agent', 'bot', '--min', '2'],
      ['bot/skills/weather-brief', '--agent', 'bot', '--request', 'other:  '],
      ['bot/skills/weather-brief', '--agent', 'bot', '--request', 'rain', '--runs', '0'],
      ['bot/skills/weather-brief', '--agent', 'bot', '--request', 'rain', '--runs', '11'],
      ['bot/skills/weather-brief', '--agent', 'bot', '--request', 'rain', '--runs', '1.5'],
      ['bot/skills/weather-brief', '--agent', 'bot', '--request', 'rain', '--threshold', '0'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
    }
    expect(provider.requests).toHaveLength(0);
  });
});
