// The egress proxy against malformed and hostile clients over raw sockets
// (issue 21 item 2: `CONNECT host:99999` used to throw inside an un-awaited
// async function and kill Node). After every case the test process — the
// proxy's process — has seen no unhandled rejection or uncaught exception,
// and the proxy still forwards a valid request. Also: the per-run caps on
// open and total requests answer 503/429 and are recorded, and close() ends
// open tunnels.

import { createServer as createTcpServer, connect, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEgressPolicy } from '../../../src/node/sandbox/egress-match.js';
import { createEgressProxy, MAX_CONCURRENT, type EgressProxy } from '../../../src/node/sandbox/egress-proxy.js';
import { recordingServer, type RecordingServer } from '../../helpers/tool-run.js';

const escaped: unknown[] = [];
const onEscape = (e: unknown): void => void escaped.push(e);
let upstream: RecordingServer;
let holder: Server;
const held: Socket[] = [];
let proxy: EgressProxy;
let proxyPort: number;

beforeAll(async () => {
  process.on('unhandledRejection', onEscape);
  process.on('uncaughtException', onEscape);
  upstream = await recordingServer();
  // A TCP server that accepts and holds connections (tunnels stay open).
  holder = createTcpServer((s) => {
    held.push(s);
    s.on('error', () => {});
  });
  await new Promise<void>((r) => holder.listen(0, '127.0.0.1', r));
  proxy = createEgressProxy(createEgressPolicy(['localhost', '127.0.0.1']), { allowPrivateEgress: true });
  proxyPort = Number((await proxy.listen({ tcp: true })).split(':')[1]);
});
afterAll(async () => {
  await proxy.close();
  for (const s of held) s.destroy();
  await new Promise((r) => holder.close(r));
  await upstream.close();
  process.off('unhandledRejection', onEscape);
  process.off('uncaughtException', onEscape);
});

/** Sends `data` on a fresh connection and resolves to everything read until the proxy closes it (or 10 s pass). */
function exchange(port: number, data: string | Buffer, o: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1');
    let out = '';
    s.on('data', (d: Buffer) => (out += d.toString('latin1')));
    s.on('error', () => {});
    s.on('close', () => resolve(out));
    s.write(data);
    if (o.end) s.end();
    setTimeout(() => s.destroy(), 10_000).unref();
  });
}

const cleanups: Array<() => Promise<unknown>> = [];
let n = 0;
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
  // Still alive: nothing escaped, and a valid request goes through.
  expect(escaped).toEqual([]);
  const path = `/alive-${++n}`;
  const reply = await exchange(proxyPort, `GET http://127.0.0.1:${upstream.port}${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  expect(reply).toMatch(/^HTTP\/1\.1 200/);
  expect(reply).toContain(`hello from ${path}`);
  expect(escaped).toEqual([]);
});

const connectTo = (target: string) => `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\n\r\n`;

describe('egress proxy battery', () => {
  it.each([
    'localhost:99999',
    'localhost:65536',
    'localhost:0',
    'localhost:-1',
    'localhost:',
    'localhost:80junk',
    'localhost: 80',
    'localhost:0x50',
    'localhost:+80',
    'localhost:000000080',
  ])('answers CONNECT %s with 400 (a port is 1-65535, digits only)', async (target) => {
    expect(await exchange(proxyPort, connectTo(target))).toMatch(/^HTTP\/1\.1 400/);
  });

  it.each(['[::1:443', '[::1]', '::1:443', ':443', 'localhost', '', 'a:b:c', 'user@localhost:443', 'localhost/x:443'])(
    'answers the bad CONNECT target %j with 400',
    async (target) => {
      expect(await exchange(proxyPort, connectTo(target))).toMatch(/^HTTP\/1\.1 400/);
    },
  );

  it.each([
    'http://localhost:99999/',
    'http://localhost:0/',
    'http://[::1/',
    'http://:80/',
    'http://%zz/',
    'ftp://localhost/',
    '/',
    '*',
    'http://localhost:-1/',
  ])('answers GET %s (not a forwardable absolute http URI) with 400', async (uri) => {
    expect(await exchange(proxyPort, `GET ${uri} HTTP/1.1\r\nHost: localhost\r\n\r\n`)).toMatch(/^HTTP\/1\.1 400/);
  });

  it('answers HTTP/0.9 and binary junk with 400 or a closed connection', async () => {
    for (const junk of ['GET /\r\n\r\n', 'GET http://localhost/\r\n\r\n', '\x00\x01\x02\xff garbage\r\n\r\n', 'CONNECT\r\n\r\n', 'HELLO\r\n\r\n'])
      // Node reads `GET <absolute-uri>` without a version as a request, so it may be forwarded (and fail upstream): any answer or none, never a crash.
      expect(await exchange(proxyPort, Buffer.from(junk, 'latin1'))).toMatch(/^(HTTP\/1\.1 [45]\d\d [^]*)?$/);
  });

  it('answers a huge request head with 431 and a huge URL with 431 or 414', async () => {
    const header = `GET http://127.0.0.1:${upstream.port}/ HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(64 * 1024)}\r\n\r\n`;
    expect(await exchange(proxyPort, header)).toMatch(/^HTTP\/1\.1 431/);
    const url = `GET http://127.0.0.1:${upstream.port}/${'b'.repeat(64 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`;
    expect(await exchange(proxyPort, url)).toMatch(/^HTTP\/1\.1 (431|414)/);
  });

  it('survives half-open sockets (the client ends mid request line and mid head)', async () => {
    for (const part of ['CONNECT localhost:', 'CONNECT localhost:99999 HTTP/1.1\r\nHost:', `GET http://127.0.0.1:${upstream.port}/half HTTP/1.1\r\n`])
      expect(await exchange(proxyPort, part, { end: true })).toMatch(/^(HTTP\/1\.1 400[^]*)?$/);
  });

  it('survives a client that resets mid-tunnel and mid-request', async () => {
    const holderPort = (holder.address() as AddressInfo).port;
    const s = connect(proxyPort, '127.0.0.1');
    s.on('error', () => {});
    s.write(connectTo(`127.0.0.1:${holderPort}`));
    await new Promise<void>((r) => s.once('data', () => r()));
    s.write('half a TLS hello');
    s.resetAndDestroy();
    const t = connect(proxyPort, '127.0.0.1');
    t.on('error', () => {});
    t.write(`POST http://127.0.0.1:${upstream.port}/reset HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\npartial`);
    await new Promise((r) => setTimeout(r, 50));
    t.resetAndDestroy();
  });

  it('answers an unreachable declared upstream with 502 and an undeclared one with 403, recorded', async () => {
    const closed = createTcpServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    expect(await exchange(proxyPort, connectTo(`127.0.0.1:${port}`))).toMatch(/^HTTP\/1\.1 502/);
    expect(await exchange(proxyPort, connectTo('evil.example:443'))).toMatch(/^HTTP\/1\.1 403/);
    expect(proxy.blocked).toContain('evil.example');
  });

  it(`holds at most ${MAX_CONCURRENT} requests open at once: the next get 503, recorded; closing them frees the slots`, async () => {
    const holderPort = (holder.address() as AddressInfo).port;
    // A fresh proxy, so no slot is still being released from an earlier case.
    const capped = createEgressProxy(createEgressPolicy(['127.0.0.1']), { allowPrivateEgress: true });
    cleanups.push(() => capped.close());
    const cappedPort = Number((await capped.listen({ tcp: true })).split(':')[1]);
    const open: Socket[] = [];
    const first = await Promise.all(
      Array.from({ length: MAX_CONCURRENT + 6 }, () => {
        const s = connect(cappedPort, '127.0.0.1');
        s.on('error', () => {});
        open.push(s);
        s.write(connectTo(`127.0.0.1:${holderPort}`));
        return new Promise<string>((r) => {
          s.once('data', (d: Buffer) => r(d.toString('latin1')));
          s.once('close', () => r(''));
        });
      }),
    );
    expect(first.filter((t) => t.startsWith('HTTP/1.1 200')).length).toBe(MAX_CONCURRENT);
    expect(first.filter((t) => t.startsWith('HTTP/1.1 503')).length).toBe(6);
    expect(capped.refusals).toContainEqual({ host: '(proxy)', reason: `more than ${MAX_CONCURRENT} requests open at once` });
    await Promise.all(
      open.map((s) => {
        const closed = s.closed ? Promise.resolve() : new Promise((r) => s.once('close', r));
        s.destroy();
        return closed;
      }),
    );
    for (const h of held.splice(0)) h.destroy();
    // Slots come back once the proxy has seen the closes.
    await expect
      .poll(
        async () =>
          (await exchange(cappedPort, `GET http://127.0.0.1:${upstream.port}/after-cap HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)).slice(0, 12),
        { timeout: 10_000 },
      )
      .toBe('HTTP/1.1 200');
  });
});

describe('egress proxy caps and close', () => {
  it('answers 429 after the total cap per run, recorded, and stays up', async () => {
    const p = createEgressProxy(createEgressPolicy(['127.0.0.1']), { allowPrivateEgress: true, maxTotal: 3 });
    const port = Number((await p.listen({ tcp: true })).split(':')[1]);
    try {
      const get = () => exchange(port, `GET http://127.0.0.1:${upstream.port}/total HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
      for (let i = 0; i < 3; i++) expect(await get()).toMatch(/^HTTP\/1\.1 200/);
      expect(await get()).toMatch(/^HTTP\/1\.1 429/);
      expect(p.refusals).toContainEqual({ host: '(proxy)', reason: 'more than 3 requests in one run' });
    } finally {
      await p.close();
    }
  });

  it('close() ends open tunnels and keep-alive connections', async () => {
    const p = createEgressProxy(createEgressPolicy(['127.0.0.1']), { allowPrivateEgress: true });
    const port = Number((await p.listen({ tcp: true })).split(':')[1]);
    const s = connect(port, '127.0.0.1');
    s.on('error', () => {});
    s.write(connectTo(`127.0.0.1:${(holder.address() as AddressInfo).port}`));
    await new Promise<void>((r) => s.once('data', () => r()));
    const closed = new Promise((r) => s.once('close', r));
    await p.close();
    await closed;
    for (const h of held.splice(0)) h.destroy();
  });
});
