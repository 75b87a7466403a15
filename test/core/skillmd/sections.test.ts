// The heading scan reads the body in place (no array of every line, numbers
// in typed arrays sized once); these tests hold it to the plain line-by-line
// reading it replaced: split into lines, mask the fenced code, take
// headingOf of every other line, and cut each section's content out of the lines.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeLineMask, headingOf } from '../../../src/core/skillmd/markdown/lines.js';
import { scanHeadings, sectionsOf } from '../../../src/core/skillmd/sections.js';
import { fuzzParams, tokenText } from '../../helpers/fuzz.js';
import { BODY_LINE, SKILLMD_TOKENS, skillMdDocument } from '../../helpers/skillmd-arbitrary.js';

/** The sections the line-by-line reading gives. */
function byLines(text: string, firstLine: number): { level: number; title: string; line: number; content: string }[] {
  const lines = text.split('\n');
  const mask = codeLineMask(lines);
  const heads: { level: number; title: string; index: number }[] = [];
  lines.forEach((line, index) => {
    const h = mask[index] ? null : headingOf(line);
    if (h) heads.push({ ...h, index });
  });
  return heads.map((h, k) => ({
    level: h.level,
    title: h.title,
    line: firstLine + h.index,
    content: lines.slice(h.index + 1, heads[k + 1]?.index ?? lines.length).join('\n'),
  }));
}

function check(text: string): void {
  const h = scanHeadings(text);
  expect(h.lineCount).toBe(text.split('\n').length);
  expect(sectionsOf(text, 3, h)).toEqual(byLines(text, 3));
}

describe('scanHeadings + sectionsOf', () => {
  it.each([
    ['empty', ''],
    ['one heading, no newline', '## Tool: x'],
    ['heading at the end', 'text\n# T\n'],
    ['closing hashes and tabs', '#\tTitle ##\n##   \n###### six\n####### seven\n #  one space\n    # four spaces'],
    ['fences', '```\n# not\n```\n# yes\n~~~~\n```\n# not\n~~~~\n## after'],
    ['unclosed fence', '# a\n```bash\n# comment\n## Tool: x'],
    ['line terminators inside a line', '# a\r\n## b\u2028c\n# d\re\n# f'],
    ['many short headings', '## Tool:          x\n'.repeat(200)],
    ['headings right after each other', '# a\n## b\n## c\n\n## d\n'],
  ])('%s', (_name, text) => check(text));

  it('agrees with the line-by-line reading on generated documents and token soup', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          skillMdDocument,
          tokenText([...SKILLMD_TOKENS, '\n', '\n#', '\n```', '\n~~~', ' ', '\t', '#'], 40),
          fc.array(BODY_LINE).map((ls) => ls.join('\n')),
        ),
        check,
      ),
      fuzzParams(300),
    );
  });
});
