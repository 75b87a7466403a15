// GitHub-style Markdown tables: reading rows (escaped pipes `\|` stay inside a
// cell), recognising the delimiter row, and writing cells so that a pipe or a
// newline in the content can never break the table. `escapeCell` and
// `unescapeCell` are exact inverses.

export interface MarkdownTable {
  header: string[];
  rows: string[][];
  /** Index of the header line in the lines given to `readTable`. */
  start: number;
  /** Index one past the last row. */
  end: number;
}

/**
 * Whether the line could be a table row: it contains an unescaped pipe.
 * (Checked in place: splitting the line into cells to find out cost a list of
 * every cell per line, and a 1 MiB row has a quarter of a million.)
 */
export function looksLikeRow(line: string): boolean {
  // Trimming cannot matter: a pipe is no white space, and white space before a pipe is no backslash.
  for (let p = line.indexOf('|'); p >= 0; p = line.indexOf('|', p + 1)) if (p === 0 || line.charCodeAt(p - 1) !== 92 /* \ */) return true;
  return false;
}

/**
 * Cells of one row, raw (still escaped), trimmed. Leading and trailing pipes
 * are optional. Null when the line has no unescaped pipe.
 */
export function splitRow(line: string): string[] | null {
  const t = line.trim();
  // A pipe right after a backslash is escaped and stays in its cell (`\|`);
  // every other pipe separates cells. Jumping from pipe to pipe with indexOf
  // keeps this cheap for the many lines that are not rows at all.
  const cells: string[] = [];
  let start = 0;
  let sawPipe = false;
  for (let p = t.indexOf('|'); p >= 0; p = t.indexOf('|', p + 1)) {
    if (p > 0 && t.charCodeAt(p - 1) === 92 /* \ */) continue;
    sawPipe = true;
    cells.push(t.slice(start, p));
    start = p + 1;
  }
  if (!sawPipe) return null;
  cells.push(t.slice(start));
  if (t.startsWith('|')) cells.shift();
  if (t.endsWith('|') && !t.endsWith('\\|')) cells.pop();
  return cells.map((c) => c.trim());
}

const DELIMITER_CELL = /^:?-+:?$/;

/** `|---|:--:|` — the line under the header. */
export function isDelimiterRow(line: string): boolean {
  const cells = splitRow(line);
  if (!cells || cells.length === 0) return false;
  return cells.every((c) => DELIMITER_CELL.test(c.replace(/\s+/g, '')));
}

/**
 * Reads the table whose header is at `lines[start]` (header row + delimiter
 * row + body rows, until a line that is not a row). Null when `start` does
 * not begin a table. Cells are unescaped.
 */
export function readTable(lines: readonly string[], start: number): MarkdownTable | null {
  const headLine = lines[start];
  const delimLine = lines[start + 1];
  if (headLine === undefined || delimLine === undefined) return null;
  // Speed: callers try every line; both rows of a table need a pipe.
  if (!headLine.includes('|') || !delimLine.includes('|')) return null;
  const header = splitRow(headLine);
  if (!header || !isDelimiterRow(delimLine)) return null;
  let end = start + 2;
  while (end < lines.length && looksLikeRow(lines[end]!)) end++;
  return new ReadTable(header.map(unescapeCell), lines, start, end);
}

/**
 * A table whose body rows are split into cells when first asked for: the
 * readers look at every table's header and extent, but want the rows only of
 * the tables they recognise.
 */
class ReadTable implements MarkdownTable {
  #rows: string[][] | undefined;
  constructor(
    readonly header: string[],
    private readonly lines: readonly string[],
    readonly start: number,
    readonly end: number,
  ) {}

  get rows(): string[][] {
    if (this.#rows === undefined) {
      const rows = new Array<string[]>(this.end - this.start - 2);
      for (let i = this.start + 2; i < this.end; i++) rows[i - this.start - 2] = splitRow(this.lines[i]!)!.map(unescapeCell);
      this.#rows = rows;
    }
    return this.#rows;
  }
}

/**
 * Makes a cell safe for one table row: `|` becomes `\|`, a newline `<br>`,
 * leading/trailing whitespace (which a reader trims) a numeric entity, and
 * text that would otherwise read back as one of those escapes is protected
 * with `&amp;` / `&lt;`. Exact inverse: `unescapeCell`.
 */
export function escapeCell(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '|') out += '\\|';
    else if (ch === '\n') out += '<br>';
    else if (ch === '\r') out += '&#13;';
    else if (ch === '&' && /^&(?:#\d+;|amp;|lt;(?=br\s*\/?>))/i.test(text.slice(i, i + 16))) out += '&amp;';
    else if (ch === '<' && /^<br\s*\/?>/i.test(text.slice(i, i + 16))) out += '&lt;';
    else out += ch;
  }
  const lead = /^\s+/.exec(out)?.[0] ?? '';
  const rest = out.slice(lead.length);
  const trail = rest.slice(rest.trimEnd().length);
  const core = rest.slice(0, rest.length - trail.length);
  return entities(lead) + core + entities(trail);
}

function entities(ws: string): string {
  let out = '';
  for (const ch of ws) out += `&#${ch.codePointAt(0)};`;
  return out;
}

/** Inverse of `escapeCell`; also reads hand-written cells (`\|`, `<br>`, `<br/>`). */
export function unescapeCell(cell: string): string {
  // Speed: every escape starts with one of these characters.
  if (!/[\\<&]/.test(cell)) return cell;
  return cell.replace(/\\\||<br\s*\/?>|&#(\d{1,7});|&amp;|&lt;(?=br\s*\/?>)/gi, (m, code: string | undefined) => {
    if (m === '\\|') return '|';
    if (code !== undefined) {
      const n = Number(code);
      return n <= 0x10ffff ? String.fromCodePoint(n) : m;
    }
    const lower = m.toLowerCase();
    if (lower === '&amp;') return '&';
    if (lower === '&lt;') return '<';
    return '\n';
  });
}

/** A table with the given header and rows; cells escaped, columns padded to the header width. */
export function renderTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = header.map(escapeCell);
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((h) => '-'.repeat(Math.max(3, h.length + 2))).join('|')}|`];
  for (const row of rows) lines.push(`| ${row.map(escapeCell).join(' | ')} |`);
  return lines.join('\n');
}
