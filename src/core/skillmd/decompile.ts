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
import { parseSkillMd } from './parse.js';
import type { ParsedSkillMd } from './types.js';
import { isToolTitle, type HeadingAt } from './sections.js';
import { SkillSpecSchema, type SkillSpec } from './spec-schema.js';
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
  const parsed = parseSkillMd(skillMd);
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
  const raw: Record<string, unknown> = { ...frontmatterFields(parsed.frontmatter), ...readBody(parsed) };
  const spec = SkillSpecSchema.safeParse(raw);
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
 * The level-1 and level-2 headings of the body, from the parse's sections (the parser found them already).
 * Lists here are sized once, not grown by push: a body of tens of thousands of headings grew them past
 * the young generation, where every growth is a new copy.
 */
function topHeadings(parsed: ParsedSkillMd): HeadingAt[] {
  let n = 0;
  for (const s of parsed.sections) if (s.level <= 2) n++;
  const heads = new Array<HeadingAt>(n);
  let k = 0;
  for (const s of parsed.sections) if (s.level <= 2) heads[k++] = { level: s.level, title: s.title, index: s.line - parsed.bodyLine };
  return heads;
}

function readBody(parsed: ParsedSkillMd): Record<string, unknown> {
  const lines = parsed.body.split('\n');
  const heads = topHeadings(parsed);
  const out: Record<string, unknown> = {};

  let first = 0;
  while (first < lines.length && isBlank(lines[first]!)) first++;
  const titleHead = heads[0] && heads[0].index === first && heads[0].level === 1 ? heads[0] : undefined;
  const unitHeads = titleHead ? heads.slice(1) : heads;
  if (titleHead) out['title'] = titleHead.title;

  const introStart = titleHead ? titleHead.index + 1 : 0;
  const introEnd = unitHeads[0]?.index ?? lines.length;
  Object.assign(out, readIntro(trimBlankLines(lines.slice(introStart, introEnd))));

  let lastTool = -1;
  let toolCount = 0;
  for (let k = 0; k < unitHeads.length; k++) {
    if (isToolHead(unitHeads[k]!)) {
      lastTool = k;
      toolCount++;
    }
  }

  const tools = new Array<Record<string, unknown>>(toolCount);
  // At most one extra section per other heading (safety and notes take none); cut to length after.
  const extras = new Array<Record<string, unknown>>(unitHeads.length - toolCount);
  let toolsRead = 0;
  let extrasRead = 0;
  let safety: string[] | undefined;
  let notes: string[] | undefined;
  let anchor: string | undefined;
  const seen = new Map<string, number>();
  unitHeads.forEach((head, k) => {
    const unitLines = lines.slice(head.index + 1, unitHeads[k + 1]?.index ?? lines.length);
    if (isToolHead(head)) {
      const name = stripCode(head.title.slice(5).trim());
      tools[toolsRead++] = readTool(name, unitLines);
      const n = (seen.get(name) ?? 0) + 1;
      seen.set(name, n);
      anchor = n === 1 ? `tool:${name}` : `tool:${name}#${n}`;
      return;
    }
    if (k > lastTool && head.level === 2) {
      if (safety === undefined && notes === undefined && head.title === SAFETY_HEADING) {
        const items = pureList(unitLines);
        if (items) {
          safety = items;
          anchor = 'safety';
          return;
        }
      }
      if (notes === undefined && head.title === NOTES_HEADING) {
        const items = pureList(unitLines);
        if (items) {
          notes = items;
          anchor = 'notes';
          return;
        }
      }
    }
    const section: Record<string, unknown> = { heading: head.title, level: head.level, content: trimBlankLines(unitLines).join('\n') };
    if (anchor !== undefined) section['after'] = anchor;
    extras[extrasRead++] = section;
  });
  extras.length = extrasRead;

  out['tools'] = tools;
  out['safety'] = safety ?? [];
  out['notes'] = notes ?? [];
  out['extra_sections'] = extras;
  return out;
}

function isToolHead(h: HeadingAt): boolean {
  return h.level === 2 && isToolTitle(h.title);
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
  const lines = trimBlankLines(raw);
  const tool: Record<string, unknown> = { name, description: '' };
  if (lines.length === 0) return tool; // a section with no text (the next heading follows at once)
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
