// bench/skillmd: how validateSkillMd and buildSkillCatalog cost compared with
// the YAML parsing every SKILL.md reader has to do anyway.
//
//   npx tsx bench/skillmd.bench.ts
//
// Workload: 1,000 skills = the fixture skills of test/fixtures/skills (11
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

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { buildSkillCatalog, type CatalogSkill } from '../src/core/catalog.js';
import { parseSkillMd } from '../src/core/skillmd/parse.js';
import { validateSkillMd } from '../src/core/skillmd/validate/validate.js';
import { atMost, cpuAndWallMs, figure, pluck, printFigures, ratios, sideBySide, writeResult } from './lib.js';
import { FIXTURE_SKILLS_DIR } from '../test/helpers/skill-corpus.js';

const corpusDir = FIXTURE_SKILLS_DIR;
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

// CPU time decides the ratios (other jobs on a shared machine do not skew
// them); wall time is reported alongside.
const timed = await sideBySide(runs, { repetitions: REPETITIONS, warmup: WARMUP, measure: cpuAndWallMs });
const cpu = pluck(timed, (t) => t.cpu);
const wall = pluck(timed, (t) => t.wall);

const figures = [
  figure(`yaml.parse of ${SKILLS} frontmatters (CPU)`, cpu.yaml, 'ms'),
  figure(`parseSkillMd of ${SKILLS} skills (CPU)`, cpu.parse, 'ms'),
  figure(`validateSkillMd of ${SKILLS} skills with scripts (CPU)`, cpu.validate, 'ms'),
  figure(`validateSkillMd of ${SKILLS} SKILL.md only (CPU)`, cpu.validateMd, 'ms'),
  figure(`buildSkillCatalog of ${SKILLS} skills (CPU)`, cpu.catalog, 'ms'),
  figure(`yaml.parse of ${SKILLS} frontmatters (wall)`, wall.yaml, 'ms'),
  figure(`validateSkillMd of ${SKILLS} skills with scripts (wall)`, wall.validate, 'ms'),
  figure(`buildSkillCatalog of ${SKILLS} skills (wall)`, wall.catalog, 'ms'),
  figure('validate (with scripts) / yaml.parse', ratios(cpu.validate, cpu.yaml), 'x', { target: atMost(2.0) }),
  figure('validate (SKILL.md only) / yaml.parse', ratios(cpu.validateMd, cpu.yaml), 'x'),
  figure('catalog / validate (with scripts)', ratios(cpu.catalog, cpu.validate), 'x', { target: atMost(1.5) }),
  figure('parseSkillMd alone / yaml.parse (part of validate)', ratios(cpu.parse, cpu.yaml), 'x'),
];

printFigures(
  `skillmd bench: ${SKILLS} skills (corpus of ${corpus.length} repeated), ${REPETITIONS} repetitions after ${WARMUP} warm-up, median [min–max]`,
  figures,
);
writeResult({
  name: 'skillmd',
  repetitions: REPETITIONS,
  notes: `${SKILLS} skills: the fixture skills of test/fixtures/skills (${corpus.length} SKILL.md + scripts) repeated. Ratios use CPU time (process.cpuUsage) measured side by side in each repetition; the median ratio is shown. Wall times are listed for reference.`,
  figures,
});
if (sink === 42) console.log('');
