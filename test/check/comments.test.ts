// Comments in src/ say what they mean in words a reader of the package can
// follow: no reference to the project's SPEC or to an issue number (a reader
// has neither), and no file name that names no file (a renamed or merged file
// leaves such comments behind). The scan is tried on planted text of each kind.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commentsOf, findCommentProblems, type FileLookup } from './comment-scan.js';
import { readSources, repoRoot } from './source-files.js';

/** Base names of every file under the folders a bare name in a comment may point into. */
function baseNames(dirs: string[]): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir)) {
      const p = join(dir, entry);
      if (statSync(p).isDirectory()) walk(p);
      else names.add(entry);
    }
  };
  for (const d of dirs) walk(join(repoRoot, d));
  return names;
}

const names = baseNames(['src', 'test', 'docs']);
const repo: FileLookup = { exists: (p) => existsSync(join(repoRoot, p)), nameExists: (n) => names.has(n) };

describe('comments in src/', () => {
  it('name no SPEC section, no issue number and no file that does not exist', () => {
    const files = readSources(join(repoRoot, 'src'), /\.ts$/);
    expect(files.length).toBeGreaterThan(100);
    expect(findCommentProblems(files, repo)).toEqual([]);
  });
});

describe('the comment scan catches what it is meant to catch', () => {
  const scan = (src: string, path = 'src/core/envelope/planted.ts'): string[] => findCommentProblems([{ path, src }], repo);

  it('reads line and block comments, and not strings, regexes or templates', () => {
    const src = "// one\nconst a = '// not'; /* two */\nconst r = /\\/\\/ no/;\nconst t = `/* no */`;\n/** three\n * four */\nexport {};\n";
    expect(commentsOf({ path: 'x.ts', src }).map((c) => [c.line, c.text])).toEqual([
      [1, '// one'],
      [2, '/* two */'],
      [5, '/** three\n * four */'],
    ]);
  });

  it('flags a SPEC section in either spelling', () => {
    expect(scan('// Follows SPEC §8.2 for the order.\nexport {};\n')).toEqual([
      'src/core/envelope/planted.ts:1 spec: SPEC',
      'src/core/envelope/planted.ts:1 spec: §8',
    ]);
    expect(scan('/**\n * As the SPEC section on saving says.\n */\nexport {};\n')).toEqual(['src/core/envelope/planted.ts:2 spec: SPEC']);
    expect(scan('// See §6 and RFC 9110 §9.3.2.\nexport {};\n')).toEqual(['src/core/envelope/planted.ts:1 spec: §6']);
  });

  it('flags an issue number as `issue N` or `#N`, but not a hex colour or a numbered name', () => {
    expect(scan('// Fixed in issue 21.\nexport {};\n')).toEqual(['src/core/envelope/planted.ts:1 issue: issue 21']);
    expect(scan('export const x = 1; // see #17\n')).toEqual(['src/core/envelope/planted.ts:1 issue: #17']);
    expect(scan('// Issues 12 and 13.\nexport {};\n')).toEqual(['src/core/envelope/planted.ts:1 issue: Issues 12']);
    expect(scan('// colour #fff or #0a0a0a, `tool:<name>#2`, page.html#3, a#1\nexport {};\n')).toEqual([]);
  });

  it('flags a file name that names no file, bare or as a path', () => {
    expect(scan('// The reader lives in envelope-stream.ts.\nexport {};\n')).toEqual(['src/core/envelope/planted.ts:1 missing file: envelope-stream.ts']);
    expect(scan('// See ../json/parse.ts and docs/old-guide.md.\nexport {};\n')).toEqual([
      'src/core/envelope/planted.ts:1 missing file: ../json/parse.ts',
      'src/core/envelope/planted.ts:1 missing file: docs/old-guide.md',
    ]);
    expect(scan('// Settings in config/gone.yaml and gone.json.\nexport {};\n')).toEqual([
      'src/core/envelope/planted.ts:1 missing file: config/gone.yaml',
      'src/core/envelope/planted.ts:1 missing file: gone.json',
    ]);
  });

  it('passes names of files that exist, import-style .js names, workspace files, placeholders and Node.js', () => {
    const ok = [
      '// Uses ../json/partial.ts, ./parse.js, json/scan.ts (from a folder above) and src/core/index.ts.',
      '// Bare: structure-scan.ts, README.md, package.json; docs/http-api.md at the root.',
      '// The workspace: agents/<name>/forge.yaml, .forge/ui.yaml, skills.json, weather/SKILL.md, references/a.md.',
      "// Placeholders <name>.ts and *.json; the bundle forge-skill-builder.elements.js; Node.js 20; `from './gone.js'`.",
    ];
    expect(scan(`${ok.join('\n')}\nexport {};\n`)).toEqual([]);
  });
});
