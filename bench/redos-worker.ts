// Child process of bench/redos.bench.ts: times one parser (the job is in
// REDOS_JOB) on every payload at two sizes and prints one JSON line per
// (payload, shape) as it goes, so the bench can kill it when an input runs
// past the cap (a super-linear parser then reports "> cap" instead of hanging).
//
// Times are the main thread's own CPU time (Linux /proc/thread-self/schedstat,
// nanoseconds; wall clock from performance.now() where that file is missing),
// not the process's: process.cpuUsage() also counts V8's concurrent GC
// marking and compiler threads, whose share grows with the heap and made
// linear parsers look super-linear, and wall clock counts the time the thread
// waits for a core on a shared machine. The main thread's time still includes
// the GC work done on it (the parser's own garbage).
import { existsSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PARSERS, PAYLOADS } from '../test/helpers/pathological-inputs.js';

export interface WorkerJob {
  parser: string;
  /** Index of the first (payload, shape) pair to measure (after a restart). */
  from: number;
  small: number;
  large: number;
  /** Side-by-side pairs per input (one small sample, then one large): the medians of these are kept. */
  pairs: number;
  /** A sample repeats the parse until it lasts at least this long (ms); the time per parse is sample ÷ repeats. */
  minSampleMs: number;
}

export interface WorkerResult {
  index: number;
  input: string;
  /** Median main-thread ms of one parse (CPU time, or wall clock without schedstat), and how many parses each sample held. */
  smallMs: number;
  smallRepeats: number;
  largeMs: number;
  largeRepeats: number;
  /** The median over the pairs of large ÷ small, each pair measured back to back. */
  ratio: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

const SCHEDSTAT = '/proc/thread-self/schedstat';
/** Whether times are the main thread's CPU time (else wall clock). */
const THREAD_CPU = existsSync(SCHEDSTAT);
/** The main thread's CPU time so far (its first schedstat field, in ns), or the wall clock, in ms. */
const nowMs = THREAD_CPU ? (): number => Number(readFileSync(SCHEDSTAT, 'latin1').split(' ', 1)[0]) / 1e6 : (): number => performance.now();

/** How many parses make one sample last at least `minMs` (doubling from one run); also the warm-up, so the parser is compiled before the samples. */
function repeatsFor(fn: () => unknown, minMs: number): number {
  let n = 1;
  for (;;) {
    gc?.();
    const t0 = nowMs();
    for (let i = 0; i < n; i++) fn();
    const ms = nowMs() - t0;
    if (ms >= minMs) return n;
    n = ms <= 0 ? n * 8 : Math.max(n * 2, Math.ceil((n * minMs * 1.2) / ms));
  }
}

/**
 * The main-thread time of one parse, from one sample of `repeats` parses: a full GC first, so a
 * sample does not pay for the garbage of the last, then one parse left out of the time, so it does
 * not pay either for the heap growing back after that GC (a cost per sample, which a 1 MiB sample
 * of 3 parses carried a third of and a 64 KiB sample of 75 a 75th).
 */
function sampleMs(fn: () => unknown, repeats: number): number {
  gc?.();
  fn();
  const t0 = nowMs();
  for (let i = 0; i < repeats; i++) fn();
  return (nowMs() - t0) / repeats;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const job = JSON.parse(process.env.REDOS_JOB!) as WorkerJob;
const parser = PARSERS.find((p) => p.name === job.parser)!;
let index = 0;
for (const [name, make] of Object.entries(PAYLOADS)) {
  const smallShapes = parser.shapes(make(job.small));
  const largeShapes = parser.shapes(make(job.large));
  for (let s = 0; s < smallShapes.length; s++, index++) {
    if (index < job.from) continue;
    const small = smallShapes[s]!;
    const large = largeShapes[s]!;
    const runSmall = (): unknown => parser.run(small);
    const runLarge = (): unknown => parser.run(large);
    // Both sizes warm up (and size their samples) before any is kept, then the
    // samples alternate small, large, so each pair sees the same machine and
    // the same compiled code; the ratio is taken per pair.
    const smallRepeats = repeatsFor(runSmall, job.minSampleMs);
    const largeRepeats = repeatsFor(runLarge, job.minSampleMs);
    const smalls: number[] = [];
    const larges: number[] = [];
    const ratios: number[] = [];
    for (let k = 0; k < job.pairs; k++) {
      const a = sampleMs(runSmall, smallRepeats);
      const b = sampleMs(runLarge, largeRepeats);
      smalls.push(a);
      larges.push(b);
      ratios.push(b / a);
    }
    const result: WorkerResult = {
      index,
      input: `${name} #${s + 1}`,
      smallMs: median(smalls),
      smallRepeats,
      largeMs: median(larges),
      largeRepeats,
      ratio: median(ratios),
    };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
process.stdout.write('"done"\n');
