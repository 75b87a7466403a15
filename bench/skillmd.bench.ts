// bench/skillmd: how validateSkillMd and buildSkillCatalog cost compared with
// the YAML parsing every SKILL.md reader has to do anyway.
//
//   npx tsx bench/skillmd.bench.ts
//
// Workload: 1,000 skills = the ../shared/corpus/forge-embedded corpus (17
// SKILL.md files with their scripts) repeated. Each repetition times, side by
// side in the same process:
//   yaml     bare `yaml.parse` of the 1,000 frontmatters (pre-cut, untimed)
//   validate validateSkillMd(text, {scripts}) for the 1,000 skills — the full
//            forge profile, including the script and egress rules
//   parse    parseSkillMd alone (what validate and catalog both build on)
//   validate-md validateSkillMd(text) without scripts (SKILL.md rules only)
//   catalog  buildSkillCatalog of the 1,000 skills (with their script names)
// and reports medians over the repetitions, with min–max spread, and the
// ratios validate / yaml (target ≤ 2.0) and catalog / validate (target ≤ 1.5),
// computed from CPU time so other jobs on a shared machine do not skew them.
// Results: stdout and bench/results/skillmd.json.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { buildSkillCatalog, type SkillCatalogInput } from '../src/core/catalog.js';
import { parseSkillMd } from '../src/core/skillmd/parse.js';
import { validateSkillMd } from '../src/core/skillmd/validate.js';

const here = dirname(fileURLToPath(import.meta.url));
const corpusDir = join(here, '../../shared/corpus/forge-embedded');
const SKILLS = 1000;
const REPETITIONS = 9;
const WARMUP = 2;

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
      const lines = text.split('\n');
      const close = lines.indexOf('---', 1);
      const scripts: Record<string, string> = {};
      const sd = join(corpusDir, dir, 'scripts');
      if (existsSync(sd)) for (const f of readdirSync(sd).sort()) if (!f.startsWith('.')) scripts[f] = readFileSync(join(sd, f), 'utf8');
      return { dir, text, frontmatter: lines.slice(1, close).join('\n'), scripts };
    });
}

const corpus = loadCorpus();
const skills = Array.from({ length: SKILLS }, (_, i) => corpus[i % corpus.length]!);
const catalogInput: SkillCatalogInput[] = skills.map((s, i) => ({ skillMd: s.text, dir: `/agent/skills/${s.dir}-${i}`, scripts: Object.keys(s.scripts) }));

/** Keeps results alive so the work cannot be optimised away. */
let sink = 0;

/**
 * CPU time (user + system) of `fn` in ms. The bench machine is shared with
 * other jobs; CPU time leaves out the time this process waits for a core,
 * which wall time would count as noise. Wall time is reported alongside.
 */
function timeIt(fn: () => void): { cpu: number; wall: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, wall };
}

const runs = {
  yaml: () => {
    for (const s of skills) sink += parseYaml(s.frontmatter) ? 1 : 0;
  },
  validate: () => {
    for (const s of skills) sink += validateSkillMd(s.text, { scripts: s.scripts }).warnings.length;
  },
  parse: () => {
    for (const s of skills) sink += parseSkillMd(s.text).tools.length;
  },
  validateMd: () => {
    for (const s of skills) sink += validateSkillMd(s.text).warnings.length;
  },
  catalog: () => {
    sink += buildSkillCatalog(catalogInput).length;
  },
};

type Key = keyof typeof runs;
const samples: Record<Key, number[]> = { yaml: [], parse: [], validate: [], validateMd: [], catalog: [] };
const wall: Record<Key, number[]> = { yaml: [], parse: [], validate: [], validateMd: [], catalog: [] };
const ratioValidate: number[] = [];
const ratioValidateMd: number[] = [];
const ratioCatalog: number[] = [];
const ratioParse: number[] = [];

for (let rep = 0; rep < WARMUP + REPETITIONS; rep++) {
  // Rotate the order so no measurement always runs first (JIT, GC debt).
  const order = (['yaml', 'parse', 'validate', 'validateMd', 'catalog'] as Key[]).map((_, k, a) => a[(k + rep) % a.length]!);
  const t: Partial<Record<Key, number>> = {};
  const w: Partial<Record<Key, number>> = {};
  for (const key of order) {
    const m = timeIt(runs[key]);
    t[key] = m.cpu;
    w[key] = m.wall;
  }
  if (rep < WARMUP) continue;
  for (const key of order) {
    samples[key].push(t[key]!);
    wall[key].push(w[key]!);
  }
  ratioValidate.push(t.validate! / t.yaml!);
  ratioValidateMd.push(t.validateMd! / t.yaml!);
  ratioCatalog.push(t.catalog! / t.validate!);
  ratioParse.push(t.parse! / t.yaml!);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

interface Figure {
  label: string;
  value: number;
  unit: string;
  min: number;
  max: number;
  target?: string;
  ok?: boolean;
}
const figure = (label: string, xs: number[], unit: string, target?: number): Figure => {
  const f: Figure = { label, value: round(median(xs)), unit, min: round(Math.min(...xs)), max: round(Math.max(...xs)) };
  if (target !== undefined) {
    f.target = `≤ ${target}`;
    f.ok = f.value <= target;
  }
  return f;
};

const figures: Figure[] = [
  figure(`yaml.parse of ${SKILLS} frontmatters (CPU)`, samples.yaml, 'ms'),
  figure(`parseSkillMd of ${SKILLS} skills (CPU)`, samples.parse, 'ms'),
  figure(`validateSkillMd of ${SKILLS} skills with scripts (CPU)`, samples.validate, 'ms'),
  figure(`validateSkillMd of ${SKILLS} SKILL.md only (CPU)`, samples.validateMd, 'ms'),
  figure(`buildSkillCatalog of ${SKILLS} skills (CPU)`, samples.catalog, 'ms'),
  figure(`yaml.parse of ${SKILLS} frontmatters (wall)`, wall.yaml, 'ms'),
  figure(`validateSkillMd of ${SKILLS} skills with scripts (wall)`, wall.validate, 'ms'),
  figure(`buildSkillCatalog of ${SKILLS} skills (wall)`, wall.catalog, 'ms'),
  figure('validate (with scripts) / yaml.parse', ratioValidate, 'x', 2.0),
  figure('validate (SKILL.md only) / yaml.parse', ratioValidateMd, 'x'),
  figure('catalog / validate (with scripts)', ratioCatalog, 'x', 1.5),
  figure('parseSkillMd alone / yaml.parse (part of validate)', ratioParse, 'x'),
];

console.log(`skillmd bench: ${SKILLS} skills (corpus of ${corpus.length} repeated), ${REPETITIONS} repetitions after ${WARMUP} warm-up, median [min–max]`);
for (const f of figures) {
  const target = f.target ? `  target ${f.target}: ${f.ok ? 'met' : 'MISSED'}` : '';
  console.log(`  ${f.label.padEnd(56)} ${String(f.value).padStart(9)} ${f.unit.padEnd(2)} [${f.min}–${f.max}]${target}`);
}

const resultsDir = join(here, 'results');
mkdirSync(resultsDir, { recursive: true });
writeFileSync(
  join(resultsDir, 'skillmd.json'),
  `${JSON.stringify(
    {
      name: 'skillmd',
      repetitions: REPETITIONS,
      notes: `${SKILLS} skills: the forge-embedded corpus (${corpus.length} SKILL.md + scripts) repeated. Ratios use CPU time (process.cpuUsage) measured side by side in each repetition; the median ratio is shown. Wall times are listed for reference.`,
      figures,
      machine: { cores: cpus().length, node: process.version },
    },
    null,
    2,
  )}\n`,
);
if (sink === 42) console.log('');
