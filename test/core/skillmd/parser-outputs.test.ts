// The SKILL.md parsers that were restructured for speed (forgeRuntimeView,
// decompileSkill, parseSkillMd) must give byte-identical results: the JSON of
// each one's output on every SKILL.md of the fixture corpus, on each fixture
// with a pathological payload appended, and on the pathological payloads at a
// few sizes is hashed and compared with the hashes the code gave before the
// change (test/fixtures/parser-outputs.hashes.json). A real change of behaviour rewrites
// that file on purpose:
//
//   UPDATE_PARSER_OUTPUTS=1 npx vitest run test/core/skillmd/parser-outputs.test.ts
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { forgeRuntimeView } from '../../../src/core/runtime-view/runtime-view.js';
import { safeDecompileSkill } from '../../../src/core/skillmd/decompile.js';
import { parseSkillMd } from '../../../src/core/skillmd/parse.js';
import { PARSERS, PAYLOADS } from '../../helpers/pathological-inputs.js';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../../..');
const fixtures = join(root, 'test/fixtures');
const hashesFile = join(fixtures, 'parser-outputs.hashes.json');

interface Input {
  id: string;
  text: string;
  scripts?: string[];
}

function skillFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...skillFiles(path));
    else if (name === 'SKILL.md') out.push(path);
  }
  return out;
}

function inputs(): Input[] {
  const list: Input[] = [];
  const shapes = PARSERS.find((p) => p.name === 'parseSkillMd')!.shapes;
  for (const file of skillFiles(fixtures)) {
    const id = relative(root, file);
    const text = readFileSync(file, 'utf8');
    const scriptsDir = join(dirname(file), 'scripts');
    const scripts = existsSync(scriptsDir) ? readdirSync(scriptsDir).sort() : [];
    list.push({ id, text, scripts });
    list.push({ id: `${id} (LF)`, text: text.replace(/\r\n/g, '\n') });
    for (const [name, make] of Object.entries(PAYLOADS)) list.push({ id: `${id} + ${name}`, text: `${text}\n${make(2048)}\n`, scripts });
  }
  for (const [name, make] of Object.entries(PAYLOADS))
    for (const size of [64, 4096, 65536]) shapes(make(size)).forEach((text, s) => list.push({ id: `${name} #${s + 1} @${size}`, text }));
  return list;
}

const digest = (value: unknown): string => createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 24);

function outputs(input: Input): Record<string, string> {
  return {
    parseSkillMd: digest(parseSkillMd(input.text)),
    forgeRuntimeView: digest(forgeRuntimeView(input.text)),
    ...(input.scripts ? { 'forgeRuntimeView+scripts': digest(forgeRuntimeView(input.text, { scripts: input.scripts })) } : {}),
    decompileSkill: digest(safeDecompileSkill(input.text)),
  };
}

describe('parser outputs are the same as before the speed work', () => {
  it('parseSkillMd, forgeRuntimeView and decompileSkill on the fixtures and the pathological payloads', () => {
    const got: Record<string, Record<string, string>> = {};
    for (const input of inputs()) got[input.id] = outputs(input);
    if (process.env.UPDATE_PARSER_OUTPUTS) {
      // One line per input, so a change shows as the lines of the inputs it touched.
      const lines = Object.entries(got).map(([id, h]) => `${JSON.stringify(id)}: ${JSON.stringify(h)}`);
      writeFileSync(hashesFile, `{\n${lines.join(',\n')}\n}\n`);
      return;
    }
    const want = JSON.parse(readFileSync(hashesFile, 'utf8')) as typeof got;
    expect(Object.keys(got)).toEqual(Object.keys(want));
    for (const id of Object.keys(want)) expect(got[id], id).toEqual(want[id]);
  }, 120_000);
});
