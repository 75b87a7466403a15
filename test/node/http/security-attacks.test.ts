// Each SPEC §8 rule of the HTTP layer, tried as an attack against a real
// server on 127.0.0.1 (createRequestHandler over an in-memory workspace).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LlmError } from '../../../src/core/errors.js';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import type { RequestLogEntry } from '../../../src/node/http/types.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { listen, rawRequest, type Listening } from './support.js';

const KEY = 'sk-test-SECRET-abcdef0123456789';

let ws: MemoryWorkspace;
let srv: Listening;
let logs: RequestLogEntry[];

async function start(extra: Parameters<typeof createRequestHandler>[0] extends infer O ? Partial<O> : never = {}): Promise<void> {
  logs = [];
  const handler = createRequestHandler({
    workspaceDir: ws.workspaceDir,
    fs: ws.fs,
    env: ws.env,
    homeDir: ws.homeDir,
    logger: (e) => logs.push(e),
    ...extra,
  });
  srv = await listen(handler);
}

const putBody = JSON.stringify({ provider: 'openai', model: 'gpt-4.1', api_key: KEY });
const json = { 'content-type': 'application/json' };

beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'agents/alpha/forge.yaml': 'agent_id: alpha\n' });
});
afterEach(async () => {
  await srv?.close();
});

describe('Host check (DNS rebinding)', () => {
  beforeEach(() => start());

  it('refuses a request whose Host is another name, and changes nothing', async () => {
    // SPEC §8: the local server accepts only requests whose Host is the address it serves.
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: { ...json, host: `rebind.evil.example:${srv.port}` },
      body: putBody,
    });
    expect(r.status).toBe(421);
    expect(JSON.parse(r.text).error).toMatch(/rebind\.evil\.example/);
    expect(await ws.read('.forge/ui.yaml')).toBeNull();
    expect(await ws.read('.forge/.env')).toBeNull();
  });

  it('refuses reads too (a rebound page must not read the settings)', async () => {
    const r = await rawRequest(`${srv.url}/api/agents`, { headers: { host: 'evil.example' } });
    expect(r.status).toBe(421);
    expect(r.text).not.toContain('alpha');
  });

  it('accepts localhost, 127.0.0.1 and [::1] with the port', async () => {
    for (const host of [`localhost:${srv.port}`, `127.0.0.1:${srv.port}`, `[::1]:${srv.port}`]) {
      const r = await rawRequest(`${srv.url}/api/agents`, { headers: { host } });
      expect(r.status, host).toBe(200);
    }
  });

  it('accepts a host added through allowedHosts', async () => {
    await srv.close();
    await start({ allowedHosts: ['skills.internal'] });
    const r = await rawRequest(`${srv.url}/api/agents`, { headers: { host: 'skills.internal:8080' } });
    expect(r.status).toBe(200);
  });
});

describe('Origin check for mutating requests', () => {
  it('refuses a cross-origin PUT with 403 and writes nothing', async () => {
    await start();
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: { ...json, origin: 'https://evil.example' },
      body: putBody,
    });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.text).error).toMatch(/evil\.example/);
    expect(await ws.read('.forge/ui.yaml')).toBeNull();
  });

  it('refuses a cross-origin chat POST before anything runs', async () => {
    await start();
    const r = await rawRequest(`${srv.url}/api/skill-builder/chat`, {
      method: 'POST',
      headers: { ...json, origin: 'http://localhost:9999' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(r.status).toBe(403);
  });

  it('refuses the opaque "null" origin (sandboxed iframes, file:// pages)', async () => {
    await start();
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, { method: 'PUT', headers: { ...json, origin: 'null' }, body: putBody });
    expect(r.status).toBe(403);
  });

  it('accepts the same origin, and requests without Origin (curl)', async () => {
    await start();
    const same = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: { ...json, origin: srv.url },
      body: JSON.stringify({ provider: 'openai', model: 'gpt-4.1' }),
    });
    expect(same.status).toBe(200);
    const none = await rawRequest(`${srv.url}/api/settings/skill-builder`, { method: 'PUT', headers: json, body: putBody });
    expect(none.status).toBe(200);
  });

  it('accepts an origin listed in allowedOrigins and echoes it for CORS', async () => {
    await start({ allowedOrigins: ['https://app.example'] });
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: { ...json, origin: 'https://app.example' },
      body: putBody,
    });
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBe('https://app.example');
  });
});

describe('CORS', () => {
  it('never answers with a wildcard, whatever the Origin', async () => {
    await start({ allowedOrigins: ['https://app.example'] });
    for (const origin of ['https://evil.example', 'https://app.example', 'null']) {
      for (const [method, path] of [
        ['GET', '/api/settings/skill-builder'],
        ['GET', '/api/agents'],
        ['OPTIONS', '/api/settings/skill-builder'],
        ['GET', '/api/nope'],
      ] as const) {
        const r = await rawRequest(`${srv.url}${path}`, { method, headers: { origin, 'access-control-request-method': 'PUT' } });
        expect(r.headers['access-control-allow-origin'], `${method} ${path} ${origin}`).not.toBe('*');
        if (origin !== 'https://app.example') expect(r.headers['access-control-allow-origin']).toBeUndefined();
      }
    }
  });

  it('refuses a preflight from an unknown origin and answers one from an allowed origin', async () => {
    await start({ allowedOrigins: ['https://app.example'] });
    const bad = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PUT' },
    });
    expect(bad.status).toBe(403);
    const good = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'PUT' },
    });
    expect(good.status).toBe(204);
    expect(good.headers['access-control-allow-methods']).toBe('GET, HEAD, PUT');
    expect(good.headers['access-control-allow-headers']).toBe('content-type, authorization');
  });

  it('refuses to start with a wildcard in allowedOrigins', () => {
    expect(() => createRequestHandler({ workspaceDir: '/w', allowedOrigins: ['*'] })).toThrow(/wildcard/);
  });
});

describe('body size limit', () => {
  beforeEach(() => start());
  const big = (n: number) => JSON.stringify({ provider: 'openai', model: 'x'.repeat(n) });

  it('answers 413 to a body over 1 MiB announced by Content-Length, and writes nothing', async () => {
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, { method: 'PUT', headers: json, body: big(1024 * 1024 + 10) });
    expect(r.status).toBe(413);
    expect(JSON.parse(r.text).error).toMatch(/1 MiB/);
    expect(await ws.read('.forge/ui.yaml')).toBeNull();
  });

  it('answers 413 to a chunked body without Content-Length once it passes 1 MiB', async () => {
    const piece = 'x'.repeat(64 * 1024);
    let sent = 0;
    async function* chunks() {
      yield '{"provider":"openai","model":"';
      // 40 × 64 KiB = 2.5 MiB, more than the limit; the server stops reading at 1 MiB.
      for (let i = 0; i < 40; i++) {
        sent += piece.length;
        yield piece;
      }
      yield '"}';
    }
    const r = await rawRequest(`${srv.url}/api/skill-builder/chat`, { method: 'POST', headers: json, chunks: chunks() });
    expect(r.status).toBe(413);
    expect(sent).toBeGreaterThan(1024 * 1024);
  });

  it('answers 413 from the announced Content-Length alone, before the body arrives', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    async function* chunks() {
      yield '{"provider":"openai","model":"';
      await held; // the rest never comes while the server decides
    }
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: { ...json, 'content-length': String(2 * 1024 * 1024) },
      chunks: chunks(),
    });
    release();
    expect(r.status).toBe(413);
    expect(await ws.read('.forge/ui.yaml')).toBeNull();
  });

  it('accepts a body just under the limit (it is then checked for content)', async () => {
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, { method: 'PUT', headers: json, body: big(1024 * 1024 - 100) });
    expect(r.status).toBe(200);
  });
});

describe('routing errors', () => {
  beforeEach(() => start());

  it('answers an unknown API route with a JSON 404', async () => {
    const r = await rawRequest(`${srv.url}/api/skill-builder/nope`);
    expect(r.status).toBe(404);
    expect(JSON.parse(r.text).error).toMatch(/no API route/);
  });

  it('answers a wrong method with 405 and the Allow header', async () => {
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('GET, HEAD, PUT');
    const chat = await rawRequest(`${srv.url}/api/skill-builder/chat`);
    expect(chat.status).toBe(405);
    expect(chat.headers.allow).toBe('POST');
  });

  it('answers malformed JSON with a 400 that does not echo the body', async () => {
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: json,
      body: `{"provider":"openai","model":"gpt-4.1","api_key": ${KEY}}`,
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).error).toMatch(/not valid JSON/);
    expect(r.text).not.toContain(KEY);
  });

  it('names the field and the reason of an invalid body', async () => {
    const r = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ provider: 'openia', model: 'gpt-4.1' }),
    });
    expect(r.status).toBe(400);
    const body = JSON.parse(r.text);
    expect(body.field).toBe('provider');
    expect(body.error).toMatch(/provider/);
    expect(body.error).toMatch(/openai, anthropic, gemini, ollama/);
  });
});

describe('names in paths', () => {
  beforeEach(() => start());

  it('refuses a skill name that would leave the skills folder, even percent-encoded', async () => {
    // SPEC §8: skill names and editing_name are validated before they reach a path.
    for (const name of ['..%2F..%2Fforge.yaml', '..%5Cx', '%2Fetc%2Fpasswd', 'Foo_Bar']) {
      const r = await rawRequest(`${srv.url}/api/agents/alpha/skill-builder/skills/${name}`);
      expect(r.status, name).toBe(400);
      expect(JSON.parse(r.text).error, name).toMatch(/not a valid skill name|kebab-case/);
    }
  });

  it('treats an agent id only as a name to look up, never as a path', async () => {
    for (const id of ['..', '..%2F..', '%2Fetc', 'alpha%2F..']) {
      const r = await rawRequest(`${srv.url}/api/agents/${id}/skill-builder/skills`);
      // `..` itself is resolved by URL parsing (→ no such route); encoded forms reach the lookup and match no agent.
      expect(r.status, id).toBe(404);
      expect(JSON.parse(r.text).error, id).toMatch(/no agent|no API route/);
    }
  });

  it('refuses unsafe script file names in a save before anything is written', async () => {
    const r = await rawRequest(`${srv.url}/api/agents/alpha/skill-builder/save`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ skill_name: 'x', skill_md: '---\nname: x\n---\n', scripts: { '../../forge.yaml': 'pwned' } }),
    });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.text).field).toMatch(/^scripts/);
    expect(await ws.read('agents/alpha/forge.yaml')).toBe('agent_id: alpha\n');
    expect(await ws.read('agents/alpha/skills/x/SKILL.md')).toBeNull();
  });
});

describe('the API key never leaves the server', () => {
  it('is absent from the PUT and GET replies and from every log line', async () => {
    await start();
    const put = await rawRequest(`${srv.url}/api/settings/skill-builder`, { method: 'PUT', headers: json, body: putBody });
    expect(put.status).toBe(200);
    const get = await rawRequest(`${srv.url}/api/settings/skill-builder`);
    const prov = await rawRequest(`${srv.url}/api/skill-builder/provider`);
    for (const r of [put, get, prov]) {
      expect(r.text).not.toContain(KEY);
      expect(JSON.parse(r.text)).toMatchObject({ has_key: true, source: 'workspace', api_key_env: 'OPENAI_API_KEY' });
    }
    // A bad value in the same body as the key: the error names the field, never the key.
    const bad = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ provider: 'openai', model: 'gpt-4.1', api_key: `${KEY}\nEVIL=1` }),
    });
    expect(bad.status).toBe(400);
    expect(bad.text).not.toContain(KEY);
    expect(JSON.stringify(logs)).not.toContain(KEY);
    expect(logs.map((l) => `${l.method} ${l.status}`)).toEqual(['PUT 200', 'GET 200', 'GET 200', 'PUT 400']);
    expect(await ws.read('.forge/ui.yaml')).not.toContain(KEY);
    expect(await ws.read('.forge/.env')).toContain(KEY);
  });
});

describe('the API key in errors', () => {
  it('is scrubbed from the error reply and the log line when the client factory echoes it', async () => {
    ws = await createMemoryWorkspace({
      '.forge/ui.yaml': 'skill_builder:\n  provider: openai\n  model: gpt-4.1\n',
      '.forge/.env': `OPENAI_API_KEY=${KEY}\n`,
    });
    let typed = true;
    await start({
      llmClientFactory: (config) => {
        if (typed) throw new LlmError('auth', `the provider refused the key ${config.apiKey}`, { provider: 'openai', status: 401 });
        throw new Error(`the factory crashed holding ${config.apiKey}`);
      },
    });
    const chat = () =>
      rawRequest(`${srv.url}/api/skill-builder/chat`, { method: 'POST', headers: json, body: JSON.stringify({ messages: [{ role: 'user', content: 'hi' }] }) });
    const known = await chat();
    typed = false;
    const crash = await chat();
    expect([known.status, crash.status]).toEqual([502, 500]);
    expect(JSON.parse(known.text).error).toBe('the provider refused the key [redacted]');
    expect(logs.map((l) => l.error)).toEqual(['the provider refused the key [redacted]', 'the factory crashed holding [redacted]']);
    expect(known.text + crash.text + JSON.stringify(logs)).not.toContain(KEY);
  });
});

describe('createRequestHandler as middleware', () => {
  it('hands paths outside basePath to next() and serves its own', async () => {
    const handler = createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir });
    const seen: string[] = [];
    srv = await listen((req, res) => {
      handler(req, res, () => {
        seen.push(req.url ?? '');
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('host app');
      });
    });
    const other = await rawRequest(`${srv.url}/dashboard`);
    expect(other.text).toBe('host app');
    const api = await rawRequest(`${srv.url}/api/agents`);
    expect(JSON.parse(api.text)).toEqual([expect.objectContaining({ id: 'alpha', has_skills: false })]);
    expect(seen).toEqual(['/dashboard']);
  });

  it('uses a body that a parser mounted first already read (express.json()), under the same 1 MiB limit', async () => {
    const handler = createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir });
    srv = await listen((req, res) => {
      void (async () => {
        let text = '';
        for await (const chunk of req) text += String(chunk);
        (req as typeof req & { body?: unknown }).body = JSON.parse(text);
        handler(req, res);
      })();
    });
    const ok = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ provider: 'openai', model: 'gpt-4.1' }),
    });
    expect(ok.status).toBe(200);
    expect(await ws.read('.forge/ui.yaml')).toContain('model: gpt-4.1');
    const big = await rawRequest(`${srv.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: json,
      body: JSON.stringify({ provider: 'anthropic', model: 'x'.repeat(1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.text).error).toMatch(/1 MiB limit/);
    expect(await ws.read('.forge/ui.yaml')).not.toContain('anthropic');
  });

  it('mounts under a custom basePath', async () => {
    const handler = createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir, basePath: '/tools/skills/' });
    srv = await listen((req, res) => handler(req, res));
    expect((await rawRequest(`${srv.url}/tools/skills/agents`)).status).toBe(200);
    expect((await rawRequest(`${srv.url}/api/agents`)).status).toBe(404);
  });
});
