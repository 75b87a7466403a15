// Reads the risk fixtures (test/fixtures/risk): skill folders with their
// scripts, policy files, and the audit results Forge's own analyzer gave for
// them (recorded JSON; see `generated_by` in each file).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const RISK_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'risk');

export interface FixtureSkill {
  dir: string;
  skillMd: string;
  scripts: Record<string, string>;
}

/** Every `<dir>/SKILL.md` (+ `scripts/*`) under `root`, skipping `_`- and `.`-prefixed folders as Forge does. */
export function readSkillsDir(root: string): FixtureSkill[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !/^[._]/.test(e.name) && existsSync(join(root, e.name, 'SKILL.md')))
    .map((e) => {
      const scriptsDir = join(root, e.name, 'scripts');
      const scripts: Record<string, string> = {};
      if (existsSync(scriptsDir))
        for (const f of readdirSync(scriptsDir, { withFileTypes: true }))
          if (f.isFile() && !f.name.startsWith('.')) scripts[f.name] = readFileSync(join(scriptsDir, f.name), 'utf8');
      return { dir: e.name, skillMd: readFileSync(join(root, e.name, 'SKILL.md'), 'utf8'), scripts };
    });
}

export interface ForgeAssessment {
  score: { value: number; level: string };
  factors: { category: string; description: string; points: number }[];
  violations: { rule: string; severity: string; message: string }[];
}

export function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(join(RISK_FIXTURES, file), 'utf8')) as T;
}
