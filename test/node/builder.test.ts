// Node createWorkspaceSkillBuilder: tiers resolved and refused with a named fix, key
// read fresh per turn, edit mode loads the on-disk skill, the key never leaks.
import { describe, expect, it } from 'vitest';
import { ConfigError, LlmError, NotFoundError, UnsafePathError } from '../../src/core/errors.js';
import type { BuilderEvent } from '../../src/core/envelope/events.js';
import type { LlmClient, LlmConfig } from '../../src/core/llm/types.js';
import { createWorkspaceSkillBuilder } from '../../src/node/builder.js';
import { createMemoryWorkspace } from '../../src/testing/memory-workspace.js';
import { createScriptedLlm } from '../../src/testing/scripted-llm.js';
import { filesContaining, guardProcessEnv, thrown } from '../helpers/node-guards.js';
import { SCRIPT, skillMd } from '../helpers/skill-fixtures.js';

guardProcessEnv();

const SECRET = 'sk-node-builder-SECRET-42';
const UI = 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n';
const REPLY = JSON.stringify({ message: 'Which city should it default to?', skill: null });
const user = (content: string) => [{ role: 'user' as const, content }];

async function collect(it: AsyncIterable<BuilderEvent>): Promise<BuilderEvent[]> {
  const out: BuilderEvent[] = [];
  for await (const ev of it) out.push(ev);
  return out;
}

describe('createWorkspaceSkillBuilder: refusing unusable configurations', () => {
  it('refuses an unset configuration, pointing at Settings', async () => {
    const ws = await createMemoryWorkspace();
    const err = (await thrown(() => createWorkspaceSkillBuilder(ws))) as ConfigError;
    expect(ConfigError.isInstance(err)).toBe(true);
    expect(err.field).toBe('skill_builder');
    expect(err.message).toMatch(/Settings/);
  });

  it('refuses a missing key, naming the env var', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI });
    const err = (await thrown(() => createWorkspaceSkillBuilder(ws))) as ConfigError;
    expect(err.field).toBe('api_key');
    expect(err.message).toContain('OPENAI_API_KEY');
  });

  it('refuses an untrusted workspace base_url, naming the host and how to trust it', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': `${UI}  base_url: https://llm.attacker.example/v1\n` }, { env: { OPENAI_API_KEY: SECRET } });
    let factoryCalls = 0;
    const err = (await thrown(() =>
      createWorkspaceSkillBuilder({ ...ws, llmClientFactory: () => (factoryCalls++, createScriptedLlm([REPLY])) }),
    )) as ConfigError;
    expect(err.field).toBe('base_url');
    expect(err.message).toContain('llm.attacker.example');
    expect(err.message).toContain('trusted_base_urls');
    expect(err.message).toMatch(/save the skill-builder settings .* on this machine/);
    expect(err.message).not.toContain(SECRET);
    expect(factoryCalls).toBe(0);
  });
});

describe('createWorkspaceSkillBuilder: turns', () => {
  it('hands the resolved config (model verbatim, key from .forge/.env) to the client factory and streams the turn', async () => {
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': `${UI}  base_url: https://gw.example.com/v1\n  timeout_s: 30\n`,
      '.forge/.env': `OPENAI_API_KEY=${SECRET}\n`,
      '~/.forge/ui.yaml': 'trusted_base_urls:\n  - https://gw.example.com\n',
    });
    const seen: LlmConfig[] = [];
    const builder = await createWorkspaceSkillBuilder({ ...ws, llmClientFactory: (c) => (seen.push(c), createScriptedLlm([REPLY])) });
    const events = await collect(builder.chat(user('a weather skill')));
    expect(seen).toEqual([{ provider: 'openai', model: 'gpt-4.1', apiKey: SECRET, baseUrl: 'https://gw.example.com/v1', timeoutMs: 30_000 }]);
    expect(events.at(-1)).toEqual({ type: 'done', status: 'complete', structured: true, truncated: false });
    expect(events).toContainEqual({ type: 'message', content: 'Which city should it default to?' });
    expect(builder.config).toMatchObject({ source: 'workspace', model: 'gpt-4.1', hasKey: true });
    expect(JSON.stringify(builder.config)).not.toContain(SECRET);
  });

  it('reads the key again on every turn', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI, '.forge/.env': 'OPENAI_API_KEY=first-key-1111\n' });
    const keys: Array<string | undefined> = [];
    const builder = await createWorkspaceSkillBuilder({ ...ws, llmClientFactory: (c) => (keys.push(c.apiKey), createScriptedLlm([REPLY])) });
    await builder.send(user('one'));
    await ws.fs.promises.writeFile(ws.path('.forge/.env'), 'OPENAI_API_KEY=second-key-2222\n');
    await builder.send(user('two'));
    expect(keys).toEqual(['first-key-1111', 'second-key-2222']);
  });

  it('loads the on-disk skill for edit mode by name and puts it in the system prompt', async () => {
    const onDisk = skillMd('weather-report', { body: 'ON-DISK BODY MARKER: call `datetime_now`.' });
    const ws = await createMemoryWorkspace(
      {
        '.forge/ui.yaml': UI,
        'alpha/forge.yaml': '',
        'alpha/skills/weather-report/SKILL.md': onDisk,
        'alpha/skills/weather-report/scripts/weather.sh': `${SCRIPT}# SCRIPT MARKER\n`,
      },
      { env: { OPENAI_API_KEY: SECRET } },
    );
    const llm = createScriptedLlm([REPLY]);
    const builder = await createWorkspaceSkillBuilder({ ...ws, agentDir: ws.path('alpha'), llmClientFactory: () => llm });
    await collect(builder.chat(user('make it metric'), { mode: 'edit', editingName: 'weather-report' }));
    const system = llm.requests[0]!.system;
    expect(system).toContain('ON-DISK BODY MARKER');
    expect(system).toContain('SCRIPT MARKER');
    expect((await builder.loadExisting('weather-report')).toJSON()).toEqual({
      skillMd: onDisk,
      scripts: { 'weather.sh': `${SCRIPT}# SCRIPT MARKER\n` },
      dirName: 'weather-report',
    });
  });

  it('refuses an unsafe editing name before any event and answers NotFoundError for an unknown skill', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI, 'alpha/forge.yaml': '' }, { env: { OPENAI_API_KEY: SECRET } });
    const llm = createScriptedLlm([REPLY, REPLY]);
    const builder = await createWorkspaceSkillBuilder({ ...ws, agentDir: ws.path('alpha'), llmClientFactory: () => llm });
    expect(() => builder.chat(user('x'), { mode: 'edit', editingName: '../forge' })).toThrow(UnsafePathError);
    const err = await thrown(() => collect(builder.chat(user('x'), { mode: 'edit', editingName: 'missing-skill' })));
    expect(NotFoundError.isInstance(err)).toBe(true);
    expect(llm.requests).toHaveLength(0);
  });

  it('scrubs the key from error events and rejected sends, even from a custom client', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI, '.forge/.env': `OPENAI_API_KEY=${SECRET}\n` });
    const leaky: LlmClient = {
      provider: 'openai',
      model: 'gpt-4.1',
      // eslint-disable-next-line require-yield
      async *stream() {
        throw new LlmError('auth', `invalid key ${SECRET} rejected`, { provider: 'openai', status: 401 });
      },
    };
    const builder = await createWorkspaceSkillBuilder({ ...ws, llmClientFactory: () => leaky });
    const events = await collect(builder.chat(user('x')));
    const last = events.at(-1)!;
    expect(last.type).toBe('error');
    expect(JSON.stringify(events)).not.toContain(SECRET);
    const err = await thrown(() => builder.send(user('x')));
    expect(err.message).not.toContain(SECRET);
    expect(err.message).toContain('[redacted]');
    expect(String(err.stack)).not.toContain(SECRET);
    expect(filesContaining(ws.vol.toJSON(), SECRET)).toEqual(['/workspace/.forge/.env']);
  });

  it('accepts an explicit {llm} without any workspace configuration', async () => {
    const ws = await createMemoryWorkspace();
    const builder = await createWorkspaceSkillBuilder({ ...ws, llm: createScriptedLlm([REPLY]) });
    expect(builder.config).toBeNull();
    expect((await builder.send(user('x'))).message).toBe('Which city should it default to?');
  });

  it('refuses {llm} together with llmClientFactory, which only applies to the workspace tiers', async () => {
    const err = await thrown(() => createWorkspaceSkillBuilder({ llm: createScriptedLlm([REPLY]), llmClientFactory: () => createScriptedLlm([REPLY]) }));
    expect(err).toMatchObject({ field: 'llmClientFactory' });
  });

  it('keeps extra secrets out of every event, with {llm} too', async () => {
    const builder = await createWorkspaceSkillBuilder({
      llm: createScriptedLlm([JSON.stringify({ message: 'token tok-EXTRA-77 noted', skill: null })]),
      secrets: ['tok-EXTRA-77'],
    });
    expect(JSON.stringify(await collect(builder.chat(user('x'))))).not.toContain('tok-EXTRA-77');
  });
});

describe('createWorkspaceSkillBuilder: startChat (a turn started before streaming, for servers)', () => {
  it('hands the key to onApiKey on every read, also for a refused turn, and rejects before any event', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI, '.forge/.env': 'OPENAI_API_KEY=first-key-1111\n' }, { env: { OPENAI_API_KEY: SECRET } });
    const keys: string[] = [];
    const builder = await createWorkspaceSkillBuilder({ ...ws, llmClientFactory: () => createScriptedLlm([REPLY]), onApiKey: (k) => keys.push(k) });
    const events = await collect(await builder.startChat(user('one')));
    expect(events.at(-1)?.type).toBe('done');
    // The workspace now points the key at an origin nobody trusted: the next turn is refused before it starts.
    await ws.fs.promises.writeFile(ws.path('.forge/ui.yaml'), `${UI}  base_url: https://llm.attacker.example/v1\n`);
    await ws.fs.promises.writeFile(ws.path('.forge/.env'), 'OPENAI_API_KEY=second-key-2222\n');
    const err = (await thrown(() => builder.startChat(user('two')))) as ConfigError;
    expect(err.field).toBe('base_url');
    expect(keys).toEqual(['first-key-1111', 'first-key-1111', 'second-key-2222']);
  });

  it('rejects when the client factory fails, with the key scrubbed by the caller it was handed to', async () => {
    const ws = await createMemoryWorkspace({ '.forge/ui.yaml': UI, '.forge/.env': `OPENAI_API_KEY=${SECRET}\n` });
    const seen = new Set<string>();
    const builder = await createWorkspaceSkillBuilder({
      ...ws,
      onApiKey: (k) => seen.add(k),
      llmClientFactory: (c) => {
        throw new Error(`factory failed for ${c.apiKey}`);
      },
    });
    const err = await thrown(() => builder.startChat(user('x')));
    expect(err.message).toBe(`factory failed for ${SECRET}`);
    expect([...seen]).toEqual([SECRET]);
  });
});
