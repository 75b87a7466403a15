// The draft as far as the model has written it: read from the text of a reply
// that is still streaming, for the `skill_draft_partial` events. The
// envelope is read with the cut-off-tolerant reader (json/partial.ts); a
// `skill_md` string shows as written so far, scripts as far as they arrived, and
// a structured `spec` is compiled from what arrived — when the part being
// written does not compile yet (an example without its input), the unfinished
// array item is left out, deepest first, until it does. Never authoritative: the final
// `skill_draft` (parseEnvelope of the whole reply) replaces it.

import { decodeClosedSpec } from './schema.js';
import type { SkillDraft } from './events.js';
import { entryOf, readPartialJson, type PartialNode } from '../json/partial.js';
import { safeCompileSkill } from '../skillmd/compile.js';
import { draftFilePathProblem } from '../skill-folder/to-draft.js';

/** How many unfinished array items may be dropped from a spec before giving up on this read. */
const MAX_PRUNE = 8;
/** How many `{` are tried as the start of the envelope. */
const MAX_STARTS = 4;

/**
 * The draft in a reply that is still being written, or null when none can be
 * shown yet (no `skill` value, or not even a name and description in its spec).
 */
export function readPartialDraft(text: string): SkillDraft | null {
  const skill = findSkillNode(text);
  if (!skill || skill.kind !== 'object') return null;
  const scripts = partialEntries(entryOf(skill, 'scripts'), 'name');
  // A proposed file whose path breaks the folder rules is never shown (the final draft drops it too).
  const files = Object.fromEntries(Object.entries(partialEntries(entryOf(skill, 'files'), 'path')).filter(([p]) => draftFilePathProblem(p) === null));
  const withFiles = (skillMd: string): SkillDraft => (Object.keys(files).length > 0 ? { skillMd, scripts, files } : { skillMd, scripts });
  const spec = entryOf(skill, 'spec');
  if (spec && spec.kind === 'object') {
    const skillMd = compilePartialSpec(spec);
    if (skillMd !== null) return withFiles(skillMd);
  }
  const md = entryOf(skill, 'skill_md') ?? entryOf(skill, 'skillMd') ?? entryOf(skill, 'SKILL.md');
  if (md && md.kind === 'string' && md.value.trim() !== '') return withFiles(md.value);
  return null;
}

/** The `skill` node of the first object that has one (directly or under one-key wrappers). */
function findSkillNode(text: string): PartialNode | null {
  let from = 0;
  for (let n = 0; n < MAX_STARTS; n++) {
    const at = text.indexOf('{', from);
    if (at < 0) return null;
    let node = readPartialJson(text, at);
    for (let depth = 0; node && node.kind === 'object' && depth < 4; depth++) {
      const skill = entryOf(node, 'skill');
      if (skill) return skill;
      if (node.entries.length !== 1) break;
      node = node.entries[0]![1];
    }
    from = at + 1;
  }
  return null;
}

/** Scripts (or files) as far as they arrived: `{name: content}` or the closed shape `[{name|path, content}]`. */
function partialEntries(node: PartialNode | undefined, nameKey: 'name' | 'path'): Record<string, string> {
  const out: Record<string, string> = {};
  if (node?.kind === 'object') {
    for (const [name, v] of node.entries) if (v.kind === 'string' && name !== '') out[name] = v.value;
  } else if (node?.kind === 'array') {
    for (const item of node.items) {
      const name = entryOf(item, nameKey);
      const content = entryOf(item, 'content');
      // The name must be complete: a half-written file name would flash a wrong tab.
      if (name?.kind === 'string' && name.done && name.value !== '') out[name.value] = content?.kind === 'string' ? content.value : '';
    }
  }
  return out;
}

/**
 * Compiles the spec as written so far; when that fails, drops the unfinished
 * array item being written (an example, then its tool, …), deepest first,
 * until it compiles. Null when it never does.
 */
function compilePartialSpec(spec: PartialNode): string | null {
  // The right spine: each unfinished container's last child, the one being written.
  const dropCandidates: PartialNode[] = [];
  for (let node = spec; !node.done;) {
    const last = node.kind === 'object' ? node.entries[node.entries.length - 1]?.[1] : node.kind === 'array' ? node.items[node.items.length - 1] : undefined;
    if (!last) break;
    if (node.kind === 'array') dropCandidates.unshift(last);
    node = last;
  }
  const attempts: Array<PartialNode | null> = [null, ...dropCandidates.slice(0, MAX_PRUNE)];
  for (const skip of attempts) {
    const compiled = safeCompileSkill(decodeClosedSpec(plain(spec, skip)));
    if (compiled.ok) return compiled.skillMd;
  }
  return null;
}

/** The value written so far: unfinished strings as they stand, unfinished literals and `skip` left out. */
function plain(node: PartialNode, skip: PartialNode | null): unknown {
  switch (node.kind) {
    case 'string':
      return node.value;
    case 'literal':
      return node.done ? node.value : undefined;
    case 'array': {
      const out: unknown[] = [];
      for (const item of node.items) {
        if (item === skip) continue;
        const v = plain(item, skip);
        if (v !== undefined) out.push(v);
      }
      return out;
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, item] of node.entries) {
        if (item === skip) continue;
        const v = plain(item, skip);
        if (v !== undefined) out[key] = v;
      }
      return out;
    }
  }
}
