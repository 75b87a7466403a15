// createFetchHandler: the same API as Request → Response (Hono, Next.js,
// Deno, Bun), called directly without any HTTP server: JSON routes, the guards,
// SSE through a ReadableStream, and cancelling that stream aborting the LLM call.
import { describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../../src/node/http/fetch-handler.js';
import { createScriptedLlm } from '../../../src/testing/scripted-llm.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { skillMd } from '../../helpers/skill-fixtures.js';
import { readSse } from './support.js';

const KEY = 'sk-fetch-KEY-00112233445566778899';
const FILES = {
  '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n',
  '.forge/.env': `OPENAI_API_KEY=${KEY}\n`,
  'agents/alpha/forge.yaml': 'agent_id: alpha\n',
};
const envelope = (message: string, skill: unknown = null) => JSON.stringify({ message, skill });

async function setup(llm = createScriptedLlm([envelope('ok')])) {
  const ws = await createMemoryWorkspace(FILES);
  const handle = createFetchHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: {}, homeDir: ws.homeDir, llmClientFactory: () => llm });
  return { ws, handle, llm };
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('createFetchHandler', () => {
  it('answers JSON routes with a Response', async () => {
    const { handle } = await setup();
    const res = await handle(new Request('http://localhost:3000/api/settings/skill-builder'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await res.json();
    expect(body).toMatchObject({
      provider: 'openai',
      model: 'gpt-4.1',
      has_key: true,
      source: 'workspace',
      providers: ['openai', 'anthropic', 'gemini', 'ollama'],
    });
    expect(JSON.stringify(body)).not.toContain(KEY);
  });

  it('reports a save’s missing env vars as [{name, kind}], one_of members marked as such', async () => {
    // Issue 4: saveSkill's env_missing is [{name, kind: 'required' | 'one_of'}]; the route sends it as is.
    const { handle } = await setup();
    const md = skillMd('env-hungry', {
      extraFrontmatter: 'metadata:\n  forge:\n    requires:\n      env:\n        required: [API_TOKEN, REGION]\n        one_of: [GH_TOKEN, GITHUB_TOKEN]',
    });
    const res = await handle(
      post('http://localhost/api/agents/alpha/skill-builder/save', { skill_name: 'env-hungry', skill_md: md, env_vars: { REGION: 'eu' } }),
    );
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.env_configured).toEqual(['REGION']);
    expect(body.env_missing).toEqual([
      { name: 'API_TOKEN', kind: 'required' },
      { name: 'GH_TOKEN', kind: 'one_of' },
      { name: 'GITHUB_TOKEN', kind: 'one_of' },
    ]);
    expect(body).not.toHaveProperty('env_missing_detail');
    const again = await handle(
      post('http://localhost/api/agents/alpha/skill-builder/save', {
        skill_name: 'env-hungry',
        skill_md: md,
        env_vars: { GITHUB_TOKEN: 't' },
        editing_name: 'env-hungry',
        overwrite: true,
      }),
    );
    // One member of the group is enough: the whole group leaves the list.
    expect((await again.json()).env_missing).toEqual([{ name: 'API_TOKEN', kind: 'required' }]);
  });

  it('applies the same guards: Host, Origin, 404, 405 with Allow, 413', async () => {
    const { handle } = await setup();
    expect((await handle(new Request('http://evil.example/api/agents'))).status).toBe(421);
    const cross = await handle(post('http://localhost/api/skill-builder/validate', { skill_md: 'x' }, { origin: 'https://evil.example' }));
    expect(cross.status).toBe(403);
    expect((await handle(new Request('http://localhost/api/nope'))).status).toBe(404);
    const wrong = await handle(new Request('http://localhost/api/agents', { method: 'DELETE' }));
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST');
    // A streamed body without Content-Length, larger than 1 MiB.
    const big = new ReadableStream<Uint8Array>({
      start(c) {
        const piece = new TextEncoder().encode('x'.repeat(256 * 1024));
        for (let i = 0; i < 6; i++) c.enqueue(piece);
        c.close();
      },
    });
    const tooBig = await handle(new Request('http://localhost/api/skill-builder/validate', { method: 'POST', body: big, duplex: 'half' } as RequestInit));
    expect(tooBig.status).toBe(413);
  });

  it('leaves paths outside basePath to the host (owns) and answers them 404 itself', async () => {
    const { handle } = await setup();
    expect(handle.owns(new Request('http://localhost/api/agents'))).toBe(true);
    expect(handle.owns(new Request('http://localhost/app'))).toBe(false);
    expect((await handle(new Request('http://localhost/app'))).status).toBe(404);
  });

  it('streams a chat as SSE through a ReadableStream', async () => {
    const { handle } = await setup(createScriptedLlm([envelope('Drafted.', { skill_md: skillMd('fetchy'), scripts: {} })], { chunkSize: 4 }));
    const res = await handle(post('http://localhost/api/agents/alpha/skill-builder/chat', { messages: [{ role: 'user', content: 'go' }] }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.body).toBeInstanceOf(ReadableStream);
    const events = await readSse(res.body);
    expect(events.map((e) => e.event).filter((n) => n !== 'progress' && n !== 'message_delta')).toEqual(['message', 'skill_draft', 'done']);
    expect(
      events
        .filter((e) => e.event === 'message_delta')
        .map((e) => e.data.delta)
        .join(''),
    ).toBe('Drafted.');
  });

  it('answers request-level chat failures as JSON before any stream', async () => {
    const { handle, llm } = await setup();
    const res = await handle(post('http://localhost/api/agents/ghost/skill-builder/chat', { messages: [{ role: 'user', content: 'go' }] }));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(llm.requests).toHaveLength(0);
  });

  it('aborts the LLM call when the stream is cancelled', async () => {
    let aborted: unknown;
    const llm = createScriptedLlm(async (req) => {
      await new Promise<void>((resolve) =>
        req.signal!.addEventListener('abort', () => {
          aborted = req.signal!.reason;
          resolve();
        }),
      );
      return '';
    });
    const { handle } = await setup(llm);
    const res = await handle(post('http://localhost/api/skill-builder/chat', { messages: [{ role: 'user', content: 'go' }] }));
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    while (llm.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    await reader.cancel();
    while (aborted === undefined) await new Promise((r) => setTimeout(r, 5));
    expect(llm.requests[0]!.signal!.aborted).toBe(true);
  });

  it('aborts the LLM call when the request signal aborts (Deno/Bun client disconnect)', async () => {
    const llm = createScriptedLlm(async (req) => {
      await new Promise<void>((resolve) => req.signal!.addEventListener('abort', () => resolve()));
      return '';
    });
    const { handle } = await setup(llm);
    const controller = new AbortController();
    const req = new Request('http://localhost/api/skill-builder/chat', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'go' }] }),
      signal: controller.signal,
    });
    const res = await handle(req);
    expect(res.status).toBe(200);
    while (llm.requests.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    while (!llm.requests[0]!.signal!.aborted) await new Promise((r) => setTimeout(r, 5));
    expect(llm.requests[0]!.signal!.aborted).toBe(true);
  });
});
