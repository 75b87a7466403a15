// Line-level Markdown primitives shared by the SKILL.md parser and decompiler:
// ATX headings, fenced code blocks (CommonMark opening/closing rule), list
// items, thematic breaks and blank lines. Everything works on plain `string[]` lines (LF).

export interface Heading {
  level: number;
  title: string;
}

export interface FenceOpening {
  char: '`' | '~';
  length: number;
  /** The info string after the opening fence (`json`, `bash`), trimmed. */
  info: string;
}

// Headings and fence openings are read with loops, not regexes: the regexes
// they replace (`/^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/`, `/(?:^|[ \t]+)#+$/`)
// backtracked quadratically on `## Tool: ` + a long run of spaces + one more
// character (100 KB froze the event loop for 37 s).

/** Whether `s` holds a line terminator (what `.` in a regex does not match). */
export function hasLineTerminator(s: string): boolean {
  return /[\n\r\u2028\u2029]/.test(s);
}

const isTab = (c: number): boolean => c === 32 || c === 9;

/** Where the run of `code` starting at `from` ends. */
function runEnd(line: string, from: number, code: number): number {
  let i = from;
  while (line.charCodeAt(i) === code) i++;
  return i;
}

/** Index after at most 3 leading spaces. */
function indentEnd(line: string): number {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 32) i++;
  return i;
}

/**
 * The character code after at most 3 leading spaces (NaN past the end). Block
 * markers (`#`, fences, `**`) sit there, so checking it first lets the many
 * ordinary lines skip the regexes (a speed measure).
 */
export function markerCode(line: string): number {
  let i = 0;
  while (i < 3 && line.charCodeAt(i) === 32) i++;
  return line.charCodeAt(i);
}

/** The ATX heading on this line, or null. `## Tool: x ##` → `{level: 2, title: 'Tool: x'}`. */
export function headingOf(line: string): Heading | null {
  const level = headingLevel(line);
  return level === 0 ? null : { level, title: headingTitle(line, level) };
}

/** The level (1–6) of the ATX heading on this line, or 0 when it is none; allocates nothing. */
export function headingLevel(line: string): number {
  const start = indentEnd(line);
  const hashes = runEnd(line, start, 35 /* # */);
  const level = hashes - start;
  if (level < 1 || level > 6) return 0;
  if (hashes < line.length && !isTab(line.charCodeAt(hashes))) return 0;
  if (hasLineTerminator(line)) return 0;
  return level;
}

/** The title of a line `headingLevel` gave `level` (not 0) for. */
export function headingTitle(line: string, level: number): string {
  let from = indentEnd(line) + level;
  let to = line.length;
  while (from < to && isTab(line.charCodeAt(from))) from++;
  while (to > from && isTab(line.charCodeAt(to - 1))) to--;
  // An optional closing sequence of `#`s, preceded by a space or tab (or the whole title).
  let close = to;
  while (close > from && line.charCodeAt(close - 1) === 35) close--;
  if (close < to && (close === from || isTab(line.charCodeAt(close - 1)))) to = close;
  return line.slice(from, to).trim();
}

/** The fence this line opens, or null. A backtick fence's info string may not contain a backtick. */
export function fenceOpening(line: string): FenceOpening | null {
  const start = indentEnd(line);
  const c = line.charCodeAt(start);
  if (c !== 96 /* ` */ && c !== 126 /* ~ */) return null;
  const end = runEnd(line, start, c);
  if (end - start < 3) return null;
  const info = line.slice(end);
  if (hasLineTerminator(info)) return null;
  const char = c === 96 ? '`' : '~';
  if (char === '`' && info.includes('`')) return null;
  return { char, length: end - start, info: info.trim() };
}

/** CommonMark closing rule: same character, at least as long, at most 3 spaces indent, nothing but spaces after. */
export function closesFence(line: string, open: FenceOpening): boolean {
  const m = /^ {0,3}(`+|~+)[ \t]*$/.exec(line);
  if (!m) return false;
  const marks = m[1]!;
  return marks[0] === open.char && marks.length >= open.length;
}

/**
 * For each line, whether it belongs to a fenced code block (the fence lines
 * included). An unclosed fence runs to the end, as in CommonMark.
 */
export function codeLineMask(lines: readonly string[]): boolean[] {
  const mask = new Array<boolean>(lines.length).fill(false);
  let open: FenceOpening | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (open) {
      mask[i] = true;
      if (closesFence(line, open)) open = null;
      continue;
    }
    const f = fenceOpening(line);
    if (f) {
      open = f;
      mask[i] = true;
    }
  }
  return mask;
}

export function isBlank(line: string): boolean {
  return line.trim() === '';
}

// The text group starts at a character the space run cannot take, so the two never trade characters.
const BULLET = /^ {0,3}[-*+][ \t]+([^ \t\n\r\u2028\u2029].*)?$/;
const ORDERED = /^ {0,3}(\d{1,9})[.)][ \t]+([^ \t\n\r\u2028\u2029].*)?$/;
/**
 * A thematic break: three or more `-`, `*` or `_` (spaces between allowed), e.g. `---`, `* * *`.
 * A loop, not `/^ {0,3}([-*_])([ \t]*\1){2,}[ \t]*$/`: on a long run of `*` that ends in
 * another character, that regex backtracked through every repetition (64 KiB: 16 ms).
 */
function isThematicBreak(line: string): boolean {
  let i = indentEnd(line);
  const marker = line.charCodeAt(i);
  if (marker !== 45 /* - */ && marker !== 42 /* * */ && marker !== 95 /* _ */) return false;
  let count = 0;
  for (; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === marker) count++;
    else if (!isTab(c)) return false;
  }
  return count >= 3;
}

/** The text of a bullet item (`- x`, `* x`, `+ x`), or null. */
export function bulletItem(line: string): string | null {
  const m = BULLET.exec(line);
  if (!m) return null;
  // `---` / `***` are thematic breaks, not items.
  if (isThematicBreak(line)) return null;
  return m[1] ?? '';
}

/** The text of an ordered item (`1. x`, `2) x`), or null. */
export function orderedItem(line: string): string | null {
  const m = ORDERED.exec(line);
  return m ? (m[2] ?? '') : null;
}

/** Lines that start a non-paragraph block: tables, lists, quotes, HTML, thematic breaks (headings and fences are checked apart). */
export function startsBlock(line: string): boolean {
  const t = line.trimStart();
  return t.startsWith('|') || bulletItem(line) !== null || orderedItem(line) !== null || t.startsWith('>') || t.startsWith('<') || isThematicBreak(line);
}

/**
 * An LF text with its lines and the offset where each starts, so that a run
 * of lines can be cut out of the text instead of joined again (cheaper).
 */
export interface LinedText {
  text: string;
  lines: string[];
  /** `starts[i]` is where `lines[i]` begins; `starts[lines.length]` is `text.length + 1`. */
  starts: number[];
}

export function linedText(text: string): LinedText {
  const lines = text.split('\n');
  const starts = new Array<number>(lines.length + 1);
  let at = 0;
  for (let i = 0; i < lines.length; i++) {
    starts[i] = at;
    at += lines[i]!.length + 1;
  }
  starts[lines.length] = at;
  return { text, lines, starts };
}

/** The same string as `t.lines.slice(from, to).join('\n')`. */
export function joinLines(t: LinedText, from: number, to: number): string {
  return from >= to ? '' : t.text.slice(t.starts[from]!, t.starts[to]! - 1);
}

/** Splits text into lines after normalising CRLF / CR to LF. */
export function toLines(text: string): string[] {
  return text.replace(/\r\n?/g, '\n').split('\n');
}

/** Drops leading and trailing blank lines. */
export function trimBlankLines(lines: readonly string[]): string[] {
  let start = 0;
  let end = lines.length;
  while (start < end && isBlank(lines[start]!)) start++;
  while (end > start && isBlank(lines[end - 1]!)) end--;
  return lines.slice(start, end);
}

/** The fence still open after the last line (an unclosed code block), or null. */
export function unclosedFence(lines: readonly string[]): FenceOpening | null {
  let open: FenceOpening | null = null;
  for (const line of lines) {
    if (open) {
      if (closesFence(line, open)) open = null;
      continue;
    }
    open = fenceOpening(line);
  }
  return open;
}

/** A fenced block starting at line `i` (skipping blank lines first): its info and content, or null. */
export function fenceAt(lines: readonly string[], from: number): { info: string; content: string; start: number; end: number; closed: boolean } | null {
  let i = from;
  while (i < lines.length && isBlank(lines[i]!)) i++;
  const open = i < lines.length ? fenceOpening(lines[i]!) : null;
  if (!open) return null;
  const body: string[] = [];
  let j = i + 1;
  for (; j < lines.length; j++) {
    if (closesFence(lines[j]!, open)) return { info: open.info, content: body.join('\n'), start: i, end: j + 1, closed: true };
    body.push(lines[j]!);
  }
  return { info: open.info, content: body.join('\n'), start: i, end: j, closed: false };
}
