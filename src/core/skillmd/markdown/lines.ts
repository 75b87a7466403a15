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

const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** Whether `s` holds a line terminator (what `.` in a regex does not match). */
export function hasLineTerminator(s: string): boolean {
  // A regex literal inside a function is a new RegExp object on every call: this one is made once.
  return LINE_TERMINATOR.test(s);
}

/** Whether `text` holds a line terminator between `from` and `to`. */
function hasLineTerminatorIn(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13 || c === 0x2028 || c === 0x2029) return true;
  }
  return false;
}

const isTab = (c: number): boolean => c === 32 || c === 9;

/** Where the run of `code` starting at `from` ends. */
function runEnd(line: string, from: number, code: number): number {
  let i = from;
  while (line.charCodeAt(i) === code) i++;
  return i;
}

/** Index after at most 3 leading spaces of the line starting at `at`. */
function indentEnd(line: string, at = 0): number {
  let i = at;
  while (i < at + 3 && line.charCodeAt(i) === 32) i++;
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
  return headingLevelAt(line, 0, line.length);
}

/** headingLevel of the line `text.slice(at, end)`, read in place (no line string is cut out). */
export function headingLevelAt(text: string, at: number, end: number): number {
  const start = indentEnd(text, at);
  const hashes = runEnd(text, start, 35 /* # */);
  const level = hashes - start;
  if (level < 1 || level > 6 || hashes > end) return 0;
  if (hashes < end && !isTab(text.charCodeAt(hashes))) return 0;
  if (hasLineTerminatorIn(text, hashes, end)) return 0;
  return level;
}

/** The title of a line `headingLevel` gave `level` (not 0) for. */
export function headingTitle(line: string, level: number): string {
  return headingTitleAt(line, 0, line.length, level);
}

/** headingTitle of the line `text.slice(at, end)`, read in place. */
export function headingTitleAt(text: string, at: number, end: number, level: number): string {
  let from = indentEnd(text, at) + level;
  let to = end;
  while (from < to && isTab(text.charCodeAt(from))) from++;
  while (to > from && isTab(text.charCodeAt(to - 1))) to--;
  // An optional closing sequence of `#`s, preceded by a space or tab (or the whole title).
  let close = to;
  while (close > from && text.charCodeAt(close - 1) === 35) close--;
  if (close < to && (close === from || isTab(text.charCodeAt(close - 1)))) to = close;
  return text.slice(from, to).trim();
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
