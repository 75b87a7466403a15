// Trimming a run of given characters off the ends of a string, as plain loops.
// `s.replace(/[x]+$/, '')` looks harmless but is quadratic in V8: the regex is
// tried at every start position of a long run that is followed by another
// character (a heading or URL of spaces or slashes froze the
// server). These helpers do the same job in one pass.

/** `s` without the characters of `chars` at its end (`trimEndOf('a//', '/')` → `'a'`). */
export function trimEndOf(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1]!)) end--;
  return end === s.length ? s : s.slice(0, end);
}

/** `s` without the characters of `chars` at its start. */
export function trimStartOf(s: string, chars: string): string {
  let start = 0;
  while (start < s.length && chars.includes(s[start]!)) start++;
  return start === 0 ? s : s.slice(start);
}

/** `s` without the characters of `chars` at either end. */
export function trimOf(s: string, chars: string): string {
  return trimStartOf(trimEndOf(s, chars), chars);
}

/**
 * `s` cut at the first character of `chars` after its last line break
 * (`cutAt('a?b#c', '?#')` → `'a'`); `s` when there is none. The same as
 * `s.replace(/[chars].*$/, '')`, whose `.` stops at line breaks. `chars` may be a test per character.
 */
export function cutAt(s: string, chars: string | ((c: string) => boolean)): string {
  const hit = typeof chars === 'string' ? (c: string) => chars.includes(c) : chars;
  let from = s.length;
  while (from > 0 && !isLineBreak(s[from - 1]!)) from--;
  // The last line break itself may be the cut (`[^\w].*$` matches it when nothing but one line follows).
  for (let i = Math.max(from - 1, 0); i < s.length; i++) if (hit(s[i]!)) return s.slice(0, i);
  return s;
}

/** A line terminator in the sense of a regex's `.` (which matches anything else). */
export function isLineBreak(c: string): boolean {
  return c === '\n' || c === '\r' || c === '\u2028' || c === '\u2029';
}

/**
 * Every run of whitespace that holds a line break, with the whitespace around
 * it, folded to one space (`'a \n b'` → `'a b'`); other whitespace is kept.
 * The same as `s.replace(/\s*[\r\n]+\s*\/g, ' ')` without its quadratic retries.
 */
export function foldLineBreaks(s: string): string {
  if (!s.includes('\n') && !s.includes('\r')) return s;
  let out = '';
  let i = 0;
  while (i < s.length) {
    if (!isSpace(s[i]!)) {
      out += s[i++];
      continue;
    }
    let j = i;
    let breaks = false;
    while (j < s.length && isSpace(s[j]!)) {
      if (s[j] === '\n' || s[j] === '\r') breaks = true;
      j++;
    }
    out += breaks ? ' ' : s.slice(i, j);
    i = j;
  }
  return out;
}

/** Whether `c` is whitespace in the sense of the regex `\s` (and of String#trim). */
export function isSpace(c: string): boolean {
  return c.trim() === '';
}

/**
 * The whitespace on both sides of each character of `chars` removed
 * (`squeezeAround('a : b', ':')` → `'a:b'`); other whitespace is kept. The
 * same as `s.replace(/\s*([chars])\s*\/g, '$1')` without its quadratic retries
 * on a long run of spaces.
 */
export function squeezeAround(s: string, chars: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (chars.includes(c)) {
      out += c;
      i++;
      while (i < s.length && isSpace(s[i]!)) i++;
    } else if (isSpace(c)) {
      let j = i;
      while (j < s.length && isSpace(s[j]!)) j++;
      if (j >= s.length || !chars.includes(s[j]!)) out += s.slice(i, j);
      i = j;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
