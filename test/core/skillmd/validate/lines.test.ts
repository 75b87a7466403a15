// The line finder behind validator diagnostics: a frontmatter field path →
// its 1-based SKILL.md line, following block-style YAML indentation.
import { describe, expect, it } from 'vitest';
import { frontmatterLinesOf, locateField } from '../../../../src/core/skillmd/locate.js';

const text = [
  '---', //                                 1
  'name: demo', //                          2
  'tags:', //                               3
  '- a', //                                 4  (sequence at the key's indent)
  '- b', //                                 5
  'metadata:', //                           6
  '  # a comment', //                       7
  '  forge:', //                            8
  '    requires:', //                       9
  '      bins:', //                         10
  '        - curl', //                      11
  '        - name: mytool', //              12
  '          url: https://x.example.org', // 13
  '          chmod: 755', //                14
  '        - "name": other', //             15
  '      capabilities: [browser, x]', //    16
  '---',
  'body',
].join('\n');
const fm = frontmatterLinesOf(text);

describe('locateField', () => {
  it('finds top-level keys', () => {
    expect(locateField(fm, ['name'])).toBe(2);
    expect(locateField(fm, ['metadata'])).toBe(6);
  });

  it('follows nested mappings past comments', () => {
    expect(locateField(fm, ['metadata', 'forge', 'requires', 'bins'])).toBe(10);
  });

  it('indexes sequence items, including ones at the parent key indent', () => {
    expect(locateField(fm, ['tags', 1])).toBe(5);
    expect(locateField(fm, ['metadata', 'forge', 'requires', 'bins', 0])).toBe(11);
    expect(locateField(fm, ['metadata', 'forge', 'requires', 'bins', 2])).toBe(15);
  });

  it('finds keys inside an item, quoted or not', () => {
    expect(locateField(fm, ['metadata', 'forge', 'requires', 'bins', 1, 'chmod'])).toBe(14);
    expect(locateField(fm, ['metadata', 'forge', 'requires', 'bins', 1, 'name'])).toBe(12);
    expect(locateField(fm, ['metadata', 'forge', 'requires', 'bins', 2, 'name'])).toBe(15);
  });

  it('falls back to the deepest part found (flow style, missing keys)', () => {
    expect(locateField(fm, ['metadata', 'forge', 'requires', 'capabilities', 1])).toBe(16);
    expect(locateField(fm, ['metadata', 'forge', 'requires', 'bins', 1, 'dest'])).toBe(12);
    expect(locateField(fm, ['nothing'])).toBeUndefined();
  });

  it('does not match a key of a deeper level', () => {
    expect(locateField(fm, ['requires'])).toBeUndefined();
    expect(locateField(fm, ['url'])).toBeUndefined();
  });
});

describe('frontmatterLinesOf', () => {
  it('is empty without an opening fence and stops at the closing one', () => {
    expect(frontmatterLinesOf('# title\n---\nname: x\n---')).toEqual([]);
    expect(frontmatterLinesOf('\uFEFF---\r\nname: x\r\n---\r\nbody')).toEqual(['name: x']);
  });

  it('cuts where parseSkillMd does: no lines for a frontmatter the parser reports unclosed', () => {
    // `...` ends a YAML document but not SKILL.md frontmatter; the parser says frontmatter-unclosed.
    expect(frontmatterLinesOf('---\nname: x\n...\nbody\n')).toEqual([]);
    expect(frontmatterLinesOf('---\nname: x\n')).toEqual([]);
    expect(frontmatterLinesOf('--- \nname: x\n---\t\n')).toEqual(['name: x']);
  });
});
