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
  repetitions: number;
}

export interface WorkerResult {
  index: number;
  input: string;
  smallMs: number;
  largeMs: number;
}

/** The best (lowest) CPU time of `reps` runs, in ms: CPU time leaves out waiting for a core on a shared machine. */
function best(fn: () => unknown, reps: number): number {
  let min = Infinity;
  for (let r = 0; r < reps; r++) {
    gc?.(); // a full GC first, so one run does not pay for the garbage of the last
    const c0 = process.cpuUsage();
    fn();
    const c = process.cpuUsage(c0);
    min = Math.min(min, (c.user + c.system) / 1000);
  }
  return min;
}

const gc = (globalThis as { gc?: () => void }).gc;
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
    parser.run(small); // warm up
    const smallMs = best(() => parser.run(small), job.repetitions * 3);
    const largeMs = best(() => parser.run(large), job.repetitions);
    const result: WorkerResult = { index, input: `${name} #${s + 1}`, smallMs, largeMs };
    process.stdout.write(`${JSON.stringify(result)}\n`);
  }
}
process.stdout.write('"done"\n');
