// Issue 21 "the local server answers only its operator": startServer makes a
// token per start; every API route answers 401 without it, the page too;
// `?token=` on a page load becomes an HttpOnly, SameSite=Strict cookie; API
// clients may send `Authorization: Bearer`. Over real HTTP on 127.0.0.1,
// against a real workspace folder.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../src/node/http/routes.js';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { startServer, type RunningServer } from '../../../src/node/server.js';
import { listen } from './support.js';

let root: string;
let ws: string;
let server: RunningServer;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-token-'));
  ws = join(root, 'ws');
  await mkdir(join(ws, 'alpha'), { recursive: true });
  await writeFile(join(ws, 'alpha', 'forge.yaml'), 'agent_id: alpha\n');
  await mkdir(join(root, 'demo'));
  await mkdir(join(root, 'dist'));
  await writeFile(join(root, 'demo', 'index.html'), '<!doctype html><title>demo</title><p>the demo page</p>');
  await writeFile(join(root, 'dist', 'forge-skill-builder.elements.js'), 'export {};\n');
  server = await startServer({
    workspaceDir: ws,
    port: 0,
    env: {},
    homeDir: join(root, 'home'),
    staticRoots: { demoDir: join(root, 'demo'), distDir: join(root, 'dist') },
  });
});
afterAll(async () => {
  await server?.close();
  await rm(root, { recursive: true, force: true });
});

/** Every route of the table with its parameters filled in. */
const ROUTES = API_ROUTES.map((r) => ({ method: r.method, path: `/api${r.path.replace(':id', 'alpha').replace(':name', 'x')}` }));

function send(method: string, path: string, headers: Record<string, string> = {}): Promise<Response> {
  const body = method === 'GET' ? undefined : '{}';
  return fetch(`${server.url}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body ? { body } : {}),
    redirect: 'manual',
  });
}

describe('startServer: the access token', () => {
  it('is made per start: 256 random bits, URL-safe, in pageUrl', async () => {
    expect(server.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(server.pageUrl).toBe(`${server.url}/?token=${server.token}`);
    const other = await startServer({ workspaceDir: ws, port: 0, env: {}, homeDir: join(root, 'home'), serveDemo: false });
    try {
      expect(other.token).not.toBe(server.token);
    } finally {
      await other.close();
    }
  });

  it('every API route answers 401 without it, saying how to get in', async () => {
    expect(ROUTES.length).toBe(API_ROUTES.length);
    for (const r of ROUTES) {
      const res = await send(r.method, r.path);
      expect(res.status, `${r.method} ${r.path}`).toBe(401);
      const { error } = (await res.json()) as { error: string };
      expect(error).toContain('?token=');
      expect(error).toContain('Authorization: Bearer <token>');
    }
  });

  it('a wrong token is refused, as a bearer and as a cookie', async () => {
    for (const r of ROUTES) {
      expect((await send(r.method, r.path, { authorization: `Bearer ${server.token}x` })).status, `${r.method} ${r.path}`).toBe(401);
      expect((await send(r.method, r.path, { cookie: `forge_skill_builder_token_${server.port}=nope` })).status).toBe(401);
    }
  });

  it('Authorization: Bearer <token> lets an API client in', async () => {
    const res = await send('GET', '/api/agents', { authorization: `Bearer ${server.token}` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([expect.objectContaining({ id: 'alpha' })]);
  });

  it('a program on the same machine without the token cannot PUT the settings; nothing is written', async () => {
    const res = await send('PUT', '/api/settings/skill-builder', {});
    const put = await fetch(`${server.url}/api/settings/skill-builder`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'openai', model: 'gpt-4.1', base_url: 'https://attacker.example/v1' }),
    });
    expect(res.status).toBe(401);
    expect(put.status).toBe(401);
    expect(existsSync(join(ws, '.forge', 'ui.yaml'))).toBe(false);
    expect(existsSync(join(root, 'home', '.forge', 'ui.yaml'))).toBe(false);
  });

  it('the page needs it too: 401 page without, 401 with a wrong one', async () => {
    for (const path of ['/', '/index.html', '/?token=wrong']) {
      const res = await send('GET', path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const text = await res.text();
      expect(text).toContain('/?token=');
      expect(text).not.toContain('the demo page');
    }
  });

  it('?token= on a page load sets an HttpOnly, SameSite=Strict cookie and redirects without it; the cookie opens page and API', async () => {
    const res = await send('GET', `/?token=${server.token}&lang=en`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/?lang=en');
    const setCookie = res.headers.get('set-cookie')!;
    const parts = setCookie.split(';').map((p) => p.trim());
    expect(parts[0]).toBe(`forge_skill_builder_token_${server.port}=${server.token}`);
    expect(parts).toEqual(expect.arrayContaining(['HttpOnly', 'SameSite=Strict', 'Path=/']));
    expect(parts).not.toContain('Secure');
    const cookie = parts[0]!;
    const page = await send('GET', '/', { cookie });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('the demo page');
    const put = await send('POST', '/api/skill-builder/validate', { cookie: `other=1; ${cookie}` });
    expect(put.status).toBe(400); // past the token check: the empty body is what is wrong now
  });

  it('the elements bundle is public (code, no data); a CORS preflight needs no token', async () => {
    expect((await send('GET', '/elements/forge-skill-builder.elements.js')).status).toBe(200);
    const pre = await fetch(`${server.url}/api/settings/skill-builder`, { method: 'OPTIONS' });
    expect(pre.status).toBe(204);
  });

  it('token: "<value>" sets it; a malformed one is refused; token: false turns it off', async () => {
    const chosen = await startServer({ workspaceDir: ws, port: 0, env: {}, homeDir: join(root, 'home'), serveDemo: false, token: 'my-own-token.1' });
    try {
      expect(chosen.token).toBe('my-own-token.1');
      expect((await fetch(`${chosen.url}/api/agents`, { headers: { authorization: 'Bearer my-own-token.1' } })).status).toBe(200);
      expect((await fetch(`${chosen.url}/api/agents`)).status).toBe(401);
    } finally {
      await chosen.close();
    }
    await expect(startServer({ workspaceDir: ws, port: 0, serveDemo: false, token: 'has space' })).rejects.toThrow(/token must be 1 to 512 characters/);
    const open = await startServer({ workspaceDir: ws, port: 0, env: {}, homeDir: join(root, 'home'), serveDemo: false, token: false });
    try {
      expect(open.token).toBeNull();
      expect(open.pageUrl).toBe(`${open.url}/`);
      expect((await fetch(`${open.url}/api/agents`)).status).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe('embedded handlers', () => {
  it('have no token by default (the host brings its own auth), and check one when given', async () => {
    const plain = await listen(createRequestHandler({ workspaceDir: ws, env: {}, homeDir: join(root, 'home') }));
    const guarded = await listen(createRequestHandler({ workspaceDir: ws, env: {}, homeDir: join(root, 'home'), token: 'embedded-token' }));
    try {
      expect((await fetch(`${plain.url}/api/agents`)).status).toBe(200);
      expect((await fetch(`${guarded.url}/api/agents`)).status).toBe(401);
      expect((await fetch(`${guarded.url}/api/agents`, { headers: { authorization: 'Bearer embedded-token' } })).status).toBe(200);
    } finally {
      await plain.close();
      await guarded.close();
    }
  });
});
