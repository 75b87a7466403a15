// End to end over real HTTP on 127.0.0.1: startServer on a real workspace
// folder, the real OpenAI SDK (through createLlmClient) talking to the local
// OpenAI wire-format server. One whole session: configure, a question turn, a
// draft turn, validate, save, list, load, an edit turn that sees the on-disk
// skill, save with overwrite, catalog — with the API key checked against every
// byte that came back and every log line.
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';
import type { RequestLogEntry } from '../../../src/node/http/types.js';
import { startProviderServer, type ProviderServer, type RecordedRequest } from '../../helpers/provider-servers/index.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';
import { readSse, type ReadEvent } from './support.js';

const KEY = 'sk-e2e-KEY-9f8e7d6c5b4a3210fedcba';
const V1 = skillMd('weather-report', {
  description: 'Reports the weather for a city. When the user asks about the weather ("weather in Paris", "will it rain tomorrow") use this skill.',
  body: 'Call `web_fetch` on the forecast page for the city, then summarise it. Marker: ORIGINAL-V1.',
});
const V2 = V1.replace('ORIGINAL-V1', 'EDITED-V2');

let ws: string;
let home: string;
let provider: ProviderServer;
let server: RunningServer;
const logs: RequestLogEntry[] = [];
const wireTexts: string[] = [];

function envelope(message: string, skill: null | { skill_md: string; scripts: Record<string, string> }): string {
  return JSON.stringify({ message, skill });
}

function reply(req: RecordedRequest): string {
  const system: string = req.body.messages[0]?.role === 'system' ? req.body.messages[0].content : '';
  const last = req.body.messages[req.body.messages.length - 1]?.content as string;
  if (system.includes('ORIGINAL-V1')) return envelope('Updated the summary step.\n\n**Changed:**\n- marker', { skill_md: V2, scripts: { 'fetch.sh': SCRIPT } });
  if (last.includes('Paris')) return envelope('Here is your weather skill.', { skill_md: V1, scripts: { 'fetch.sh': SCRIPT } });
  return envelope('Which city should it report on by default?', null);
}

async function api(method: string, path: string, body?: unknown): Promise<{ status: number; json: any; text: string }> {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  wireTexts.push(text);
  return { status: res.status, json: text ? JSON.parse(text) : null, text };
}

async function chat(path: string, body: unknown): Promise<ReadEvent[]> {
  const res = await fetch(`${server.url}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const events = await readSse(res.body, { onChunk: (t) => wireTexts.push(t) });
  return events;
}

/** SPEC §6 order: progress/message_delta*, message, skill_draft?, then exactly one done|error, last. */
function expectOrder(events: ReadEvent[], withDraft: boolean): void {
  const names = events.map((e) => e.event).filter((n) => n !== 'progress');
  const deltas = names.filter((n) => n === 'message_delta').length;
  expect(deltas).toBeGreaterThan(1); // the message streamed, not only at the end
  expect(names.slice(0, deltas).every((n) => n === 'message_delta')).toBe(true);
  expect(names.slice(deltas)).toEqual(withDraft ? ['message', 'skill_draft', 'done'] : ['message', 'done']);
  expect(events[events.length - 1]!.event).toBe('done');
  const message = events.find((e) => e.event === 'message')!.data.content;
  expect(
    events
      .filter((e) => e.event === 'message_delta')
      .map((e) => e.data.delta)
      .join(''),
  ).toBe(message);
}

beforeAll(async () => {
  ws = await mkdtemp(join(tmpdir(), 'fsb-e2e-ws-'));
  home = await mkdtemp(join(tmpdir(), 'fsb-e2e-home-'));
  await mkdir(join(ws, 'agents', 'alpha'), { recursive: true });
  await writeFile(join(ws, 'agents', 'alpha', 'forge.yaml'), 'agent_id: alpha\nmodel:\n  provider: anthropic\n  name: claude-x\n');
  provider = await startProviderServer({ provider: 'openai', handler: reply, requireKey: KEY, knownModels: ['gpt-4.1'] });
  server = await startOpenServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, logger: (e) => logs.push(e) });
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
  await rm(ws, { recursive: true, force: true });
  await rm(home, { recursive: true, force: true });
});

describe('a whole openai session over HTTP', () => {
  it('configures, interviews, drafts, validates, saves, lists, loads, edits, overwrites and builds the catalog', async () => {
    // 1. Settings through the API; the base_url becomes trusted on this machine.
    const put = await api('PUT', '/settings/skill-builder', { provider: 'openai', model: 'gpt-4.1', base_url: provider.url, api_key: KEY });
    expect(put.status).toBe(200);
    expect(put.json).toMatchObject({ provider: 'openai', model: 'gpt-4.1', base_url: provider.url, has_key: true, source: 'workspace' });
    const agentProv = await api('GET', '/agents/alpha/skill-builder/provider');
    expect(agentProv.json).toMatchObject({ provider: 'openai', source: 'workspace' }); // workspace tier wins over the agent's anthropic

    // 2. A question turn: no draft.
    const history = [{ role: 'user', content: 'I want a skill that reports the weather.' }];
    const turn1 = await chat('/agents/alpha/skill-builder/chat', { messages: history });
    expectOrder(turn1, false);
    expect(turn1.find((e) => e.event === 'message')!.data.content).toBe('Which city should it report on by default?');
    expect(turn1.at(-1)!.data).toEqual({ status: 'complete', structured: true, truncated: false });

    // 3. The draft turn replays the whole conversation.
    history.push({ role: 'assistant', content: turn1.find((e) => e.event === 'message')!.data.content });
    history.push({ role: 'user', content: 'Paris by default.' });
    const turn2 = await chat('/agents/alpha/skill-builder/chat', { messages: history });
    expectOrder(turn2, true);
    const draft = turn2.find((e) => e.event === 'skill_draft')!.data;
    expect(draft.skill_md).toBe(V1);
    expect(draft.scripts).toEqual({ 'fetch.sh': SCRIPT });
    expect(provider.requests).toHaveLength(2);
    expect(provider.requests[1]!.body.messages.slice(1)).toEqual(history);
    expect(provider.requests[1]!.model).toBe('gpt-4.1');

    // 4. Validate against the agent.
    const v = await api('POST', '/agents/alpha/skill-builder/validate', { skill_md: draft.skill_md, scripts: draft.scripts });
    expect(v.status).toBe(200);
    expect(v.json.valid).toBe(true);
    expect(v.json.errors).toEqual([]);

    // 5. Save (create mode), then the same save again is a 409.
    const saved = await api('POST', '/agents/alpha/skill-builder/save', { skill_name: 'weather-report', skill_md: draft.skill_md, scripts: draft.scripts });
    expect(saved.status).toBe(200);
    expect(saved.json.path).toBe(join(ws, 'agents', 'alpha', 'skills', 'weather-report'));
    expect(saved.json).toMatchObject({ egress_added: [], env_configured: [], env_missing: [] });
    expect(await readFile(join(ws, 'agents/alpha/skills/weather-report/SKILL.md'), 'utf8')).toBe(V1);
    expect((await stat(join(ws, 'agents/alpha/skills/weather-report/scripts/fetch.sh'))).mode & 0o111).not.toBe(0);
    const clash = await api('POST', '/agents/alpha/skill-builder/save', { skill_name: 'weather-report', skill_md: draft.skill_md });
    expect(clash.status).toBe(409);
    expect(clash.json.error).toMatch(/already exists/);
    const again = await api('POST', '/agents/alpha/skill-builder/validate', { skill_md: draft.skill_md });
    // The name is now taken: validating the same draft in create mode warns about it.
    expect(again.json.warnings.map((w: { code: string }) => w.code)).toContain('name-exists');

    // 6. List and load.
    const list = await api('GET', '/agents/alpha/skill-builder/skills');
    expect(list.json).toEqual([expect.objectContaining({ name: 'weather-report', has_scripts: true, format: 'subdir' })]);
    expect(list.json[0].description).toMatch(/Reports the weather/);
    const one = await api('GET', '/agents/alpha/skill-builder/skills/weather-report');
    expect(one.json).toMatchObject({ name: 'weather-report', skill_md: V1, scripts: { 'fetch.sh': SCRIPT }, format: 'subdir' });
    const agents = await api('GET', '/agents');
    expect(agents.json).toEqual([expect.objectContaining({ id: 'alpha', has_skills: true })]);

    // 7. Edit mode: the prompt carries the on-disk skill.
    const edit = await chat('/agents/alpha/skill-builder/chat', {
      messages: [{ role: 'user', content: 'Change the marker.' }],
      mode: 'edit',
      editing_name: 'weather-report',
    });
    expectOrder(edit, true);
    const editSystem = provider.requests[2]!.body.messages[0];
    expect(editSystem.role).toBe('system');
    expect(editSystem.content).toContain('ORIGINAL-V1');
    const edited = edit.find((e) => e.event === 'skill_draft')!.data;
    expect(edited.skill_md).toBe(V2);

    // 8. Save with overwrite in edit mode.
    const over = await api('POST', '/agents/alpha/skill-builder/save', {
      skill_name: 'weather-report',
      skill_md: edited.skill_md,
      scripts: edited.scripts,
      overwrite: true,
      editing_name: 'weather-report',
    });
    expect(over.status).toBe(200);
    expect(await readFile(join(ws, 'agents/alpha/skills/weather-report/SKILL.md'), 'utf8')).toBe(V2);

    // 9. The runtime catalog of the agent's skills.
    const cat = await api('GET', '/agents/alpha/skill-builder/catalog');
    expect(cat.status).toBe(200);
    expect(cat.json.catalog).toContain('## Available Skills');
    expect(cat.json.catalog).toContain('- weather-report: Reports the weather for a city.');
    const xml = await api('GET', '/agents/alpha/skill-builder/catalog?format=xml');
    expect(xml.json.catalog).toContain('<name>weather-report</name>');

    // 10. The context route shows the prompt the builder sends.
    const ctx = await api('GET', '/agents/alpha/skill-builder/context');
    expect(ctx.json.system_prompt).toBe(provider.requests[0]!.body.messages[0].content);

    // The key went to the provider, and nowhere else.
    expect(provider.requests.every((r) => r.key === KEY)).toBe(true);
    expect(wireTexts.join('\n')).not.toContain(KEY);
    expect(JSON.stringify(logs)).not.toContain(KEY);
    expect(await readFile(join(ws, '.forge/ui.yaml'), 'utf8')).not.toContain(KEY);
    expect((await stat(join(ws, '.forge/.env'))).mode & 0o777).toBe(0o600);
    expect(logs.filter((l) => l.path.endsWith('/chat')).map((l) => l.status)).toEqual([200, 200, 200]);
  });
});
