// Go's bufio.Scanner with ScanLines, as Forge's SKILL.md reader uses it:
// lines end at `\n`, one trailing `\r` is dropped, a final line without `\n`
// still counts, and a line of 64 KiB or more stops the scan with an error
// (the runtime then drops the whole skill).

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
