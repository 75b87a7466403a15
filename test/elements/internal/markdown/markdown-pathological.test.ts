// Chat Markdown on pathological replies (issue 21, item 4): long runs of
// unclosed link, code-span and emphasis syntax render as the text they are,
// and the link, title and nesting rules still hold next to them. Before, each
// unclosed `[` rescanned the rest of the text (1 MiB of `[` ran over a
// minute); how long these take is measured in bench/redos.bench.ts.

import { markdownToElement } from '../../../../src/elements/internal/markdown/markdown.js';
import { equal } from '../../helpers/assert.js';

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
});
