// Step 1 of parseEnvelope (parse.ts): the search of a reply for its envelope.
// Every `{…}` candidate is tried in order (json/scan.ts), strictly, else after
// jsonrepair; the first that holds — itself or nested in a wrapper, or as JSON
// text inside a string — an object with both `message` and `skill` that is not
// empty wins. JSON inside a fenced SKILL.md or script block is part of that
// draft, never the envelope. The search also notes the first candidate cut off
// at the end, the first one broken beyond repair, and a leading lone
// `{"message": …}` object, for the later steps.

import type { Diagnostic } from '../diagnostics.js';
import { warningDiag } from '../diagnostics.js';
import { objectCandidates, parseJsonLenient, type JsonSpan } from '../json/scan.js';
import { isPlainObject } from '../plain-object.js';
import { blockRole, findFencedBlocks, looksLikeSkillMd } from './legacy-fences.js';

type Obj = Record<string, unknown>;

/** How deep wrappers around an envelope (and JSON text inside strings) are searched. */
export const MAX_SEARCH_DEPTH = 8;

export interface Search {
  found?: { value: Obj; span: JsonSpan; repaired: boolean };
  /** The first candidate that ran off the end of the text. */
  open?: JsonSpan;
  /** The first complete candidate that could not be parsed even leniently. */
  broken?: JsonSpan;
  /**
   * The first object that opens the reply (or a ```json block) with `message`
   * as its first key but has no `skill`: its message leads the reply (the
   * stream has already shown it), and the rest of the text is read after it.
   */
  lone?: { message: string; span: JsonSpan };
}

/** Step 1 of parseEnvelope over every `{…}` candidate in order: the envelope, or what the later steps need. */
export function searchCandidates(text: string, allowLone = true): Search {
  const out: Search = {};
  let speakableSeen = false;
  const inDraftBlock = draftBlockTest(text);
  // An envelope read only after a repair, while the objects inside its span are
  // tried for one that parses as written (the repair may have misread a stray
  // brace or quote before the real envelope and dropped parts of it).
  let repairedFound: Search['found'];
  const it = objectCandidates(text);
  let step = it.next();
  while (!step.done) {
    const span = step.value;
    if (repairedFound && span.start >= repairedFound.span.end) break;
    let consumed = false;
    if (inDraftBlock(span.start)) {
      // JSON inside a fenced SKILL.md or script is part of that draft (an
      // output schema, an example), never the reply's envelope.
      consumed = span.complete;
    } else if (span.complete) {
      const parsed = parseJsonLenient(text.slice(span.start, span.end));
      if (parsed.ok) {
        const env = findIn(parsed.value, 0);
        // A repaired object may be a repair's misreading (a stray brace in
        // prose around a real envelope): look inside it too.
        consumed = !parsed.repaired;
        if (env && !parsed.repaired) {
          out.found = { value: env, span, repaired: false };
          return out;
        }
        if (env) {
          repairedFound ??= { value: env, span, repaired: true };
          step = it.next(consumed);
          continue;
        }
        if (allowLone && !repairedFound && !speakableSeen && isSpeakable(text, span.start)) {
          speakableSeen = true;
          const m = leadingMessage(parsed.value);
          if (m !== undefined) {
            out.lone = { message: m, span };
            return out;
          }
        }
      } else out.broken ??= span;
    } else if (out.open === undefined) out.open = span;
    step = it.next(consumed);
  }
  if (repairedFound) out.found = repairedFound;
  return out;
}

/** True when only whitespace, or a ```json / ``` fence line and whitespace, comes right before `offset`. */
export function isSpeakable(text: string, offset: number): boolean {
  const before = text.slice(Math.max(0, offset - 400), offset);
  if (offset <= 400 && /^\s*$/.test(before)) return true;
  return /(?:^|\n)[ \t]{0,3}(?:`{3,}|~{3,})[ \t]*(?:json[c5]?[ \t]*)?\r?\n\s*$/i.test(before);
}

/** The message of `{"message": "…", …}` without `skill` (possibly inside one-key wrappers), when `message` is its first key. */
function leadingMessage(value: unknown): string | undefined {
  let v = value;
  for (let depth = 0; depth <= MAX_SEARCH_DEPTH && isPlainObject(v); depth++) {
    const keys = Object.keys(v);
    if (keys[0] === 'message') return typeof v.message === 'string' && !('skill' in v) ? v.message : undefined;
    if (keys.length !== 1 || keys[0] === 'skill') return undefined;
    v = v[keys[0]!];
  }
  return undefined;
}

/** A test for "this offset lies inside a fenced SKILL.md or script block". */
function draftBlockTest(text: string): (offset: number) => boolean {
  if (!text.includes('```') && !text.includes('~~~')) return () => false;
  const ranges = findFencedBlocks(text)
    .filter((b) => blockRole(b.info).kind !== 'other' || looksLikeSkillMd(b.content))
    .map((b) => [b.start, b.end] as const);
  if (ranges.length === 0) return () => false;
  return (offset) => ranges.some(([a, b]) => offset >= a && offset < b);
}

/** Pre-order search: the object itself, then its values (JSON text in strings included). */
function findIn(value: unknown, depth: number): Obj | null {
  if (depth > MAX_SEARCH_DEPTH) return null;
  if (Array.isArray(value)) {
    for (const v of value) {
      const f = findIn(v, depth + 1);
      if (f) return f;
    }
    return null;
  }
  if (typeof value === 'string') {
    const t = value.trim();
    if (t.startsWith('{') && t.endsWith('}') && t.includes('"message"')) {
      const p = parseJsonLenient(t);
      return p.ok ? findIn(p.value, depth + 1) : null;
    }
    return null;
  }
  if (!isPlainObject(value)) return null;
  if (isEnvelope(value)) return value;
  for (const v of Object.values(value)) {
    const f = findIn(v, depth + 1);
    if (f) return f;
  }
  return null;
}

function isEnvelope(o: Obj): boolean {
  if (!('message' in o) || !('skill' in o)) return false;
  const m = messageText(o.message, []);
  const s = o.skill;
  const emptySkill = s === null || s === undefined || (isPlainObject(s) && Object.keys(s).length === 0) || s === '';
  return m.trim() !== '' || !emptySkill;
}

export function messageText(m: unknown, diagnostics: Diagnostic[]): string {
  if (typeof m === 'string') return m;
  if (m === null || m === undefined) return '';
  if (typeof m === 'number' || typeof m === 'boolean') return String(m);
  if (isPlainObject(m)) {
    for (const k of ['content', 'text']) if (typeof m[k] === 'string') return m[k] as string;
  }
  diagnostics.push(warningDiag('envelope-message-type', 'message', 'the envelope\'s "message" was not a string; it was left out'));
  return '';
}

/**
 * The first envelope object in `text` by the structured rules (step 1), or
 * `null`. Used by the stream to know whether an earlier object already won.
 */
export function findEnvelopeInText(text: string): Obj | null {
  return searchCandidates(text).found?.value ?? null;
}
