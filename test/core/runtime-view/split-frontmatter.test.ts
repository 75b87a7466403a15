// The runtime's frontmatter split has two paths: on the string (the common
// case, no encoding) and on UTF-8 bytes (CRLF, long or odd text). Whatever the
// input, the string path must give what the byte path gives: it is the same
// split, only faster.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitOnBytes, splitRuntimeFrontmatter } from '../../../src/core/runtime-view/split-frontmatter.js';
import { fixtureSkills } from '../../helpers/skill-corpus.js';

const PIECES = [
  '---',
  '---\n',
  ' ---',
  '\u00a0---',
  '--- x',
  '\n',
  ' ',
  '\t',
  'name: a',
  'é',
  '日本',
  '☕',
  '\u0085',
  '\ufeff',
  '\ud800',
  '- word',
  '## Tool: t',
  '\u00a0',
];

describe('splitRuntimeFrontmatter', () => {
  it('gives the byte split for every fixture skill and its LF form', () => {
    for (const s of fixtureSkills()) {
      expect(splitRuntimeFrontmatter(s.text)).toEqual(splitOnBytes(s.text));
      const lf = s.text.replace(/\r\n/g, '\n');
      expect(splitRuntimeFrontmatter(lf)).toEqual(splitOnBytes(lf));
    }
  });

  it('gives the byte split for text built from fences, blanks and multi-byte characters', () => {
    const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }).map((xs) => xs.join(''));
    fc.assert(
      fc.property(text, (t) => void expect(splitRuntimeFrontmatter(t)).toEqual(splitOnBytes(t))),
      { numRuns: 3000 },
    );
  });

  it('keeps a multi-byte blank before the closing fence as the runtime counts it (three bytes in)', () => {
    const md = '---\nname: a\n\u00a0---\nbody\n';
    expect(splitRuntimeFrontmatter(md)).toEqual(splitOnBytes(md));
    expect(splitRuntimeFrontmatter(md).body.startsWith('--')).toBe(true);
  });
});
