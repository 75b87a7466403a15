// Chat Markdown on pathological replies (issue 21, item 4): long runs of
// unclosed link, code-span and emphasis syntax render as the text they are,
// and the link, title and nesting rules still hold next to them. Before, each
// unclosed `[` rescanned the rest of the text (1 MiB of `[` ran over a
// minute); how long these take is measured in bench/redos.bench.ts.

import { parseBlocks } from '../../../../src/elements/internal/markdown/blocks.js';
import { parseInline } from '../../../../src/elements/internal/markdown/inline.js';
import { markdownToElement } from '../../../../src/elements/internal/markdown/markdown.js';
import { TextRun } from '../../../../src/elements/internal/markdown/text-run.js';
import { deepEqual, equal } from '../../helpers/assert.js';

const SIZE = 128 * 1024;

describe('markdown on pathological input', () => {
  for (const unit of ['[', '![', '[a](', '[a](<', '[a](x (', '[a](x "', '`', '[`', '*a ', 'a* ', '_a_ ']) {
    it(`renders ${SIZE / 1024} KiB of ${JSON.stringify(unit)} as its text`, () => {
      const text = unit.repeat(Math.floor(SIZE / unit.length));
      const root = markdownToElement(`x ${text}y`);
      equal(root.querySelectorAll('a').length, 0, 'no link');
      const shown = root.textContent!.replace(/\s+/g, '');
      // Emphasis pairs and code spans take their `*`, `_` and backticks off; the rest is shown as written.
      if (!/[*_`]/.test(unit)) equal(shown, `x${text}y`.replace(/\s+/g, ''));
    });
  }

  it('still reads links next to unclosed brackets, with titles, nested labels and code in the label', () => {
    const root = markdownToElement('[[ [a [b] `]` c](https://x.example/p(1) "t") [z](<https://z.example>) [');
    const links = [...root.querySelectorAll('a')];
    equal(links.length, 2);
    equal(links[0]!.getAttribute('href'), 'https://x.example/p(1)');
    equal(links[0]!.textContent, 'a [b] ] c');
    equal(links[1]!.getAttribute('href'), 'https://z.example');
    equal(root.textContent!.startsWith('[[ '), true, root.textContent!);
  });

  // Text used to grow one character at a time (1 MiB of curly quotes: a million-piece string whose
  // garbage collection made 1 MiB take 130 times as long as 64 KiB). The text between nodes is now
  // cut from the source in slices: counting them shows the work no longer depends on the characters.
  it('cuts plain text between inline nodes as one slice per run, however long the run', () => {
    const quotes = '“”'.repeat(512 * 1024);
    const before = TextRun.slices;
    deepEqual(parseInline(`Text ${quotes} end`), [{ t: 'text', v: `Text ${quotes} end` }]);
    equal(TextRun.slices - before, 1, 'one slice for 1 MiB of text');
    const mixed = `${'a “h” ! <c | # '.repeat(64_000)}x`;
    const before2 = TextRun.slices;
    deepEqual(parseInline(mixed), [{ t: 'text', v: mixed }]);
    equal(TextRun.slices - before2, 1, 'one slice for 1 MB of text around letters the parser looks at twice (h, !, <)');
  });

  it('keeps soft and hard line breaks, escapes and emphasis next to long runs (the slices join back exactly)', () => {
    const run = ' '.repeat(1000);
    deepEqual(parseInline(`a \nb${run}\nc \\* d *e*`), [
      { t: 'text', v: 'a\nb' },
      { t: 'br' },
      { t: 'text', v: 'c * d ' },
      { t: 'em', c: [{ t: 'text', v: 'e' }] },
    ]);
    const before = TextRun.slices;
    const parsed = parseInline('x\\*'.repeat(100_000));
    equal(parsed.length, 1);
    equal((parsed[0] as { v: string }).v, 'x*'.repeat(100_000));
    equal(TextRun.slices - before <= 200_001, true, 'at most one slice per escape and one per run between them');
  });

  it('reads a table row of 256 Ki cells and a 1 MB code block whole', () => {
    const row = `${'| x '.repeat(256 * 1024)}|`;
    const [table] = parseBlocks(`| a | b |\n|---|---|\n${row}`);
    equal(table?.block.t, 'table');
    const cells = (table!.block as { rows: string[][] }).rows[0]!;
    equal(cells.length, 256 * 1024);
    equal(
      cells.every((c) => c === 'x'),
      true,
    );
    const body = 'echo `` # [x](y) **\n'.repeat(50_000);
    const [code] = parseBlocks(`\`\`\`bash\n${body}`);
    deepEqual(code?.block, { t: 'code', lang: 'bash', text: body });
    equal(code?.src, `\`\`\`bash\n${body}`);
  });
});
