// Reading the text of one cell or label value: a code span around the whole
// text stripped, a request cell unquoted when it is a JSON string, a tool
// input cell parsed when it is JSON.

/** Strips one code span around the whole text: `` `x` `` → `x`. */
export function stripCode(text: string): string {
  const t = text.trim();
  // Loops, not `/^(`+)([\s\S]*?)\1$/`: its backtick run and lazy body traded characters (quadratic).
  // The run is the longest that both opens and closes the text without overlapping.
  const run = Math.min(backtickRun(t, 0, 1), backtickRun(t, t.length - 1, -1), Math.floor(t.length / 2));
  if (run === 0) return t;
  const inner = t.slice(run, t.length - run);
  if (inner.length === 0) return t;
  // The same backtick run must not occur inside (then the span would have ended earlier).
  if (hasBacktickRunOf(inner, run)) return t;
  if (inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '') return inner.slice(1, -1);
  return inner;
}

/** The length of the run of backticks at `from`, read in direction `step`. */
function backtickRun(t: string, from: number, step: 1 | -1): number {
  let i = from;
  while (i >= 0 && i < t.length && t[i] === '`') i += step;
  return Math.abs(i - from);
}

/** Whether `s` holds a run of exactly `n` backticks (not part of a longer run). */
function hasBacktickRunOf(s: string, n: number): boolean {
  for (let i = 0; i < s.length;) {
    if (s[i] !== '`') {
      i++;
      continue;
    }
    const len = backtickRun(s, i, 1);
    if (len === n) return true;
    i += len;
  }
  return false;
}

/** A request cell: a JSON string literal (`"Review my PR"`) is unquoted, anything else kept as written. */
export function requestCell(cell: string): string {
  const t = cell.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    try {
      const v: unknown = JSON.parse(t);
      if (typeof v === 'string') return v;
    } catch {
      // not a JSON string: keep the text
    }
  }
  return t;
}

/** A tool-input cell: backticks around the cell stripped, JSON parsed when it is JSON. */
export function inputCell(cell: string): unknown {
  const t = stripCode(cell);
  // Speed: a failed JSON.parse throws, which is slow; skip text that cannot be JSON.
  if (!mayBeJson(t)) return t;
  try {
    return JSON.parse(t);
  } catch {
    return t;
  }
}

/**
 * False only when JSON.parse would surely fail: JSON text starts (after
 * whitespace) with a value's first character, or is a bare true/false/null.
 */
function mayBeJson(text: string): boolean {
  const t = text.trim();
  const c = t.charAt(0);
  if (c === '{' || c === '[' || c === '"' || c === '-' || (c >= '0' && c <= '9')) return true;
  return t === 'true' || t === 'false' || t === 'null';
}
