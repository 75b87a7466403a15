// The Forge embedded-skill corpus (../shared/corpus/forge-embedded/*/SKILL.md),
// read once for the SKILL.md parser, compiler and validator tests and the
// benches. The corpus is not vendored into this repository (it is another
// project's text); it is found beside the checkout, at the workplace's shared
// folder, or wherever FORGE_CORPUS_DIR points. A missing corpus is an error,
// never a silent skip.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

function findCorpus(): string {
  const candidates = [
    process.env.FORGE_CORPUS_DIR,
    join(here, '../../../shared/corpus/forge-embedded'),
    '/work/shared/corpus/forge-embedded',
  ].filter((c): c is string => typeof c === 'string' && c !== '');
  const found = candidates.find((c) => existsSync(join(c, 'weather', 'SKILL.md')));
  if (found === undefined)
    throw new Error(
      `the forge-embedded skill corpus was not found (looked in: ${candidates.join(', ')}); set FORGE_CORPUS_DIR to the folder holding <skill>/SKILL.md`,
    );
  return found;
}

export const CORPUS_DIR = findCorpus();

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
