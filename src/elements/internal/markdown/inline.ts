// Inline Markdown of chat replies, parsed to a small tree (never to HTML):
// backslash escapes, code spans, links and images `[text](url)`, autolinks
// `<https://…>` and bare http(s) URLs, `~~strike~~`, and emphasis with the
// CommonMark delimiter-run rules — so `TICKETS_TOKEN`, `my_tool_name` and
// `scripts/my_tool.sh` stay as written (`_` never emphasises inside a word),
// and a `*` or `_` that never finds its partner is shown as itself.

import { trimEndOf } from '../../../core/trim-run.js';
import { resolveEmphasis, type Delim, type Inline } from './inline-tree.js';
import { TextRun } from './text-run.js';

export type { Inline } from './inline-tree.js';

const PUNCT = /[!-/:-@[-`{-~\p{P}\p{S}]/u;
const SPACE = /\s/u;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
// Sticky (read at lastIndex, no slice of the rest of the text); module-level, as a literal in a function is a new object per call.
const URL_START = /https?:\/\/[^\s<]+/iy;
const AUTOLINK = /<(https?:\/\/[^\s<>]+|mailto:[^\s<>]+)>/iy;
const WORD_CHAR = /[\p{L}\p{N}]/u;
/** A run of characters that start no inline syntax (escape, code, line break, link, image, autolink, URL, emphasis). */
const PLAIN = /[^\\`\n![<hH*_~]+/y;

/** Where the run of the character at `i` (a backtick or delimiter run) ends. */
function runEnd(src: string, i: number): number {
  let j = i;
  while (src[j] === src[i]) j++;
  return j;
}

/**
 * Where each code span and each link label of `src` closes, worked out once
 * per text (right to left) so that an unclosed `` ` `` or `[` costs one
 * lookup instead of a scan to the end of the text: 1 MiB of `[` rescanned
 * the rest of the text for every bracket (quadratic, over a minute).
 */
interface Closers {
  /** At a backtick: the end of the code span that opens there (its run from there on), or -1. */
  span: Int32Array;
  /** At a position: the first `]` at depth 0 on linkAt's walk from there, or `src.length` when none. */
  bracket: Int32Array;
  /** At a position: where a link URL read from there stops (whitespace, the end, or a `)` that closes no `(` of it). */
  href: Int32Array;
  /** The last answer of {@link nextIndex} per character: `[from, found]`. */
  next: Map<string, [number, number]>;
}

const closersOf = new Map<string, Closers>();

function closers(src: string): Closers {
  const hit = closersOf.get(src);
  if (hit) return hit;
  const n = src.length;
  const span = new Int32Array(n).fill(-1);
  // Run length → start of the nearest full backtick run of that length to the right.
  const nearest = new Map<number, number>();
  for (let i = n - 1; i >= 0;) {
    if (src[i] !== '`') {
      i--;
      continue;
    }
    let start = i;
    while (start > 0 && src[start - 1] === '`') start--;
    for (let p = start; p <= i; p++) {
      const len = i + 1 - p;
      const k = nearest.get(len);
      span[p] = k === undefined ? -1 : k + len;
    }
    nearest.set(i + 1 - start, start);
    i = start - 1;
  }
  const bracket = new Int32Array(n + 2).fill(n);
  for (let p = n - 1; p >= 0; p--) {
    const ch = src[p];
    if (ch === ']') bracket[p] = p;
    else if (ch === '[') {
      const m = bracket[p + 1]!;
      bracket[p] = m >= n ? n : bracket[m + 1]!;
    } else if (ch === '\\') bracket[p] = bracket[Math.min(p + 2, n)]!;
    else if (ch === '`' && span[p]! >= 0) bracket[p] = bracket[span[p]!]!;
    else bracket[p] = bracket[p + 1]!;
  }
  const href = new Int32Array(n + 1).fill(n);
  for (let p = n - 1; p >= 0; p--) {
    const ch = src[p]!;
    if (ch === ')' || SPACE.test(ch)) href[p] = p;
    else if (ch === '(') {
      const m = href[p + 1]!;
      href[p] = m < n && src[m] === ')' ? href[m + 1]! : m;
    } else href[p] = href[p + 1]!;
  }
  const c = { span, bracket, href, next: new Map<string, [number, number]>() };
  closersOf.set(src, c);
  return c;
}

/** `src.indexOf(ch, from)`, answered from the last search for `ch` when `from` lies within it (no rescans of a long tail without `ch`). */
function nextIndex(src: string, ch: string, from: number): number {
  const memo = closers(src).next;
  const last = memo.get(ch);
  if (last && from >= last[0] && (last[1] < 0 || from <= last[1])) return last[1];
  const found = src.indexOf(ch, from);
  memo.set(ch, [from, found]);
  return found;
}

export function parseInline(src: string): Inline[] {
  PLAIN.lastIndex = 0;
  if (PLAIN.test(src) && PLAIN.lastIndex === src.length) {
    // No inline syntax: the text is its one run (counted as the one slice a TextRun would cut), with no parser state built.
    TextRun.slices++;
    return [{ t: 'text', v: src }];
  }
  try {
    return parseInlineText(src);
  } finally {
    closersOf.delete(src);
  }
}

function parseInlineText(src: string): Inline[] {
  const out: Inline[] = [];
  const delims: Delim[] = [];
  const text = new TextRun(src);
  let i = 0;
  while (i < src.length) {
    PLAIN.lastIndex = i;
    if (PLAIN.test(src)) {
      text.add(i, PLAIN.lastIndex);
      i = PLAIN.lastIndex;
      continue;
    }
    const c = src[i]!;
    if (c === '\\' && i + 1 < src.length) {
      const n = src[i + 1]!;
      if (n === '\n') {
        flush(text, out);
        out.push({ t: 'br' });
        i += 2;
        continue;
      }
      if (ESCAPABLE.test(n)) {
        text.add(i + 1, i + 2);
        i += 2;
        continue;
      }
    }
    if (c === '`') {
      const span = codeSpan(src, i);
      if (span) {
        flush(text, out);
        out.push({ t: 'code', v: span.code });
        i = span.end;
        continue;
      }
      const j = runEnd(src, i);
      text.add(i, j);
      i = j;
      continue;
    }
    if (c === '\n') {
      // Two trailing spaces make a hard break; otherwise a soft one (a space on screen).
      if (text.trimSpaces() >= 2) {
        flush(text, out);
        out.push({ t: 'br' });
      } else text.add(i, i + 1);
      i++;
      while (src[i] === ' ') i++;
      continue;
    }
    const link = linkNode(src, i);
    if (link) {
      flush(text, out);
      out.push(link.node);
      i = link.end;
      continue;
    }
    if (c === '*' || c === '_' || c === '~') {
      const j = runEnd(src, i);
      const d = delimiterAt(src, i, j);
      if (d) {
        flush(text, out);
        out.push({ t: 'text', v: src.slice(i, j) });
        if (d.open || d.close) delims.push({ ch: c, node: out.length - 1, count: j - i, orig: j - i, open: d.open, close: d.close });
      } else text.add(i, j);
      i = j;
      continue;
    }
    text.add(i, i + 1);
    i++;
  }
  // Plain text gives an array of exactly one node (a push to the empty array would reserve 17 places).
  const v = text.take();
  if (out.length === 0) return v ? [{ t: 'text', v }] : out;
  if (v) out.push({ t: 'text', v });
  return resolveEmphasis(out, delims);
}

/** Ends the text gathered in `text` as a text node of `out` (none when it is empty). */
function flush(text: TextRun, out: Inline[]): void {
  const v = text.take();
  if (v) out.push({ t: 'text', v });
}

/** The image, link, autolink or bare http(s) URL that starts at `i`, and where it ends; null when none does. */
function linkNode(src: string, i: number): { node: Inline; end: number } | null {
  const c = src[i]!;
  if (c === '!' && src[i + 1] === '[') {
    const l = linkAt(src, i + 1);
    if (l) return { node: { t: 'image', href: l.href, alt: l.label }, end: l.end };
  }
  if (c === '[') {
    const l = linkAt(src, i);
    if (l) return { node: { t: 'link', href: l.href, c: parseInline(l.label) }, end: l.end };
  }
  if (c === '<') {
    AUTOLINK.lastIndex = i;
    const m = AUTOLINK.exec(src);
    if (m) return { node: { t: 'link', href: m[1]!, c: [{ t: 'text', v: m[1]! }] }, end: i + m[0].length };
  }
  if ((c === 'h' || c === 'H') && (i === 0 || !WORD_CHAR.test(src[i - 1]!))) {
    URL_START.lastIndex = i;
    const m = URL_START.exec(src);
    if (m) {
      const url = trimUrl(m[0]);
      return { node: { t: 'link', href: url, c: [{ t: 'text', v: url }] }, end: i + url.length };
    }
  }
  return null;
}

/** Whether the run `src[i, j)` of `*`, `_` or `~` may open or close emphasis; null when it is plain text (a `~` run other than `~~`). */
function delimiterAt(src: string, i: number, j: number): { open: boolean; close: boolean } | null {
  if (src[i] === '~' && j - i !== 2) return null;
  return flanking(src[i]!, i === 0 ? ' ' : src[i - 1]!, j >= src.length ? ' ' : src[j]!);
}

/** CommonMark's left/right-flanking rules, with the stricter intraword rule for `_`. */
function flanking(ch: string, before: string, after: string): { open: boolean; close: boolean } {
  const afterSpace = SPACE.test(after);
  const beforeSpace = SPACE.test(before);
  const afterPunct = PUNCT.test(after);
  const beforePunct = PUNCT.test(before);
  const left = !afterSpace && (!afterPunct || beforeSpace || beforePunct);
  const right = !beforeSpace && (!beforePunct || afterSpace || afterPunct);
  if (ch === '_') return { open: left && (!right || beforePunct), close: right && (!left || afterPunct) };
  return { open: left, close: right };
}

/** A URL without the punctuation that ends the sentence around it. */
function trimUrl(url: string): string {
  let u = trimEndOf(url, `.,:;!?'"*_~`);
  // A closing parenthesis belongs to the URL only when it opened one (counted once: recounting per `)` was quadratic).
  let closes = u.split(')').length - 1;
  const opens = u.split('(').length - 1;
  while (u.endsWith(')') && closes > opens) {
    u = trimEndOf(u.slice(0, -1), `.,:;!?'"`);
    closes--;
  }
  return u;
}

/** The code span whose backtick run starts at `at` (the first later run of exactly as many backticks closes it), or null. */
function codeSpan(src: string, at: number): { code: string; end: number } | null {
  let n = 0;
  while (src[at + n] === '`') n++;
  const end = closers(src).span[at]!;
  if (end < 0) return null;
  let code = src.slice(at + n, end - n).replace(/\n/g, ' ');
  if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
  return { code, end };
}

/** `[label](url "title")` starting at the `[`, or null. Brackets may nest; the URL may hold balanced parentheses. */
function linkAt(src: string, at: number): { label: string; href: string; end: number } | null {
  // The walk skips escaped characters and code spans and counts nested brackets (closers() did it once for the whole text).
  const k = closers(src).bracket[at + 1]!;
  if (k >= src.length || src[k + 1] !== '(') return null;
  const label = src.slice(at + 1, k);
  let p = k + 2;
  let href: string;
  while (p < src.length && src[p] === ' ') p++;
  if (src[p] === '<') {
    const close = nextIndex(src, '>', p);
    if (close < 0) return null;
    href = src.slice(p + 1, close);
    p = close + 1;
  } else {
    // Stops at whitespace or at a `)` that closes no `(` of the URL (closers() found it).
    const start = p;
    p = closers(src).href[p]!;
    href = src.slice(start, p);
  }
  p = afterTitle(src, p);
  while (p < src.length && src[p] === ' ') p++;
  if (src[p] !== ')') return null;
  return { label, href, end: p + 1 };
}

/** After an optional `"title"`, `'title'` or `(title)` (preceded by whitespace) at `p`; `p` when there is none. */
function afterTitle(src: string, p: number): number {
  let q = p;
  while (q < src.length && SPACE.test(src[q]!)) q++;
  if (q === p) return p;
  const open = src[q];
  const close = open === '"' ? '"' : open === "'" ? "'" : open === '(' ? ')' : '';
  if (!close) return p;
  const end = nextIndex(src, close, q + 1);
  return end < 0 ? p : end + 1;
}
