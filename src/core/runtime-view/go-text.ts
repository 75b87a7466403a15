// The few Go standard-library text behaviours Forge's SKILL.md reader relies
// on, reproduced exactly: strings.TrimSpace (Unicode White_Space, which is not
// the set String.prototype.trim uses), strings.Trim with a cutset, UTF-8 byte
// lengths (Go's len(string)), and Go's byte-wise string order (sort.Strings,
// the key order encoding/json writes map keys in).

const GO_SPACE = '\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const LEAD = new RegExp(`^[${GO_SPACE}]+`);
const TRAIL = new RegExp(`[${GO_SPACE}]+$`);

/** Go's strings.TrimSpace. */
export function goTrimSpace(s: string): string {
  return s.replace(LEAD, '').replace(TRAIL, '');
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

const encoder = new TextEncoder();

/** Go's len(s): the UTF-8 byte length. */
export function utf8Length(s: string): number {
  return encoder.encode(s).length;
}

/** Go's `a < b` for strings: byte-wise UTF-8 order (differs from JS order for astral characters). */
export function goCompare(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}
