// compileSkill: a SkillSpec → a deterministic SKILL.md. Frontmatter keys in a
// fixed order, then `# Title`, summary, instructions, the `## Tool:` sections
// (description, the one-line Input spec Forge's runtime reads + the Input
// table for people, the one-line Output summary + JSON, Examples table,
// detection heuristics, process, notes), `## Safety Constraints`,
// `## Important Notes`, and the extra sections at the places their `after`
// names. What Forge's runtime would misread is written another way: headings
// inside a tool section become bold labels, lists with a `- word` bullet
// outside tool sections use `*`. decompileSkill is the inverse.

import { stringify } from 'yaml';
import type { Diagnostic } from '../diagnostics.js';
import { errorDiag } from '../diagnostics.js';
import { SkillValidationError } from '../errors.js';
import { fieldName } from './forge-metadata.js';
import { toLines, trimBlankLines, unclosedFence } from './markdown/lines.js';
import { renderTable } from './markdown/table.js';
import { inputSpecLine, outputSummary } from './spec-line.js';
import { isPhantomBullet, labelHeadings, rewritePhantomLists } from './markdown/rewrite.js';
import { SkillSpecSchema, type ExtraSectionSpec, type SkillSpec, type ToolSpec } from './spec-schema.js';
import { foldLineBreaks } from '../trim-run.js';

export const INPUT_TABLE_HEADER = ['Parameter', 'Type', 'Required', 'Description'] as const;
export const EXAMPLES_TABLE_HEADER = ['User Request', 'Tool Input'] as const;
export const SAFETY_HEADING = 'Safety Constraints';
export const NOTES_HEADING = 'Important Notes';

const FRONTMATTER_ORDER = ['name', 'description', 'icon', 'category', 'tags', 'license', 'compatibility', 'allowed-tools'] as const;
const FORGE_ORDER = ['runtime', 'workflow_phase', 'requires', 'egress_domains', 'denied_tools', 'timeout_hint'];
const REQUIRES_ORDER = ['bins', 'env', 'capabilities'];
const ENV_ORDER = ['required', 'one_of', 'optional'];
const BIN_ORDER = ['name', 'version', 'optional', 'apt', 'apk', 'url', 'dest', 'chmod', 'run'];

export type CompileResult = { ok: true; skillMd: string; spec: SkillSpec } | { ok: false; diagnostics: Diagnostic[] };

/**
 * Compiles a spec (parsed or not) into SKILL.md text. Throws
 * SkillValidationError naming each bad field when the spec does not match
 * SkillSpecSchema.
 */
export function compileSkill(spec: unknown): string {
  const result = safeCompileSkill(spec);
  if (!result.ok) throw new SkillValidationError({ valid: false, errors: result.diagnostics, warnings: [] });
  return result.skillMd;
}

/** Like compileSkill, but returns the schema problems as diagnostics instead of throwing. */
export function safeCompileSkill(spec: unknown): CompileResult {
  const parsed = SkillSpecSchema.safeParse(spec);
  if (!parsed.success) return { ok: false, diagnostics: specIssues(parsed.error.issues) };
  try {
    return { ok: true, skillMd: render(parsed.data), spec: parsed.data };
  } catch (err) {
    // e.g. a value JSON cannot encode (a BigInt in an example input)
    const msg = err instanceof Error ? err.message : String(err);
    return { ok: false, diagnostics: [errorDiag('spec-not-renderable', 'spec', `the spec could not be rendered: ${msg}`)] };
  }
}

/** zod issues → diagnostics whose field is the spec path (`tools[0].examples[2].input`). */
export function specIssues(issues: readonly { path: readonly PropertyKey[]; message: string; code?: string }[]): Diagnostic[] {
  return issues.map((issue) => {
    const field = fieldName(issue.path);
    return errorDiag('spec-invalid', field || 'spec', `${field || 'the spec'}: ${issue.message}`);
  });
}

function render(spec: SkillSpec): string {
  const blocks: string[] = [];
  if (spec.title !== undefined) blocks.push(`# ${oneLine(spec.title)}`.trimEnd());
  pushText(blocks, spec.summary, noPhantoms);
  pushText(blocks, spec.instructions, noPhantoms);

  const places = placeSections(spec);
  for (const s of places.get('') ?? []) blocks.push(renderSection(s));
  spec.tools.forEach((tool, i) => {
    blocks.push(renderTool(tool));
    for (const s of places.get(`tool#${i}`) ?? []) blocks.push(renderSection(s));
  });
  if (spec.safety.length > 0) blocks.push(`## ${SAFETY_HEADING}\n\n${bullets(spec.safety)}`);
  for (const s of places.get('safety') ?? []) blocks.push(renderSection(s));
  if (spec.notes.length > 0) blocks.push(`## ${NOTES_HEADING}\n\n${bullets(spec.notes)}`);
  for (const s of places.get('notes') ?? []) blocks.push(renderSection(s));

  const body = blocks.join('\n\n');
  return `---\n${renderFrontmatter(spec)}---\n${body === '' ? '' : `\n${body}\n`}`;
}

/** Groups extra sections by place: '' (before the tools), `tool#<i>`, 'safety', 'notes'. */
function placeSections(spec: SkillSpec): Map<string, ExtraSectionSpec[]> {
  // `tool:<name>` is the first tool of that name, `tool:<name>#<n>` its n-th occurrence.
  const byName = new Map<string, number>();
  const seen = new Map<string, number>();
  spec.tools.forEach((t, i) => {
    const n = (seen.get(t.name) ?? 0) + 1;
    seen.set(t.name, n);
    byName.set(n === 1 ? t.name : `${t.name}#${n}`, i);
  });
  const lastTool = spec.tools.length > 0 ? `tool#${spec.tools.length - 1}` : '';
  const places = new Map<string, ExtraSectionSpec[]>();
  for (const s of spec.extra_sections) {
    let place: string;
    if (s.after === undefined || s.after === '') place = '';
    else if (s.after === 'safety' || s.after === 'notes') place = s.after;
    else if (s.after.startsWith('tool:')) {
      const i = byName.get(s.after.slice('tool:'.length));
      place = i === undefined ? lastTool : `tool#${i}`;
    } else place = lastTool;
    const list = places.get(place) ?? [];
    list.push(s);
    places.set(place, list);
  }
  return places;
}

function renderSection(s: ExtraSectionSpec): string {
  const head = `${'#'.repeat(s.level)} ${oneLine(s.heading)}`.trimEnd();
  const content = noPhantoms(verbatim(s.content));
  return content === '' ? head : `${head}\n\n${content}`;
}

function renderTool(tool: ToolSpec): string {
  const blocks: string[] = [`## Tool: ${oneLine(tool.name)}`.trimEnd()];
  pushText(blocks, tool.description, labelHeadings);
  if (tool.input.length > 0) {
    const rows = tool.input.map((p) => [p.name, p.type, p.required ? 'yes' : 'no', p.description]);
    blocks.push(`**Input:** ${inputSpecLine(tool.input)}\n\n${renderTable(INPUT_TABLE_HEADER, rows)}`);
  }
  const output = tool.output;
  if (typeof output === 'string') {
    if (oneLine(output) !== '') blocks.push(`**Output:** ${oneLine(output)}`);
  } else if (output !== undefined) {
    blocks.push(`**Output:** ${outputSummary(output)}\n\n\`\`\`json\n${JSON.stringify(output, null, 2)}\n\`\`\``);
  }
  if (tool.examples.length > 0) {
    const rows = tool.examples.map((e) => [JSON.stringify(e.request), codeSpan(JSON.stringify(e.input) ?? 'null')]);
    blocks.push(`**Examples:**\n\n${renderTable(EXAMPLES_TABLE_HEADER, rows)}`);
  }
  if (tool.heuristics.length > 0) blocks.push(`**Detection heuristics:**\n\n${bullets(tool.heuristics)}`);
  if (tool.process.length > 0) blocks.push(`**Process:**\n\n${tool.process.map((step, i) => `${i + 1}. ${oneLine(step)}`).join('\n')}`);
  pushText(blocks, tool.notes, labelHeadings);
  return blocks.join('\n\n');
}

/** A one-line list; `*` instead of `-` when Forge's runtime would read a `- item` as a tool. */
function bullets(items: readonly string[]): string {
  const lines = items.map((item) => `- ${oneLine(item)}`.trimEnd());
  return lines.some(isPhantomBullet) ? lines.map((l) => `*${l.slice(1)}`).join('\n') : lines.join('\n');
}

/** Free Markdown outside tool sections with lists holding a `- word` bullet switched to `*`. */
function noPhantoms(text: string): string {
  return rewritePhantomLists(text.split('\n')).lines.join('\n');
}

/** Newlines inside a one-line field become spaces. */
function oneLine(text: string): string {
  return foldLineBreaks(text).trim();
}

function pushText(blocks: string[], text: string | undefined, rewrite?: (text: string) => string): void {
  if (text === undefined) return;
  const v = rewrite ? rewrite(verbatim(text)) : verbatim(text);
  if (v !== '') blocks.push(v);
}

/** Free Markdown as given, without surrounding blank lines, with an unclosed fence closed so it cannot swallow what follows. */
export function verbatim(text: string): string {
  const lines = trimBlankLines(toLines(text));
  const open = unclosedFence(lines);
  if (open) lines.push(open.char.repeat(open.length));
  return lines.join('\n');
}

/** A code span that survives any backticks inside. */
export function codeSpan(text: string): string {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') || (text.startsWith(' ') && text.endsWith(' ') && text.trim() !== '') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

function renderFrontmatter(spec: SkillSpec): string {
  const fm: Record<string, unknown> = {};
  for (const key of FRONTMATTER_ORDER) {
    const v = spec[key];
    if (v !== undefined) fm[key] = v;
  }
  if (spec.metadata !== undefined) fm['metadata'] = orderMetadata(spec.metadata);
  for (const [key, v] of Object.entries(spec.extra_frontmatter ?? {})) {
    if (!(key in fm) && key !== 'metadata' && v !== undefined) fm[key] = v;
  }
  // No folding of long lines, and no &anchors when a caller reuses one object in two places.
  return stringify(fm, { lineWidth: 0, aliasDuplicateObjects: false });
}

function orderMetadata(metadata: NonNullable<SkillSpec['metadata']>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { forge, ...rest } = metadata;
  if (forge !== undefined) {
    const f = ordered(forge, FORGE_ORDER);
    const requires = forge.requires;
    if (requires !== undefined) {
      const r = ordered(requires, REQUIRES_ORDER);
      if (requires.bins !== undefined) r['bins'] = requires.bins.map((b) => (typeof b === 'string' ? b : ordered(b, BIN_ORDER)));
      if (requires.env !== undefined) r['env'] = ordered(requires.env, ENV_ORDER);
      f['requires'] = r;
    }
    out['forge'] = f;
  }
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) out[k] = v;
  return out;
}

/** A copy with `order` keys first (when present), then the others as given; undefined values dropped. */
function ordered(obj: object, order: readonly string[]): Record<string, unknown> {
  const src = obj as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of order) if (src[k] !== undefined) out[k] = src[k];
  for (const [k, v] of Object.entries(src)) if (!(k in out) && v !== undefined) out[k] = v;
  return out;
}
