// Forge's embedded-skill corpus, for the interop suite only. It is another
// project's text and is not in this repository: the folder comes from
// FORGE_CORPUS_DIR (vitest.interop.config.ts runs nothing when it is unset).

import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readSkillCorpus, type CorpusSkill } from '../helpers/skill-corpus.js';

function corpusDir(): string {
  const dir = process.env.FORGE_CORPUS_DIR;
  if (!dir) throw new Error("FORGE_CORPUS_DIR is not set; the interop suite needs the folder holding Forge's <skill>/SKILL.md files");
  const abs = resolve(dir);
  if (!existsSync(join(abs, 'weather', 'SKILL.md')))
    throw new Error(`FORGE_CORPUS_DIR=${dir} does not look like Forge's embedded-skill corpus (no weather/SKILL.md in it)`);
  return abs;
}

export const FORGE_CORPUS_DIR = corpusDir();

let skills: CorpusSkill[] | undefined;

export function corpusSkills(): CorpusSkill[] {
  skills ??= readSkillCorpus(FORGE_CORPUS_DIR);
  return skills;
}

export function corpusSkill(dir: string): string {
  return corpusSkills().find((s) => s.dir === dir)!.text;
}
