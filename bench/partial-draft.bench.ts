// bench/partial-draft: the draft filling in while the model writes it (issue 14).
//
//   npx tsx bench/partial-draft.bench.ts
//
// A scripted provider (a child process speaking the OpenAI chat-completions SSE
// wire format) streams one reply whose draft is a 20 KiB `spec` (a skill with
// many tools), as ~4-character tokens spread evenly over 5 s, and records when
// it wrote the first token of the draft (the first byte of the `spec` value).
// This process runs startServer (the real OpenAI SDK, the builder, SSE) and the
// elements' own API client (createApiClient, what <forge-skill-builder> reads
// its events from) over node:http, and records when the first
// `skill_draft_partial` arrives. Each repetition runs one chat with partial
// drafts on and one with them off (today's behaviour), in alternating order.
//
// Figures (median over the repetitions, min–max):
//   first draft text lag   client's first skill_draft_partial − provider wrote
//                          the first draft token; p95 over 20 runs ≤ 300 ms
//   CPU per token          this process's CPU (server + client) per streamed
//                          token, partial drafts on vs off; ratio ≤ 1.5×
// Not measured here: the browser's own rendering of the text (the element sets
// a textarea's value; see test/elements/builder/partial-draft.test.ts for behaviour).
// Results: stdout and bench/results/partial-draft.json.

import { fork } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApiClient } from '../src/elements/api/client.js';
import { startServer, type RunningServer } from '../src/node/server.js';
import { absoluteNow as now, atMost, exactFigure, figure, percentile, printFigures, withCpuUs, writeResult } from './lib.js';

const RUNS = Number(process.env.PARTIAL_DRAFT_RUNS) || 20;
const WARMUP = 1;
const STREAM_MS = 5000;
const TOKEN_CHARS = 4;
const TARGET_BYTES = 20 * 1024;
const KEY = 'sk-bench-partial-0123456789abcdef';
const MODEL = 'gpt-4.1';

/** A skill spec of about `bytes` bytes of JSON: tools with inputs, examples and heuristics. */
function bigSpec(bytes: number): Record<string, unknown> {
  const tools: unknown[] = [];
  const spec = {
    name: 'ops-toolkit',
    description: 'When the user asks about tickets, deploys or incidents ("open tickets for team ops", "last deploy of api"), use these tools.',
    title: 'Ops toolkit',
    summary: 'Looks up tickets, deploys and incidents through the internal APIs.',
    metadata: { forge: { requires: { bins: ['curl', 'jq'], env: { required: ['TICKETS_TOKEN'] } }, egress_domains: ['tickets.example.com'] } },
    tools,
  };
  for (let i = 0; JSON.stringify(spec).length < bytes; i++)
    tools.push({
      name: `ops_lookup_${i}`,
      description: `Looks up record kind ${i} by id or by a free-text query, newest first, at most 20 results.`,
      input: [
        { name: 'query', type: 'string', required: true, description: `Free text or an id of kind ${i}` },
        { name: 'limit', type: 'integer', required: false, description: 'At most this many results (default 20)' },
      ],
      output: { type: 'object', properties: { items: { type: 'array' }, total: { type: 'integer' } } },
      examples: Array.from({ length: 5 }, (_, k) => ({ request: `show kind ${i} records about topic ${k}`, input: { query: `topic ${k}`, limit: 10 + k } })),
      heuristics: [`The user names kind ${i} or one of its ids.`, 'The user asks for a list, the latest, or a count.'],
    });
  return spec;
}

const REPLY = JSON.stringify({ message: 'Here is the toolkit.', skill: { spec: bigSpec(TARGET_BYTES), scripts: {} } });
const DRAFT_START = REPLY.indexOf('"spec":') + '"spec":'.length;
const TOKENS = Array.from({ length: Math.ceil(REPLY.length / TOKEN_CHARS) }, (_, i) => REPLY.slice(i * TOKEN_CHARS, (i + 1) * TOKEN_CHARS));
const FIRST_DRAFT_TOKEN = Math.floor(DRAFT_START / TOKEN_CHARS);

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

/** The scripted provider (child process): the tokens evenly over STREAM_MS, written in 10 ms batches. */
async function runProviderChild(): Promise<void> {
  let run = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      for await (const _ of req);
      const id = run++;
      res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
      res.write(sseChunk(''));
      const start = performance.now();
      let next = 0;
      while (next < TOKENS.length) {
        await sleep(10);
        if (res.destroyed) return;
        const due = Math.min(TOKENS.length, Math.ceil(((performance.now() - start) / STREAM_MS) * TOKENS.length));
        for (; next < due; next++) {
          res.write(sseChunk(TOKENS[next]!));
          if (next === FIRST_DRAFT_TOKEN) process.send!({ id, at: now() });
        }
      }
      res.write(sseChunk('', 'stop'));
      res.end('data: [DONE]\n\n');
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  process.send!({ port: (server.address() as AddressInfo).port });
  process.on('disconnect', () => process.exit(0));
}

async function startProvider() {
  const child = fork(fileURLToPath(import.meta.url), ['--provider-child'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const draftAt = new Map<number, number>();
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { port?: number; id?: number; at?: number }) => {
      if (m.port !== undefined) resolve(m.port);
      else if (m.id !== undefined && m.at !== undefined) draftAt.set(m.id, m.at);
    });
    child.once('exit', (code) => reject(new Error(`provider child exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}/v1`,
    /** When the provider wrote the first draft token of its `n`-th reply. */
    draftAt: async (n: number) => {
      for (let i = 0; i < 100 && !draftAt.has(n); i++) await sleep(10);
      const at = draftAt.get(n);
      if (at === undefined) throw new Error(`no draft time for reply ${n}`);
      return at;
    },
    close: async () => {
      child.disconnect();
      await new Promise((r) => child.once('exit', r));
    },
  };
}

interface Chat {
  firstPartial: number | undefined;
  partials: number;
  finalMd: number;
  cpuUs: number;
}

/** One chat through the server, read with the elements' API client. */
async function chat(server: RunningServer): Promise<Chat> {
  const api = createApiClient({ endpoint: `${server.url.replace(/\/$/, '')}/api` });
  let firstPartial: number | undefined;
  let partials = 0;
  let finalMd = 0;
  const { cpuUs } = await withCpuUs(async () => {
    for await (const ev of api.chat({ messages: [{ role: 'user', content: 'an ops toolkit' }] })) {
      if (ev.type === 'skill_draft_partial') {
        partials++;
        firstPartial ??= now();
      } else if (ev.type === 'skill_draft') finalMd = ev.skillMd.length;
      else if (ev.type === 'error') throw new Error(ev.error);
    }
  });
  if (finalMd === 0) throw new Error('no final draft');
  return { firstPartial, partials, finalMd, cpuUs };
}

async function main(): Promise<void> {
  const provider = await startProvider();
  const ws = await mkdtemp(join(tmpdir(), 'fsb-bench-pd-ws-'));
  const home = await mkdtemp(join(tmpdir(), 'fsb-bench-pd-home-'));
  await mkdir(join(ws, '.forge'), { recursive: true });
  await writeFile(join(ws, '.forge/ui.yaml'), `skill_builder:\n  provider: openai\n  model: ${MODEL}\n  base_url: ${provider.url}\n`);
  await writeFile(join(ws, '.forge/.env'), `OPENAI_API_KEY=${KEY}\n`, { mode: 0o600 });
  await mkdir(join(home, '.forge'), { recursive: true });
  await writeFile(join(home, '.forge/ui.yaml'), `trusted_base_urls:\n  - ${provider.url}\n`);
  const base = { workspaceDir: ws, port: 0, env: {}, homeDir: home, serveDemo: false };
  const on = await startServer({ ...base, partialDrafts: true, token: false });
  const off = await startServer({ ...base, partialDrafts: false, token: false });

  let reply = 0;
  const lags: number[] = [];
  const cpuOn: number[] = [];
  const cpuOff: number[] = [];
  const partialCounts: number[] = [];
  try {
    for (let rep = 0; rep < WARMUP + RUNS; rep++) {
      const order = rep % 2 === 0 ? [on, off] : [off, on];
      for (const server of order) {
        const n = reply++;
        const r = await chat(server);
        if (rep < WARMUP) continue;
        const perToken = r.cpuUs / TOKENS.length;
        if (server === on) {
          if (r.firstPartial === undefined) throw new Error('no skill_draft_partial with partial drafts on');
          lags.push(r.firstPartial - (await provider.draftAt(n)));
          cpuOn.push(perToken);
          partialCounts.push(r.partials);
        } else {
          if (r.partials !== 0) throw new Error('partial drafts arrived with partialDrafts: false');
          cpuOff.push(perToken);
        }
      }
      if (rep >= WARMUP)
        console.log(
          `run ${rep - WARMUP + 1}: first draft text ${lags.at(-1)!.toFixed(0)} ms after the provider's first draft token; ${partialCounts.at(-1)} partials; CPU/token ${cpuOn.at(-1)!.toFixed(1)} µs on vs ${cpuOff.at(-1)!.toFixed(1)} µs off`,
        );
    }
  } finally {
    await on.close();
    await off.close();
    await provider.close();
    await rm(ws, { recursive: true, force: true });
    await rm(home, { recursive: true, force: true });
  }

  const ratio = cpuOn.map((c, i) => c / cpuOff[i]!);
  const figures = [
    exactFigure(`first draft text lag, p95 over ${RUNS} runs`, Math.round(percentile(lags, 95)), 'ms', atMost(300, 'ms')),
    figure('first draft text lag', lags, 'ms', { digits: 1 }),
    figure('CPU per token (server + client), partial drafts on', cpuOn, 'µs', { digits: 2 }),
    figure('CPU per token, partial drafts off (before issue 14)', cpuOff, 'µs', { digits: 2 }),
    figure('CPU per token, on / off (same repetition)', ratio, 'x', { digits: 2, target: atMost(1.5) }),
    figure('skill_draft_partial events per chat', partialCounts, 'events', { digits: 0 }),
  ];
  const load = loadavg()[0]!.toFixed(1);
  printFigures(
    `\npartial-draft bench: a ${(REPLY.length / 1024).toFixed(1)} KiB reply in ${TOKENS.length} tokens over ${STREAM_MS / 1000} s, ${RUNS} runs after ${WARMUP} warm-up, median [min–max]`,
    figures,
  );
  writeResult({
    name: 'partial-draft',
    repetitions: RUNS,
    notes: `One chat at a time through startServer (real OpenAI SDK → a scripted OpenAI-wire provider in a child process streaming a ${(REPLY.length / 1024).toFixed(1)} KiB envelope whose draft is a spec, ${TOKENS.length} tokens of ${TOKEN_CHARS} characters over ${STREAM_MS / 1000} s), read in the same process by the elements' API client. Each run: one chat with partial drafts on, one off, alternating order. Lag = first skill_draft_partial at the client − the provider wrote the first token of the spec. 1-minute load average at the end: ${load} on ${cpus().length} cores.`,
    figures,
  });
}

if (process.argv.includes('--provider-child')) await runProviderChild();
else await main();
