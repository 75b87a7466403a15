// Finds a Markdown body's headings and splits it into heading sections.
// Headings inside fenced code blocks (``` or ~~~, CommonMark closing rule)
// are ignored, so a `# comment` in a bash example never starts a section.
// The body is read line by line from the text: no array of every line is
// kept, and only lines that can open a heading or a fence are cut out.

import type { SkillSection } from './types.js';
import { closesFence, fenceOpening, headingLevelAt, headingTitleAt, type FenceOpening } from './markdown/lines.js';

export interface HeadingAt {
  level: number;
  title: string;
  /** 0-based index into the lines given. */
  index: number;
}

/** Whether a heading title starts with `tool:` in any ASCII case, as a `## Tool:` heading's does (compared by code, so the check allocates nothing). */
export function isToolTitle(title: string): boolean {
  return (
    title.length >= 5 &&
    (title.charCodeAt(0) | 32) === 116 /* t */ &&
    (title.charCodeAt(1) | 32) === 111 /* o */ &&
    (title.charCodeAt(2) | 32) === 111 /* o */ &&
    (title.charCodeAt(3) | 32) === 108 /* l */ &&
    title.charCodeAt(4) === 58 /* : */
  );
}

/**
 * The ATX headings outside code fences of an LF text, in order, as parallel
 * lists: numbers in typed arrays, the titles in one array, each sized once
 * before the scan. A 1 MiB body of short headings has tens of thousands:
 * an object per heading, and lists grown one push at a time (a large list
 * is copied at every growth, outside the young generation), made the 1 MiB
 * parse several times slower per byte than a 64 KiB one.
 */
export interface BodyHeadings {
  count: number;
  level: Uint8Array;
  title: string[];
  /** 0-based line index of the heading. */
  index: Int32Array;
  /** Offset in the text where the heading's line starts. */
  start: Int32Array;
  /** Offset where the line after the heading starts (`text.length + 1` after the last line). */
  next: Int32Array;
  /** Lines in the text (`text.split('\n').length`). */
  lineCount: number;
}

/** The character code after at most 3 spaces of the line starting at `at` (a line break or NaN when there is none). */
function markerAt(text: string, at: number): number {
  let i = at;
  while (i < at + 3 && text.charCodeAt(i) === 32) i++;
  return text.charCodeAt(i);
}

/** Lines whose first character after the indent is `#`: at least as many as the headings. */
function hashLines(text: string): number {
  let n = 0;
  for (let at = 0; ;) {
    if (markerAt(text, at) === 35) n++;
    const lf = text.indexOf('\n', at);
    if (lf === -1) return n;
    at = lf + 1;
  }
}

/** Every ATX heading of `text` outside code fences (an unclosed fence runs to the end, as in CommonMark). */
export function scanHeadings(text: string): BodyHeadings {
  const bound = hashLines(text);
  const h: BodyHeadings = {
    count: 0,
    level: new Uint8Array(bound),
    title: new Array<string>(bound),
    index: new Int32Array(bound),
    start: new Int32Array(bound),
    next: new Int32Array(bound),
    lineCount: 0,
  };
  let open: FenceOpening | null = null;
  let at = 0;
  for (let i = 0; ; i++) {
    const lf = text.indexOf('\n', at);
    const end = lf === -1 ? text.length : lf;
    const c = markerAt(text, at);
    if (open) {
      // Only a line of fence characters after the indent can close the fence.
      if ((c === 96 || c === 126) && closesFence(text.slice(at, end), open)) open = null;
    } else if (c === 35 /* # */) {
      const level = headingLevelAt(text, at, end);
      if (level !== 0) {
        const k = h.count++;
        h.level[k] = level;
        h.title[k] = headingTitleAt(text, at, end, level);
        h.index[k] = i;
        h.start[k] = at;
        h.next[k] = end + 1;
      }
    } else if (c === 96 /* ` */ || c === 126 /* ~ */) {
      open = fenceOpening(text.slice(at, end));
    }
    if (lf === -1) {
      h.lineCount = i + 1;
      h.title.length = h.count;
      return h;
    }
    at = lf + 1;
  }
}

/** The text from offset `from` up to the line break before offset `to` ('' when `from` is not before it): a run of whole lines. */
export function linesBetween(text: string, from: number, to: number): string {
  return from >= to ? '' : text.slice(from, to - 1);
}

/**
 * One section per heading; `content` runs to the next heading of any level.
 * `firstLine` is the 1-based file line of the text's first line.
 */
export function sectionsOf(text: string, firstLine: number, h: BodyHeadings): SkillSection[] {
  const n = h.count;
  const out = new Array<SkillSection>(n);
  for (let k = 0; k < n; k++) {
    out[k] = {
      level: h.level[k]!,
      title: h.title[k]!,
      line: firstLine + h.index[k]!,
      content: linesBetween(text, h.next[k]!, k + 1 < n ? h.start[k + 1]! : text.length + 1),
    };
  }
  return out;
}
