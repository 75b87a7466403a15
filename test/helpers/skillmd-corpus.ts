// The Forge embedded-skill corpus (../shared/corpus/forge-embedded/*/SKILL.md),
// read once for the SKILL.md parser, compiler and validator tests.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../shared/corpus/forge-embedded');

export interface CorpusSkill {
  dir: string;
  text: string;
}

/** Every `<dir>/SKILL.md` of the corpus, sorted by folder name. */
export function corpusSkills(): CorpusSkill[] {
  return readdirSync(CORPUS_DIR)
    .filter((d) => existsSync(join(CORPUS_DIR, d, 'SKILL.md')))
    .sort()
    .map((dir) => ({ dir, text: readFileSync(join(CORPUS_DIR, dir, 'SKILL.md'), 'utf8') }));
}

export function corpusSkill(dir: string): string {
  return readFileSync(join(CORPUS_DIR, dir, 'SKILL.md'), 'utf8');
}
