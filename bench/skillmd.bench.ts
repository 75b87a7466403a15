// bench/skillmd: how validateSkillMd and buildSkillCatalog cost compared with
// the YAML parsing every SKILL.md reader has to do anyway.
//
//   npx tsx bench/skillmd.bench.ts
//
// Workload: 1,000 skills = the fixture skills of test/fixtures/skills (11
// SKILL.md files with their scripts) repeated. The contenders, each one
// sample = one pass over the 1,000 skills:
//   yaml     bare `yaml.parse` of the 1,000 frontmatters (pre-cut, untimed)
//   validate validateSkillMd(text, {scripts}) for the 1,000 skills — the full
//            forge profile, including the script and egress rules
//   parse    parseSkillMd alone (what validate and catalog both build on)
//   validate-md validateSkillMd(text) without scripts (SKILL.md rules only)
//   catalog  buildSkillCatalog of the 1,000 skills (with their script names)
// Each ratio (validate / yaml, target ≤ 2.0; catalog / validate, target
// ≤ 1.5; validate-md / yaml; parse / yaml) comes from its own pair of
// samples timed side by side: for the yaml pairs a sample is timed in 10
// slices of 100 skills, the two sides' slices alternating (a, b, b, a, …),
// so both sides meet the same machine; the catalog pair (one call over all
// skills) alternates whole samples, its order flipping every repetition.
// A repetition runs the four pairs in a rotating order. Each slice is the
// main thread's CPU time (Linux /proc/thread-self/schedstat; process CPU
// time elsewhere) after a full GC. The figure is the median over the 15
// repetitions of the pair ratios; times are medians of every sample of a
// contender, with their min–max spread.
// Why (before: one sample of each contender per repetition, 9 repetitions,
// process CPU time, no GC between samples): process CPU time also counts
// V8's concurrent GC and compiler threads, and without a GC first one
// sample paid for the garbage of the one before, so a run's ratios spread
// 1.2–3.0 around a median that moved from 1.7 to 2.1 between quiet runs; on
// a loaded machine, whole samples a second apart still met different loads
// (pair ratios 1.1–2.6 in one run). Same inputs, same work per sample, same
// meaning of each ratio.
// Results: stdout and bench/results/skillmd.json.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { buildSkillCatalog, type CatalogSkill } from '../src/core/catalog.js';
import { parseSkillMd } from '../src/core/skillmd/parse.js';
import { validateSkillMd } from '../src/core/skillmd/validate/validate.js';
import { performance } from 'node:perf_hooks';
import { atMost, collectGarbage, figure, printFigures, THREAD_CPU, threadCpuMs, writeResult } from './lib.js';
import { FIXTURE_SKILLS_DIR } from '../test/helpers/skill-corpus.js';

const corpusDir = FIXTURE_SKILLS_DIR;
const SKILLS = 1000;
/** Repetitions of the four pairs (after the warm-up); each pair ratio's median over them is the figure. */
const REPETITIONS = 15;
const WARMUP = 2;
/** A sample of the yaml pairs is timed in this many slices of the skills, the two sides' slices alternating. */
const SLICES = 10;

interface CorpusSkill {
  dir: string;
  text: string;
  frontmatter: string;
  scripts: Record<string, string>;
}

function loadCorpus(): CorpusSkill[] {
  return readdirSync(corpusDir)
    .filter((d) => existsSync(join(corpusDir, d, 'SKILL.md')))
    .sort()
    .map((dir) => {
      const text = readFileSync(join(corpusDir, dir, 'SKILL.md'), 'utf8');
      const lines = text.split(/\r?\n/);
      const close = lines.indexOf('---', 1);
      const scripts: Record<string, string> = {};
      const sd = join(corpusDir, dir, 'scripts');
      if (existsSync(sd)) for (const f of readdirSync(sd).sort()) if (!f.startsWith('.')) scripts[f] = readFileSync(join(sd, f), 'utf8');
      return { dir, text, frontmatter: lines.slice(1, close).join('\n'), scripts };
    });
}

const corpus = loadCorpus();
const skills = Array.from({ length: SKILLS }, (_, i) => corpus[i % corpus.length]!);
const catalogInput: CatalogSkill[] = skills.map((s, i) => ({
  skill: { skillMd: s.text, dirName: `${s.dir}-${i}`, scripts: s.scripts },
  location: `/agent/skills/${s.dir}-${i}/SKILL.md`,
}));

/** Keeps results alive so the work cannot be optimised away. */
let sink = 0;

/** Each contender over skills [from, to): one sample is the whole list, run in one piece or in slices. */
const runs = {
  yaml: (from: number, to: number) => {
    for (let i = from; i < to; i++) sink += parseYaml(skills[i]!.frontmatter) ? 1 : 0;
  },
  validate: (from: number, to: number) => {
    for (let i = from; i < to; i++) sink += validateSkillMd(skills[i]!.text, { scripts: skills[i]!.scripts }).warnings.length;
  },
  parse: (from: number, to: number) => {
    for (let i = from; i < to; i++) sink += parseSkillMd(skills[i]!.text).tools.length;
  },
  validateMd: (from: number, to: number) => {
    for (let i = from; i < to; i++) sink += validateSkillMd(skills[i]!.text).warnings.length;
  },
  // One call over all skills (a catalog of part of them would be other work): the catalog pair is timed in one piece.
  catalog: () => {
    sink += buildSkillCatalog(catalogInput).length;
  },
};

type Run = keyof typeof runs;
/** The pairs whose ratios are figures: [numerator, denominator, slices per sample], timed side by side. */
const PAIRS: [Run, Run, number][] = [
  ['validate', 'yaml', SLICES],
  ['validateMd', 'yaml', SLICES],
  ['parse', 'yaml', SLICES],
  ['catalog', 'validate', 1],
];

interface Time {
  cpu: number;
  wall: number;
}

/** One slice: a full GC first (so it does not pay for the garbage of the one before), then the thread's CPU time and the wall time. */
function timeSlice(run: Run, from: number, to: number): Time {
  collectGarbage();
  const c0 = threadCpuMs();
  const t0 = performance.now();
  runs[run](from, to);
  const wall = performance.now() - t0;
  return { cpu: threadCpuMs() - c0, wall };
}

/** One sample of each side of a pair: their slices alternate (a, b, b, a, …), so both meet the same machine; a sample is the sum of its slices. */
function samplePair(a: Run, b: Run, slices: number, bFirst: boolean): [Time, Time] {
  const ta: Time = { cpu: 0, wall: 0 };
  const tb: Time = { cpu: 0, wall: 0 };
  for (let k = 0; k < slices; k++) {
    const from = Math.floor((k * SKILLS) / slices);
    const to = Math.floor(((k + 1) * SKILLS) / slices);
    for (const side of (k % 2 === 0) !== bFirst ? [a, b] : [b, a]) {
      const t = timeSlice(side, from, to);
      const acc = side === a ? ta : tb;
      acc.cpu += t.cpu;
      acc.wall += t.wall;
    }
  }
  return [ta, tb];
}

const cpu = Object.fromEntries(Object.keys(runs).map((k) => [k, [] as number[]])) as Record<Run, number[]>;
const wall = Object.fromEntries(Object.keys(runs).map((k) => [k, [] as number[]])) as Record<Run, number[]>;
const pairRatios = PAIRS.map(() => [] as number[]);
for (let rep = 0; rep < WARMUP + REPETITIONS; rep++) {
  for (let i = 0; i < PAIRS.length; i++) {
    const p = (i + rep) % PAIRS.length;
    const [a, b, slices] = PAIRS[p]!;
    const [ta, tb] = samplePair(a, b, slices, rep % 2 === 1);
    if (rep < WARMUP) continue;
    for (const [k, t] of [
      [a, ta],
      [b, tb],
    ] as const) {
      cpu[k].push(t.cpu);
      wall[k].push(t.wall);
    }
    pairRatios[p]!.push(ta.cpu / tb.cpu);
  }
}
const ratioOf = (a: Run, b: Run): number[] => pairRatios[PAIRS.findIndex(([x, y]) => x === a && y === b)]!;
const cpuLabel = THREAD_CPU ? 'thread CPU' : 'CPU';

const figures = [
  figure(`yaml.parse of ${SKILLS} frontmatters (${cpuLabel})`, cpu.yaml, 'ms'),
  figure(`parseSkillMd of ${SKILLS} skills (${cpuLabel})`, cpu.parse, 'ms'),
  figure(`validateSkillMd of ${SKILLS} skills with scripts (${cpuLabel})`, cpu.validate, 'ms'),
  figure(`validateSkillMd of ${SKILLS} SKILL.md only (${cpuLabel})`, cpu.validateMd, 'ms'),
  figure(`buildSkillCatalog of ${SKILLS} skills (${cpuLabel})`, cpu.catalog, 'ms'),
  figure(`yaml.parse of ${SKILLS} frontmatters (wall)`, wall.yaml, 'ms'),
  figure(`validateSkillMd of ${SKILLS} skills with scripts (wall)`, wall.validate, 'ms'),
  figure(`buildSkillCatalog of ${SKILLS} skills (wall)`, wall.catalog, 'ms'),
  figure('validate (with scripts) / yaml.parse', ratioOf('validate', 'yaml'), 'x', { target: atMost(2.0) }),
  figure('validate (SKILL.md only) / yaml.parse', ratioOf('validateMd', 'yaml'), 'x'),
  figure('catalog / validate (with scripts)', ratioOf('catalog', 'validate'), 'x', { target: atMost(1.5) }),
  figure('parseSkillMd alone / yaml.parse (part of validate)', ratioOf('parse', 'yaml'), 'x'),
];

printFigures(
  `skillmd bench: ${SKILLS} skills (corpus of ${corpus.length} repeated), ${REPETITIONS} repetitions of ${PAIRS.length} side-by-side pairs after ${WARMUP} warm-up, median [min–max]; load ${loadLine()}`,
  figures,
);
writeResult({
  name: 'skillmd',
  repetitions: REPETITIONS,
  notes:
    `${SKILLS} skills: the fixture skills of test/fixtures/skills (${corpus.length} SKILL.md + scripts) repeated; one sample is one pass over them. ` +
    `Each ratio comes from its own pair of samples timed side by side: for the yaml pairs in ${SLICES} slices of ${SKILLS / SLICES} skills, the two sides' slices alternating; the catalog pair in whole samples, its order alternating between repetitions; the pairs in a rotating order. Each slice is ${THREAD_CPU ? "the main thread's CPU time (/proc/thread-self/schedstat)" : 'the process CPU time'} after a full GC; the median of the ${REPETITIONS} pair ratios is shown, with their min–max. ` +
    `Times are medians of all samples of a contender; wall times are listed for reference. 1/5/15-minute load average at the end: ${loadLine()} on ${cpus().length} cores.`,
  figures,
});
if (sink === 42) console.log('');

function loadLine(): string {
  return loadavg()
    .map((x) => x.toFixed(1))
    .join(' / ');
}
