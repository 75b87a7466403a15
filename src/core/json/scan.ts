// String-aware scanning for JSON objects embedded in free text. A model's reply
// may hold prose, fenced blocks and several `{…}` spans; this module finds
// every balanced object candidate in order (braces inside JSON strings do not
// count), reports a candidate that runs off the end of the text (a reply cut
// off at the token limit), and parses a candidate strictly, then with
// `jsonrepair` (raw newlines in strings, trailing commas, single quotes).
// It never throws and its total work is bounded (see `scanBudget`).

import { jsonrepair } from 'jsonrepair';
import { completeValue, readPartialJsonAt } from './partial.js';

/** A `{…}` span: `end` is exclusive; `complete` is false when the text ends before the object closes. */
export interface JsonSpan {
  start: number;
  end: number;
  complete: boolean;
}

interface ScanResult {
  /** Exclusive end of the object, or -1 when the text ended first. */
  end: number;
  /** Positions of `{` met outside strings after `start` (nested objects), in order. */
  inner: number[];
}

/**
 * Finds the `}` that closes the `{` at `start`, skipping braces inside
 * double-quoted strings (with backslash escapes). Records nested `{` positions
 * so a caller can retry them without rescanning string contents.
 */
export function scanObject(text: string, start: number, recordInner = true): ScanResult {
  const inner: number[] = [];
  const n = text.length;
  let depth = 0;
  let i = start;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) {
      if (depth > 0 && recordInner) inner.push(i);
      depth++;
    } else if (c === 125 /* } */) {
      depth--;
      if (depth === 0) return { end: i + 1, inner };
    } else if (c === 34 /* " */) {
      const close = closingQuote(text, i + 1);
      if (close < 0) return { end: -1, inner };
      i = close;
    }
    i++;
  }
  return { end: -1, inner };
}

/**
 * The index of the quote that closes a string whose contents start at `from`,
 * or -1. Jumps from quote to quote with indexOf and counts the backslashes
 * before each one: an odd count means the quote is escaped.
 */
export function closingQuote(text: string, from: number): number {
  let q = text.indexOf('"', from);
  while (q >= 0) {
    let k = q - 1;
    while (k >= from && text.charCodeAt(k) === 92) k--;
    if ((q - 1 - k) % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
  return -1;
}

/**
 * Every object candidate of `text`, in order of its opening brace. After a
 * candidate the caller says whether it was used up (`next(true)`: continue after
 * its end) or not (`next(false)`: its nested objects are tried next, then the
 * text after it). Text outside candidates is prose: its quotes are ignored.
 *
 * A candidate that was not used may have read its quotes out of step (a
 * stray `{"` in prose, a model that started its JSON over in mid-string), and
 * then a whole object inside it looks like string content. So every `{` in it
 * that a quote follows (whitespace between allowed) is tried too. An escaped
 * quote (`{\"`) does not count: JSON written inside a real string stays
 * content.
 */
export function* objectCandidates(text: string): Generator<JsonSpan, void, boolean | undefined> {
  let budget = scanBudget(text.length);
  // Nested `{` positions (outside strings) of the last top-level candidate that
  // was not used; they are tried before moving on past it.
  let pending: number[] = [];
  let pos = 0;
  for (;;) {
    let start: number;
    const fromPending = pending.length > 0;
    if (fromPending) start = pending.shift()!;
    else {
      start = text.indexOf('{', pos);
      if (start < 0) return;
    }
    const r = scanObject(text, start, !fromPending);
    const end = r.end < 0 ? text.length : r.end;
    budget -= end - start;
    const consumed = yield { start, end, complete: r.end >= 0 };
    if (consumed) pending = pending.filter((p) => p >= end);
    else if (!fromPending) pending = withQuotedOpenings(text, start, end, r.inner);
    // A retried opening may run past the candidate it sat in: the text after
    // that candidate is still read from its end.
    if (consumed || !fromPending) pos = Math.max(pos, end);
    if (budget < 0) return;
  }
}

/** `inner` plus every `{` in `(start, end)` that a quote follows (whitespace between allowed), in order. */
function withQuotedOpenings(text: string, start: number, end: number, inner: readonly number[]): number[] {
  const out: number[] = [];
  const re = /\{\s*"/g;
  re.lastIndex = start + 1;
  let k = 0;
  for (let m = re.exec(text); m !== null && m.index < end; m = re.exec(text)) {
    while (k < inner.length && inner[k]! < m.index) out.push(inner[k++]!);
    if (k < inner.length && inner[k] === m.index) k++;
    out.push(m.index);
    re.lastIndex = m.index + 1;
  }
  while (k < inner.length) out.push(inner[k++]!);
  return out;
}

/** Scanning work allowed for one text: pathological inputs (`{{{{…`) stop early instead of going quadratic. */
export function scanBudget(length: number): number {
  return 32 * length + 1_000_000;
}

export type JsonParseOutcome = { ok: true; value: unknown; repaired: boolean } | { ok: false };

/**
 * `JSON.parse`, then `jsonrepair` + `JSON.parse`, then the tolerant reader of
 * partial.ts (which also accepts what the repair tool refuses, such as an
 * invalid `\\u` escape) when it reads the whole text as one complete value.
 * Never throws.
 */
export function parseJsonLenient(text: string): JsonParseOutcome {
  try {
    return { ok: true, value: JSON.parse(text), repaired: false };
  } catch {
    // fall through to repair
  }
  try {
    return { ok: true, value: JSON.parse(jsonrepair(text)), repaired: true };
  } catch {
    // fall through to the tolerant reader
  }
  const { node, eof } = readPartialJsonAt(text);
  if (node !== null && node.done && eof) {
    const value = completeValue(node);
    if (value !== undefined) return { ok: true, value, repaired: true };
  }
  return { ok: false };
}
