// Child process of bench/redos.bench.ts: times one parser (the job is in
// REDOS_JOB) on every payload at two sizes and prints one JSON line per
// (payload, shape) as it goes, so the bench can kill it when an input runs
// past the cap (a super-linear parser then reports "> cap" instead of hanging).
import { PARSERS, PAYLOADS } from '../test/helpers/pathological-inputs.js';

export interface WorkerJob {
  parser: string;
  /** Index of the first (payload, shape) pair to measure (after a restart). */
  from: number;
  small: number;
  large: number;
  /** Samples per size: the median of these is kept. */
  smallSamples: number;
  largeSamples: number;
  /** A sample repeats the parse until it lasts at least this long (CPU ms); the time per parse is sample ÷ repeats. */
  minSampleMs: number;
}

export interface WorkerResult {
  index: number;
  input: string;
  /** Median CPU ms of one parse, and how many parses each sample held. */
  smallMs: number;
  smallRepeats: number;
  largeMs: number;
  largeRepeats: number;
}

const gc = (globalThis as { gc?: () => void }).gc;

function cpuNowMs(): number {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** How many parses make one sample last at least `minMs` of CPU time (doubling from one run). */
function repeatsFor(fn: () => unknown, minMs: number): number {
  let n = 1;
  for (;;) {
    gc?.();
    const t0 = cpuNowMs();
    for (let i = 0; i < n; i++) fn();
    const ms = cpuNowMs() - t0;
    if (ms >= minMs) return n;
    n = ms <= 0 ? n * 8 : Math.max(n * 2, Math.ceil((n * minMs * 1.2) / ms));
  }
}

/** The median CPU time of one parse, over `samples` samples of `repeats` parses each (a full GC before each sample). */
function medianMs(fn: () => unknown, repeats: number, samples: number): number {
  const xs: number[] = [];
  for (let s = 0; s < samples; s++) {
    gc?.(); // so one sample does not pay for the garbage of the last
    const t0 = cpuNowMs();
    for (let i = 0; i < repeats; i++) fn();
    xs.push((cpuNowMs() - t0) / repeats);
  }
  xs.sort((a, b) => a - b);
  const m = xs.length >> 1;
  return xs.length % 2 ? xs[m]! : (xs[m - 1]! + xs[m]!) / 2;
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
    const smallRepeats = repeatsFor(runSmall, job.minSampleMs); // also the warm-up
    const smallMs = medianMs(runSmall, smallRepeats, job.smallSamples);
    const largeRepeats = repeatsFor(runLarge, job.minSampleMs);
    const largeMs = medianMs(runLarge, largeRepeats, job.largeSamples);
    const result: WorkerResult = { index, input: `${name} #${s + 1}`, smallMs, smallRepeats, largeMs, largeRepeats };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
process.stdout.write('"done"\n');
