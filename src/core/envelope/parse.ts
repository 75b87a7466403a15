// parseEnvelope: turns one complete model reply into `{message, skill,
// structured, truncated, diagnostics}` without ever losing a draft.
//
// Order of attempts:
// 1. Structured (search.ts): every `{…}` candidate in order (json/scan.ts);
//    the first that parses (strictly, else after jsonrepair) and holds —
//    itself or nested in a wrapper — an object with both `message` and
//    `skill` that is not empty wins. Its `skill` becomes the draft
//    (skill-draft.ts): a `skill.spec` is compiled with compileSkill;
//    `skill_md` is taken as written; scripts (scripts.ts) and files
//    (files.ts) are kept when their names are safe.
// 2. Cut off (recover.ts): a candidate that runs off the end of the text and
//    looks like an envelope keeps its message and every draft part that fully
//    arrived (`truncated: true`); raw JSON is never shown as the message.
// 3. A reply that is a lone `{"message": "…"}` object (no `skill`): its message.
// 4. Legacy fenced blocks (legacy-fences.ts), `structured: false`.
// 5. Otherwise the reply is prose: the whole text is the message.
// Whatever a stream of the reply has shown as the message (reader.ts) stays
// at the start of the message (parseEnvelopeShown).

import type { Diagnostic } from '../diagnostics.js';
import { errorDiag, warningDiag } from '../diagnostics.js';
import type { ParsedEnvelope } from './events.js';
import { entryOf, readPartialJsonAt } from '../json/partial.js';
import type { JsonSpan } from '../json/scan.js';
import { extractLegacyFences, tidyProse } from './legacy-fences.js';
import { shownMessage } from './reader.js';
import { findPartialEnvelope, recoverPartial } from './recover.js';
import { normalizeScripts } from './scripts.js';
import { findEnvelopeInText, isSpeakable, messageText, searchCandidates, type Search } from './search.js';
import { appendNote, normalizeSkill } from './skill-draft.js';

type Obj = Record<string, unknown>;

/** Parses a whole model reply. Never throws. */
export function parseEnvelope(text: string): ParsedEnvelope {
  if (typeof text !== 'string') text = text == null ? '' : String(text);
  return parseEnvelopeShown(text, [shownMessage(text, isEnvelopeText)]);
}

/**
 * parseEnvelope for a reply whose stream has already shown `shown` (the
 * message deltas, in order): the stream's `end()`. The shown text is never taken
 * back: when the reply turns out to carry another message (a repeated
 * `message` key, JSON restarted after the message was shown), the message
 * starts with the shown text and the final one follows it.
 */
export function parseEnvelopeShown(text: string, shown: readonly string[]): ParsedEnvelope {
  const r = parseReply(text);
  if (startsWithPieces(r.message, shown)) return r;
  r.diagnostics.push(
    warningDiag(
      'envelope-message-rewritten',
      'message',
      'the reply wrote its message again after part of it had been shown (a repeated "message" key or JSON started over); the text already shown was kept before the final message',
    ),
  );
  return { ...r, message: joinProse(shown.join(''), r.message) };
}

/** Whether `text` starts with the pieces, joined; compared in place (joining a long reply's deltas copied all of it once more). */
function startsWithPieces(text: string, pieces: readonly string[]): boolean {
  let at = 0;
  for (const p of pieces) {
    if (!text.startsWith(p, at)) return false;
    at += p.length;
  }
  return true;
}

/** True when the text of a complete object holds an envelope by the structured rules (the stream stops showing text after one). */
export function isEnvelopeText(text: string): boolean {
  // Both keys must be in the text, as written or with \u escapes (a cheap test first).
  const escapes = text.includes('\\u');
  if (!escapes && !(text.includes('message') && text.includes('skill'))) return false;
  return findEnvelopeInText(text) !== null;
}

function parseReply(text: string): ParsedEnvelope {
  // A reply may be led by `{"message": …}` objects without `skill` (the stream
  // has already shown their text): collect them, then read what follows.
  const leads: string[] = [];
  let rest = text;
  for (;;) {
    const search = searchCandidates(rest, leads.length < MAX_LEADS);
    if (!search.lone) return withLeads(text, leads, rest, parseRest(rest, search));
    leads.push(search.lone.message);
    rest = rest.slice(search.lone.span.end);
  }
}

const MAX_LEADS = 32;

function parseRest(text: string, search: Search): ParsedEnvelope {
  const diagnostics: Diagnostic[] = [];
  if (search.found) {
    const asWritten = search.found.repaired ? messageAsWritten(text, search.found.span) : undefined;
    return fromEnvelope(search.found.value, false, diagnostics, asWritten);
  }

  // An object that was cut off, or one that opens the reply but is malformed
  // beyond repair: keep its message and every part that is complete.
  const partial: Array<{ span: JsonSpan; truncated: boolean }> = [];
  if (search.open) partial.push({ span: search.open, truncated: true });
  if (search.broken && isSpeakable(text, search.broken.start)) partial.push({ span: search.broken, truncated: false });
  partial.sort((a, b) => a.span.start - b.span.start);
  for (const p of partial) {
    const r = recoverPartial(text, p.span, p.truncated, diagnostics);
    if (r) return r;
  }

  const legacy = fromLegacy(text, diagnostics);
  if (legacy) return legacy;

  return { message: text.trim(), skill: null, structured: false, truncated: false, diagnostics };
}

/** Puts the leading messages before the result of the rest; prose after them is kept, not dropped. */
function withLeads(text: string, leads: string[], restText: string, rest: ParsedEnvelope): ParsedEnvelope {
  if (leads.length === 0) return rest;
  const trailing = rest.skill === null && !rest.structured ? tidyProse(restText.replace(/^[ \t]*(?:`{3,}|~{3,})[ \t]*(?:[\w-]+[ \t]*)?$/gm, '')) : rest.message;
  const message = [...leads, trailing].reduce((a, b) => joinProse(a, b));
  return {
    message,
    skill: rest.skill,
    structured: rest.skill === null ? true : rest.structured,
    truncated: rest.truncated,
    diagnostics: rest.diagnostics,
  };
}

/**
 * After a repair, the message exactly as the model wrote it, when the tolerant
 * reader can read that string whole: a repair tool's guess about the broken
 * JSON around it must not rewrite text the user has already seen streamed.
 */
function messageAsWritten(text: string, span: JsonSpan): string | undefined {
  const { node } = readPartialJsonAt(text.slice(0, span.end), span.start);
  const env = node ? findPartialEnvelope(node, 0) : null;
  if (!env || entryOf(env, 'skill') === undefined) return undefined;
  const m = entryOf(env, 'message');
  return m?.kind === 'string' && m.done ? m.value : undefined;
}

function joinProse(a: string, b: string): string {
  return b === '' ? a : `${a}\n\n${b}`;
}

function fromEnvelope(env: Obj, truncated: boolean, diagnostics: Diagnostic[], messageOverride?: string): ParsedEnvelope {
  let message = messageOverride ?? messageText(env.message, diagnostics);
  const { skill, lost } = normalizeSkill(env.skill, diagnostics);
  if (lost) message = appendNote(message, lost);
  return { message, skill, structured: true, truncated, diagnostics };
}

// ---------------------------------------------------------------------------
// Legacy fenced blocks

function fromLegacy(text: string, diagnostics: Diagnostic[]): ParsedEnvelope | null {
  const legacy = extractLegacyFences(text);
  if (legacy === null) return null;
  const scripts = normalizeScripts(
    legacy.scripts.map((s) => ({ name: s.name, content: s.content })),
    diagnostics,
  );
  let truncated = false;
  if (!legacy.skillClosed || legacy.scripts.some((s) => !s.closed)) {
    truncated = true;
    diagnostics.push(
      warningDiag(
        'legacy-fence-unclosed',
        'reply',
        'a fenced block was not closed before the reply ended; its content was kept as it arrived, but it may be cut off',
      ),
    );
  }
  if (legacy.skillMd === null || legacy.skillMd.trim() === '') {
    // Scripts without a SKILL.md (or an empty skill.md block): keep them visible in the message rather than lose them.
    const what = legacy.skillMd === null ? 'the reply held scripts but no SKILL.md' : "the reply's skill.md block was empty";
    diagnostics.push(errorDiag('envelope-skill-md-missing', 'skill', `${what}, so no draft was made`));
    return { message: text.trim(), skill: null, structured: false, truncated, diagnostics };
  }
  return { message: legacy.message, skill: { skillMd: legacy.skillMd, scripts }, structured: false, truncated, diagnostics };
}
