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
const blank = (l: string) => l.trim() === '';

/** Top-level blocks of `text`, each with its source. */
export function parseBlocks(text: string): SourcedBlock[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const out: SourcedBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    if (blank(lines[i]!)) {
      i++;
      continue;
    }
    const from = i;
    const [block, next] = readBlock(lines, i);
    out.push({ block, src: lines.slice(from, next).join('\n') });
    i = next;
  }
  return out;
}

function parseAll(lines: string[]): Block[] {
  return parseBlocks(lines.join('\n')).map((b) => b.block);
}

/** Reads the block starting at `lines[i]` (not blank); returns it and the index after it. */
function readBlock(lines: string[], i: number): [Block, number] {
  const line = lines[i]!;
  const fence = fenceOf(line);
  if (fence) {
    const mark = fence.mark;
    const body: string[] = [];
    let k = i + 1;
    for (; k < lines.length; k++) {
      const l = lines[k]!;
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(l);
      if (close && close[1]![0] === mark[0] && close[1]!.length >= mark.length) return [{ t: 'code', lang: fence.lang, text: body.join('\n') }, k + 1];
      body.push(l);
    }
    return [{ t: 'code', lang: fence.lang, text: body.join('\n') }, k];
  }
  const heading = headingOf(line);
  if (heading) return [{ t: 'h', level: heading.level, text: heading.text }, i + 1];
  if (RULE.test(line)) return [{ t: 'hr' }, i + 1];
  if (QUOTE.test(line)) {
    const body: string[] = [];
    let k = i;
    for (; k < lines.length && !blank(lines[k]!); k++) body.push(lines[k]!.replace(QUOTE, ''));
    return [{ t: 'quote', c: parseAll(body) }, k];
  }
  if (ITEM.test(line)) return readList(lines, i);
  if (line.includes('|') && i + 1 < lines.length && TABLE_DELIM.test(lines[i + 1]!) && lines[i + 1]!.includes('-')) {
    const head = cells(line);
    const rows: string[][] = [];
    let k = i + 2;
    for (; k < lines.length && !blank(lines[k]!) && lines[k]!.includes('|'); k++) rows.push(cells(lines[k]!));
    return [{ t: 'table', head, rows }, k];
  }
  const para: string[] = [line];
  let k = i + 1;
  for (; k < lines.length; k++) {
    const l = lines[k]!;
    if (blank(l) || fenceOf(l) || headingOf(l) || RULE.test(l) || QUOTE.test(l) || startsList(l)) break;
    para.push(l);
  }
  return [{ t: 'p', text: para.join('\n') }, k];
}

/** A list item that may interrupt a paragraph: a bullet, or an ordered item starting at 1. */
function startsList(l: string): boolean {
  const m = ITEM.exec(l);
  return !!m && m[3] !== '' && (!/\d/.test(m[2]![0]!) || /^1[.)]$/.test(m[2]!));
}

function readList(lines: string[], i: number): [Block, number] {
  const first = ITEM.exec(lines[i]!)!;
  const ordered = /\d/.test(first[2]![0]!);
  const kind = ordered ? first[2]!.slice(-1) : first[2]!;
  const items: Array<{ checked: boolean | null; c: Block[] }> = [];
  let k = i;
  while (k < lines.length) {
    const m = ITEM.exec(lines[k]!);
    if (!m || (ordered ? !/\d/.test(m[2]![0]!) || m[2]!.slice(-1) !== kind : m[2] !== kind)) break;
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
    const task = /^\[([ xX])\][ \t]+/.exec(body[0]!);
    if (task) {
      checked = task[1] !== ' ';
      body[0] = body[0]!.slice(task[0].length);
    }
    items.push({ checked, c: parseAll(body) });
    k = j;
    // A blank line between items keeps the list going.
    while (k < lines.length && blank(lines[k]!) && lines[k + 1] !== undefined && ITEM.test(lines[k + 1]!)) k++;
  }
  return [{ t: 'list', ordered, start: ordered ? parseInt(first[2]!, 10) : 1, items }, k];
}

function leading(l: string): number {
  return l.length - l.trimStart().length;
}

function cells(row: string): string[] {
  let r = row.trim();
  if (r.startsWith('|')) r = r.slice(1);
  if (r.endsWith('|') && !r.endsWith('\\|')) r = r.slice(0, -1);
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < r.length; i++) {
    if (r[i] === '\\' && r[i + 1] === '|') {
      cur += '|';
      i++;
    } else if (r[i] === '|') {
      out.push(cur.trim());
      cur = '';
    } else cur += r[i];
  }
  out.push(cur.trim());
  return out;
}
