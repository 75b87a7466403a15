// validateSkillMd's output is pinned byte for byte: the JSON of every result
// on the SKILL.md files under test/fixtures (as written, with CRLF, with
// emptied inputs, with tools cut by `#` lines, under several option sets) and
// on the pathological payloads, compared with a snapshot of sha256 digests
// taken from the code before the validator was optimised for speed
// (same-output.golden.json). A speed change must leave every digest as it is;
// a deliberate change of a finding regenerates the file:
//   UPDATE_VALIDATE_GOLDEN=1 npx vitest run test/core/skillmd/validate/same-output.test.ts
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { validateSkillMd, type ValidateOptions } from '../../../../src/core/skillmd/validate/validate.js';
import { PAYLOADS } from '../../../helpers/pathological-inputs.js';

const here = dirname(fileURLToPath(import.meta.url));
const FIXTURES = join(here, '../../../fixtures');
const GOLDEN = join(here, 'same-output.golden.json');

interface Found {
  path: string;
  text: string;
  dir: string;
  scripts: Record<string, string>;
  files: Record<string, string>;
}

/** Every SKILL.md under `root` with its scripts and other files, sorted by path. */
function findSkills(root: string): Found[] {
  const out: Found[] = [];
  const walk = (d: string): void => {
    const entries = readdirSync(d, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    if (entries.some((e) => e.isFile() && e.name === 'SKILL.md')) {
      const scripts: Record<string, string> = {};
      const files: Record<string, string> = {};
      const collect = (sub: string): void => {
        for (const e of readdirSync(join(d, sub), { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
          const rel = sub ? `${sub}/${e.name}` : e.name;
          if (e.isDirectory()) collect(rel);
          else if (rel !== 'SKILL.md' && !e.name.startsWith('.')) files[rel] = readFileSync(join(d, rel), 'utf8');
        }
      };
      collect('');
      for (const [rel, body] of Object.entries(files)) if (rel.startsWith('scripts/') && rel.split('/').length === 2) scripts[rel.slice(8)] = body;
      out.push({ path: relative(FIXTURES, d), text: readFileSync(join(d, 'SKILL.md'), 'utf8'), dir: d.split('/').pop()!, scripts, files });
    }
    for (const e of entries) if (e.isDirectory() && !e.name.startsWith('.')) walk(join(d, e.name));
  };
  walk(root);
  return out;
}

const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

/** Text variants of one SKILL.md: as written, CRLF, emptied `**Input:**` lines, tool headings cut by a `#` line. */
function variants(text: string): Record<string, string> {
  const lf = text.replace(/\r\n/g, '\n');
  return {
    written: text,
    crlf: lf.replace(/\n/g, '\r\n'),
    'empty inputs': lf.replace(/^\*\*Input:\*\*.*$/gm, '**Input:**'),
    'cut tools': lf.replace(/^## Tool: /gm, '# Cut\n\n## Tool: '),
    'no body': lf.slice(0, lf.indexOf('\n---', 3) + 4),
  };
}

function cases(): Map<string, () => unknown> {
  const out = new Map<string, () => unknown>();
  const skills = findSkills(FIXTURES);
  for (const [i, s] of skills.entries()) {
    const other = skills[(i + 1) % skills.length]!;
    const optionSets: Record<string, ValidateOptions> = {
      none: {},
      scripts: { scripts: s.scripts, dirName: s.dir },
      'scripts+files': { scripts: s.scripts, files: s.files, dirName: s.dir },
      agentskills: { profile: 'agentskills', dirName: s.dir, files: s.files },
      edit: { scripts: s.scripts, previous: other.text, existingNames: [s.dir, other.dir], editingName: s.dir },
      create: { existingNames: [s.dir, 'x'], mode: 'create', previous: other.text },
    };
    for (const [vn, text] of Object.entries(variants(s.text)))
      for (const [on, opts] of Object.entries(optionSets)) out.set(`${s.path} | ${vn} | ${on}`, () => validateSkillMd(text, opts));
  }
  const FRONT = '---\nname: redos-bench\ndescription: When the user asks for "pathological input".\n---\n';
  for (const [name, make] of Object.entries(PAYLOADS))
    for (const size of [700, 6000]) {
      const p = make(size);
      const shapes = [FRONT + p, `${FRONT}# Title\n\n## Tool: t\n\n${p}\n`, `${FRONT}## Tool: t\n\n**Input:** q (string)\n\n${p}\n`];
      for (const [k, text] of shapes.entries()) {
        out.set(`payload ${name} ${size} #${k + 1}`, () => validateSkillMd(text));
        out.set(`payload ${name} ${size} #${k + 1} | scripts`, () =>
          validateSkillMd(text, { scripts: { 't.sh': '#!/bin/bash\necho "$1"\n', 'u.py': 'print(1)\n' } }),
        );
      }
    }
  return out;
}

describe('validateSkillMd output is unchanged', () => {
  const all = cases();
  const digests: Record<string, string> = {};
  for (const [name, run] of all) digests[name] = sha(JSON.stringify(run()));

  if (process.env.UPDATE_VALIDATE_GOLDEN) writeFileSync(GOLDEN, `${JSON.stringify(digests, null, 2)}\n`);

  it('covers the fixture corpus and the payloads', () => {
    expect(existsSync(GOLDEN)).toBe(true);
    expect(all.size).toBeGreaterThan(800);
  });

  it('every result has the digest of the snapshot', () => {
    const golden = JSON.parse(readFileSync(GOLDEN, 'utf8')) as Record<string, string>;
    expect(Object.keys(digests).sort()).toEqual(Object.keys(golden).sort());
    const changed = Object.keys(golden).filter((k) => golden[k] !== digests[k]);
    expect(changed).toEqual([]);
  });
});
