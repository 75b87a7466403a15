// Chat Markdown on real reply shapes (issue 14): identifiers with `_` and `*`
// (env vars, file paths, snake_case tool names) stay exactly as written,
// intended emphasis still works, `**Changed:**` lists and code spans render,
// an emphasis left open when the reply ends shows its literal characters, and
// streaming the text in small deltas gives the same DOM as rendering it whole.

import { html, render } from 'lit';
import { markdown, markdownToElement } from '../../../../src/elements/internal/markdown/markdown.js';
import { equal, ok } from '../../helpers/assert.js';

interface Case {
  text: string;
  /** The visible text, exactly. */
  shows: string;
  /** Text of each <em>, <strong> and <code>, in order (none when empty). */
  em?: string[];
  strong?: string[];
  code?: string[];
}

const CASES: Case[] = [
  { text: 'It uses TICKETS_TOKEN.', shows: 'It uses TICKETS_TOKEN.', em: [], strong: [] },
  { text: 'Set TICKETS_TOKEN and GITHUB_API_TOKEN, or GH_TOKEN.', shows: 'Set TICKETS_TOKEN and GITHUB_API_TOKEN, or GH_TOKEN.', em: [] },
  {
    text: 'The tool my_tool_name runs scripts/my_tool.sh with snake_case_args.',
    shows: 'The tool my_tool_name runs scripts/my_tool.sh with snake_case_args.',
    em: [],
  },
  {
    text: 'Both file__name__x and a__b stay; __init__ alone is strong, as in CommonMark.',
    shows: 'Both file__name__x and a__b stay; init alone is strong, as in CommonMark.',
    strong: ['init'],
    em: [],
  },
  { text: 'Globs like *.sh or *.py stay.', shows: 'Globs like *.sh or *.py stay.', em: [] },
  {
    text: 'CommonMark lets * emphasise inside a word: foo*bar*baz, never _: foo_bar_baz.',
    shows: 'CommonMark lets * emphasise inside a word: foobarbaz, never _: foo_bar_baz.',
    em: ['bar'],
  },
  { text: 'Use `web_fetch` and `TICKETS_TOKEN` here.', shows: 'Use web_fetch and TICKETS_TOKEN here.', code: ['web_fetch', 'TICKETS_TOKEN'], em: [] },
  {
    text: 'This is *important* and _also this_ and **bold** and __bold too__.',
    shows: 'This is important and also this and bold and bold too.',
    em: ['important', 'also this'],
    strong: ['bold', 'bold too'],
  },
  {
    text: '**Changed:**\n- renamed `fetch_data` to `fetch_tickets`\n- TICKETS_TOKEN is now *required*',
    shows: 'Changed:renamed fetch_data to fetch_ticketsTICKETS_TOKEN is now required',
    strong: ['Changed:'],
    em: ['required'],
    code: ['fetch_data', 'fetch_tickets'],
  },
  { text: 'Open *emphasis that never closes', shows: 'Open *emphasis that never closes', em: [] },
  { text: 'Strong **left open at the end', shows: 'Strong **left open at the end', strong: [], em: [] },
  { text: 'Mixed ***both*** at once', shows: 'Mixed both at once', em: ['both'], strong: ['both'] },
  {
    text: 'A path: `scripts/my-tool.sh`, a var: $MY_VAR_NAME, a glob: **/*.md',
    shows: 'A path: scripts/my-tool.sh, a var: $MY_VAR_NAME, a glob: **/*.md',
    em: [],
    strong: [],
  },
  { text: 'Escaped \\*stars\\* and \\_underscores\\_ stay literal.', shows: 'Escaped *stars* and _underscores_ stay literal.', em: [] },
  { text: 'See https://example.com/a_b_c/path_x?q=1_2.', shows: 'See https://example.com/a_b_c/path_x?q=1_2.', em: [] },
];

const texts = (root: Element, sel: string) => [...root.querySelectorAll(sel)].map((e) => e.textContent ?? '');

function check(root: Element, c: Case, how: string) {
  equal(root.textContent, c.shows, `${how}: ${JSON.stringify(c.text)}`);
  if (c.em) equal(JSON.stringify(texts(root, 'em')), JSON.stringify(c.em), `${how}: <em> in ${JSON.stringify(c.text)}`);
  if (c.strong) equal(JSON.stringify(texts(root, 'strong')), JSON.stringify(c.strong), `${how}: <strong> in ${JSON.stringify(c.text)}`);
  if (c.code) equal(JSON.stringify(texts(root, 'code')), JSON.stringify(c.code), `${how}: <code> in ${JSON.stringify(c.text)}`);
}

/** Renders `text` through the directive in deltas of `size` characters, then marks it done. */
function streamed(text: string, size: number): Element {
  const host = document.createElement('div');
  for (let i = size; i < text.length + size; i += size) render(html`${markdown(text.slice(0, i), false)}`, host);
  render(html`${markdown(text, true)}`, host);
  return host.querySelector('.md')!;
}

describe('chat Markdown: real reply shapes', () => {
  for (const c of CASES) {
    it(`renders ${JSON.stringify(c.text.slice(0, 48))}`, () => {
      const whole = markdownToElement(c.text);
      check(whole, c, 'whole');
      for (const size of [1, 2, 3, 7]) {
        const s = streamed(c.text, size);
        check(s, c, `streamed in ${size}-character deltas`);
        equal(s.innerHTML, whole.innerHTML, `streamed in ${size}s equals whole`);
      }
    });
  }

  it('renders a whole reply: headings, a Changed list, code fence, table, no stray emphasis', () => {
    const reply = [
      '## Draft ready',
      '',
      'The skill **ticket-triage** calls `tickets_search` (scripts/tickets_search.sh) with TICKETS_TOKEN.',
      '',
      '**Changed:**',
      '1. added the `priority_filter` input',
      '2. TICKETS_API_URL defaults to https://tickets.example.com/api',
      '',
      '```bash',
      'INPUT="${1:-}"',
      'echo "$TICKETS_TOKEN" | my_helper --flag_name',
      '```',
      '',
      '| env var | needed |',
      '|---|---|',
      '| TICKETS_TOKEN | yes |',
      '| TICKETS_API_URL | no |',
      '',
      '> Note: *set* MY_ENV_VAR before running.',
    ].join('\n');
    const root = markdownToElement(reply);
    equal(root.querySelector('[role="heading"]')?.textContent, 'Draft ready');
    equal(JSON.stringify(texts(root, 'strong')), JSON.stringify(['ticket-triage', 'Changed:']));
    equal(JSON.stringify(texts(root, 'em')), JSON.stringify(['set']));
    equal(root.querySelectorAll('ol li').length, 2);
    ok(root.querySelector('pre code')!.textContent!.includes('my_helper --flag_name'), root.querySelector('pre code')?.textContent ?? 'no code block');
    equal(JSON.stringify(texts(root, 'td')), JSON.stringify(['TICKETS_TOKEN', 'yes', 'TICKETS_API_URL', 'no']));
    ok(root.textContent!.includes('scripts/tickets_search.sh) with TICKETS_TOKEN.'), root.textContent!);
    equal(root.querySelector('a')?.getAttribute('href'), 'https://tickets.example.com/api');
    for (const size of [1, 5]) equal(streamed(reply, size).innerHTML, root.innerHTML, `streamed in ${size}s`);
  });
});
