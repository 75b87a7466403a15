// Every source file under src opens with a header comment saying what it owns,
// in a few lines (header-scan.ts), so a reader knows a file before reading it.
// The scan is tried on planted files of each kind.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findMissingHeaders, headerText } from './header-scan.js';
import { readSources, repoRoot } from './source-files.js';

describe('file headers in src/', () => {
  it('every file opens with a comment saying what it owns', () => {
    const files = readSources(join(repoRoot, 'src'), /\.(ts|mts|tsx)$/);
    expect(files.length).toBeGreaterThan(100);
    expect(findMissingHeaders(files)).toEqual([]);
  });
});

describe('the header scan catches what it is meant to catch', () => {
  it('flags a file without a header, a header too short to say anything, and a directive standing in for one', () => {
    const found = findMissingHeaders([
      { path: 'src/none.ts', src: "import { x } from './x.js';\n// late comment that does not count\nexport const y = x;\n" },
      { path: 'src/short.ts', src: '// Helpers.\nexport const a = 1;\n' },
      { path: 'src/directive.ts', src: '/* eslint-disable no-console */\nexport const a = 1;\n' },
      { path: 'src/ts-only.ts', src: '// @ts-nocheck\nexport const a = 1;\n' },
    ]);
    expect(found.map((p) => p.split(':')[0])).toEqual(['src/none.ts', 'src/short.ts', 'src/directive.ts', 'src/ts-only.ts']);
  });

  it('accepts line and block headers of a few words, after a shebang or blank lines', () => {
    expect(
      findMissingHeaders([
        { path: 'src/line.ts', src: '// The skill value and its data shapes.\nexport {};\n' },
        { path: 'src/block.ts', src: '/**\n * Where the agent keeps its skills on disk.\n */\nexport {};\n' },
        { path: 'src/bin.ts', src: '#!/usr/bin/env node\n\n// The command line entry of the package.\nexport {};\n' },
        { path: 'src/after-directive.ts', src: '// eslint-disable-next-line\n// The designer entry point and its builder.\nexport {};\n' },
      ]),
    ).toEqual([]);
    expect(headerText('/* one */ // two\nx')).toBe('one');
  });
});
