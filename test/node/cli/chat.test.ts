// `chat` in a terminal, non-interactively (stdin is not a TTY: one message per
// line), against the real OpenAI SDK and the local OpenAI wire-format server:
// streamed text, the draft with its validation result, the save question.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { startProviderServer, type ProviderServer, type RecordedRequest } from '../../helpers/provider-servers/index.js';
import { skillMd } from '../../helpers/skill-fixtures.js';
import { testIo } from './support.js';

const KEY = 'sk-cli-chat-KEY-abcdef123456';
const DRAFT = skillMd('city-weather', {
  description: 'Reports the weather of a city. When the user asks about the weather ("weather in Oslo", "is it cold in Rome") use this skill.',
  body: 'Call `web_fetch` on the forecast page of the city, then summarise it.',
});

let root: string;
let home: string;
let provider: ProviderServer;

function reply(req: RecordedRequest): string {
  const msgs = req.body.messages as Array<{ role: string; content: string }>;
  const last = msgs[msgs.length - 1]!.content;
  if (/oslo/i.test(last)) return JSON.stringify({ message: 'Here is the draft, defaulting to Oslo.', skill: { skill_md: DRAFT, scripts: {} } });
  return JSON.stringify({ message: 'Which city should it use by default?', skill: null });
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-chat-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-chat-home-'));
  provider = await startProviderServer({ provider: 'openai', handler: reply, requireKey: KEY });
  await mkdir(join(root, '.forge'), { recursive: true });
  await writeFile(join(root, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
  await writeFile(join(root, '.forge/.env'), `OPENAI_API_KEY=${KEY}\n`, { mode: 0o600 });
  // The user trusted the fake provider's origin on this machine (a key goes to no other base_url).
  await mkdir(join(home, '.forge'), { recursive: true });
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
  await mkdir(join(root, 'alpha'), { recursive: true });
  await writeFile(join(root, 'alpha/forge.yaml'), 'agent_id: alpha\n');
});
afterEach(async () => {
  await provider.close();
  await rm(root, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe('chat (stdin not a TTY)', () => {
  it('interviews, shows the validated draft and saves it on "y"', async () => {
    const io = testIo({ cwd: root, homeDir: home, stdinLines: ['I want a weather skill', 'Oslo please', 'y'] });
    expect(await main(['chat', '--dir', '.', '--agent', 'alpha'], io)).toBe(0);
    const out = io.out();
    expect(out).toContain('Skill builder — openai gpt-4.1 (workspace), saving into agent "alpha"');
    expect(out).toContain('assistant> Which city should it use by default?');
    expect(out).toContain('assistant> Here is the draft, defaulting to Oslo.');
    expect(out).toContain(`----- SKILL.md -----\n${DRAFT.trimEnd()}\n`);
    expect(out).toMatch(/^valid/m);
    expect(out).toContain('Save as skills/city-weather? [y/N, or type a change] y');
    expect(out).toContain(`saved: ${join(root, 'alpha/skills/city-weather')}`);
    expect(await readFile(join(root, 'alpha/skills/city-weather/SKILL.md'), 'utf8')).toBe(DRAFT);
    // The second turn replayed the whole conversation.
    expect(provider.requests[1]!.body.messages.slice(1).map((m: { content: string }) => m.content)).toEqual([
      'I want a weather skill',
      'Which city should it use by default?',
      'Oslo please',
    ]);
    expect(out + io.err()).not.toContain(KEY);
  });

  it('keeps the reference files the model wrote, across turns, shows them and saves them with the skill', async () => {
    await provider.close();
    let turn = 0;
    provider = await startProviderServer({
      provider: 'openai',
      requireKey: KEY,
      // Turn 1 writes two reference files; turn 2 changes SKILL.md and only one of them.
      handler: () =>
        JSON.stringify({
          message: `draft ${++turn}`,
          skill: {
            skill_md: DRAFT,
            scripts: {},
            files: turn === 1 ? { 'references/cities.md': '# Cities\n', 'references/units.md': '# Units\n' } : { 'references/units.md': '# Units, metric\n' },
          },
        }),
    });
    await writeFile(join(root, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
    await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
    const io = testIo({ cwd: root, homeDir: home, stdinLines: ['a weather skill', 'metric units please', 'y'] });
    expect(await main(['chat', '--dir', root, '--agent', 'alpha'], io)).toBe(0);
    expect(io.out()).toContain('----- references/cities.md -----\n# Cities\n');
    expect(io.out()).toContain('----- references/units.md -----\n# Units, metric\n');
    // The second turn sent the draft back with both files.
    expect(provider.requests[1]!.body.messages[0].content).toContain('references/cities.md');
    const dir = join(root, 'alpha/skills/city-weather');
    expect(await readFile(join(dir, 'references/cities.md'), 'utf8')).toBe('# Cities\n');
    expect(await readFile(join(dir, 'references/units.md'), 'utf8')).toBe('# Units, metric\n');
  });

  it('keeps refining when the answer to the save question is a change request, and saves nothing on EOF', async () => {
    const io = testIo({ cwd: root, homeDir: home, stdinLines: ['weather for Oslo', 'also mention the wind in Oslo'] });
    expect(await main(['chat', '--dir', root, '--agent', 'alpha'], io)).toBe(0);
    expect(provider.requests).toHaveLength(2);
    // The draft is sent back so the model refines it.
    expect(provider.requests[1]!.body.messages[0].content).toContain('city-weather');
    expect(io.out()).not.toContain('saved:');
  });

  it('shows a progress line while the draft arrives', async () => {
    await provider.close();
    // A slow provider: the draft streams over about a second, so the builder reports its progress.
    provider = await startProviderServer({ provider: 'openai', handler: reply, requireKey: KEY, delayMs: 10, deltaSize: 4 });
    await writeFile(join(root, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`);
    await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
    const io = testIo({ cwd: root, homeDir: home, stdinLines: ['weather in Oslo', 'n'] });
    expect(await main(['chat', '--dir', root, '--agent', 'alpha'], io)).toBe(0);
    expect(io.out()).toMatch(/^\[drafting the skill… [\d,]+ characters so far\]$/m);
    expect(io.out()).toMatch(/^\[draft received\]$/m);
    expect(io.out()).not.toContain('saved:');
  });

  it('explains an unconfigured workspace and exits 1', async () => {
    await rm(join(root, '.forge'), { recursive: true });
    const io = testIo({ cwd: root, homeDir: home, stdinLines: ['hi'] });
    expect(await main(['chat', '--dir', root], io)).toBe(1);
    expect(io.err()).toMatch(/not configured/);
    expect(provider.requests).toHaveLength(0);
  });

  it('names the known agents when --agent is wrong', async () => {
    const io = testIo({ cwd: root, homeDir: home, stdinLines: ['hi'] });
    expect(await main(['chat', '--dir', root, '--agent', 'beta'], io)).toBe(1);
    expect(io.err()).toMatch(/no agent "beta".*alpha/);
  });
});
