// Smaller HTTP guards of issue 11, each tried as an attack over real HTTP:
// HEAD answers like GET without a body; a body that trickles in (slowloris)
// gets 408 and a closed connection instead of holding the request open; env
// var names that are built-in object properties (__proto__, constructor) are
// refused with a 400 naming the field instead of being dropped.
import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFetchHandler } from '../../../src/node/http/fetch-handler.js';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { skillMd } from '../../helpers/skill-fixtures.js';
import { listen, rawRequest, type Listening } from './support.js';

let ws: MemoryWorkspace;
let srv: Listening;

beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'agents/alpha/forge.yaml': 'agent_id: alpha\n' });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir, bodyTimeoutMs: 300 }));
});
afterEach(async () => {
  await srv.close();
});

describe('HEAD', () => {
  it('answers a GET route with the GET status and headers and no body', async () => {
    const get = await rawRequest(`${srv.url}/api/agents`);
    const head = await rawRequest(`${srv.url}/api/agents`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.text).toBe('');
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
  });

  it('is listed in Allow, and a path without GET still gets 405', async () => {
    const r = await rawRequest(`${srv.url}/api/skill-builder/chat`, { method: 'HEAD' });
    expect(r.status).toBe(405);
    expect(r.headers.allow).toBe('POST');
    const put = await rawRequest(`${srv.url}/api/settings/skill-builder`, { method: 'DELETE' });
    expect(put.headers.allow).toBe('GET, HEAD, PUT');
  });

  it('works through the Fetch handler too', async () => {
    const handler = createFetchHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir });
    const res = await handler(new Request('http://localhost/api/agents', { method: 'HEAD', headers: { host: 'localhost' } }));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    expect(Number(res.headers.get('content-length'))).toBeGreaterThan(0);
  });
});

describe('slow request bodies', () => {
  it('a body that trickles in gets 408 and the connection is closed', async () => {
    const socket = connect(srv.port, '127.0.0.1');
    let reply = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (reply += d));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    socket.on('error', () => undefined);
    socket.write(
      `POST /api/agents/alpha/skill-builder/validate HTTP/1.1\r\nHost: 127.0.0.1:${srv.port}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"skill_md":`,
    );
    // One byte every 50 ms: each arrives well within any idle limit, the whole never does.
    const trickle = setInterval(() => socket.writable && socket.write(' '), 50);
    const started = Date.now();
    await closed;
    clearInterval(trickle);
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('did not arrive within 300 ms');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('the Fetch handler refuses a stalled stream body with 408', async () => {
    const handler = createFetchHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir, bodyTimeoutMs: 200 });
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"skill_md":'));
      },
    });
    const res = await handler(
      new Request('http://localhost/api/agents/alpha/skill-builder/validate', {
        method: 'POST',
        headers: { host: 'localhost', 'content-type': 'application/json' },
        body,
        duplex: 'half',
      } as RequestInit),
    );
    expect(res.status).toBe(408);
  });
});

describe('env var names', () => {
  for (const name of ['__proto__', 'constructor']) {
    it(`refuses ${name} with a 400 naming the field, and writes nothing`, async () => {
      // Raw JSON: an object literal cannot carry an own __proto__ key through JSON.stringify.
      const body = `{"skill_name":"my-skill","skill_md":${JSON.stringify(skillMd('my-skill'))},"env_vars":{"${name}":"s3cret-value","OK_VAR":"v"}}`;
      const r = await rawRequest(`${srv.url}/api/agents/alpha/skill-builder/save`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      expect(r.status).toBe(400);
      const json = JSON.parse(r.text);
      expect(json.field).toBe(`env_vars.${name}`);
      expect(json.error).toContain(`"${name}" cannot be an environment variable name`);
      expect(await ws.read('agents/alpha/skills/my-skill/SKILL.md')).toBeNull();
      expect(await ws.read('agents/alpha/.env')).toBeNull();
    });
  }
});
