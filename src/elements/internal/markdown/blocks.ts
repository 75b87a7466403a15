// Block structure of chat Markdown, line by line: paragraphs, ATX headings,
// fenced code (an unclosed fence runs to the end, as while it streams),
// thematic breaks, block quotes, bullet/ordered/task lists (nested by
// indentation), and GFM tables. Each top-level block keeps its source text so
// the renderer rebuilds only the blocks that changed as a reply streams in.

import { fenceOf, headingOf } from './line-marks.js';

export type Block =
  | { t: 'p'; text: string }
  | { t: 'h'; level: number; text: string }
  | { t: 'code'; lang: string; text: string }
  | { t: 'hr' }
  | { t: 'quote'; c: Block[] }
  | { t: 'list'; ordered: boolean; start: number; items: Array<{ checked: boolean | null; c: Block[] }> }
  | { t: 'table'; head: string[]; rows: string[][] };

export interface SourcedBlock {
  block: Block;
  /** The lines it was read from, joined: equal source, equal block. */
  src: string;
}

const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|\d{1,9}[.)])([ \t]+|$)/;
// The closing `|` is folded into an optional last group, so no two space runs meet.
const TABLE_DELIM = /^ {0,3}\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*(?:\|[ \t]*)?$/;
const FENCE_CLOSE = /^ {0,3}(`{3,}|~{3,})[ \t]*$/;
const TASK = /^\[([ xX])\][ \t]+/;
const DIGIT = /\d/;
const blank = (l: string) => l.trim() === '';

/** Top-level blocks of `text`, each with its source. */
export function parseBlocks(text: string): SourcedBlock[] {
  const normal = text.replace(/\r\n?/g, '\n');
  const lines = normal.split('\n');
  // Where each line starts, so a run of lines is one slice of the text (joining a long code block's lines copied it twice).
  const starts = new Int32Array(lines.length + 1);
  for (let k = 0; k < lines.length; k++) starts[k + 1] = starts[k]! + lines[k]!.length + 1;
  const joined = (from: number, to: number): string => (to > from ? normal.slice(starts[from], starts[to]! - 1) : '');
  const out: SourcedBlock[] = [];
  const at = { i: 0 };
  while (at.i < lines.length) {
    const from = at.i;
    if (blank(lines[from]!)) {
      at.i++;
      continue;
    }
    const block = readBlock(lines, at, joined);
    // A one-line block's source is its line, already cut.
    out.push({ block, src: at.i - from === 1 ? lines[from]! : joined(from, at.i) });
  }
  return out;
}

function parseAll(lines: string[]): Block[] {
  return parseBlocks(lines.join('\n')).map((b) => b.block);
}

/** Reads the block starting at `lines[at.i]` (not blank) and moves `at.i` past it. `joined(a, b)` is lines a..b-1 joined by line breaks. */
function readBlock(lines: string[], at: { i: number }, joined: (from: number, to: number) => string): Block {
  const i = at.i;
  const line = lines[i]!;
  at.i = i + 1;
  const fence = fenceOf(line);
  if (fence) {
    const mark = fence.mark;
    let k = i + 1;
    for (; k < lines.length; k++) {
      const close = FENCE_CLOSE.exec(lines[k]!);
      if (close && close[1]![0] === mark[0] && close[1]!.length >= mark.length) break;
    }
    at.i = Math.min(k + 1, lines.length);
    return { t: 'code', lang: fence.lang, text: joined(i + 1, k) };
  }
  const heading = headingOf(line);
  if (heading) return heading;
  if (RULE.test(line)) return { t: 'hr' };
  if (QUOTE.test(line)) {
    const body: string[] = [];
    let k = i;
    for (; k < lines.length && !blank(lines[k]!); k++) body.push(lines[k]!.replace(QUOTE, ''));
    at.i = k;
    return { t: 'quote', c: parseAll(body) };
  }
  if (ITEM.test(line)) return readList(lines, i, at);
  if (line.includes('|') && i + 1 < lines.length && TABLE_DELIM.test(lines[i + 1]!) && lines[i + 1]!.includes('-')) {
    const head = cells(line);
    const rows: string[][] = [];
    let k = i + 2;
    for (; k < lines.length && !blank(lines[k]!) && lines[k]!.includes('|'); k++) rows.push(cells(lines[k]!));
    at.i = k;
    return { t: 'table', head, rows };
  }
  let k = i + 1;
  for (; k < lines.length; k++) {
    const l = lines[k]!;
    if (blank(l) || fenceOf(l) || headingOf(l) || RULE.test(l) || QUOTE.test(l) || startsList(l)) break;
  }
  at.i = k;
  return { t: 'p', text: k - i === 1 ? line : joined(i, k) };
}

/** A list item that may interrupt a paragraph: a bullet, or an ordered item starting at 1. */
function startsList(l: string): boolean {
  const m = ITEM.exec(l);
  return !!m && m[3] !== '' && (!DIGIT.test(m[2]![0]!) || m[2] === '1.' || m[2] === '1)');
}

function readList(lines: string[], i: number, at: { i: number }): Block {
  const first = ITEM.exec(lines[i]!)!;
  const ordered = DIGIT.test(first[2]![0]!);
  const kind = ordered ? first[2]!.slice(-1) : first[2]!;
  const items: Array<{ checked: boolean | null; c: Block[] }> = [];
  let k = i;
  while (k < lines.length) {
    const m = ITEM.exec(lines[k]!);
    if (!m || (ordered ? !DIGIT.test(m[2]![0]!) || m[2]!.slice(-1) !== kind : m[2] !== kind)) break;
    const indent = m[0].length;
    const body = [lines[k]!.slice(indent)];
    let j = k + 1;
    for (; j < lines.length; j++) {
      const l = lines[j]!;
      if (blank(l)) {
        // A blank line continues the item only when the next line is indented into it.
        const nxt = lines[j + 1];
        if (nxt !== undefined && !blank(nxt) && leading(nxt) >= indent) {
          body.push('');
          continue;
        }
        break;
      }
      if (leading(l) >= indent) body.push(l.slice(indent));
      else if (ITEM.test(l) || fenceOf(l) || headingOf(l) || RULE.test(l) || QUOTE.test(l)) break;
      else body.push(l.trimStart()); // a lazy continuation of the item's paragraph
    }
    let checked: boolean | null = null;
    const task = TASK.exec(body[0]!);
    if (task) {
      checked = task[1] !== ' ';
      body[0] = body[0]!.slice(task[0].length);
    }
    items.push({ checked, c: parseAll(body) });
    k = j;
    // A blank line between items keeps the list going.
    while (k < lines.length && blank(lines[k]!) && lines[k + 1] !== undefined && ITEM.test(lines[k + 1]!)) k++;
  }
  at.i = k;
  return { t: 'list', ordered, start: ordered ? parseInt(first[2]!, 10) : 1, items };
}

function leading(l: string): number {
  return l.length - l.trimStart().length;
}

/** The cells of a table row; `\|` is a `|` inside a cell. Each cell is cut as slices (no array per cell unless it holds a `\|`). */
function cells(row: string): string[] {
  let r = row.trim();
  if (r.startsWith('|')) r = r.slice(1);
  if (r.endsWith('|') && !r.endsWith('\\|')) r = r.slice(0, -1);
  const out: string[] = [];
  let cur: string[] | null = null;
  let from = 0;
  for (let i = 0; i < r.length; i++) {
    if (r[i] === '\\' && r[i + 1] === '|') {
      (cur ??= []).push(r.slice(from, i), '|');
      from = i + 2;
      i++;
    } else if (r[i] === '|') {
      out.push(cell(cur, r.slice(from, i)));
      cur = null;
      from = i + 1;
    }
  }
  out.push(cell(cur, r.slice(from)));
  return out;
}

/** A cell's text: the pieces before its last `\|` (if any) and the rest, trimmed. */
function cell(pieces: string[] | null, rest: string): string {
  if (!pieces) return rest.trim();
  pieces.push(rest);
  return pieces.join('').trim();
}
