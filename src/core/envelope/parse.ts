// parseEnvelope: turns one complete model reply into `{message, skill,
// structured, truncated, diagnostics}` without ever losing a draft (SPEC §5).
//
// Order of attempts:
// 1. Structured: every `{…}` candidate in order (json-scan.ts); the first that
//    parses (strictly, else after jsonrepair) and holds — itself or nested in
//    a wrapper — an object with both `message` and `skill` that is not empty
//    wins. A `skill.spec` is compiled with compileSkill; `skill_md` is taken
//    as written; scripts are kept when their file names are safe.
// 2. Cut off: a candidate that runs off the end of the text and looks like an
//    envelope keeps its message and every draft part that fully arrived
//    (`truncated: true`); raw JSON is never shown as the message.
// 3. A reply that is a lone `{"message": "…"}` object (no `skill`): its message.
// 4. Legacy fenced blocks (legacy-fences.ts), `structured: false`.
// 5. Otherwise the reply is prose: the whole text is the message.
// Whatever a stream of the reply has shown as the message (envelope-reader.ts)
// stays at the start of the message (parseEnvelopeShown).

import type { Diagnostic } from '../diagnostics.js';
import { errorDiag, warningDiag } from '../diagnostics.js';
import type { ParsedEnvelope, SkillDraft } from '../builder/events.js';
import { decodeClosedSpec } from './schema.js';
import { completeValue, entryOf, readPartialJsonAt, type PartialNode } from '../json/partial.js';
import { objectCandidates, parseJsonLenient, type JsonSpan } from '../json/scan.js';
import { isPlainObject } from '../plain-object.js';
import { blockRole, extractLegacyFences, findFencedBlocks, looksLikeSkillMd, tidyProse } from './legacy-fences.js';
import { checkScriptFileName } from '../names.js';
import { normalizeFiles } from './files.js';
import { shownMessage } from './reader.js';
import { compileSkill } from '../skillmd/compile.js';
import { SkillSpecSchema } from '../skillmd/spec-schema.js';

type Obj = Record<string, unknown>;

const MAX_SEARCH_DEPTH = 8;

/** Parses a whole model reply. Never throws. */
export function parseEnvelope(text: string): ParsedEnvelope {
  if (typeof text !== 'string') text = text == null ? '' : String(text);
  return parseEnvelopeShown(text, shownMessage(text, isEnvelopeText));
}

/**
 * parseEnvelope for a reply whose stream has already shown `shown` (the
 * message deltas, joined): the stream's `end()`. The shown text is never taken
 * back: when the reply turns out to carry another message (a repeated
 * `message` key, JSON restarted after the message was shown), the message
 * starts with the shown text and the final one follows it.
 */
export function parseEnvelopeShown(text: string, shown: string): ParsedEnvelope {
  const r = parseReply(text);
  if (shown === '' || r.message.startsWith(shown)) return r;
  r.diagnostics.push(
    warningDiag(
      'envelope-message-rewritten',
      'message',
      'the reply wrote its message again after part of it had been shown (a repeated "message" key or JSON started over); the text already shown was kept before the final message',
    ),
  );
  return { ...r, message: joinProse(shown, r.message) };
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
  const trailing =
    rest.skill === null && !rest.structured ? tidyProse(restText.replace(/^[ \t]*(?:`{3,}|~{3,})[ \t]*[\w-]*[ \t]*$/gm, '')) : rest.message;
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
 * The first envelope object in `text` by the structured rules (step 1), or
 * `null`. Used by the stream to know whether an earlier object already won.
 */
export function findEnvelopeInText(text: string): Obj | null {
  return searchCandidates(text).found?.value ?? null;
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

interface Search {
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

function searchCandidates(text: string, allowLone = true): Search {
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
function isSpeakable(text: string, offset: number): boolean {
  const before = text.slice(Math.max(0, offset - 400), offset);
  if (offset <= 400 && /^\s*$/.test(before)) return true;
  return /(?:^|\n)[ \t]{0,3}(?:`{3,}|~{3,})[ \t]*(?:json[c5]?)?[ \t]*\r?\n\s*$/i.test(before);
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

function joinProse(a: string, b: string): string {
  return b === '' ? a : `${a}\n\n${b}`;
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

function messageText(m: unknown, diagnostics: Diagnostic[]): string {
  if (typeof m === 'string') return m;
  if (m === null || m === undefined) return '';
  if (typeof m === 'number' || typeof m === 'boolean') return String(m);
  if (isPlainObject(m)) {
    for (const k of ['content', 'text']) if (typeof m[k] === 'string') return m[k] as string;
  }
  diagnostics.push(warningDiag('envelope-message-type', 'message', 'the envelope\'s "message" was not a string; it was left out'));
  return '';
}

function fromEnvelope(env: Obj, truncated: boolean, diagnostics: Diagnostic[], messageOverride?: string): ParsedEnvelope {
  let message = messageOverride ?? messageText(env.message, diagnostics);
  const { skill, lost } = normalizeSkill(env.skill, diagnostics);
  if (lost) message = appendNote(message, lost);
  return { message, skill, structured: true, truncated, diagnostics };
}

function appendNote(message: string, note: string): string {
  return message.trim() === '' ? note : `${message}\n\n${note}`;
}

// ---------------------------------------------------------------------------
// The skill part

interface SkillOutcome {
  skill: SkillDraft | null;
  /** Set when a draft arrived but could not be used: a note for the user, with any scripts it held. */
  lost: string | null;
}

function normalizeSkill(raw: unknown, diagnostics: Diagnostic[]): SkillOutcome {
  if (raw === null || raw === undefined || (typeof raw === 'string' && raw.trim() === '')) return { skill: null, lost: null };
  if (typeof raw === 'string') {
    // Some models put the SKILL.md text directly in `skill`.
    return { skill: { skillMd: raw, scripts: {} }, lost: null };
  }
  if (!isPlainObject(raw)) {
    diagnostics.push(errorDiag('envelope-skill-invalid', 'skill', 'the envelope\'s "skill" was neither null nor an object, so no draft could be read from it'));
    return { skill: null, lost: '[The skill draft in this reply was malformed and could not be read. Ask for the draft again.]' };
  }
  if (Object.keys(raw).length === 0) return { skill: null, lost: null };
  const scripts = normalizeScripts(raw.scripts, diagnostics);
  const rawMd = firstString(raw.skill_md, raw.skillMd, raw['SKILL.md']);
  let rawSpec = raw.spec;
  if (typeof rawSpec === 'string') {
    const p = parseJsonLenient(rawSpec);
    rawSpec = p.ok ? p.value : rawSpec;
  }
  // Strict structured output makes models fill every field, so a question turn
  // often carries `{"skill_md": "", "scripts": {}}`: an empty draft is no draft.
  if (isBlank(rawSpec) && isBlank(rawMd) && Object.keys(scripts).length === 0) return { skill: null, lost: null };

  let skillMd: string | undefined;
  let spec: unknown;
  let specProblem: string | null = null;
  if (rawSpec !== undefined && rawSpec !== null) {
    const compiled = compileSpec(rawSpec, diagnostics);
    if (compiled.ok) {
      skillMd = compiled.skillMd;
      spec = compiled.spec;
    } else specProblem = compiled.problem;
  }
  if (skillMd === undefined && rawMd !== undefined && rawMd.trim() !== '') {
    skillMd = rawMd;
    if (specProblem)
      diagnostics.push(warningDiag('envelope-spec-invalid', 'skill.spec', `the skill spec could not be compiled (${specProblem}); the skill_md sent with it was used instead`));
  }
  if (skillMd === undefined) {
    const reason = specProblem
      ? `its spec could not be compiled (${specProblem})`
      : 'it held neither a spec nor a SKILL.md';
    diagnostics.push(errorDiag(specProblem ? 'envelope-spec-invalid' : 'envelope-skill-md-missing', specProblem ? 'skill.spec' : 'skill', `the skill draft was not usable: ${reason}`));
    return { skill: null, lost: lostNote(reason, scripts) };
  }
  const draft: SkillDraft = { skillMd, scripts };
  if (spec !== undefined) draft.spec = spec;
  const files = normalizeFiles(raw.files, diagnostics);
  if (Object.keys(files).length > 0) draft.files = files;
  return { skill: draft, lost: null };
}

function lostNote(reason: string, scripts: Record<string, string>): string {
  let note = `[The skill draft in this reply was not usable: ${reason}. Ask for the draft again.]`;
  for (const [name, content] of Object.entries(scripts)) {
    const fence = content.includes('```') ? '````' : '```';
    note += `\n\n${fence}script: ${name}\n${content}\n${fence}`;
  }
  return note;
}

/** Nothing at all: absent, null, a blank string or an empty object. */
function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (isPlainObject(v) && Object.keys(v).length === 0);
}

function firstString(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string') return v;
  return undefined;
}

type CompileOutcome = { ok: true; skillMd: string; spec: unknown } | { ok: false; problem: string };

/**
 * Validates a spec (closed or open shape) and compiles it. When some fields
 * are invalid they are dropped and the rest compiled, with a warning naming
 * what was dropped; only when the spec stays invalid is it refused.
 */
function compileSpec(rawSpec: unknown, diagnostics: Diagnostic[]): CompileOutcome {
  let candidate = decodeClosedSpec(rawSpec);
  const dropped: string[] = [];
  for (let attempt = 0; attempt < 8; attempt++) {
    const r = SkillSpecSchema.safeParse(candidate);
    if (r.success) {
      try {
        const skillMd = compileSkill(r.data);
        if (dropped.length > 0)
          diagnostics.push(
            warningDiag('envelope-spec-partial', 'skill.spec', `invalid spec fields were left out of the compiled SKILL.md: ${dropped.join(', ')}`),
          );
        return { ok: true, skillMd, spec: r.data };
      } catch (e) {
        return { ok: false, problem: `the compiler failed: ${e instanceof Error ? e.message : String(e)}` };
      }
    }
    const issues = r.error.issues;
    const first = issues[0]!;
    const problem = `${first.path.length ? first.path.join('.') : 'spec'}: ${first.message}`;
    // Drop the offending fields that are optional (present but invalid); a
    // missing required field cannot be repaired by dropping.
    const next = structuredClone(candidate) as unknown;
    let changed = false;
    for (const issue of issues) {
      if (issue.path.length === 0) continue;
      if (removeAt(next, issue.path)) {
        changed = true;
        dropped.push(issue.path.join('.'));
      }
    }
    if (!changed) return { ok: false, problem };
    candidate = next;
  }
  return { ok: false, problem: 'too many invalid fields' };
}

function removeAt(root: unknown, path: readonly PropertyKey[]): boolean {
  let node: unknown = root;
  for (let i = 0; i < path.length - 1; i++) {
    if (node === null || typeof node !== 'object') return false;
    node = (node as Record<PropertyKey, unknown>)[path[i] as string];
  }
  const last = path[path.length - 1] as string | number;
  if (Array.isArray(node) && typeof last === 'number') {
    if (last >= node.length) return false;
    node.splice(last, 1);
    return true;
  }
  if (isPlainObject(node) && Object.prototype.hasOwnProperty.call(node, last)) {
    delete node[last];
    return true;
  }
  return false;
}

/** Scripts as a map or as `[{name, content}]`; unsafe names and non-text contents are dropped with a diagnostic. */
export function normalizeScripts(raw: unknown, diagnostics: Diagnostic[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw === undefined || raw === null) return out;
  let pairs: Array<[unknown, unknown]>;
  if (Array.isArray(raw)) {
    pairs = raw.map((item) =>
      isPlainObject(item)
        ? [item.name ?? item.filename ?? item.file ?? item.path ?? item.key, item.content ?? item.source ?? item.body ?? item.value]
        : [undefined, item],
    );
  } else if (isPlainObject(raw)) {
    pairs = Object.entries(raw);
  } else {
    diagnostics.push(warningDiag('scripts-invalid', 'skill.scripts', '"scripts" was not a map of file name to content; no scripts were read'));
    return out;
  }
  for (const [rawName, rawContent] of pairs) {
    const name = typeof rawName === 'string' ? stripScriptsPrefix(rawName.trim()) : rawName;
    const problem = checkScriptFileName(name);
    if (problem) {
      diagnostics.push(warningDiag('script-name-unsafe', `scripts/${printable(name)}`, `${problem}; the script was dropped`));
      continue;
    }
    const content = typeof rawContent === 'string' ? rawContent : isPlainObject(rawContent) && typeof rawContent.content === 'string' ? rawContent.content : undefined;
    if (content === undefined) {
      diagnostics.push(warningDiag('script-content-invalid', `scripts/${name as string}`, 'the script content was not text; the script was dropped'));
      continue;
    }
    if (Object.prototype.hasOwnProperty.call(out, name as string))
      diagnostics.push(warningDiag('script-duplicate', `scripts/${name as string}`, 'the script was sent twice; the last copy was kept'));
    out[name as string] = content;
  }
  return out;
}

function stripScriptsPrefix(name: string): string {
  return name.startsWith('scripts/') ? name.slice('scripts/'.length) : name;
}

function printable(v: unknown): string {
  // eslint-disable-next-line no-control-regex
  return typeof v === 'string' ? v.replace(/[\u0000-\u001f]/g, '?').slice(0, 80) : String(v);
}

// ---------------------------------------------------------------------------
// Cut-off (or malformed) replies

function recoverPartial(text: string, span: JsonSpan, truncated: boolean, diagnostics: Diagnostic[]): ParsedEnvelope | null {
  const { node: root, eof } = readPartialJsonAt(text, span.start);
  if (root === null) return null;
  const env = findPartialEnvelope(root, 0);
  if (env === null) {
    // JSON that opens the reply and is cut off before any envelope key arrived
    // (`{"mess`): say so rather than show the fragment.
    if (!truncated || !eof || root.kind !== 'object' || !opensReply(text, span.start)) return null;
    diagnostics.push(warningDiag('envelope-truncated', 'reply', 'the reply was cut off before it finished (the model hit its output limit); nothing of it could be kept. Ask the model to send it again.'));
    return { message: CUT_OFF_NOTE, skill: null, structured: true, truncated: true, diagnostics };
  }

  const messageNode = entryOf(env, 'message');
  let message = messageNode?.kind === 'string' ? messageNode.value : '';
  const kept: string[] = [];
  const lost: string[] = [];
  if (messageNode?.kind === 'string' && !messageNode.done) lost.push('the end of the message');

  const skillNode = entryOf(env, 'skill');
  let rawSkill: unknown = null;
  if (skillNode === undefined) {
    lost.push('the skill');
  } else if (skillNode.kind === 'object') {
    const s: Obj = {};
    const specNode = entryOf(skillNode, 'spec');
    if (specNode !== undefined) {
      const v = completeValue(specNode);
      if (v !== undefined) {
        s.spec = v;
        if (v !== null) kept.push('the spec');
      } else lost.push('the spec');
    }
    for (const key of ['skill_md', 'skillMd']) {
      const md = entryOf(skillNode, key);
      if (md === undefined) continue;
      if (md.kind === 'string' && md.done) {
        s.skill_md = md.value;
        kept.push('SKILL.md');
      } else if (md.kind === 'string') lost.push('SKILL.md');
    }
    const scriptsNode = entryOf(skillNode, 'scripts');
    if (scriptsNode !== undefined) s.scripts = completeEntries(scriptsNode, kept, lost, 'scripts/', 'name');
    const filesNode = entryOf(skillNode, 'files');
    if (filesNode !== undefined) s.files = completeEntries(filesNode, kept, lost, '', 'path');
    rawSkill = s;
  } else {
    const v = completeValue(skillNode);
    if (v === undefined) lost.push('the skill');
    rawSkill = v ?? null;
  }

  const hasDraft = isPlainObject(rawSkill) && (rawSkill.spec != null || typeof rawSkill.skill_md === 'string');
  const { skill, lost: lostNoteText } = hasDraft ? normalizeSkill(rawSkill, diagnostics) : { skill: null, lost: null };
  if (!hasDraft && isPlainObject(rawSkill)) {
    const scripts = normalizeScripts(rawSkill.scripts, diagnostics);
    if (Object.keys(scripts).length > 0)
      message = appendNote(message, lostNote(truncated ? 'the reply was cut off before the SKILL.md arrived' : 'its SKILL.md was missing or unreadable', scripts));
  }
  if (lostNoteText) message = appendNote(message, lostNoteText);
  const what = truncated
    ? 'the reply was cut off before it finished (the model hit its output limit)'
    : "the reply's JSON was malformed beyond repair";
  diagnostics.push(
    warningDiag(
      truncated ? 'envelope-truncated' : 'envelope-malformed',
      'reply',
      what + (kept.length ? `; kept ${kept.join(', ')}` : '') + (lost.length ? `; lost ${lost.join(', ')}` : '') + '. Ask the model to send the draft again.',
    ),
  );
  if (message.trim() === '') message = truncated ? CUT_OFF_NOTE : MALFORMED_NOTE;
  return { message, skill, structured: true, truncated, diagnostics };
}

const CUT_OFF_NOTE = '[The reply was cut off before its message arrived.]';
const MALFORMED_NOTE = '[The reply could not be read: its JSON was malformed.]';

/** True when only whitespace or a fence opener line comes before `offset`. */
function opensReply(text: string, offset: number): boolean {
  return /^\uFEFF?\s*(?:(?:`{3,}|~{3,})[ \t]*[\w-]*[ \t]*\r?\n\s*)?$/.test(text.slice(0, offset));
}

/** The object node that holds `message` or `skill`: the root or one reached through wrappers. */
function findPartialEnvelope(node: PartialNode, depth: number): (PartialNode & { kind: 'object' }) | null {
  if (node.kind !== 'object' || depth > MAX_SEARCH_DEPTH) return null;
  if (node.entries.some(([k]) => k === 'message' || k === 'skill')) return node;
  for (const [, v] of node.entries) {
    const f = findPartialEnvelope(v, depth + 1);
    if (f) return f;
  }
  return null;
}

/** The scripts (or files) of a cut-off reply that arrived whole; `prefix` and `nameKey` label them. */
function completeEntries(node: PartialNode, kept: string[], lost: string[], prefix: string, nameKey: string): unknown {
  if (node.kind === 'object') {
    const out: Obj = {};
    for (const [name, v] of node.entries) {
      if (v.kind === 'string' && v.done) {
        out[name] = v.value;
        kept.push(`${prefix}${name}`);
      } else lost.push(`${prefix}${name}`);
    }
    return out;
  }
  if (node.kind === 'array') {
    const out: unknown[] = [];
    for (const item of node.items) {
      const v = completeValue(item);
      const name = item.kind === 'object' ? entryOf(item, nameKey) : undefined;
      const label = name?.kind === 'string' ? `${prefix}${name.value}` : prefix === '' ? 'a file' : 'a script';
      if (v !== undefined) {
        out.push(v);
        kept.push(label);
      } else lost.push(label);
    }
    return out;
  }
  return completeValue(node);
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
      warningDiag('legacy-fence-unclosed', 'reply', 'a fenced block was not closed before the reply ended; its content was kept as it arrived, but it may be cut off'),
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
