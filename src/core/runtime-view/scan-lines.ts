// Go's bufio.Scanner with ScanLines, as Forge's SKILL.md reader uses it:
// lines end at `\n`, one trailing `\r` is dropped, a final line without `\n`
// still counts, and a line of 64 KiB or more stops the scan with an error
// (the runtime then drops the whole skill).

import { utf8Length } from '../forge-runtime/go-text.js';

/** bufio.MaxScanTokenSize: a line this long (in bytes) or longer is an error. */
export const MAX_LINE_BYTES = 64 * 1024;

export interface ScannedLines {
  /** The lines read before the end or the error, each without `\n` and trailing `\r`. */
  lines: Uint8Array[];
  /** 0-based index of the line that was too long, when the scan stopped on one. */
  tooLongAt?: number;
}

export function scanLines(bytes: Uint8Array): ScannedLines {
  const lines: Uint8Array[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(10, start);
    const last = end < 0;
    if (last) end = bytes.length;
    if (end - start >= MAX_LINE_BYTES) return { lines, tooLongAt: lines.length };
    let stop = end;
    if (stop > start && bytes[stop - 1] === 13) stop--;
    lines.push(bytes.subarray(start, stop));
    start = last ? bytes.length : end + 1;
  }
  return { lines };
}

/**
 * scanLines over a string, without encoding it: the same lines as
 * `scanLines(new TextEncoder().encode(text))` decoded back, for well-formed
 * text (a lone surrogate, which UTF-8 encoding turns into U+FFFD, is replaced
 * the same way first). A line's UTF-8 length is at most three times its
 * UTF-16 length, so only lines that long are measured in bytes.
 */
export function scanTextLines(text: string): { lines: string[]; tooLongAt?: number } {
  const lines: string[] = [];
  const tooLongAt = forEachTextLine(text, (line) => {
    lines.push(line);
  });
  return tooLongAt === undefined ? { lines } : { lines, tooLongAt };
}

/**
 * The lines of scanTextLines handed to `visit` one at a time (with their
 * 0-based index), without collecting them; returns the index of the line that
 * was too long, when the scan stopped on one.
 */
export function forEachTextLine(text: string, visit: (line: string, index: number) => void): number | undefined {
  return forEachLineSpan(text, (source, start, stop, index) => visit(source.slice(start, stop), index));
}

/**
 * forEachTextLine without cutting the lines out: each line is handed over as
 * the span [start, stop) of `source` (the text, or its copy with lone
 * surrogates replaced), so a reader slices only what it keeps.
 */
export function forEachLineSpan(text: string, visit: (source: string, start: number, stop: number, index: number) => void): number | undefined {
  const source = hasLoneSurrogate(text) ? text.replace(LONE_SURROGATE, '\ufffd') : text;
  let start = 0;
  let index = 0;
  while (start < source.length) {
    let end = source.indexOf('\n', start);
    const last = end < 0;
    if (last) end = source.length;
    if ((end - start) * 3 >= MAX_LINE_BYTES && utf8Length(source.slice(start, end)) >= MAX_LINE_BYTES) return index;
    let stop = end;
    if (stop > start && source.charCodeAt(stop - 1) === 13) stop--;
    visit(source, start, stop, index++);
    start = last ? source.length : end + 1;
  }
  return undefined;
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** String.prototype.isWellFormed (ES2024) where the engine has it: a native scan, far cheaper than the regex. */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/** Whether `text` holds a UTF-16 surrogate without its pair (which UTF-8 encoding turns into U+FFFD). */
export function hasLoneSurrogate(text: string): boolean {
  if (isWellFormed) return !isWellFormed.call(text);
  LONE_SURROGATE.lastIndex = 0;
  return LONE_SURROGATE.test(text);
}
