// bench/node-workspace: what the per-request disk work of the node adapters
// costs on a real disk, next to the bare I/O it cannot avoid.
//
//   npx tsx bench/node-workspace.bench.ts
//
// Each repetition times, side by side in one process, on a temp folder:
//   bare-config   readFile ui.yaml + .forge/.env + ~/.forge/ui.yaml and yaml.parse the two YAML files
//   load          loadSkillBuilderLLM (the same files, validated, key lookup, trust) — run per chat request
//   bare-skills   readdir skills/ + readFile of 100 SKILL.md files
//   list          listCustomSkills of the same 100 skills (realpath checks + parseSkillMd)
//   env-50        50 concurrent setEnvFileValue calls for different keys (serialised, atomic)
//   save          saveSkill of a new skill with 3 scripts (validate, temp folder, rename)
// Reports medians with min–max spread and the ratios load / bare-config
// (target ≤ 4) and list / bare-skills (target ≤ 6). Results: stdout and
// bench/results/node-workspace.json.

import * as nodeFs from 'node:fs';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { loadSkillBuilderLLM } from '../src/node/config/tiers.js';
import { setEnvFileValue } from '../src/node/config/env-file.js';
import type { FsLike } from '../src/node/fs/types.js';
import { saveSkill } from '../src/node/workspace/save-skill.js';
import { listCustomSkills } from '../src/node/skill-store/index.js';
import { atMost, figure, printFigures, ratios, sideBySide, wallMs, writeResult } from './lib.js';

const REPETITIONS = 9;
const WARMUP = 2;
const LOADS_PER_REP = 200;
const SKILLS = 100;
const fs = nodeFs as unknown as FsLike;

const root = mkdtempSync(join(tmpdir(), 'forge-bench-'));
const ws = join(root, 'ws');
const home = join(root, 'home');
const agent = join(ws, 'agent');
mkdirSync(join(ws, '.forge'), { recursive: true });
mkdirSync(join(home, '.forge'), { recursive: true });
mkdirSync(join(agent, 'skills'), { recursive: true });
writeFileSync(
  join(ws, '.forge/ui.yaml'),
  '# team\nskill_builder:\n  provider: openai\n  model: gpt-4.1\n  base_url: https://gw.example.com/v1\n  max_output_tokens: 16000\n',
);
writeFileSync(join(ws, '.forge/.env'), '# secrets\nOPENAI_API_KEY=sk-bench-0000\nOTHER=1\n', { mode: 0o600 });
writeFileSync(join(home, '.forge/ui.yaml'), 'trusted_base_urls:\n  - https://gw.example.com\n');
writeFileSync(join(agent, 'forge.yaml'), 'agent_id: agent\negress:\n  allowed_domains: [api.example.com]\n');
const skillText = (name: string) =>
  `---\nname: ${name}\ndescription: Reports the weather. When the user asks about the weather ("is it raining", "forecast for Paris") use this skill.\ncategory: utilities\ntags: [weather]\n---\n# ${name}\n\nCall \`datetime_now\`, then \`web_fetch\`.\n\n## Tool: ${name.replace(/-/g, '_')}\n\nGets data.\n`;
for (let i = 0; i < SKILLS; i++) {
  mkdirSync(join(agent, 'skills', `skill-${i}`));
  writeFileSync(join(agent, 'skills', `skill-${i}`, 'SKILL.md'), skillText(`skill-${i}`));
}
const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "{}"\n';

let sink = 0;
/** The repetition being run: names what env-50 and save write, so no two repetitions share a file. */
let rep = 0;
const runs = {
  bareConfig: async () => {
    for (let i = 0; i < LOADS_PER_REP; i++) {
      const a = parseYaml(await readFile(join(ws, '.forge/ui.yaml'), 'utf8'));
      const b = await readFile(join(ws, '.forge/.env'), 'utf8');
      const c = parseYaml(await readFile(join(home, '.forge/ui.yaml'), 'utf8'));
      sink += (a ? 1 : 0) + b.length + (c ? 1 : 0);
    }
  },
  load: async () => {
    for (let i = 0; i < LOADS_PER_REP; i++) sink += (await loadSkillBuilderLLM({ workspaceDir: ws, fs, env: {}, homeDir: home })).trusted ? 1 : 0;
  },
  bareSkills: async () => {
    for (const d of await readdir(join(agent, 'skills'))) sink += (await readFile(join(agent, 'skills', d, 'SKILL.md'), 'utf8')).length;
  },
  list: async () => {
    sink += (await listCustomSkills(agent, { fs, env: {} })).length;
  },
  env50: async () => {
    const path = join(root, `env-${rep}.env`);
    await Promise.all(Array.from({ length: 50 }, (_, i) => setEnvFileValue(path, `KEY_${i}`, `value-${i}`, { fs })));
  },
  save: async () => {
    const name = `saved-${rep}`;
    sink += (
      await saveSkill(agent, { skillName: name, skillMd: skillText(name), scripts: { 'a.sh': SCRIPT, 'b.sh': SCRIPT, 'c.sh': SCRIPT } }, { fs, env: {} })
    ).path.length;
    rmSync(join(agent, 'skills', name), { recursive: true });
  },
};
const samples = await sideBySide(runs, { repetitions: REPETITIONS, warmup: WARMUP, measure: wallMs, afterRepetition: () => void rep++ });
rmSync(root, { recursive: true, force: true });

const perLoad = { scale: 1 / LOADS_PER_REP };
const figures = [
  figure('bare reads + yaml.parse of the config files, per call', samples.bareConfig, 'ms', perLoad),
  figure('loadSkillBuilderLLM, per call', samples.load, 'ms', perLoad),
  figure('ratio loadSkillBuilderLLM / bare reads', ratios(samples.load, samples.bareConfig), 'x', { target: atMost(4) }),
  figure(`bare readdir + readFile of ${SKILLS} SKILL.md`, samples.bareSkills, 'ms'),
  figure(`listCustomSkills of ${SKILLS} skills`, samples.list, 'ms'),
  figure('ratio listCustomSkills / bare reads', ratios(samples.list, samples.bareSkills), 'x', { target: atMost(6) }),
  figure('50 concurrent setEnvFileValue (all 50 kept)', samples.env50, 'ms'),
  figure('saveSkill with 3 scripts', samples.save, 'ms'),
];
printFigures(`node-workspace bench: real disk, ${REPETITIONS} repetitions after ${WARMUP} warm-up, wall clock, median [min–max]`, figures);
writeResult({
  name: 'node-workspace',
  repetitions: REPETITIONS,
  notes: `Real disk (${tmpdir()}), ${LOADS_PER_REP} loads per repetition. Ratios are computed per repetition from timings taken side by side, then the median is shown.`,
  figures,
});
if (sink < 0) console.log(sink); // keeps the measured work observable
