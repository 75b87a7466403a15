// bench/redos: every public parser runs in linear time (issue 21, item 4).
//
//   npx tsx bench/redos.bench.ts
//
// Each parser of test/helpers/pathological-inputs.ts (parseSkillMd, validateSkillMd,
// forgeRuntimeView, decompileSkill, the frontmatter splitter + YAML parser,
// parseEnvelope, createEnvelopeStream fed in 4 KiB chunks, the `.env` parser,
// and the chat Markdown renderer's parsing) gets every pathological payload
// (long runs of spaces, `#`, backticks, `|`, `*`, `_`, `[`, nested brackets,
// unclosed fences, `## Tool: ` + spaces, `**Input:**` + spaces, table rows of
// `|`, …) in a few shapes each, at 64 KiB and at 1 MiB. Per input the ratio
// time(1 MiB) / time(64 KiB) is taken; a linear parser gives about 16, a
// quadratic one about 256. Times are the main thread's own CPU time (Linux
// /proc/thread-self/schedstat; wall clock elsewhere): process CPU time would
// also count V8's GC and compiler threads, wall clock the waits for a core on
// a shared machine. After a warm-up of both sizes, a sample repeats the parse
// until it lasts ≥ 30 ms (time per parse = sample ÷ repeats), a full GC and
// one untimed parse before each sample (the heap grows back outside the time:
// that cost per sample weighed 25 times more on a 1 MiB sample of 3 parses
// than on a 64 KiB one of 75); the samples alternate 64 KiB, 1 MiB, so each pair is measured
// back to back, and the ratio of an input is the median over 9 pairs of
// (1 MiB ÷ 64 KiB). The figure per parser is its worst ratio over all
// inputs (target ≤ 24) and its slowest 1 MiB input; the table at the end and
// the 1-minute load average show what the machine was doing. Each parser runs in a child process; an input that runs past
// the cap is stopped and reported as "> cap" (the ratio then counts as
// missed), so a regression cannot hang the bench.
// Results: stdout and bench/results/redos.json.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { PARSERS, PAYLOADS } from '../test/helpers/pathological-inputs.js';
import type { WorkerJob, WorkerResult } from './redos-worker.js';
import { atMost, exactFigure, printFigures, round, writeResult, type Figure } from './lib.js';

const SMALL = 64 * 1024;
const LARGE = 1024 * 1024;
/** Side-by-side (64 KiB, 1 MiB) sample pairs per input; the median pair ratio is kept. */
const PAIRS = 9;
const MIN_SAMPLE_MS = 30;
/** An input (both sizes, all runs) that takes longer than this is stopped. */
const CAP_MS = 60_000;
const TARGET = 24;
/** The worker times the main thread's CPU time where Linux reports it per thread (else wall clock). */
const THREAD_CPU = existsSync('/proc/thread-self/schedstat');

const tsxLoader = new URL('../node_modules/tsx/dist/loader.mjs', import.meta.url).href;
const workerFile = fileURLToPath(new URL('./redos-worker.ts', import.meta.url));

interface ParserResult {
  parser: string;
  rows: WorkerResult[];
  timedOut: string[];
}

/** Runs one parser's inputs in a child process; restarts it after the input that ran past the cap. */
function measure(parser: string): Promise<ParserResult> {
  const out: ParserResult = { parser, rows: [], timedOut: [] };
  return new Promise((resolve, reject) => {
    const start = (from: number): void => {
      const job: WorkerJob = { parser, from, small: SMALL, large: LARGE, pairs: PAIRS, minSampleMs: MIN_SAMPLE_MS };
      // node itself with tsx's loader (not the tsx binary, which runs node as a child a kill would miss)
      const child = spawn(process.execPath, ['--expose-gc', '--import', tsxLoader, workerFile], {
        env: { ...process.env, REDOS_JOB: JSON.stringify(job) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let next = from;
      let timer: NodeJS.Timeout;
      const arm = (): void => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          out.timedOut.push(`input #${next + 1}`);
          child.kill('SIGKILL');
          start(next + 1);
        }, CAP_MS);
      };
      arm();
      createInterface({ input: child.stdout }).on('line', (line) => {
        const m = JSON.parse(line) as WorkerResult | 'done';
        if (m === 'done') {
          clearTimeout(timer);
          resolve(out);
          return;
        }
        out.rows.push(m);
        next = m.index + 1;
        arm();
      });
      child.on('exit', (code, signal) => {
        if (code !== 0 && signal !== 'SIGKILL') {
          clearTimeout(timer);
          reject(new Error(`the ${parser} bench process ended with ${code ?? signal}`));
        }
      });
    };
    start(0);
  });
}

const figures: Figure[] = [];
const table: string[] = [];
const summary: string[] = [];
const only = process.env.REDOS_ONLY; // a parser name prefix, to run one
const ms = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(3));
for (const p of PARSERS.filter((x) => !only || x.name.startsWith(only))) {
  const r = await measure(p.name);
  const worst = r.rows.reduce((a, b) => (b.ratio > a.ratio ? b : a));
  const slowest = r.rows.reduce((a, b) => (b.largeMs > a.largeMs ? b : a));
  const ratio = round(worst.ratio, 1);
  const times = `${ms(worst.smallMs)} ms → ${ms(worst.largeMs)} ms`;
  if (r.timedOut.length > 0) {
    figures.push({
      label: `${p.name}: 1 MiB ÷ 64 KiB, worst input`,
      value: Infinity,
      unit: `x (> cap ${CAP_MS / 1000} s on ${r.timedOut.join(', ')})`,
      target: `≤ ${TARGET}`,
      ok: false,
    });
    summary.push(`${p.name}\t> cap (${r.timedOut.join(', ')})\t\t> cap\t> ${TARGET}`);
  } else {
    figures.push(exactFigure(`${p.name}: 1 MiB ÷ 64 KiB, worst input (${worst.input}: ${times})`, ratio, 'x', atMost(TARGET)));
    summary.push(`${p.name}\t${worst.input}\t${ms(worst.smallMs)}\t${ms(worst.largeMs)}\t${ratio}`);
  }
  figures.push(exactFigure(`${p.name}: slowest 1 MiB input (${slowest.input})`, round(slowest.largeMs, 1), 'ms'));
  for (const row of r.rows) table.push(`${p.name}\t${row.input}\t${ms(row.smallMs)}\t${ms(row.largeMs)}\t${round(row.ratio, 1)}`);
  console.log(
    `${p.name}: worst ratio ${ratio} (${worst.input}: ${times}), slowest 1 MiB ${round(slowest.largeMs, 1)} ms (${slowest.input})${r.timedOut.length ? `, TIMED OUT: ${r.timedOut.join(', ')}` : ''}`,
  );
}

if (process.env.REDOS_BENCH_ALL) console.log(`\nparser\tinput\t64 KiB ms\t1 MiB ms\tratio\n${table.join('\n')}`);
console.log(`\nparser\tworst input\t64 KiB ms\t1 MiB ms\tratio\n${summary.join('\n')}`);
console.log(
  `load average (1, 5, 15 min): ${loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}\n`,
);
printFigures('redos: 1 MiB ÷ 64 KiB time ratios (linear ≈ 16)', figures);
writeResult({
  name: process.env.REDOS_RESULT ?? 'redos', // a separate result file for a partial (REDOS_ONLY) run
  repetitions: PAIRS,
  notes:
    `Each parser gets ${Object.keys(PAYLOADS).length} pathological payloads (runs of spaces, #, backticks, |, *, _, [, nested brackets, an unclosed fence, "## Tool: " + spaces + x, "**Input:**" + spaces + x, table rows of |, many short headings, curly quotes, slashes) in 2–3 shapes each (bare, inside a SKILL.md or JSON envelope, as a .env line), at 64 KiB and 1 MiB. ` +
    `Per input: ${THREAD_CPU ? "the main thread's CPU time (/proc/thread-self/schedstat)" : 'wall-clock time (performance.now())'} of one parse after a warm-up (process CPU time would also count V8's GC and compiler threads, wall clock the waits for a core), in ${PAIRS} pairs of samples taken back to back (64 KiB, then 1 MiB, after both sizes warmed up); a sample repeats the parse until it lasts ≥ ${MIN_SAMPLE_MS} ms and is divided by the repeats, a full GC and one untimed parse before each sample; each parser in a child process, an input stopped after ${CAP_MS / 1000} s ("> cap"). ` +
    'The ratio of an input is the median over its pairs of time(1 MiB) / time(64 KiB): linear ≈ 16, quadratic ≈ 256; the worst input per parser is shown with its two median times (64 KiB → 1 MiB). ' +
    `The chat Markdown renderer is measured through its parsing (parseBlocks, then parseInline of every text), without the DOM it builds (that needs a browser). Figures are exact values of this run (no spread); 1/5/15-minute load average at the end: ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' / ')} on ${cpus().length} cores.`,
  figures,
});
