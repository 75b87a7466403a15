// The standalone elements bundle (dist/forge-skill-builder.elements.js, lit and
// every dependency inlined, minified) against its budget. Issue 6: "target
// standalone ≤ 40 KiB gzip". A size is deterministic, so unlike a timing it can
// be a test threshold. Needs `npm run build` first (npm test builds before
// vitest); `npm run check` does not build, so this lives outside test/check.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledPackages, DIST, gzipSize, kib, readDist, STANDALONE_BUNDLE, STANDALONE_GZIP_BUDGET } from '../../bench/bundle-size.js';

describe('standalone elements bundle', () => {
  it(`fits the ${kib(STANDALONE_GZIP_BUDGET)} gzip budget`, () => {
    const size = gzipSize(readDist(STANDALONE_BUNDLE));
    expect(
      size,
      `dist/forge-skill-builder.elements.js is ${kib(size)} (${size} bytes) gzip, over its budget of ${kib(STANDALONE_GZIP_BUDGET)} (${STANDALONE_GZIP_BUDGET} bytes)`,
    ).toBeLessThanOrEqual(STANDALONE_GZIP_BUDGET);
  });

  it('does not inline yaml, zod, tldts or CodeMirror (src/elements may only use browser-safe core modules that need none of them; the code editor is a chunk loaded on demand)', () => {
    const packages = bundledPackages(readDist(join(DIST, 'forge-skill-builder.elements.js.map')));
    // Guards the guard: a source map that lists no npm package at all would make the check below pass on nothing.
    expect([...packages.keys()], 'packages the source map lists').toContain('lit-html');
    const heavy = ['yaml', 'zod', 'tldts', '@codemirror/view', '@codemirror/state', '@lezer/common']
      .filter((name) => packages.has(name))
      .map((name) => `${name} (${packages.get(name)} files)`);
    expect(heavy, 'the standalone bundle pulls these in: some module under src/elements imports a core module that uses them').toEqual([]);
  });
});
