// Fence openings and ATX headings of chat Markdown, read with loops. The
// regexes they replace (`/^ {0,3}(`{3,}|~{3,})[ \t]*([^`\s]*)[^`]*$/` and
// `/^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/`) backtracked
// quadratically on a long run of spaces, `~` or `#` followed by one more
// character: a reply could freeze the page. Same results, one pass.

// Regex literals stay at module level: one written inside a function is a new object on every call.
const LINE_BREAK = /[\n\r\u2028\u2029]/;
const isSpaceOrTab = (c: string | undefined): boolean => c === ' ' || c === '\t';

/** Index after at most 3 leading spaces. */
function indentEnd(line: string): number {
  let i = 0;
  while (i < 3 && line[i] === ' ') i++;
  return i;
}

/** The fence this line opens (its marks and its language word), or null. No backtick may follow the marks. */
export function fenceOf(line: string): { mark: string; lang: string } | null {
  const start = indentEnd(line);
  const c = line[start];
  if (c !== '`' && c !== '~') return null;
  let end = start;
  while (line[end] === c) end++;
  if (end - start < 3 || line.includes('`', end)) return null;
  let from = end;
  while (isSpaceOrTab(line[from])) from++;
  let to = from;
  while (to < line.length && line[to]!.trim() !== '') to++;
  return { mark: line.slice(start, end), lang: line.slice(from, to) };
}

/** The ATX heading on this line, as the heading block: its level and text (without a closing `#` run and the spaces around), or null. */
export function headingOf(line: string): { t: 'h'; level: number; text: string } | null {
  const start = indentEnd(line);
  let hashes = start;
  while (line[hashes] === '#') hashes++;
  const level = hashes - start;
  if (level < 1 || level > 6) return null;
  if (hashes < line.length && !isSpaceOrTab(line[hashes])) return null;
  if (LINE_BREAK.test(line)) return null;
  let from = hashes;
  let to = line.length;
  while (from < to && isSpaceOrTab(line[from])) from++;
  while (to > from && isSpaceOrTab(line[to - 1])) to--;
  let close = to;
  while (close > from && line[close - 1] === '#') close--;
  if (close < to && (close === from || isSpaceOrTab(line[close - 1]))) {
    to = close;
    while (to > from && isSpaceOrTab(line[to - 1])) to--;
  }
  return { t: 'h', level, text: line.slice(from, to) };
}
