// What every bench shares: timing (CPU and wall clock, a full GC on demand),
// the side-by-side repetition loop with a rotating order, statistics (median,
// percentiles, per-repetition ratios), figures with their spread and target,
// the console table, and bench/results/<name>.json in the shape
// scripts/bench-all.mjs turns into BENCHMARKS.md:
//   {name, repetitions, notes?, figures: [{label, value, unit, min?, max?, target?, ok?}], machine}

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const resultsDir = join(dirname(fileURLToPath(import.meta.url)), 'results');

// ---------------------------------------------------------------- statistics

/** The median (mean of the two middle values for an even count). */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) throw new Error('median of no samples');
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Nearest-rank percentile (p in 0–100): the smallest sample with at least p% of the samples at or below it. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) throw new Error('percentile of no samples');
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

/** Per-repetition ratios a[i] / b[i] of two sample lists taken side by side. */
export function ratios(a: readonly number[], b: readonly number[]): number[] {
  if (a.length !== b.length) throw new Error(`ratios of ${a.length} and ${b.length} samples`);
  return a.map((x, i) => x / b[i]!);
}

export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

// -------------------------------------------------------------------- timing

/**
 * CPU time (user + system, every thread of this process) of a synchronous
 * `fn`, in ms. The bench machine is shared; CPU time leaves out the time this
 * process waits for a core, which wall time would count.
 */
export function cpuMs(fn: () => unknown): number {
  const c0 = process.cpuUsage();
  fn();
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / 1000;
}

/** Wall-clock time of `fn` (sync or async), in ms. */
export async function wallMs(fn: () => unknown): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

/** CPU and wall-clock time of one synchronous run, in ms. */
export function cpuAndWallMs(fn: () => unknown): { cpu: number; wall: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall };
}

const SCHEDSTAT = '/proc/thread-self/schedstat';
/** Whether threadCpuMs reads the calling thread's own CPU time (Linux) rather than the process's. */
export const THREAD_CPU = existsSync(SCHEDSTAT);

/**
 * The calling thread's CPU time so far, in ms: the first field of Linux's
 * /proc/thread-self/schedstat (ns), else the process's (process.cpuUsage).
 * Unlike process CPU time it leaves out V8's concurrent GC and compiler
 * threads, whose share varies from run to run.
 */
export function threadCpuMs(): number {
  if (THREAD_CPU) return Number(readFileSync(SCHEDSTAT, 'latin1').split(' ', 1)[0]) / 1e6;
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
}

/** Runs `fn` (sync or async) and returns its result with the process's CPU time meanwhile, in µs. */
export async function withCpuUs<T>(fn: () => T | Promise<T>): Promise<{ result: T; cpuUs: number }> {
  const c0 = process.cpuUsage();
  const result = await fn();
  const c = process.cpuUsage(c0);
  return { result, cpuUs: c.user + c.system };
}

let gcFn: (() => void) | undefined;
/** A full garbage collection, so one run's garbage is not billed to the next (no --expose-gc flag needed). */
export function collectGarbage(): void {
  if (!gcFn) {
    setFlagsFromString('--expose-gc');
    gcFn = runInNewContext('gc') as () => void;
  }
  gcFn();
}

/** Best (lowest) wall time of `tries` runs, each after a full GC: filters out interference from other processes. */
export function bestWallMs(fn: () => unknown, tries: number): number {
  let best = Infinity;
  for (let i = 0; i < tries; i++) {
    collectGarbage();
    const t0 = performance.now();
    fn();
    best = Math.min(best, performance.now() - t0);
  }
  return best;
}

/** Time since the epoch with sub-millisecond resolution, comparable across processes. */
export const absoluteNow = (): number => performance.timeOrigin + performance.now();

// ------------------------------------------------------------ side by side

export interface SideBySideOptions<K extends string, T> {
  repetitions: number;
  /** Leading repetitions that are run but not recorded (JIT, caches). */
  warmup: number;
  /** Times one run (e.g. cpuMs, or a GC first then cpuMs). */
  measure: (run: () => unknown, key: K) => T | Promise<T>;
  /** Called after each repetition, recorded or not (e.g. to clean up what it wrote). */
  afterRepetition?: (rep: number) => void | Promise<void>;
}

/**
 * Runs every contender once per repetition, in an order that rotates with the
 * repetition so none always goes first (JIT state, GC debt), and returns the
 * recorded samples per contender, aligned by repetition — so
 * `ratios(samples.a, samples.b)` compares runs taken side by side.
 */
export async function sideBySide<K extends string, T = number>(runs: Record<K, () => unknown>, options: SideBySideOptions<K, T>): Promise<Record<K, T[]>> {
  const keys = Object.keys(runs) as K[];
  const samples = Object.fromEntries(keys.map((k) => [k, [] as T[]])) as Record<K, T[]>;
  for (let rep = 0; rep < options.warmup + options.repetitions; rep++) {
    const got = new Map<K, T>();
    for (let k = 0; k < keys.length; k++) {
      const key = keys[(k + rep) % keys.length]!;
      got.set(key, await options.measure(runs[key], key));
    }
    await options.afterRepetition?.(rep);
    if (rep < options.warmup) continue;
    for (const key of keys) samples[key].push(got.get(key)!);
  }
  return samples;
}

/** One number per sample (e.g. the CPU part of {cpu, wall}), per contender. */
export function pluck<K extends string, T>(samples: Record<K, T[]>, field: (t: T) => number): Record<K, number[]> {
  return Object.fromEntries(Object.entries<T[]>(samples).map(([k, xs]) => [k, xs.map(field)])) as Record<K, number[]>;
}

// ------------------------------------------------------------------ figures

export interface Target {
  op: '≤' | '≥';
  value: number;
  /** Shown after the value (e.g. 'ms'); the figure's unit is not repeated by default. */
  unit?: string;
}

export const atMost = (value: number, unit?: string): Target => (unit === undefined ? { op: '≤', value } : { op: '≤', value, unit });
export const atLeast = (value: number, unit?: string): Target => (unit === undefined ? { op: '≥', value } : { op: '≥', value, unit });

/** One row of BENCHMARKS.md. `min`/`max` are the spread over the repetitions. */
export interface Figure {
  label: string;
  value: number;
  unit: string;
  min?: number;
  max?: number;
  target?: string;
  ok?: boolean;
}

export interface FigureOptions {
  /** Multiplies every sample (e.g. 1 / items for a per-item time). */
  scale?: number;
  /** Decimals kept in the JSON (default 3). */
  digits?: number;
  target?: Target;
}

function withTarget(f: Figure, value: number, target: Target | undefined): Figure {
  if (target) {
    f.target = `${target.op} ${target.value}${target.unit ? ` ${target.unit}` : ''}`;
    f.ok = target.op === '≤' ? value <= target.value : value >= target.value;
  }
  return f;
}

/** The median of the samples with their min–max spread, and whether the median meets the target. */
export function figure(label: string, samples: readonly number[], unit: string, options: FigureOptions = {}): Figure {
  const scale = options.scale ?? 1;
  const digits = options.digits ?? 3;
  const xs = samples.map((x) => x * scale);
  const value = median(xs);
  return withTarget(
    { label, value: round(value, digits), unit, min: round(Math.min(...xs), digits), max: round(Math.max(...xs), digits) },
    value,
    options.target,
  );
}

/** A figure that is one exact value (a count, a size), without a spread. */
export function exactFigure(label: string, value: number, unit: string, target?: Target): Figure {
  return withTarget({ label, value, unit }, value, target);
}

/** Prints the figures as an aligned table: median, [min–max], and the verdict against the target. */
export function printFigures(title: string, figures: readonly Figure[]): void {
  console.log(title);
  const width = Math.min(80, Math.max(...figures.map((f) => f.label.length)));
  for (const f of figures) {
    const spread = f.min !== undefined ? ` [${f.min}–${f.max}]` : '';
    const verdict = f.ok === undefined ? '' : `  target ${f.target}: ${f.ok ? 'met' : 'MISSED'}`;
    console.log(`  ${f.label.padEnd(width)} ${String(f.value).padStart(10)} ${f.unit.padEnd(5)}${spread}${verdict}`);
  }
}

// ------------------------------------------------------------------ results

export interface Machine {
  cores: number;
  cpu: string;
  node: string;
  platform: string;
  /** 1-minute load average when the result was written: other work inflates wall-clock figures. */
  load: number;
}

export function machine(): Machine {
  const c = cpus();
  return {
    cores: c.length,
    cpu: c[0]?.model ?? 'unknown',
    node: process.version,
    platform: `${process.platform}/${process.arch}`,
    load: round(loadavg()[0] ?? 0, 2),
  };
}

export interface BenchResult {
  name: string;
  repetitions: number;
  notes?: string;
  figures: Figure[];
}

/** Writes bench/results/<name>.json (with the machine) and says so. */
export function writeResult(result: BenchResult): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `${result.name}.json`);
  writeFileSync(file, `${JSON.stringify({ ...result, machine: machine() }, null, 2)}\n`);
  console.log(`wrote bench/results/${result.name}.json`);
  return file;
}
