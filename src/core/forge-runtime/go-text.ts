// The few Go standard-library text behaviours Forge's SKILL.md reader relies
// on, reproduced exactly: strings.TrimSpace (Unicode White_Space, which is not
// the set String.prototype.trim uses), strings.Trim with a cutset, UTF-8 byte
// lengths (Go's len(string)), and Go's byte-wise string order (sort.Strings,
// the key order encoding/json writes map keys in).

/** Go's unicode.IsSpace for one UTF-16 code unit (every Unicode White_Space character is in the BMP). */
export function isGoSpace(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0x85) return false;
  return (
    c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** Go's strings.TrimSpace (a loop, not a regex: a `\\s+$` regex retries at every blank run of a long line). */
export function goTrimSpace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isGoSpace(s.charCodeAt(a))) a++;
  while (b > a && isGoSpace(s.charCodeAt(b - 1))) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}

/** Go's strings.Trim(s, cutset) for a cutset of single-code-unit characters. */
export function goTrim(s: string, cutset: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && cutset.includes(s[a]!)) a++;
  while (b > a && cutset.includes(s[b - 1]!)) b--;
  return s.slice(a, b);
}

/** Go's strings.TrimRight(s, cutset). */
export function goTrimRight(s: string, cutset: string): string {
  let b = s.length;
  while (b > 0 && cutset.includes(s[b - 1]!)) b--;
  return s.slice(0, b);
}

/** Go's len(s): the UTF-8 byte length (a lone surrogate counts as the 3 bytes of U+FFFD, as TextEncoder writes it). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && isLowSurrogate(s.charCodeAt(i + 1))) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** Go's `a < b` for strings: byte-wise UTF-8 order, which is code point order (not JS's UTF-16 order, which differs for astral characters). */
export function goCompare(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = codePointAt(a, i);
    const y = codePointAt(b, j);
    if (x !== y) return x - y;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return a.length - i - (b.length - j);
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** The code point at `i`, with a lone surrogate read as U+FFFD (what UTF-8 encoding makes of it). */
function codePointAt(s: string, i: number): number {
  const c = s.codePointAt(i)!;
  return c >= 0xd800 && c <= 0xdfff ? 0xfffd : c;
}
