// Inline Markdown of chat replies, parsed to a small tree (never to HTML):
// backslash escapes, code spans, links and images `[text](url)`, autolinks
// `<https://…>` and bare http(s) URLs, `~~strike~~`, and emphasis with the
// CommonMark delimiter-run rules — so `TICKETS_TOKEN`, `my_tool_name` and
// `scripts/my_tool.sh` stay as written (`_` never emphasises inside a word),
// and a `*` or `_` that never finds its partner is shown as itself.

import { trimEndOf } from '../../../core/safe-text/trim-run.js';

export type Inline =
  | { t: 'text'; v: string }
  | { t: 'code'; v: string }
  | { t: 'br' }
  | { t: 'em' | 'strong' | 'del'; c: Inline[] }
  | { t: 'link'; href: string; c: Inline[] }
  | { t: 'image'; href: string; alt: string };

const PUNCT = /[!-/:-@[-`{-~\p{P}\p{S}]/u;
const SPACE = /\s/u;
const ESCAPABLE = /[!-/:-@[-`{-~]/;
const URL_START = /^https?:\/\/[^\s<]+/i;

/** A run of `*`, `_` or `~` that may open or close, as in CommonMark's delimiter stack. */
interface Delim {
  ch: string;
  /** Index of its text node in `out`. */
  node: number;
  count: number;
  orig: number;
  open: boolean;
  close: boolean;
}

/** Where the run of the character at `i` (a backtick or delimiter run) ends. */
function runEnd(src: string, i: number): number {
  let j = i;
  while (src[j] === src[i]) j++;
  return j;
}

export function parseInline(src: string): Inline[] {
  const out: Inline[] = [];
  const delims: Delim[] = [];
  let text = '';
  const flush = () => {
    if (text) out.push({ t: 'text', v: text });
    text = '';
  };
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (c === '\\' && i + 1 < src.length) {
      const n = src[i + 1]!;
      if (n === '\n') {
        flush();
        out.push({ t: 'br' });
        i += 2;
        continue;
      }
      if (ESCAPABLE.test(n)) {
        text += n;
        i += 2;
        continue;
      }
    }
    if (c === '`') {
      const span = codeSpan(src, i);
      if (span) {
        flush();
        out.push({ t: 'code', v: span.code });
        i = span.end;
        continue;
      }
      const j = runEnd(src, i);
      text += src.slice(i, j);
      i = j;
      continue;
    }
    if (c === '\n') {
      // Two trailing spaces make a hard break; otherwise a soft one (a space on screen).
      if (text.endsWith('  ')) {
        text = trimEndOf(text, ' ');
        flush();
        out.push({ t: 'br' });
      } else text = trimEndOf(text, ' ') + '\n';
      i++;
      while (src[i] === ' ') i++;
      continue;
    }
    const link = linkNode(src, i);
    if (link) {
      flush();
      out.push(link.node);
      i = link.end;
      continue;
    }
    if (c === '*' || c === '_' || c === '~') {
      const j = runEnd(src, i);
      const count = j - i;
      if (c === '~' && count !== 2) {
        text += src.slice(i, j);
        i = j;
        continue;
      }
      const before = i === 0 ? ' ' : src[i - 1]!;
      const after = j >= src.length ? ' ' : src[j]!;
      const { open, close } = flanking(c, before, after);
      flush();
      out.push({ t: 'text', v: src.slice(i, j) });
      if (open || close) delims.push({ ch: c, node: out.length - 1, count, orig: count, open, close });
      i = j;
      continue;
    }
    text += c;
    i++;
  }
  flush();
  return resolveEmphasis(out, delims);
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
    const m = /^<(https?:\/\/[^\s<>]+|mailto:[^\s<>]+)>/i.exec(src.slice(i));
    if (m) return { node: { t: 'link', href: m[1]!, c: [{ t: 'text', v: m[1]! }] }, end: i + m[0].length };
  }
  if ((c === 'h' || c === 'H') && (i === 0 || !/[\p{L}\p{N}]/u.test(src[i - 1]!))) {
    const m = URL_START.exec(src.slice(i));
    if (m) {
      const url = trimUrl(m[0]);
      return { node: { t: 'link', href: url, c: [{ t: 'text', v: url }] }, end: i + url.length };
    }
  }
  return null;
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

function codeSpan(src: string, at: number): { code: string; end: number } | null {
  let n = 0;
  while (src[at + n] === '`') n++;
  const fence = '`'.repeat(n);
  for (let k = src.indexOf(fence, at + n); k >= 0; k = src.indexOf(fence, k + 1)) {
    if (src[k + n] === '`' || src[k - 1] === '`') {
      while (src[k] === '`') k++;
      continue;
    }
    let code = src.slice(at + n, k).replace(/\n/g, ' ');
    if (code.length > 2 && code.startsWith(' ') && code.endsWith(' ') && code.trim() !== '') code = code.slice(1, -1);
    return { code, end: k + n };
  }
  return null;
}

/** `[label](url "title")` starting at the `[`, or null. Brackets may nest; the URL may hold balanced parentheses. */
function linkAt(src: string, at: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let k = at;
  for (; k < src.length; k++) {
    const ch = src[k];
    if (ch === '\\') k++;
    else if (ch === '`') {
      const span = codeSpan(src, k);
      if (span) k = span.end - 1;
    } else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) break;
  }
  if (k >= src.length || src[k + 1] !== '(') return null;
  const label = src.slice(at + 1, k);
  let p = k + 2;
  let parens = 0;
  let href = '';
  while (p < src.length && src[p] === ' ') p++;
  if (src[p] === '<') {
    const close = src.indexOf('>', p);
    if (close < 0) return null;
    href = src.slice(p + 1, close);
    p = close + 1;
  } else {
    const start = p;
    for (; p < src.length && !SPACE.test(src[p]!); p++) {
      if (src[p] === '(') parens++;
      else if (src[p] === ')' && parens-- === 0) break;
    }
    href = src.slice(start, p);
  }
  const title = /^\s+("[^"]*"|'[^']*'|\([^)]*\))/.exec(src.slice(p));
  if (title) p += title[0].length;
  while (p < src.length && src[p] === ' ') p++;
  if (src[p] !== ')') return null;
  return { label, href, end: p + 1 };
}

interface Link {
  n: Inline;
  prev: Link | null;
  next: Link | null;
}

/**
 * CommonMark's "process emphasis" over a linked list of the nodes: each closer
 * takes the nearest opener it may pair with (same character, the rule of 3),
 * the characters they use are removed, and what lies between becomes the
 * emphasis node. Unpaired delimiters stay as the text they are.
 */
function resolveEmphasis(nodes: Inline[], delims: Delim[]): Inline[] {
  if (delims.length === 0) return mergeText(nodes);
  const links: Link[] = nodes.map((n) => ({ n, prev: null, next: null }));
  links.forEach((l, k) => {
    l.prev = links[k - 1] ?? null;
    l.next = links[k + 1] ?? null;
  });
  const head = links[0] ?? null;
  const at = delims.map((d) => links[d.node]!);
  for (let ci = 0; ci < delims.length; ci++) {
    const closer = delims[ci]!;
    while (closer.close && closer.count > 0) {
      let oi = ci - 1;
      for (; oi >= 0; oi--) {
        const o = delims[oi]!;
        if (o.ch !== closer.ch || !o.open || o.count === 0) continue;
        if (closer.ch === '~') {
          if (o.count === 2 && closer.count === 2) break;
          continue;
        }
        // The rule of 3: a run that can both open and close does not pair when the lengths add up to a multiple of 3.
        if ((o.close || closer.open) && (o.orig + closer.orig) % 3 === 0 && !(o.orig % 3 === 0 && closer.orig % 3 === 0)) continue;
        break;
      }
      if (oi < 0) break;
      const opener = delims[oi]!;
      const n = closer.ch === '~' ? 2 : opener.count >= 2 && closer.count >= 2 ? 2 : 1;
      opener.count -= n;
      closer.count -= n;
      const o = at[oi]!;
      const c = at[ci]!;
      (o.n as { v: string }).v = (o.n as { v: string }).v.slice(n);
      (c.n as { v: string }).v = (c.n as { v: string }).v.slice(n);
      const inner: Inline[] = [];
      for (let l = o.next; l && l !== c; l = l.next) inner.push(l.n);
      const wrap: Link = { n: { t: closer.ch === '~' ? 'del' : n === 2 ? 'strong' : 'em', c: mergeText(inner) }, prev: o, next: c };
      o.next = wrap;
      c.prev = wrap;
      // Delimiters between them can no longer pair with anything.
      for (let k = oi + 1; k < ci; k++) delims[k]!.count = 0;
    }
  }
  const out: Inline[] = [];
  for (let l: Link | null = head; l; l = l.next) out.push(l.n);
  return mergeText(out);
}

function mergeText(nodes: Inline[]): Inline[] {
  const out: Inline[] = [];
  for (const n of nodes) {
    const last = out[out.length - 1];
    if (n.t === 'text' && last?.t === 'text') out[out.length - 1] = { t: 'text', v: last.v + n.v };
    else if (n.t !== 'text' || n.v !== '') out.push(n);
  }
  return out;
}
