// Shared helpers for the HTTP tests: a real node:http server on 127.0.0.1 for
// a handler, an SSE reader built on eventsource-parser (the same parser the
// elements use), and a TCP proxy that re-chunks the server's bytes so an
// `event:` line and its `data:` line arrive in different network reads; and a
// workspace server whose skill-builder model is a local OpenAI-wire server.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, connect, type AddressInfo, type Socket } from 'node:net';
import { createParser } from 'eventsource-parser';
import { rm } from 'node:fs/promises';
import type { RunningServer, StartServerOptions } from '../../../src/node/server.js';
import { startOpenServer } from '../../helpers/server-token.js';
import { startProviderServer, type ProviderServer } from '../../helpers/provider-servers/index.js';

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function listen(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Listening> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface ReadEvent {
  event: string;
  data: any;
  /** performance.now() when the parser produced the event. */
  at: number;
}

/** Reads an SSE body to its end (or until `stopAfter` returns true), parsing each event's JSON data. */
export async function readSse(
  body: ReadableStream<Uint8Array> | null,
  opts: { stopAfter?: (e: ReadEvent) => boolean; onChunk?: (text: string) => void; comments?: string[] } = {},
): Promise<ReadEvent[]> {
  if (!body) throw new Error('response has no body');
  const events: ReadEvent[] = [];
  let stop = false;
  const parser = createParser({
    onEvent: (m) => {
      const e: ReadEvent = { event: m.event ?? 'message', data: JSON.parse(m.data), at: performance.now() };
      events.push(e);
      if (opts.stopAfter?.(e)) stop = true;
    },
    onComment: (c) => opts.comments?.push(c),
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!stop) {
      const { done, value } = await reader.read();
      if (done) break;
      const text = decoder.decode(value, { stream: true });
      opts.onChunk?.(text);
      parser.feed(text);
    }
  } finally {
    if (stop) await reader.cancel().catch(() => undefined);
    else reader.releaseLock();
  }
  return events;
}

/**
 * A TCP proxy in front of `targetPort` that forwards the server's bytes to the
 * client in pieces of at most `pieceSize` bytes, each in its own write after
 * a pause, so frames are split across network reads.
 */
export async function startRechunkingProxy(targetPort: number, pieceSize = 7): Promise<Listening & { pieces(): number }> {
  let pieces = 0;
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    sockets.add(client);
    const upstream = connect(targetPort, '127.0.0.1');
    sockets.add(upstream);
    client.pipe(upstream);
    let queue = Promise.resolve();
    upstream.on('data', (buf: Buffer) => {
      upstream.pause();
      queue = queue.then(async () => {
        for (let i = 0; i < buf.length; i += pieceSize) {
          if (client.destroyed) return;
          client.write(buf.subarray(i, i + pieceSize));
          pieces++;
          await new Promise((r) => setTimeout(r, 1));
        }
        upstream.resume();
      });
    });
    upstream.on('end', () => void queue.then(() => client.end()));
    client.on('close', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pieces: () => pieces,
    close: () =>
      new Promise<void>((r) => {
        for (const s of sockets) s.destroy();
        server.close(() => r());
      }),
  };
}

export interface RawReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * A request through node:http, so tests can send any Host/Origin header and
 * stream a body in chunks (without Content-Length when `chunks` is given).
 */
export async function rawRequest(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: string; chunks?: AsyncIterable<string> | Iterable<string> } = {},
): Promise<RawReply> {
  const { request } = await import('node:http');
  const u = new URL(url);
  return new Promise<RawReply>((resolve, reject) => {
    const req = request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method: opts.method ?? 'GET', headers: opts.headers ?? {} }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (opts.chunks) {
      void (async () => {
        try {
          for await (const c of opts.chunks!) {
            if (req.destroyed) return;
            await new Promise<void>((r) => (req.write(c) ? r() : req.once('drain', () => r())));
          }
          req.end();
        } catch {
          // the server may cut the upload off; the reply still arrives
        }
      })();
    } else req.end(opts.body);
  });
}

/** POSTs a save of skill `risky` (plus `body`) to agent `alpha` of the server at `url`; the reply's status and JSON. */
export async function saveRiskySkill(url: string, body: Record<string, unknown>): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}/api/agents/alpha/skill-builder/save`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ skill_name: 'risky', ...body }),
  });
  return { status: res.status, json: await res.json() };
}

/**
 * Starts an OpenAI-wire provider with `handler` (it requires `key`) and a workspace server on
 * `ws` with `home` as its home folder, saves the provider as the skill-builder model, and
 * pushes the cleanups (both folders removed, both servers closed) onto `cleanups`. `opts` go to the
 * workspace server (e.g. allowing tool runs).
 */
export async function startModelServer(
  ws: string,
  home: string,
  handler: Parameters<typeof startProviderServer>[0]['handler'],
  key: string,
  cleanups: Array<() => Promise<unknown>>,
  opts: Partial<StartServerOptions> = {},
): Promise<{ server: RunningServer; llm: ProviderServer }> {
  const llm = await startProviderServer({ provider: 'openai', handler, requireKey: key });
  const server = await startOpenServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, ...opts });
  cleanups.push(
    () => rm(ws, { recursive: true, force: true }),
    () => rm(home, { recursive: true, force: true }),
    () => llm.close(),
    () => server.close(),
  );
  const put = await fetch(`${server.url}/api/settings/skill-builder`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ provider: 'openai', model: 'agent-model', base_url: llm.url, api_key: key }),
  });
  if (put.status !== 200) throw new Error(`saving the skill-builder settings answered ${put.status}: ${await put.text()}`);
  return { server, llm };
}
