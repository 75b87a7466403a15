// Issue 12: no source file over 400 lines and no function over 80 lines (a
// tight scanning loop may be longer, with a comment saying why); import
// cycles are dependency-cruiser's (layers.test.ts). The scan reads every source file under src with the TypeScript
// compiler API; the exception is a `// long-function: <why>` comment right above
// the function, never a list of files.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSources, repoRoot } from './source-files.js';
import { findLongFiles, findLongFunctions, type SourceText } from './structure-scan.js';

const all: SourceText[] = readSources(join(repoRoot, 'src'), /\.(ts|mts|tsx)$/);
const area = (name: string): SourceText[] => all.filter((f) => f.path.startsWith(`src/${name}/`));

describe('structure of src', () => {
  it('reads every area', () => {
    for (const name of ['core', 'node', 'elements', 'testing']) expect(area(name).length, name).toBeGreaterThan(0);
  });

  for (const name of ['core', 'node', 'elements', 'testing']) {
    it(`src/${name}: no file over 400 lines`, () => {
      expect(findLongFiles(area(name))).toEqual([]);
    });
    it(`src/${name}: no function over 80 lines`, () => {
      expect(findLongFunctions(area(name))).toEqual([]);
    });
  }
});

describe('the structure scan catches what it is meant to catch', () => {
  const body = (n: number): string => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');

  it('flags a file over 400 lines and not one of exactly 400', () => {
    const lines = (n: number): string => `${Array.from({ length: n }, (_, i) => `export const v${i} = ${i};`).join('\n')}\n`;
    expect(
      findLongFiles([
        { path: 'src/big.ts', src: lines(401) },
        { path: 'src/ok.ts', src: lines(400) },
      ]),
    ).toEqual(['src/big.ts: 401 lines (max 400)']);
  });

  it('flags declarations, methods, arrows and function expressions over 80 lines, and not 80', () => {
    const src = [
      `function declared() {\n${body(79)}\n}`, // 81 lines
      `const arrow = () => {\n${body(79)}\n};`,
      `export const expr = function () {\n${body(79)}\n};`,
      `class K {\n  method() {\n${body(79)}\n  }\n}`,
      `const o = { prop: () => {\n${body(79)}\n} };`,
      `function fits() {\n${body(78)}\n}`, // 80 lines
      `run(() => {\n${body(30)}\n});`, // anonymous callbacks count toward their parent, not alone
    ].join('\n');
    const found = findLongFunctions([{ path: 'src/f.ts', src }]).map((p) => p.replace(/:\d+:/, ':'));
    expect(found).toEqual([
      'src/f.ts: function declared is 81 lines (max 80)',
      'src/f.ts: function arrow is 81 lines (max 80)',
      'src/f.ts: function expr is 81 lines (max 80)',
      'src/f.ts: function method is 81 lines (max 80)',
      'src/f.ts: function prop is 81 lines (max 80)',
    ]);
  });

  it('lets a function marked `// long-function: <why>` right above it be longer, and nothing else', () => {
    const marked = `// long-function: one pass over the input; splitting it costs a call per character\nfunction scan() {\n${body(90)}\n}`;
    const markedArrow = `/** Scans. */\n// long-function: a tight scanning loop\nexport const scan2 = (s: string) => {\n${body(90)}\n};`;
    expect(findLongFunctions([{ path: 'src/m.ts', src: `${marked}\n${markedArrow}` }])).toEqual([]);
    const noReason = `// long-function:\nfunction a() {\n${body(90)}\n}`;
    const notRightAbove = `// long-function: why\n/** Docs in between. */\nfunction b() {\n${body(90)}\n}`;
    const otherComment = `// this one is long\nfunction c() {\n${body(90)}\n}`;
    expect(findLongFunctions([{ path: 'src/n.ts', src: [noReason, notRightAbove, otherComment].join('\n') }])).toHaveLength(3);
  });
});
