// The skill corpora the tests read: our own fixture skills under
// test/fixtures/skills (always present: every default test, fuzzer and bench
// uses them) and, for the opt-in interop suite only, any folder of skill
// folders such as Forge's embedded-skill corpus (see test/interop/).

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** test/fixtures/skills: `<name>/SKILL.md` and `<name>/scripts/*`, written for this repository. */
export const FIXTURE_SKILLS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../fixtures/skills');

export interface CorpusSkill {
  /** Folder name. */
  dir: string;
  /** SKILL.md text, byte for byte (CRLF kept). */
  text: string;
  /** The files of `<dir>/scripts/` as the runtime's loader sees them (hidden files such as .gitkeep are not scripts). */
  scripts: Record<string, string>;
}

/** Every `<folder>/<dir>/SKILL.md` with its scripts, sorted by folder name. */
export function readSkillCorpus(folder: string): CorpusSkill[] {
  return readdirSync(folder)
    .filter((d) => existsSync(join(folder, d, 'SKILL.md')))
    .sort()
    .map((dir) => ({ dir, text: readFileSync(join(folder, dir, 'SKILL.md'), 'utf8'), scripts: scriptsOf(join(folder, dir, 'scripts')) }));
}

function scriptsOf(folder: string): Record<string, string> {
  if (!existsSync(folder)) return {};
  const out: Record<string, string> = {};
  for (const f of readdirSync(folder).sort()) if (!f.startsWith('.')) out[f] = readFileSync(join(folder, f), 'utf8');
  return out;
}

let fixtures: CorpusSkill[] | undefined;

/** The fixture skills (read once). */
export function fixtureSkills(): CorpusSkill[] {
  fixtures ??= readSkillCorpus(FIXTURE_SKILLS_DIR);
  return fixtures;
}

/** One fixture skill's SKILL.md text. */
export function fixtureSkill(dir: string): string {
  const s = fixtureSkills().find((x) => x.dir === dir);
  if (!s) throw new Error(`no fixture skill "${dir}" in ${FIXTURE_SKILLS_DIR}`);
  return s.text;
}
