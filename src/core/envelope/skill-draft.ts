// The `skill` part of an envelope as a SkillDraft: a `spec` is validated and
// compiled with compileSkill (invalid optional fields are dropped with a
// warning, a spec that stays invalid falls back to the `skill_md` sent with
// it), `skill_md` is taken as written, scripts and files keep what is safe.
// A draft that arrived but cannot be used becomes a note for the user (with
// its scripts), never a silent loss.

import type { Diagnostic } from '../diagnostics.js';
import { errorDiag, warningDiag } from '../diagnostics.js';
import type { SkillDraft } from './events.js';
import { parseJsonLenient } from '../json/scan.js';
import { isPlainObject } from '../plain-object.js';
import { compileSkill } from '../skillmd/compile.js';
import { SkillSpecSchema } from '../skillmd/spec-schema.js';
import { normalizeFiles } from './files.js';
import { decodeClosedSpec } from './schema.js';
import { normalizeScripts } from './scripts.js';

export interface SkillOutcome {
  skill: SkillDraft | null;
  /** Set when a draft arrived but could not be used: a note for the user, with any scripts it held. */
  lost: string | null;
}

/** The envelope's `skill` as a draft: a spec compiled to SKILL.md, else the SKILL.md as written, with its scripts and files. */
export function normalizeSkill(raw: unknown, diagnostics: Diagnostic[]): SkillOutcome {
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
      diagnostics.push(
        warningDiag('envelope-spec-invalid', 'skill.spec', `the skill spec could not be compiled (${specProblem}); the skill_md sent with it was used instead`),
      );
  }
  if (skillMd === undefined) {
    const reason = specProblem ? `its spec could not be compiled (${specProblem})` : 'it held neither a spec nor a SKILL.md';
    diagnostics.push(
      errorDiag(
        specProblem ? 'envelope-spec-invalid' : 'envelope-skill-md-missing',
        specProblem ? 'skill.spec' : 'skill',
        `the skill draft was not usable: ${reason}`,
      ),
    );
    return { skill: null, lost: lostNote(reason, scripts) };
  }
  const draft: SkillDraft = { skillMd, scripts };
  if (spec !== undefined) draft.spec = spec;
  const files = normalizeFiles(raw.files, diagnostics);
  if (Object.keys(files).length > 0) draft.files = files;
  return { skill: draft, lost: null };
}

/** The note that replaces a draft that arrived but could not be used, with any scripts it held. */
export function lostNote(reason: string, scripts: Record<string, string>): string {
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

export function appendNote(message: string, note: string): string {
  return message.trim() === '' ? note : `${message}\n\n${note}`;
}
