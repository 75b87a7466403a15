// bench/build: what `forge-skill-builder build` costs per skill, against
// validating the same skills (issue 8 target: build / validate ≤ 1.5).
//
//   npx tsx bench/build.bench.ts
//
// Workload: 1,000 skills = the 10 fixture skills of test/fixtures/skills
// (as the build reads them: SKILL.md + scripts, _starter skipped) repeated,
// each copy renamed (skill, tools, scripts get a `-rN` suffix) so every copy
// is a distinct skill with distinct tools, as in a real large folder.
// Each repetition times, side by side in one process, in rotating order:
//   validate  validateSkillMd(text, {profile: 'forge', scripts, dirName}) × 1,000
//   build     compileSkills(1,000 skills) + serializeArtifacts (the three file texts),
//             as `forge-skill-builder build` runs it (node:crypto sha256)
//   buildPureTs  the same with the core's pure-TS sha256 (what a browser runs)
//   parse     parseSkillMd × 1,000 (for scale: what any reader pays)
//   checksum  pure-TS sha256 of every SKILL.md and script (part of buildPureTs)
// (each as CPU time of this process) and
//   folder    the whole buildSkillsFolder (wall-clock, it waits on the disk) on a
//             temp folder of the 1,000 skills (read + compile + atomic writes).
// The heap is collected before each timed run. Medians over the repetitions,
// min–max spread; the ratio is computed per repetition, then its median.
// Results: stdout and bench/results/build.json.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sha256Hex } from '../src/core/artifacts/checksum.js';
import { compileSkills } from '../src/core/artifacts/compile-skills.js';
import { serializeArtifacts } from '../src/core/artifacts/serialize.js';
import type { SkillInit } from '../src/core/skill/skill.js';
import { scriptStem, toolScriptBaseName } from '../src/core/forge-runtime/script-binding.js';
import { parseSkillMd } from '../src/core/skillmd/parse.js';
import { validateSkillMd } from '../src/core/skillmd/validate/validate.js';
import { buildSkillsFolder, nodeSha256Hex } from '../src/node/artifacts/build-folder.js';
import { readSkillsFolder } from '../src/node/skill-store/read-all.js';
import { atMost, collectGarbage, cpuMs, figure, printFigures, ratios, sideBySide, wallMs, writeResult } from './lib.js';
import { FIXTURE_SKILLS_DIR } from '../test/helpers/skill-corpus.js';

const corpusDir = FIXTURE_SKILLS_DIR;
const SKILLS = 1000;
const REPETITIONS = 9;
const WARMUP = 2;
const TARGET = 1.5;

/** Copy `k` of a skill: name, tool names and tool scripts suffixed so nothing collides. */
function renamed(s: SkillInit, k: number): SkillInit {
  if (k === 0) return s;
  const toolNames = [...s.skillMd.matchAll(/^## Tool:\s*(\S+)\s*$/gm)].map((m) => m[1]!);
  const bases = new Set(toolNames.map(toolScriptBaseName));
  const skillMd = s.skillMd
    .replace(/^name:\s*(\S+)\s*$/m, (_, n: string) => `name: ${n}-r${k}`)
    .replace(/^## Tool:\s*(\S+)\s*$/gm, (_, n: string) => `## Tool: ${n}_r${k}`);
  const scripts: Record<string, string> = {};
  for (const [file, text] of Object.entries(s.scripts ?? {})) {
    const stem = scriptStem(file);
    scripts[bases.has(stem) ? `${stem}-r${k}${file.slice(stem.length)}` : file] = text;
  }
  return { skillMd, dirName: `${s.dirName}-r${k}`, scripts };
}

const corpus = (await readSkillsFolder(corpusDir)).skills;
const skills: SkillInit[] = Array.from({ length: SKILLS }, (_, i) => renamed(corpus[i % corpus.length]!, Math.floor(i / corpus.length)));

// Sanity: every copy builds (a wrong rename would turn the workload into error paths).
{
  const check = compileSkills(skills);
  const errors = check.diagnostics.filter((d) => d.severity === 'error');
  if (check.count !== SKILLS || errors.length > 0) throw new Error(`workload broken: ${check.count} built, ${errors.length} errors (${errors[0]?.code})`);
}

// The same 1,000 skills as a folder on disk, for the end-to-end figure.
const tmp = mkdtempSync(join(tmpdir(), 'forge-build-bench-'));
const folder = join(tmp, 'skills');
for (const s of skills) {
  mkdirSync(join(folder, s.dirName!, 'scripts'), { recursive: true });
  writeFileSync(join(folder, s.dirName!, 'SKILL.md'), s.skillMd);
  for (const [f, text] of Object.entries(s.scripts ?? {})) writeFileSync(join(folder, s.dirName!, 'scripts', f), text);
}

let sink = 0;
const runs = {
  validate: () => {
    for (const s of skills) sink += validateSkillMd(s.skillMd, { profile: 'forge', scripts: s.scripts ?? {}, dirName: s.dirName! }).warnings.length;
  },
  build: () => {
    sink += serializeArtifacts(compileSkills(skills, { sha256Hex: nodeSha256Hex }))['skills.json'].length;
  },
  buildPureTs: () => {
    sink += serializeArtifacts(compileSkills(skills))['skills.json'].length;
  },
  parse: () => {
    for (const s of skills) sink += parseSkillMd(s.skillMd).tools.length;
  },
  checksum: () => {
    for (const s of skills) {
      sink += sha256Hex(s.skillMd).length;
      for (const t of Object.values(s.scripts ?? {})) sink += sha256Hex(t).length;
    }
  },
  folder: async () => {
    sink += (await buildSkillsFolder(folder, { out: join(tmp, 'out') })).compiled.count;
  },
};
// Every run starts from a collected heap, so one run's garbage is not billed
// to the next; the on-disk build waits on the disk, so it is timed by the clock.
const samples = await sideBySide(runs, {
  repetitions: REPETITIONS,
  warmup: WARMUP,
  measure: (run, key) => {
    collectGarbage();
    return key === 'folder' ? wallMs(run) : cpuMs(run);
  },
});
rmSync(tmp, { recursive: true, force: true });

const perSkill = { scale: 1 / SKILLS };
const figures = [
  figure('build (compile + serialise), per skill', samples.build, 'ms', perSkill),
  figure('validateSkillMd, per skill', samples.validate, 'ms', perSkill),
  figure('build / validate (same skills, same run)', ratios(samples.build, samples.validate), 'x', { target: atMost(TARGET) }),
  figure('build with the pure-TS sha256 (browser path) / validate', ratios(samples.buildPureTs, samples.validate), 'x'),
  figure(`build of ${SKILLS} skills`, samples.build, 'ms'),
  figure(`validate of ${SKILLS} skills`, samples.validate, 'ms'),
  figure(`parseSkillMd of ${SKILLS} skills`, samples.parse, 'ms'),
  figure(`build with the pure-TS sha256 of ${SKILLS} skills`, samples.buildPureTs, 'ms'),
  figure(`pure-TS sha256 of ${SKILLS} SKILL.md + scripts`, samples.checksum, 'ms'),
  figure(`buildSkillsFolder on disk (${SKILLS} folders, read + write), wall clock`, samples.folder, 'ms'),
];

printFigures(
  `build bench: ${SKILLS} skills (corpus of ${corpus.length} repeated), ${REPETITIONS} repetitions after ${WARMUP} warm-up, CPU time, median [min–max]`,
  figures,
);
writeResult({
  name: 'build',
  repetitions: REPETITIONS,
  notes: `${SKILLS} skills: the fixture skills of test/fixtures/skills (${corpus.length} skills + scripts, as the build reads them) repeated with renamed copies. build = compileSkills + serializeArtifacts with node:crypto sha256, as the CLI runs it (the pure-TS sha256 variant is reported too); the ratio is computed per repetition from timings taken side by side, then the median is shown. Times are CPU time of the process (user + system), except the on-disk build (wall clock).`,
  figures,
});
if (sink === 42) console.log('');
