// bench/server: the HTTP layer under 50 concurrent chats.
//
//   npx tsx bench/server.bench.ts
//
// A scripted provider speaking the OpenAI chat-completions SSE wire format
// streams each conversation's envelope as 200 tokens, one every 5 ms, and
// records when it wrote the first token of the message text. 50 chats run
// at once through startServer (the real server: routing, config resolution,
// the real OpenAI SDK, the envelope stream, SSE), read with eventsource-parser.
// Side by side in the same run, 50 concurrent streams call the OpenAI SDK
// directly against the same provider.
//
// Figures (median over the repetitions, min–max spread):
//   first-delta lag   client receives its first `message_delta` − provider wrote
//                     the first message token (p50 / p95 over the 50 streams);
//                     target p95 ≤ 50 ms
//   total overhead    p50 / p95 of the whole chat through the server − the same
//                     percentile of the direct SDK streams
//   cross-talk        streams whose text is not exactly their own conversation's
//                     (each token carries the conversation id); target 0
//   CPU per token     this process's CPU time per streamed token, through the
//                     server vs the SDK directly: the overhead independent of
//                     how busy the machine is
// For comparison, the direct SDK's own first-token lag (provider wrote the
// first message token → the SDK consumer saw it) is reported too.
// Three processes, as in real use: the provider (a child process, standing for
// the remote LLM), the browsers (a child process reading the 50 SSE streams
// over node:http with eventsource-parser), and this process, which runs the
// server — and, in its own turn, the direct SDK streams. Times cross the
// process boundaries as performance.timeOrigin + performance.now().
// Results: stdout and bench/results/server.json.

import { fork } from 'node:child_process';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import OpenAI from 'openai';
import { startServer } from '../src/node/server.js';
import { absoluteNow as now, atMost, exactFigure, figure, percentile, printFigures, withCpuUs, writeResult, type Target } from './lib.js';

const STREAMS = 50;
const TOKENS = 200;
const TOKEN_MS = 5;
const REPETITIONS = 5;
const WARMUP = 1;
const KEY = 'sk-bench-0123456789abcdef';
const MODEL = 'gpt-4.1';

/** The 200 tokens of conversation `id`'s envelope; every message token names the conversation. */
function tokensFor(id: string): { tokens: string[]; message: string; firstMessageToken: number } {
  const words = Array.from({ length: TOKENS - 2 }, (_, i) => (i === 0 ? `[${id}]` : ` w${i}-${id}`));
  return { tokens: ['{"message": "', ...words, '", "skill": null}'], message: words.join(''), firstMessageToken: 1 };
}

function sseChunk(content: string, finish: string | null = null): string {
  const body = {
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1_735_689_600,
    model: MODEL,
    choices: [{ index: 0, delta: finish ? {} : { content }, logprobs: null, finish_reason: finish }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The scripted provider (child process): answers each chat with its conversation's tokens, TOKEN_MS apart. */
async function runProviderChild(): Promise<void> {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      let raw = '';
      for await (const c of req) raw += String(c);
      const body = JSON.parse(raw) as { messages: Array<{ role: string; content: string }> };
      const last = body.messages[body.messages.length - 1]!.content;
      const id = /conversation (\S+)/.exec(last)?.[1] ?? 'unknown';
      const { tokens, firstMessageToken } = tokensFor(id);
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.write(sseChunk(''));
      for (let i = 0; i < tokens.length; i++) {
        await sleep(TOKEN_MS);
        if (res.destroyed) return;
        res.write(sseChunk(tokens[i]!));
        if (i === firstMessageToken) process.send!({ id, at: now() });
      }
      res.write(sseChunk('', 'stop'));
      res.end('data: [DONE]\n\n');
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.send!({ port: (server.address() as AddressInfo).port });
  process.on('disconnect', () => process.exit(0));
}

async function startScriptedProvider() {
  const child = fork(fileURLToPath(import.meta.url), ['--provider-child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const firstTokenAt = new Map<string, number>();
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { port?: number; id?: string; at?: number }) => {
      if (m.port !== undefined) resolve(m.port);
      else if (m.id !== undefined && m.at !== undefined) firstTokenAt.set(m.id, m.at);
    });
    child.once('exit', (code) => reject(new Error(`provider child exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/v1`,
    firstTokenAt,
    close: async () => {
      child.disconnect();
      await new Promise((r) => child.once('exit', r));
    },
  };
}

interface ClientResult {
  id: string;
  /** Absolute time (timeOrigin + now) the first message_delta was parsed. */
  firstDelta: number;
  total: number;
  crossTalk: boolean;
}

/** (client process) POSTs a chat over node:http and reads its SSE with eventsource-parser. */
async function clientChat(base: string, id: string): Promise<ClientResult> {
  const started = now();
  let firstDelta: number | undefined;
  let deltas = '';
  let message = '';
  let last = '';
  const parser = createParser({
    onEvent: (e) => {
      last = e.event ?? '';
      if (e.event === 'message_delta') {
        firstDelta ??= now();
        deltas += (JSON.parse(e.data) as { delta: string }).delta;
      } else if (e.event === 'message') message = (JSON.parse(e.data) as { content: string }).content;
    },
  });
  const body = JSON.stringify({ messages: [{ role: 'user', content: `conversation ${id}` }] });
  await new Promise<void>((resolve, reject) => {
    const req = request(
      `${base}/api/skill-builder/chat`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => parser.feed(chunk));
        res.on('end', resolve);
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  if (firstDelta === undefined || last !== 'done') throw new Error(`conversation ${id}: stream incomplete (last event ${last})`);
  const expected = tokensFor(id).message;
  return { id, firstDelta, total: now() - started, crossTalk: deltas !== expected || message !== expected };
}

/** The client process: runs a batch of concurrent chats on request and sends back the results. */
function runClientChild(): void {
  process.on('message', (m: { base: string; ids: string[] }) => {
    Promise.all(m.ids.map((id) => clientChat(m.base, id))).then(
      (results) => process.send!({ results }),
      (err: unknown) => process.send!({ error: String(err) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ ready: true });
}

async function startClientDriver() {
  const child = fork(fileURLToPath(import.meta.url), ['--client-child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`client child exited (${code})`)));
  });
  return {
    run: (base: string, ids: string[]) =>
      new Promise<ClientResult[]>((resolve, reject) => {
        child.once('message', (m: { results?: ClientResult[]; error?: string }) => (m.results ? resolve(m.results) : reject(new Error(m.error))));
        child.send({ base, ids });
      }),
    close: async () => {
      child.disconnect();
      await new Promise((r) => child.once('exit', r));
    },
  };
}

async function chatDirect(client: OpenAI, id: string, firstTokenAt: Map<string, number>): Promise<{ lag: number; total: number; crossTalk: boolean }> {
  const started = now();
  const { tokens, firstMessageToken } = tokensFor(id);
  const before = tokens.slice(0, firstMessageToken).join('').length;
  const stream = await client.chat.completions.create({ model: MODEL, stream: true, messages: [{ role: 'user', content: `conversation ${id}` }] });
  let text = '';
  let firstSeen: number | undefined;
  for await (const chunk of stream) {
    text += chunk.choices[0]?.delta?.content ?? '';
    if (firstSeen === undefined && text.length > before) firstSeen = now();
  }
  const emitted = firstTokenAt.get(id);
  if (firstSeen === undefined || emitted === undefined) throw new Error(`direct ${id}: stream incomplete`);
  return { lag: firstSeen - emitted, total: now() - started, crossTalk: text !== tokens.join('') };
}

async function main(): Promise<void> {
  const provider = await startScriptedProvider();
  const ws = await mkdtemp(join(tmpdir(), 'fsb-bench-ws-'));
  const home = await mkdtemp(join(tmpdir(), 'fsb-bench-home-'));
  await mkdir(join(ws, '.forge'), { recursive: true });
  await writeFile(join(ws, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: ${MODEL}\n  base_url: ${provider.url}\n`);
  await writeFile(join(ws, '.forge/.env'), `OPENAI_API_KEY=${KEY}\n`, { mode: 0o600 });
  await mkdir(join(home, '.forge'), { recursive: true });
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`); // a key goes only to a trusted origin
  const server = await startServer({ workspaceDir: ws, port: 0, env: {}, homeDir: home, serveDemo: false, token: false });
  const direct = new OpenAI({ apiKey: KEY, baseURL: provider.url, maxRetries: 0 });
  const clients = await startClientDriver();

  const reps: Array<{
    lagP50: number;
    lagP95: number;
    sdkLagP50: number;
    sdkLagP95: number;
    srvP50: number;
    srvP95: number;
    dirP50: number;
    dirP95: number;
    crossTalk: number;
    srvCpuPerToken: number;
    dirCpuPerToken: number;
  }> = [];
  try {
    for (let rep = 0; rep < WARMUP + REPETITIONS; rep++) {
      const ids = Array.from({ length: STREAMS }, (_, i) => `r${rep}c${i}`);
      const directIds = ids.map((id) => `${id}d`);
      let srvCpu = 0;
      let dirCpu = 0;
      const runServer = async () => {
        const { result, cpuUs } = await withCpuUs(() => clients.run(server.url, ids));
        srvCpu = cpuUs;
        return result;
      };
      const runDirect = async () => {
        const { result, cpuUs } = await withCpuUs(() => Promise.all(directIds.map((id) => chatDirect(direct, id, provider.firstTokenAt))));
        dirCpu = cpuUs;
        return result;
      };
      // Alternate which side goes first so neither always runs on a warmer process.
      let viaServer: ClientResult[];
      let viaSdk: Array<{ lag: number; total: number; crossTalk: boolean }>;
      if (rep % 2 === 0) {
        viaServer = await runServer();
        viaSdk = await runDirect();
      } else {
        viaSdk = await runDirect();
        viaServer = await runServer();
      }
      if (rep < WARMUP) continue;
      const lags = viaServer.map((r) => {
        const emitted = provider.firstTokenAt.get(r.id);
        if (emitted === undefined) throw new Error(`no first-token time for ${r.id}`);
        return r.firstDelta - emitted;
      });
      const srv = viaServer.map((r) => r.total);
      const dir = viaSdk.map((r) => r.total);
      const row = {
        lagP50: percentile(lags, 50),
        lagP95: percentile(lags, 95),
        sdkLagP50: percentile(
          viaSdk.map((r) => r.lag),
          50,
        ),
        sdkLagP95: percentile(
          viaSdk.map((r) => r.lag),
          95,
        ),
        srvP50: percentile(srv, 50),
        srvP95: percentile(srv, 95),
        dirP50: percentile(dir, 50),
        dirP95: percentile(dir, 95),
        crossTalk: viaServer.filter((r) => r.crossTalk).length + viaSdk.filter((r) => r.crossTalk).length,
        srvCpuPerToken: srvCpu / (STREAMS * TOKENS),
        dirCpuPerToken: dirCpu / (STREAMS * TOKENS),
      };
      reps.push(row);
      console.log(
        `rep ${rep - WARMUP + 1}: first-delta lag p50 ${row.lagP50.toFixed(1)} ms, p95 ${row.lagP95.toFixed(1)} ms (direct SDK first-token lag p50 ${row.sdkLagP50.toFixed(1)}, p95 ${row.sdkLagP95.toFixed(1)}); ` +
          `total via server p50 ${row.srvP50.toFixed(0)} / p95 ${row.srvP95.toFixed(0)} ms, direct SDK p50 ${row.dirP50.toFixed(0)} / p95 ${row.dirP95.toFixed(0)} ms; CPU/token ${row.srvCpuPerToken.toFixed(1)} vs ${row.dirCpuPerToken.toFixed(1)} µs; cross-talk ${row.crossTalk}`,
      );
    }
  } finally {
    await clients.close();
    await server.close();
    await provider.close();
    await rm(ws, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  }

  const fig = (label: string, values: number[], unit: string, target?: Target) => figure(label, values, unit, { digits: 2, ...(target ? { target } : {}) });
  const crossTalk = reps.reduce((a, r) => a + r.crossTalk, 0);
  const figures = [
    fig(
      'first message_delta lag after the provider’s first message token, p50',
      reps.map((r) => r.lagP50),
      'ms',
    ),
    fig(
      'first message_delta lag, p95',
      reps.map((r) => r.lagP95),
      'ms',
      atMost(50, 'ms'),
    ),
    fig(
      'for comparison: direct SDK, first message token seen after the provider wrote it, p50',
      reps.map((r) => r.sdkLagP50),
      'ms',
    ),
    fig(
      'for comparison: direct SDK first-token lag, p95',
      reps.map((r) => r.sdkLagP95),
      'ms',
    ),
    fig(
      'total overhead vs the SDK directly, p50 (server p50 − direct p50)',
      reps.map((r) => r.srvP50 - r.dirP50),
      'ms',
    ),
    fig(
      'total overhead vs the SDK directly, p95 (server p95 − direct p95)',
      reps.map((r) => r.srvP95 - r.dirP95),
      'ms',
    ),
    fig(
      'chat through the server, total p50',
      reps.map((r) => r.srvP50),
      'ms',
    ),
    fig(
      'chat through the server, total p95',
      reps.map((r) => r.srvP95),
      'ms',
    ),
    fig(
      'OpenAI SDK directly, total p50',
      reps.map((r) => r.dirP50),
      'ms',
    ),
    fig(
      'OpenAI SDK directly, total p95',
      reps.map((r) => r.dirP95),
      'ms',
    ),
    fig(
      'CPU per streamed token in the server process: chat through the server (its SDK, builder, SSE)',
      reps.map((r) => r.srvCpuPerToken),
      'µs',
    ),
    fig(
      'CPU per streamed token: OpenAI SDK directly, same process',
      reps.map((r) => r.dirCpuPerToken),
      'µs',
    ),
    fig(
      'CPU per token, server / SDK directly (same run)',
      reps.map((r) => r.srvCpuPerToken / r.dirCpuPerToken),
      'x',
    ),
    exactFigure(`streams with cross-talk (of ${STREAMS * 2 * REPETITIONS})`, crossTalk, 'streams', atMost(0)),
  ];
  const lagP95 = figures[1]!.value;
  const load = loadavg()[0]!.toFixed(1);
  printFigures(`\nserver bench: ${STREAMS} concurrent chats, ${REPETITIONS} repetitions after ${WARMUP} warm-up, median [min–max]`, figures);
  console.log(
    `\nfirst-delta lag p95 median ${lagP95} ms (target ≤ 50 ms, ratio ${(lagP95 / 50).toFixed(2)} of target; direct SDK first-token lag p95 ${figures[3]!.value} ms); ` +
      `overhead p50 ${figures[4]!.value} ms, p95 ${figures[5]!.value} ms; CPU per token ${figures[10]!.value} vs ${figures[11]!.value} µs (${figures[12]!.value}×); cross-talk ${crossTalk}; load average ${load} on ${cpus().length} cores`,
  );
  writeResult({
    name: 'server',
    repetitions: REPETITIONS,
    notes: `${STREAMS} concurrent chats through startServer (real OpenAI SDK → a scripted OpenAI-wire provider in a child process streaming ${TOKENS} tokens, one every ${TOKEN_MS} ms; clients in another child process on node:http + eventsource-parser), side by side with ${STREAMS} concurrent direct OpenAI SDK streams in the server's process. Percentiles are over the ${STREAMS} streams of a repetition; the median over ${REPETITIONS} repetitions (after ${WARMUP} warm-up) is shown with min–max. 1-minute load average at the end of the run: ${load} on ${cpus().length} cores (other work on the machine inflates every latency).`,
    figures,
  });
}

if (process.argv.includes('--provider-child')) await runProviderChild();
else if (process.argv.includes('--client-child')) runClientChild();
else await main();
