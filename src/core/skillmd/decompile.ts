// decompileSkill: a SKILL.md → SkillSpec, the inverse of compileSkill.
// Structured fields are taken only where the text has exactly the shape the
// compiler writes (so re-compiling cannot lose or move anything); every other
// section travels verbatim, as an extra section or as tool notes, with its
// place kept in `after`.

import type { Diagnostic } from '../diagnostics.js';
import { errorDiag } from '../diagnostics.js';
import { SkillValidationError } from '../errors.js';
import { isPlainObject } from '../plain-object.js';
import { NOTES_HEADING, SAFETY_HEADING, specIssues } from './compile.js';
import { codeLineMask, fenceOpening, headingOf, isBlank, startsBlock, trimBlankLines } from './markdown/lines.js';
import { parseSkillMdHeadings } from './parse.js';
import { isToolTitle, type BodyHeadings } from './sections.js';
import type { SkillSpec } from './spec-schema.js';
import { parseDecompiledSpec, type ReadTool } from './decompile-spec.js';
import { labelOf, stripCode, type LabelKind } from './tool-section/index.js';
import { flatList, readPart } from './decompile-parts.js';

export type DecompileResult = { ok: true; spec: SkillSpec } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Reads a SKILL.md back into a spec. Throws SkillValidationError when the
 * frontmatter cannot be read or does not fit SkillSpecSchema (e.g. no name).
 */
export function decompileSkill(skillMd: string): SkillSpec {
  const result = safeDecompileSkill(skillMd);
  if (!result.ok) throw new SkillValidationError({ valid: false, errors: result.diagnostics, warnings: [] });
  return result.spec;
}

/** Like decompileSkill, but returns the problems as diagnostics instead of throwing. */
export function safeDecompileSkill(skillMd: string): DecompileResult {
  const parsed = parseSkillMdHeadings(skillMd);
  const fatal = parsed.diagnostics.filter(
    (d) =>
      d.severity === 'error' && (d.code.startsWith('frontmatter') || d.code.startsWith('yaml') || d.code === 'content-not-text' || d.code === 'parse-internal'),
  );
  if (fatal.length > 0) return { ok: false, diagnostics: fatal };
  if (!parsed.frontmatter) {
    return {
      ok: false,
      diagnostics: [
        errorDiag('frontmatter-missing', 'frontmatter', 'the SKILL.md has no frontmatter: it must start with "---", name: and description:, then "---"', 1),
      ],
    };
  }
  const raw: Record<string, unknown> = { ...frontmatterFields(parsed.frontmatter), ...readBody(parsed.body, parsed.headings) };
  const spec = parseDecompiledSpec(raw);
  if (!spec.success) return { ok: false, diagnostics: specIssues(spec.error.issues) };
  return { ok: true, spec: spec.data };
}

const KNOWN_FRONTMATTER = new Set(['name', 'description', 'icon', 'category', 'tags', 'license', 'compatibility', 'allowed-tools', 'metadata']);

function frontmatterFields(fm: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fm)) {
    if (!KNOWN_FRONTMATTER.has(key)) extra[key] = value;
    else if (value !== null && value !== undefined) out[key] = key === 'metadata' ? dropNullMetadata(value) : value;
  }
  if (Object.keys(extra).length > 0) out['extra_frontmatter'] = extra;
  return out;
}

/** A YAML key written with no value (`bins:`) means "none": left out rather than failing the schema. */
function dropNullMetadata(metadata: unknown): unknown {
  if (!isPlainObject(metadata)) return metadata;
  const forge = metadata['forge'];
  if (forge === null) {
    const { forge: _drop, ...rest } = metadata;
    return rest;
  }
  if (!isPlainObject(forge)) return metadata;
  const f = dropNulls(forge, ['runtime', 'workflow_phase', 'requires', 'egress_domains', 'denied_tools', 'timeout_hint']);
  if (isPlainObject(f['requires'])) {
    const r = dropNulls(f['requires'], ['bins', 'env', 'capabilities']);
    if (isPlainObject(r['env'])) r['env'] = dropNulls(r['env'], ['required', 'one_of', 'optional']);
    f['requires'] = r;
  }
  return { ...metadata, forge: f };
}

function dropNulls(obj: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out = { ...obj };
  for (const k of keys) if (out[k] === null) delete out[k];
  return out;
}

/**
 * The level-1 and level-2 headings of the body, as indexes into the parse's heading lists: no object per
 * heading (a body of tens of thousands of headings kept them all alive to the end of the decompile).
 */
function topHeadings(h: BodyHeadings): Int32Array {
  let n = 0;
  for (let k = 0; k < h.count; k++) if (h.level[k]! <= 2) n++;
  const top = new Int32Array(n);
  for (let k = 0, t = 0; k < h.count; k++) if (h.level[k]! <= 2) top[t++] = k;
  return top;
}

const NO_LINES: readonly string[] = [];

/**
 * The lines of `body` from the one that starts at offset `from` to the one that ends before offset `to`
 * (`body.length + 1` for the end): the body's lines are cut out per part, not all kept in one list.
 */
function linesFrom(body: string, from: number, to: number): readonly string[] {
  return from >= to ? NO_LINES : body.slice(from, to - 1).split('\n');
}

/** Index of the body's first line that is not blank (the line count when every line is). */
function firstNonBlankLine(body: string): number {
  for (let i = 0, at = 0; ; i++) {
    const lf = body.indexOf('\n', at);
    if (!isBlank(lf < 0 ? body.slice(at) : body.slice(at, lf))) return i;
    if (lf < 0) return i + 1;
    at = lf + 1;
  }
}

function readBody(body: string, h: BodyHeadings): Record<string, unknown> {
  const top = topHeadings(h);
  const out: Record<string, unknown> = {};
  const first = firstNonBlankLine(body);
  const hasTitle = top.length > 0 && h.index[top[0]!] === first && h.level[top[0]!] === 1;
  if (hasTitle) out['title'] = h.title[top[0]!];
  const units = top.subarray(hasTitle ? 1 : 0);
  Object.assign(out, readIntro(trimBlankLines(linesFrom(body, hasTitle ? h.next[top[0]!]! : 0, units.length > 0 ? h.start[units[0]!]! : body.length + 1))));
  Object.assign(out, readUnits(body, h, units));
  return out;
}

/** The tools, safety, notes and extra sections: one per level-1 or level-2 heading after the title (`units`). */
function readUnits(body: string, h: BodyHeadings, units: Int32Array): Record<string, unknown> {
  let lastTool = -1;
  let toolCount = 0;
  for (let u = 0; u < units.length; u++) {
    if (isToolHead(h, units[u]!)) {
      lastTool = u;
      toolCount++;
    }
  }

  const tools = new Array<ReadTool>(toolCount);
  // At most one extra section per other heading (safety and notes take none); cut to length after.
  const extras = new Array<Record<string, unknown>>(units.length - toolCount);
  let toolsRead = 0;
  let extrasRead = 0;
  let safety: string[] | undefined;
  let notes: string[] | undefined;
  // Where the next extra section goes: after safety or notes, or after the last tool (its anchor is made only when needed).
  let anchor: string | undefined;
  let anchorTool: string | undefined;
  let anchorCount = 0;
  const seen = new Map<string, number>();
  for (let u = 0; u < units.length; u++) {
    const k = units[u]!;
    const title = h.title[k]!;
    const level = h.level[k]!;
    const unitLines = linesFrom(body, h.next[k]!, u + 1 < units.length ? h.start[units[u + 1]!]! : body.length + 1);
    if (isToolHead(h, k)) {
      const name = stripCode(title.slice(5).trim());
      tools[toolsRead++] = unitLines === NO_LINES ? name : readTool(name, unitLines);
      anchorCount = (seen.get(name) ?? 0) + 1;
      seen.set(name, anchorCount);
      anchorTool = name;
      anchor = undefined;
      continue;
    }
    if (u > lastTool && level === 2) {
      if (safety === undefined && notes === undefined && title === SAFETY_HEADING) {
        const items = pureList(unitLines);
        if (items) {
          safety = items;
          anchor = 'safety';
          continue;
        }
      }
      if (notes === undefined && title === NOTES_HEADING) {
        const items = pureList(unitLines);
        if (items) {
          notes = items;
          anchor = 'notes';
          continue;
        }
      }
    }
    const section: Record<string, unknown> = { heading: title, level, content: trimBlankLines(unitLines).join('\n') };
    if (anchor === undefined && anchorTool !== undefined) anchor = anchorCount === 1 ? `tool:${anchorTool}` : `tool:${anchorTool}#${anchorCount}`;
    if (anchor !== undefined) section['after'] = anchor;
    extras[extrasRead++] = section;
  }
  extras.length = extrasRead;
  return { tools, safety: safety ?? [], notes: notes ?? [], extra_sections: extras };
}

function isToolHead(h: BodyHeadings, k: number): boolean {
  return h.level[k] === 2 && isToolTitle(h.title[k]!);
}

/** The text under the title: its first paragraph is the summary, the rest the instructions. */
function readIntro(intro: string[]): { summary?: string; instructions?: string } {
  if (intro.length === 0) return {};
  const first = intro[0]!;
  if (startsNonParagraph(first)) return { instructions: intro.join('\n') };
  let k = 1;
  while (k < intro.length && !isBlank(intro[k]!) && !fenceOpening(intro[k]!) && !headingOf(intro[k]!)) k++;
  const rest = trimBlankLines(intro.slice(k));
  const out: { summary?: string; instructions?: string } = { summary: intro.slice(0, k).join('\n') };
  if (rest.length > 0) out.instructions = rest.join('\n');
  return out;
}

/** A line that cannot open a summary paragraph: a fence, a heading, indented code, or another block. */
function startsNonParagraph(line: string): boolean {
  return fenceOpening(line) !== null || headingOf(line) !== null || /^ {4}/.test(line) || startsBlock(line);
}

/** A section that is nothing but a flat list of one-line bullets → its items; otherwise null. */
function pureList(lines: readonly string[]): string[] | null {
  const body = trimBlankLines(lines);
  const list = flatList(body, 0, 'bullet');
  return list && list.items.length > 0 && list.next === body.length ? list.items : null;
}

const PART_ORDER: readonly LabelKind[] = ['input', 'output', 'examples', 'heuristics', 'process'];

/** A tool section in the compiler's shape; anything after the first part that does not fit becomes `notes`. */
function readTool(name: string, raw: readonly string[]): Record<string, unknown> {
  const tool: Record<string, unknown> = { name, description: '' };
  if (raw.length === 0) return tool; // a section with no lines (the next heading follows at once): nothing to trim
  const lines = trimBlankLines(raw);
  if (lines.length === 0) return tool; // a section with no text
  const mask = codeLineMask(lines);

  let pos = 0;
  while (pos < lines.length) {
    if (!mask[pos]) {
      const line = lines[pos]!;
      const label = labelOf(line);
      // A bold label alone on its line may be a heading the compiler relabelled (`### Tips` → `**Tips**`): notes start there.
      if (headingOf(line) || (label && (PART_ORDER.includes(label.kind) || label.rest === ''))) break;
    }
    pos++;
  }
  tool['description'] = trimBlankLines(lines.slice(0, pos)).join('\n');

  let last = -1;
  for (;;) {
    while (pos < lines.length && isBlank(lines[pos]!)) pos++;
    if (pos >= lines.length || mask[pos]) break;
    const label = labelOf(lines[pos]!);
    if (!label) break;
    const rank = PART_ORDER.indexOf(label.kind);
    if (rank <= last) break;
    const part = readPart(label.kind, label.text, label.rest, lines, pos);
    if (!part) break;
    tool[part.field] = part.value;
    last = rank;
    pos = part.next;
  }
  const notes = trimBlankLines(lines.slice(pos));
  if (notes.length > 0) tool['notes'] = notes.join('\n');
  return tool;
}
