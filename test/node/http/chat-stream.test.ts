// The chat route's contract around the stream: every request-level failure is
// an HTTP error before any SSE byte (and the LLM is never called); a client
// that disconnects aborts the provider request; an idle stream gets heartbeat
// comments; a failed LLM call ends with `error` after what arrived; and split
// network reads (event: and data: lines in different chunks) parse the same.
import { afterEach, describe, expect, it } from 'vitest';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import type { ApiHandlerOptions } from '../../../src/node/http/types.js';
import { startOpenServer } from '../../helpers/server-token.js';
import { createScriptedLlm, type ScriptedLlm } from '../../../src/testing/scripted-llm.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { startProviderServer } from '../../helpers/provider-servers/index.js';
import { skillMd } from '../../helpers/skill-fixtures.js';
import { listen, rawRequest, readSse, startRechunkingProxy } from './support.js';

const KEY = 'sk-chat-KEY-0123456789abcdef';
const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

const CONFIGURED = {
  '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n',
  '.forge/.env': `OPENAI_API_KEY=${KEY}\n`,
  'agents/alpha/forge.yaml': 'agent_id: alpha\n',
  'agents/alpha/skills/weather/SKILL.md': skillMd('weather'),
};

async function serve(files: Record<string, string>, llm: ScriptedLlm, extra: Partial<ApiHandlerOptions> = {}, env: Record<string, string> = {}) {
  const ws = await createMemoryWorkspace(files, { env });
  const handler = createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir, llmClientFactory: () => llm, ...extra });
  const srv = await listen(handler);
  cleanups.push(() => srv.close());
  return { ws, srv, handler };
}

const user = (content: string) => ({ messages: [{ role: 'user', content }] });
const envelope = (message: string, skill: unknown = null) => JSON.stringify({ message, skill });

describe('request-level failures come before the stream', () => {
  const cases: Array<[string, Record<string, string>, string, unknown, number, RegExp, Record<string, string>?]> = [
    ['malformed JSON', CONFIGURED, '/api/skill-builder/chat', '{"messages": [', 400, /not valid JSON/],
    ['empty messages', CONFIGURED, '/api/skill-builder/chat', { messages: [] }, 400, /messages/],
    [
      'a last message not from the user',
      CONFIGURED,
      '/api/skill-builder/chat',
      { messages: [{ role: 'assistant', content: 'x' }] },
      400,
      /last message must be from the user/,
    ],
    ['an unknown agent', CONFIGURED, '/api/agents/nobody/skill-builder/chat', user('hi'), 404, /no agent "nobody".*alpha/],
    ['an unset configuration', { 'agents/alpha/forge.yaml': 'agent_id: alpha\n' }, '/api/skill-builder/chat', user('hi'), 400, /not configured/],
    ['a missing key', { '.forge/ui.yaml': CONFIGURED['.forge/ui.yaml'] }, '/api/skill-builder/chat', user('hi'), 400, /No API key.*OPENAI_API_KEY/],
    [
      'an untrusted base_url from a cloned ui.yaml with the key in the environment',
      { '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: https://llm.attacker.example/v1\n' },
      '/api/skill-builder/chat',
      user('hi'),
      400,
      /llm\.attacker\.example.*not trusted/,
      { OPENAI_API_KEY: KEY },
    ],
    [
      'an invalid editing_name',
      CONFIGURED,
      '/api/agents/alpha/skill-builder/chat',
      { ...user('hi'), mode: 'edit', editing_name: '../../etc' },
      400,
      /editing_name/,
    ],
    [
      'an unknown editing_name',
      CONFIGURED,
      '/api/agents/alpha/skill-builder/chat',
      { ...user('hi'), mode: 'edit', editing_name: 'nope' },
      404,
      /no skill "nope"/,
    ],
    ['edit mode without editing_name', CONFIGURED, '/api/agents/alpha/skill-builder/chat', { ...user('hi'), mode: 'edit' }, 400, /editing_name/],
  ];

  it.each(cases)('%s', async (_name, files, path, body, status, message, env) => {
    const llm = createScriptedLlm([envelope('never')]);
    const { srv } = await serve(files, llm, {}, env);
    const r = await rawRequest(`${srv.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(r.status).toBe(status);
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.text).not.toMatch(/^event:/m);
    expect(JSON.parse(r.text).error).toMatch(message);
    expect(r.text).not.toContain(KEY);
    expect(llm.requests).toHaveLength(0);
  });
});

describe('the stream', () => {
  it('sends the events of a turn in order, in snake_case', async () => {
    const llm = createScriptedLlm([envelope('Here it is.', { skill_md: skillMd('sunrise'), scripts: { 'a.sh': 'echo' } })], { chunkSize: 5 });
    const { srv } = await serve(CONFIGURED, llm);
    const res = await fetch(`${srv.url}/api/agents/alpha/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user('sunrise')),
    });
    expect(res.headers.get('cache-control')).toMatch(/no-cache/);
    const events = await readSse(res.body);
    const names = events.map((e) => e.event).filter((n) => n !== 'progress' && n !== 'message_delta' && n !== 'skill_draft_partial');
    expect(names).toEqual(['message', 'skill_draft', 'done']);
    expect(events.find((e) => e.event === 'skill_draft')!.data).toEqual({ skill_md: skillMd('sunrise'), scripts: { 'a.sh': 'echo' } });
    const progress = events.find((e) => e.event === 'progress');
    expect(progress?.data).toEqual({ chars: expect.any(Number), phase: expect.stringMatching(/^(message|skill)$/) });
  });

  it('sends the draft as it is written: skill_draft_partial in snake_case with partial: true, before the final skill_draft', async () => {
    const md = skillMd('sunrise');
    const reply = envelope('Here it is.', { skill_md: md, scripts: { 'a.sh': 'echo' } });
    const llm = createScriptedLlm([reply], { chunkSize: 16, delayMs: 40 });
    const { srv } = await serve(CONFIGURED, llm);
    const res = await fetch(`${srv.url}/api/agents/alpha/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user('sunrise')),
    });
    const events = await readSse(res.body);
    const partials = events.filter((e) => e.event === 'skill_draft_partial');
    expect(partials.length).toBeGreaterThan(1);
    for (const p of partials) {
      expect(Object.keys(p.data).sort()).toEqual(['partial', 'scripts', 'skill_md']);
      expect(p.data.partial).toBe(true);
      expect(md.startsWith(p.data.skill_md as string)).toBe(true);
    }
    const names = events.map((e) => e.event);
    expect(names.lastIndexOf('skill_draft_partial')).toBeLessThan(names.indexOf('skill_draft'));
    expect(events.find((e) => e.event === 'skill_draft')!.data).toEqual({ skill_md: md, scripts: { 'a.sh': 'echo' } });
  });

  it('sends no partial drafts when the handler is created with partialDrafts: false', async () => {
    const reply = envelope('Here it is.', { skill_md: skillMd('sunrise'), scripts: {} });
    const { srv } = await serve(CONFIGURED, createScriptedLlm([reply], { chunkSize: 16, delayMs: 20 }), { partialDrafts: false });
    const res = await fetch(`${srv.url}/api/agents/alpha/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user('sunrise')),
    });
    const names = (await readSse(res.body)).map((e) => e.event);
    expect(names).not.toContain('skill_draft_partial');
    expect(names).toContain('skill_draft');
  });

  it('ends a failed LLM call with error, after the message that arrived', async () => {
    const { LlmError } = await import('../../../src/core/errors.js');
    const partial = '{"message": "Half a thought';
    const llm = createScriptedLlm([{ text: partial, error: new LlmError('stream_cut', `connection dropped (key ${KEY})`, { provider: 'openai' }) }]);
    const { srv } = await serve(CONFIGURED, llm);
    const res = await fetch(`${srv.url}/api/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user('x')),
    });
    const raw: string[] = [];
    const events = await readSse(res.body, { onChunk: (t) => raw.push(t) });
    expect(events.at(-1)!.event).toBe('error');
    expect(events.filter((e) => e.event === 'error' || e.event === 'done')).toHaveLength(1);
    expect(events.at(-1)!.data.error).toMatch(/connection dropped/);
    expect(raw.join('')).not.toContain(KEY);
  });

  it('sends heartbeat comments while the model is silent', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const llm = createScriptedLlm(async () => {
      await gate;
      return envelope('finally');
    });
    const { srv } = await serve(CONFIGURED, llm, { heartbeatMs: 20 });
    const res = await fetch(`${srv.url}/api/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user('x')),
    });
    const comments: string[] = [];
    const reading = readSse(res.body, { comments });
    while (comments.length < 2) await new Promise((r) => setTimeout(r, 10));
    release();
    const events = await reading;
    expect(comments.every((c) => c.trim() === 'ping')).toBe(true);
    expect(events.at(-1)!.event).toBe('done');
  });

  it('parses the same when event and data lines arrive in separate network reads', async () => {
    const llm = createScriptedLlm(() => envelope('Split reads are fine.', { skill_md: skillMd('split'), scripts: {} }), { chunkSize: 3 });
    const { srv } = await serve(CONFIGURED, llm);
    const proxy = await startRechunkingProxy(srv.port, 5);
    cleanups.push(() => proxy.close());
    const body = JSON.stringify(user('x'));
    const direct = await readSse(
      (await fetch(`${srv.url}/api/skill-builder/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).body,
    );
    const chunks: string[] = [];
    const split = await readSse(
      (await fetch(`${proxy.url}/api/skill-builder/chat`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).body,
      {
        onChunk: (t) => chunks.push(t),
      },
    );
    // At least one network read ended between an `event:` line and the end of its `data:` line.
    const text = chunks.join('');
    const boundaries = new Set<number>();
    let at = 0;
    for (const c of chunks) boundaries.add((at += c.length));
    let splitFrames = 0;
    for (const m of text.matchAll(/event: [a-z_]+\ndata: [^\n]*\n/g)) {
      const start = m.index;
      const end = start + m[0].length;
      if ([...boundaries].some((b) => b > start && b < end)) splitFrames++;
    }
    expect(splitFrames).toBeGreaterThan(0);
    const strip = (es: typeof direct) => es.filter((e) => e.event !== 'progress').map((e) => [e.event, e.data]);
    expect(strip(split)).toEqual(strip(direct));
  });
});

describe('client disconnect', () => {
  it('aborts the provider request when the browser goes away (real SDK, provider sees the close)', async () => {
    const provider = await startProviderServer({
      provider: 'openai',
      replies: [{ text: envelope('This reply never finishes because the client leaves early, and the provider should notice.'), hang: { afterDeltas: 4 } }],
    });
    cleanups.push(() => provider.close());
    const ws = await createMemoryWorkspace({
      '.forge/ui.yaml': `skill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: ${provider.url}\n`,
      '.forge/.env': `OPENAI_API_KEY=${KEY}\n`,
      '~/.forge/ui.yaml': `trusted_base_urls:\n  - ${provider.url}\n`,
    });
    const handler = createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: {}, homeDir: ws.homeDir });
    const srv = await listen(handler);
    cleanups.push(() => srv.close());
    const controller = new AbortController();
    const res = await fetch(`${srv.url}/api/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user('x')),
      signal: controller.signal,
    });
    const events = await readSse(res.body, { stopAfter: (e) => e.event === 'message_delta' });
    expect(events.some((e) => e.event === 'message_delta')).toBe(true);
    controller.abort();
    expect(await provider.requests[0]!.done).toBe('client-closed');
  });

  it('closes open streams with an error event when the server shuts down', async () => {
    let started!: () => void;
    const inFlight = new Promise<void>((r) => (started = r));
    const llm = createScriptedLlm(async (req) => {
      started();
      await new Promise<void>((_, reject) => req.signal?.addEventListener('abort', () => reject(req.signal!.reason)));
      return '';
    });
    const ws = await createMemoryWorkspace(CONFIGURED);
    const server = await startOpenServer({
      workspaceDir: ws.workspaceDir,
      fs: ws.fs,
      env: ws.env,
      homeDir: ws.homeDir,
      port: 0,
      llmClientFactory: () => llm,
      serveDemo: false,
    });
    const res = await fetch(`${server.url}/api/skill-builder/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(user('x')),
    });
    const reading = readSse(res.body);
    await inFlight;
    await server.close();
    const events = await reading;
    expect(events.at(-1)!.event).toBe('error');
    expect(events.at(-1)!.data).toMatchObject({ error: expect.stringMatching(/shutting down/), code: 'aborted' });
  });
});
