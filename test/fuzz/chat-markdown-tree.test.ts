// The chat Markdown parser (blocks, then the inline tree of every text) gives
// exactly the trees it gave before its allocation cuts: the pathological
// payloads of the redos bench in both of its shapes at three sizes, a few
// realistic replies, and a seeded corpus of random Markdown snippets are
// parsed, and the JSON of each group's trees is compared by SHA-256 with
// test/fixtures/chat-markdown-trees.json, recorded from the code before the
// change. A change that is meant to alter a tree re-records the file:
//
//   UPDATE_MARKDOWN_TREES=1 npx vitest run test/fuzz/chat-markdown-tree.test.ts

import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseBlocks, type Block } from '../../src/elements/internal/markdown/blocks.js';
import { parseInline, type Inline } from '../../src/elements/internal/markdown/inline.js';
import { PAYLOADS } from '../helpers/pathological-inputs.js';

const FIXTURE = new URL('../fixtures/chat-markdown-trees.json', import.meta.url);

type Tree = { block: Block; src: string; inline: Inline[][] };

/** Every block of `text` with its source and the inline tree of each of its texts, in document order. */
function treeOf(text: string): Tree[] {
  const inlineOf = (b: Block, acc: Inline[][]): Inline[][] => {
    if (b.t === 'p' || b.t === 'h') acc.push(parseInline(b.text));
    else if (b.t === 'quote') for (const c of b.c) inlineOf(c, acc);
    else if (b.t === 'list') for (const it of b.items) for (const c of it.c) inlineOf(c, acc);
    else if (b.t === 'table') for (const c of [...b.head, ...b.rows.flat()]) acc.push(parseInline(c));
    return acc;
  };
  return parseBlocks(text).map((s) => ({ block: s.block, src: s.src, inline: inlineOf(s.block, []) }));
}

const digest = (texts: string[]): string => {
  const h = createHash('sha256');
  for (const t of texts) h.update(JSON.stringify(treeOf(t))).update('\n');
  return h.digest('hex');
};

const REPLIES = [
  '## Tool: search_tickets\n\nSearches the **ticket tracker** for `open` issues.\n\n- one\n- two\n  - nested *item*\n\n1. first\n2. second\n',
  'Here is the draft:\n\n```bash\n#!/usr/bin/env bash\necho "$TICKETS_TOKEN" | my_tool.sh\n```\n\nRun it with `./scripts/my_tool.sh` — see [the docs](https://x.example/p(1) "Docs").',
  '> A quote with _emphasis_ and a\n> second line  \n> hard break\n\n---\n\n| Input | Type | Required |\n|---|:-:|--:|\n| `query` | string | yes |\n| a \\| b | number | no |\n',
  '- [ ] todo\n- [x] done\n\n3) three\n4) four\n\n# Title #\n\n###### small ##   \n\nText with <https://z.example> and https://y.example/a_b). ~~gone~~ ***both*** __strong__\r\nCRLF line\r\n',
  'Intro\n* bullet interrupts\n\n   ```\n   indented fence\n   ```\n~~~py\nx = 1\n~~~~\n\n![img](<a b.png>) \\*not em\\* a*b*c snake_case_name\nlast line  \n',
];

const TOKENS = [
  '#',
  '## ',
  '### Tool: ',
  ' ',
  '  ',
  '   ',
  '\t',
  '\n',
  '\n',
  '\n\n',
  '\r\n',
  '*',
  '**',
  '_',
  '__',
  '~',
  '~~',
  '`',
  '``',
  '```',
  '~~~',
  '```js\n',
  '[',
  ']',
  '(',
  ')',
  '![',
  '<',
  '>',
  '> ',
  '- ',
  '* ',
  '+ ',
  '1. ',
  '2) ',
  '10. ',
  '[ ] ',
  '[x] ',
  '|',
  ' | ',
  '|---|:-:|\n',
  '---',
  '***',
  '\\',
  '\\*',
  '\\|',
  '\\\n',
  'http://a.b/c',
  'https://x.example/p(1)',
  '<https://z.example>',
  '<mailto:a@b.c>',
  'h',
  'H',
  'word',
  'a',
  'TICKETS_TOKEN',
  'my_tool.sh',
  '“',
  '”',
  'é',
  '"t"',
  "'",
  '.',
  ',',
  '!',
  ':',
  '-',
];

/** `count` random snippets of up to 40 tokens, from a fixed seed (mulberry32), so the corpus is the same on every run. */
function snippets(count: number, seed: number): string[] {
  let s = seed >>> 0;
  const rand = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    let text = '';
    const n = 1 + Math.floor(rand() * 40);
    for (let j = 0; j < n; j++) text += TOKENS[Math.floor(rand() * TOKENS.length)];
    out.push(text);
  }
  return out;
}

/** Each group of texts, by name. */
function corpus(): Record<string, string[]> {
  const groups: Record<string, string[]> = { replies: REPLIES };
  for (const [name, make] of Object.entries(PAYLOADS)) {
    for (const size of [1000, 4097, 64 * 1024]) groups[`${name} @${size}`] = [make(size), `Text ${make(size)} end`];
  }
  const random = snippets(4000, 21);
  for (let g = 0; g < random.length; g += 500) groups[`random ${g}-${g + 499}`] = random.slice(g, g + 500);
  return groups;
}

describe('chat Markdown trees stay as recorded', () => {
  it('gives the recorded tree for every payload, reply and random snippet', () => {
    const actual = Object.fromEntries(Object.entries(corpus()).map(([name, texts]) => [name, digest(texts)]));
    if (process.env.UPDATE_MARKDOWN_TREES) writeFileSync(FIXTURE, `${JSON.stringify(actual, null, 2)}\n`);
    const recorded = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Record<string, string>;
    expect(actual).toEqual(recorded);
  }, 120_000);

  it('the digest sees a change of one character in a tree', () => {
    expect(digest(['*a*'])).not.toBe(digest(['_a_ ']));
    expect(digest(['# a'])).not.toBe(digest(['## a']));
  });
});
