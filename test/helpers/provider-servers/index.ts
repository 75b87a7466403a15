// Local HTTP servers on 127.0.0.1 that speak each LLM provider's real streaming
// wire format (OpenAI chat-completions SSE, Anthropic messages SSE, Gemini
// streamGenerateContent SSE, Ollama NDJSON), so the real SDKs can be tested
// end to end without a network. Scripted per request: text replies, finish
// reasons, HTTP errors (401/403/429 + retry-after/404/5xx), in-stream errors,
// connections cut mid-stream or left hanging, and endpoints that refuse
// structured output. Every request is recorded (method, path, headers, body,
// key, outcome, its tool turns); a request whose tool calls and results do not
// pair up the way the provider requires is refused with its HTTP 400.
// Test-only: exported from test/helpers, never from src.
//
//   const server = await startProviderServer({ provider: 'openai', replies: ['Hello'] });
//   createLlmClient({ provider: 'openai', model: 'gpt-4.1', apiKey: 'sk-test', baseUrl: server.url });
//   …; server.requests[0].body.messages; await server.close();
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicWire } from './anthropic.js';
import { geminiWire } from './gemini.js';
import { ollamaWire } from './ollama.js';
import { openAiWire } from './openai.js';
import { toolTurns } from './tool-turns.js';
import type { ErrorSpec, ProviderName, ProviderServer, ProviderServerOptions, RecordedRequest, Reply, ReplySpec, RequestOutcome } from './types.js';
import type { ProviderWire, WireRequest } from './wire.js';

export type * from './types.js';

export const WIRES: Record<ProviderName, ProviderWire> = {
  openai: openAiWire,
  anthropic: anthropicWire,
  gemini: geminiWire,
  ollama: ollamaWire,
};

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Splits text into deltas of `size` code points (never inside a surrogate pair). */
export function splitDeltas(text: string, size: number): string[] {
  const points = Array.from(text);
  const out: string[] = [];
  for (let i = 0; i < points.length; i += size) out.push(points.slice(i, i + size).join(''));
  return out;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of req) parts.push(chunk as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

/** Writes `bytes` in `chunkSize` pieces (ignoring line and UTF-8 boundaries), `delayMs` apart. */
async function writeBytes(res: ServerResponse, bytes: Buffer, chunkSize: number | undefined, delayMs: number, isOpen: () => boolean): Promise<void> {
  const size = chunkSize && chunkSize > 0 ? chunkSize : bytes.length || 1;
  for (let i = 0; i < bytes.length; i += size) {
    if (!isOpen()) return;
    res.write(bytes.subarray(i, i + size));
    if (delayMs > 0) await sleep(delayMs);
  }
}

/** Starts a server for one provider on 127.0.0.1 (a free port). */
export async function startProviderServer(options: ProviderServerOptions): Promise<ProviderServer> {
  const wire = WIRES[options.provider];
  if (!wire) throw new Error(`startProviderServer: unknown provider ${String(options.provider)}`);
  const requests: RecordedRequest[] = [];
  const queue = [...(options.replies ?? [])];

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(`provider-server failure: ${String(err)}`);
      } else res.destroy();
    });
  });

  function sendError(res: ServerResponse, spec: ErrorSpec, rec: RecordedRequest | undefined): void {
    const answer = wire.error(spec, { model: rec?.model, key: rec?.key });
    res.writeHead(answer.status, { ...answer.headers, ...cors() });
    res.end(answer.body);
  }

  function cors(): Record<string, string> {
    return options.cors ? { 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' } : {};
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (options.cors && req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST, GET, OPTIONS',
        'access-control-allow-headers': String(req.headers['access-control-request-headers'] ?? '*'),
        'access-control-max-age': '600',
      });
      res.end();
      return;
    }
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rawBody = await readBody(req);
    let body: unknown;
    try {
      body = rawBody ? JSON.parse(rawBody) : undefined;
    } catch {
      body = undefined;
    }
    const wreq: WireRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    };

    let settle!: (o: Exclude<RequestOutcome, 'pending'>) => void;
    const rec: RecordedRequest = {
      index: requests.length,
      method: wreq.method,
      path: wreq.path,
      query: wreq.query,
      headers: req.headers,
      rawBody,
      body,
      model: wire.modelOf(wreq),
      key: wire.keyOf(wreq),
      structured: wire.hasStructured(wreq),
      toolTurns: toolTurns(options.provider, body),
      outcome: 'pending',
      done: new Promise((r) => (settle = r)),
    };
    requests.push(rec);
    let cutByScript = false;
    const finish = (o: Exclude<RequestOutcome, 'pending'>): void => {
      if (rec.outcome !== 'pending') return;
      rec.outcome = o;
      settle(o);
    };
    res.on('close', () => finish(cutByScript ? 'cut' : res.writableFinished ? 'completed' : 'client-closed'));
    const isOpen = (): boolean => !res.destroyed && !res.writableEnded;

    if (!wire.matches(wreq)) {
      sendError(res, { status: 404, message: `provider-server (${options.provider}): no route for ${wreq.method} ${wreq.path}${url.search}` }, rec);
      return;
    }
    if (options.failWith) return sendError(res, options.failWith, rec);
    // Like the real API: a conversation whose tool turns do not pair up is refused before anything else.
    if (rec.toolTurns.problems.length > 0) return sendError(res, { status: 400, message: rec.toolTurns.problems.join('; ') }, rec);
    if (options.requireKey !== undefined && rec.key !== options.requireKey) return sendError(res, wire.authFailure, rec);
    if (options.knownModels && !options.knownModels.includes(rec.model ?? '')) return sendError(res, wire.unknownModel, rec);
    if (options.rejectStructuredOutput && rec.structured) return sendError(res, wire.structuredRejection, rec);

    let reply: Reply | undefined;
    if (options.handler) reply = await options.handler(rec);
    else reply = queue.shift();
    if (reply === undefined) {
      return sendError(res, { status: 500, message: `provider-server: no scripted reply left for request #${rec.index}` }, rec);
    }
    const spec: ReplySpec = typeof reply === 'string' ? { text: reply } : reply;
    if (spec.headDelayMs) await sleep(spec.headDelayMs);
    if (!isOpen()) return;
    if (spec.error) return sendError(res, spec.error, rec);

    const model = rec.model ?? 'unknown-model';
    const deltaSize = spec.deltaSize ?? options.deltaSize ?? 8;
    const deltas = spec.deltas ?? splitDeltas(spec.text ?? '', deltaSize);
    const chunkSize = spec.chunkSize ?? options.chunkSize;
    const delayMs = spec.delayMs ?? options.delayMs ?? 0;

    res.writeHead(200, {
      'content-type': wire.contentType,
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...cors(),
      ...(spec.headers ?? {}),
    });
    res.flushHeaders();

    const stopAt = spec.streamError?.afterDeltas ?? spec.cut?.afterDeltas ?? spec.hang?.afterDeltas;
    const sent = stopAt === undefined ? deltas : deltas.slice(0, stopAt);
    const events = spec.raw ? [...spec.raw] : [...wire.head(model), ...sent.map((d) => wire.delta(d, model))];
    if (spec.raw) {
      // sent as scripted
    } else if (spec.streamError) events.push(wire.streamError(spec.streamError.message, spec.streamError.code));
    else if (!spec.cut && !spec.hang) {
      const calls = spec.toolCalls ?? [];
      if (calls.length > 0) events.push(...wire.toolCalls(calls, model));
      const finishValue = spec.nativeFinish ?? (calls.length > 0 && !spec.finish ? wire.toolFinish : wire.nativeFinish(spec.finish ?? 'stop'));
      events.push(...wire.end(finishValue, model, { afterTools: calls.length > 0, includeUsage: rec.body?.stream_options?.include_usage === true }));
    }

    if (chunkSize) {
      await writeBytes(res, Buffer.from(events.join(''), 'utf8'), chunkSize, delayMs, isOpen);
    } else {
      for (const e of events) {
        if (!isOpen()) return;
        res.write(e);
        if (delayMs > 0) await sleep(delayMs);
      }
    }
    if (!isOpen()) return;

    if (spec.hang) return; // keep the connection open until the client closes it (or close())
    if (spec.cut && (spec.cut.mode ?? 'socket') === 'socket') {
      cutByScript = true;
      // Let the written bytes leave before the connection drops.
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if (spec.cut) cutByScript = true;
    res.end();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    provider: options.provider,
    url: `http://127.0.0.1:${port}${wire.basePath}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A base URL on 127.0.0.1 where nothing listens (connection refused), for network-error tests. */
export async function closedPortUrl(provider: ProviderName = 'openai'): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return `http://127.0.0.1:${port}${WIRES[provider].basePath}`;
}
