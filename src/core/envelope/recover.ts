// Step 2 of parseEnvelope (parse.ts): a reply whose envelope was cut off (the
// model hit its output limit) or is malformed beyond repair. The tolerant
// reader (json/partial.ts) reads as much as arrived; the message and every
// draft part that arrived whole are kept, what did not is named in a warning,
// and raw JSON is never shown as the message.

import type { Diagnostic } from '../diagnostics.js';
import { warningDiag } from '../diagnostics.js';
import type { ParsedEnvelope } from './events.js';
import { completeValue, entryOf, readPartialJsonAt, type PartialNode } from '../json/partial.js';
import type { JsonSpan } from '../json/scan.js';
import { isPlainObject } from '../plain-object.js';
import { normalizeScripts } from './scripts.js';
import { MAX_SEARCH_DEPTH } from './search.js';
import { appendNote, lostNote, normalizeSkill } from './skill-draft.js';

type Obj = Record<string, unknown>;

/** What of a cut-off envelope arrived whole (`kept`) and what did not (`lost`), named for the warning. */
interface Arrival {
  kept: string[];
  lost: string[];
}

/** The fallback of step 2: what arrived of a cut-off (or malformed) envelope at `span`, or null when it holds none. */
export function recoverPartial(text: string, span: JsonSpan, truncated: boolean, diagnostics: Diagnostic[]): ParsedEnvelope | null {
  const { node: root, eof } = readPartialJsonAt(text, span.start);
  if (root === null) return null;
  const env = findPartialEnvelope(root, 0);
  if (env === null) {
    // JSON that opens the reply and is cut off before any envelope key arrived
    // (`{"mess`): say so rather than show the fragment.
    if (!truncated || !eof || root.kind !== 'object' || !opensReply(text, span.start)) return null;
    diagnostics.push(
      warningDiag(
        'envelope-truncated',
        'reply',
        'the reply was cut off before it finished (the model hit its output limit); nothing of it could be kept. Ask the model to send it again.',
      ),
    );
    return { message: CUT_OFF_NOTE, skill: null, structured: true, truncated: true, diagnostics };
  }

  const arrival: Arrival = { kept: [], lost: [] };
  const messageNode = entryOf(env, 'message');
  let message = messageNode?.kind === 'string' ? messageNode.value : '';
  if (messageNode?.kind === 'string' && !messageNode.done) arrival.lost.push('the end of the message');
  const rawSkill = arrivedSkill(entryOf(env, 'skill'), arrival);

  const hasDraft = isPlainObject(rawSkill) && (rawSkill.spec != null || typeof rawSkill.skill_md === 'string');
  const { skill, lost: lostNoteText } = hasDraft ? normalizeSkill(rawSkill, diagnostics) : { skill: null, lost: null };
  if (!hasDraft && isPlainObject(rawSkill)) {
    const scripts = normalizeScripts(rawSkill.scripts, diagnostics);
    if (Object.keys(scripts).length > 0)
      message = appendNote(
        message,
        lostNote(truncated ? 'the reply was cut off before the SKILL.md arrived' : 'its SKILL.md was missing or unreadable', scripts),
      );
  }
  if (lostNoteText) message = appendNote(message, lostNoteText);
  diagnostics.push(recoveryWarning(truncated, arrival));
  if (message.trim() === '') message = truncated ? CUT_OFF_NOTE : MALFORMED_NOTE;
  return { message, skill, structured: true, truncated, diagnostics };
}

/** The `skill` value as far as it arrived: for an object, each part that arrived whole; else the value if complete. */
function arrivedSkill(skillNode: PartialNode | undefined, arrival: Arrival): unknown {
  if (skillNode === undefined) {
    arrival.lost.push('the skill');
    return null;
  }
  if (skillNode.kind === 'object') return arrivedSkillParts(skillNode, arrival);
  const v = completeValue(skillNode);
  if (v === undefined) arrival.lost.push('the skill');
  return v ?? null;
}

function arrivedSkillParts(skillNode: PartialNode & { kind: 'object' }, arrival: Arrival): Obj {
  const { kept, lost } = arrival;
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
  return s;
}

function recoveryWarning(truncated: boolean, { kept, lost }: Arrival): Diagnostic {
  const what = truncated ? 'the reply was cut off before it finished (the model hit its output limit)' : "the reply's JSON was malformed beyond repair";
  return warningDiag(
    truncated ? 'envelope-truncated' : 'envelope-malformed',
    'reply',
    what + (kept.length ? `; kept ${kept.join(', ')}` : '') + (lost.length ? `; lost ${lost.join(', ')}` : '') + '. Ask the model to send the draft again.',
  );
}

const CUT_OFF_NOTE = '[The reply was cut off before its message arrived.]';
const MALFORMED_NOTE = '[The reply could not be read: its JSON was malformed.]';

/** True when only whitespace or a fence opener line comes before `offset`. */
function opensReply(text: string, offset: number): boolean {
  return /^\uFEFF?\s*(?:(?:`{3,}|~{3,})[ \t]*(?:[\w-]+[ \t]*)?\r?\n\s*)?$/.test(text.slice(0, offset));
}

/** The object node that holds `message` or `skill`: the root or one reached through wrappers. */
export function findPartialEnvelope(node: PartialNode, depth: number): (PartialNode & { kind: 'object' }) | null {
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
