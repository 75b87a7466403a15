// One `## Tool: <name>` section read into a ToolSection: description, Input
// (Markdown table or the inline `a (string), b (integer: 1-3)` form), Output
// (inline text, a fenced JSON block, or the corpus's `### Response Format`
// JSON), the `User Request | Tool Input` examples table and the detection
// heuristics list. Lenient by design: it reads what hand-written skills do.

import { warningDiag, type Diagnostic } from '../../diagnostics.js';
import { bulletItem, codeLineMask, fenceOpening, closesFence, headingOf, isBlank, markerCode, orderedItem, startsBlock } from '../markdown/lines.js';
import { readTable, type MarkdownTable } from '../markdown/table.js';
import type { ToolExample, ToolOutput, ToolParam, ToolSection } from '../types.js';

export type LabelKind = 'input' | 'output' | 'examples' | 'heuristics' | 'process' | 'other';

export interface Label {
  kind: LabelKind;
  /** The label text without `**` and the trailing colon (`Output (file)`). */
  text: string;
  /** What follows the label on the same line. */
  rest: string;
}

const LABEL = /^ {0,3}\*\*([^*\n]+?)\*\*[ \t]*(.*)$/;

/** A bold label line such as `**Input:**`, `**Output (file):** …`, `**Detection heuristics**`. */
export function labelOf(line: string): Label | null {
  if (markerCode(line) !== 42 /* * */) return null;
  const m = LABEL.exec(line);
  if (!m) return null;
  let text = m[1]!.trim();
  let rest = m[2]!;
  const colonInside = text.endsWith(':');
  if (colonInside) text = text.slice(0, -1).trim();
  else if (rest.startsWith(':')) rest = rest.slice(1);
  else if (rest.trim() !== '') return null; // `**bold** words` is prose, not a label
  return { kind: labelKind(text), text, rest: rest.trim() };
}

function labelKind(text: string): LabelKind {
  if (/^(inputs?|parameters)\b/i.test(text)) return 'input';
  if (/^output\b/i.test(text)) return 'output';
  if (/^detection heuristics\b/i.test(text)) return 'heuristics';
  if (/^examples?\b/i.test(text)) return 'examples';
  if (/^(process|steps)\b/i.test(text)) return 'process';
  return 'other';
}

interface Ctx {
  lines: readonly string[];
  mask: readonly boolean[];
  firstLine: number;
  diagnostics: Diagnostic[];
  name: string;
  /** readTable results by line index, filled by tableAt. */
  tables: (MarkdownTable | null | undefined)[];
}

/**
 * Reads a tool section body (the lines under the `## Tool:` heading).
 * `mask` is `codeLineMask(lines)` and `text` is `lines.join('\n')`; parseSkillMd
 * passes its slices of the document's (a `##` heading is never inside a
 * fence, so the masks agree) to save recomputing them.
 */
export function parseToolBody(
  name: string,
  lines: readonly string[],
  firstLine: number,
  mask: readonly boolean[] = codeLineMask(lines),
  text: string = lines.join('\n'),
): { tool: Omit<ToolSection, 'name' | 'line'>; diagnostics: Diagnostic[] } {
  const ctx: Ctx = { lines, mask, firstLine, diagnostics: [], name, tables: [] };
  const { input, inputForm } = readInput(ctx);
  const tool: Omit<ToolSection, 'name' | 'line'> = {
    description: readDescription(ctx),
    input,
    inputForm,
    output: readOutput(ctx),
    examples: readExamples(ctx),
    heuristics: readHeuristics(ctx),
    body: text,
  };
  return { tool, diagnostics: ctx.diagnostics };
}

/** First paragraph of prose after the heading (soft line breaks joined with a space). */
function readDescription(ctx: Ctx): string {
  const { lines, mask } = ctx;
  let i = 0;
  while (i < lines.length && isBlank(lines[i]!)) i++;
  const out: string[] = [];
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (mask[i] || isBlank(line) || headingOf(line) || labelOf(line) || startsBlock(line)) break;
    out.push(line.trim());
  }
  return out.join(' ');
}

function findLabel(ctx: Ctx, kind: LabelKind): { index: number; label: Label } | null {
  for (let i = 0; i < ctx.lines.length; i++) {
    if (ctx.mask[i]) continue;
    const label = labelOf(ctx.lines[i]!);
    if (label && label.kind === kind) return { index: i, label };
  }
  return null;
}

/**
 * The table whose header is line `i`, or null. Read once per tool section:
 * the Input and the Examples readers both look at every table (a speed measure).
 */
function tableAt(ctx: Ctx, i: number): MarkdownTable | null {
  let table = ctx.tables[i];
  if (table === undefined) table = ctx.tables[i] = readTable(ctx.lines, i);
  return table;
}

/** The first table starting after `from`, skipping blank and prose lines, before the next heading or label. */
function tableAfter(ctx: Ctx, from: number): MarkdownTable | null {
  for (let i = from; i < ctx.lines.length; i++) {
    if (ctx.mask[i]) return null;
    const line = ctx.lines[i]!;
    if (headingOf(line) || labelOf(line)) return null;
    const table = tableAt(ctx, i);
    if (table) return table;
  }
  return null;
}

const NAME_COLS = ['parameter', 'param', 'name', 'field', 'argument', 'arg', 'key'];
const TYPE_COLS = ['type'];
const REQUIRED_COLS = ['required', 'req', 'req.', 'required?', 'mandatory'];
const DESC_COLS = ['description', 'desc', 'details', 'notes', 'meaning'];

function column(header: readonly string[], names: readonly string[]): number {
  return header.findIndex((h) => names.includes(stripCode(h).toLowerCase()));
}

/** `**Input:**` table → params, when the header has a parameter column. */
export function paramsFromTable(table: MarkdownTable): ToolParam[] | null {
  const nameCol = column(table.header, NAME_COLS);
  if (nameCol < 0) return null;
  const typeCol = column(table.header, TYPE_COLS);
  const reqCol = column(table.header, REQUIRED_COLS);
  const descCol = column(table.header, DESC_COLS);
  const params: ToolParam[] = [];
  for (const row of table.rows) {
    const name = stripCode(row[nameCol] ?? '');
    if (name === '') continue;
    params.push({
      name,
      type: typeCol >= 0 ? stripCode(row[typeCol] ?? '') : '',
      required: reqCol >= 0 ? isRequired(row[reqCol] ?? '') : false,
      description: descCol >= 0 ? (row[descCol] ?? '') : '',
    });
  }
  return params;
}

/** yes/no/true/false/required/optional, case-insensitive. Anything else counts as not required. */
export function isRequired(cell: string): boolean {
  return /^(yes|y|true|required|✓|✔|✅|x)$/i.test(stripCode(cell).replace(/\*\*/g, '').trim());
}

function readInput(ctx: Ctx): { input: ToolParam[]; inputForm: ToolSection['inputForm'] } {
  const found = findLabel(ctx, 'input');
  if (found) {
    if (found.label.rest !== '') {
      const more = continuation(ctx, found.index + 1);
      // The one-line spec Forge's runtime reads, then a table describing each parameter for people.
      const table = more.length === 0 ? tableAfter(ctx, found.index + 1) : null;
      const params = table ? paramsFromTable(table) : null;
      if (params && params.length > 0) return { input: params, inputForm: 'both' };
      return { input: parseInlineParams([found.label.rest, ...more].join(' ')), inputForm: 'inline' };
    }
    const table = tableAfter(ctx, found.index + 1);
    const params = table ? paramsFromTable(table) : null;
    if (params) return { input: params, inputForm: 'table' };
  }
  // A parameter table without the label (e.g. under `### Parameters`).
  for (let i = 0; i < ctx.lines.length; i++) {
    if (ctx.mask[i]) continue;
    const table = tableAt(ctx, i);
    if (!table) continue;
    if (column(table.header, TYPE_COLS) >= 0) {
      const params = paramsFromTable(table);
      if (params) return { input: params, inputForm: 'table' };
    }
    i = table.end - 1;
  }
  return { input: [], inputForm: 'none' };
}

/** Following lines of the same paragraph (stops at blank lines, labels, headings, fences, tables, lists). */
function continuation(ctx: Ctx, from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    if (ctx.mask[i] || isBlank(line) || headingOf(line) || labelOf(line) || startsBlock(line)) break;
    out.push(line.trim());
  }
  return out;
}

/** `location (string) - City name, days (integer: 1-3)` → params. */
export function parseInlineParams(text: string): ToolParam[] {
  return readInlineParams(text, false) ?? [];
}

/**
 * Like parseInlineParams, but null when some text would not end up in a
 * parameter (used where nothing may be lost, e.g. by decompileSkill).
 */
export function parseInlineParamsStrict(text: string): ToolParam[] | null {
  return readInlineParams(text, true);
}

function readInlineParams(text: string, strict: boolean): ToolParam[] | null {
  const trimmed = text.trim();
  if (/^(\(?none\)?|no input|n\/a|-|—)\.?$/i.test(trimmed)) return [];
  const params: ToolParam[] = [];
  for (const piece of splitTopLevel(trimmed)) {
    const param = inlineParam(piece, params.length === 0);
    if (param) params.push(param);
    else if (strict && params.length === 0 && piece.trim() !== '') return null;
    else if (params.length > 0 && piece.trim() !== '') {
      const last = params[params.length - 1]!;
      if (last.description !== '') last.description += `, ${piece.trim()}`;
      else if (last.constraint !== undefined) last.constraint += `, ${piece.trim()}`;
      else last.description = piece.trim();
    }
  }
  return params;
}

/** Splits on commas outside (), [], {} and code spans. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let inCode = false;
  let start = 0;
  // Code units, not code points: every character looked at is ASCII.
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '`') inCode = !inCode;
    else if (!inCode && (ch === '(' || ch === '[' || ch === '{')) depth++;
    else if (!inCode && (ch === ')' || ch === ']' || ch === '}')) depth = Math.max(0, depth - 1);
    if (ch === ',' && depth === 0 && !inCode) {
      out.push(text.slice(start, i));
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

const INLINE_NAME = /^\s*(`?)([A-Za-z_$][\w$.-]*)\1/;

/** One inline parameter. Like Forge's runtime, only the first one is required unless it says otherwise. */
function inlineParam(piece: string, first: boolean): ToolParam | null {
  const m = INLINE_NAME.exec(piece);
  if (!m) return null;
  const name = m[2]!;
  let rest = piece.slice(m[0].length).trim();
  const param: ToolParam = { name, type: '', required: first, description: '' };
  if (rest.startsWith('(')) {
    const close = matchingParen(rest);
    if (close < 0) return null;
    readParenSpec(rest.slice(1, close), param);
    rest = rest.slice(close + 1).trim();
  }
  if (rest === '') return param;
  const sep = /^(?:-|–|—|:)\s*/.exec(rest);
  if (!sep) return null; // prose such as "or coordinates"
  param.description = rest.slice(sep[0].length).trim();
  return param;
}

function matchingParen(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return -1;
}

/** `string, optional: branch name` / `integer: 1-3` / `int, default: 1` into type, required, constraint. */
function readParenSpec(spec: string, param: ToolParam): void {
  let text = spec.trim();
  // Leading flags: `(optional, string)`, `(optional: a note)`.
  for (let flag = /^(optional|required)\b[ \t]*([,:]?)\s*/i.exec(text); flag; flag = /^(optional|required)\b[ \t]*([,:]?)\s*/i.exec(text)) {
    param.required = flag[1]!.toLowerCase() === 'required';
    text = text.slice(flag[0].length);
    if (flag[2] === ':' || flag[2] === '') {
      if (text.trim()) param.constraint = text.trim();
      return;
    }
  }
  const m = /^([^,:]*)([,:]?)([\s\S]*)$/.exec(text)!;
  param.type = stripCode(m[1]!.trim());
  let tail = m[3]!.trim();
  let explicit = false;
  if (m[2] === ',') {
    const flag = /^(optional|required)\b\s*:?\s*/i.exec(tail);
    if (flag) {
      explicit = true;
      param.required = flag[1]!.toLowerCase() === 'required';
      tail = tail.slice(flag[0].length).trim();
    }
  }
  if (tail) param.constraint = tail;
  // A parameter with a default value need not be given.
  if (!explicit && /\bdefault\b/i.test(tail)) param.required = false;
}

/** Strips one code span around the whole text: `` `x` `` → `x`. */
export function stripCode(text: string): string {
  const t = text.trim();
  const m = /^(`+)([\s\S]*?)\1$/.exec(t);
  if (!m || m[2]!.length === 0) return t;
  const inner = m[2]!;
  // The same backtick run must not occur inside (then the span would have ended earlier).
  // Speed: only build that regex when there is a backtick inside at all.
  if (inner.includes('`') && new RegExp(`(^|[^\`])${m[1]}([^\`]|$)`).test(inner)) return t;
  if (inner.startsWith(' ') && inner.endsWith(' ') && inner.trim() !== '') return inner.slice(1, -1);
  return inner;
}

/** A fenced block starting at line `i` (skipping blank lines first): its info and content, or null. */
export function fenceAt(lines: readonly string[], from: number): { info: string; content: string; start: number; end: number; closed: boolean } | null {
  let i = from;
  while (i < lines.length && isBlank(lines[i]!)) i++;
  const open = i < lines.length ? fenceOpening(lines[i]!) : null;
  if (!open) return null;
  const body: string[] = [];
  let j = i + 1;
  for (; j < lines.length; j++) {
    if (closesFence(lines[j]!, open)) return { info: open.info, content: body.join('\n'), start: i, end: j + 1, closed: true };
    body.push(lines[j]!);
  }
  return { info: open.info, content: body.join('\n'), start: i, end: j, closed: false };
}

function isJsonInfo(info: string): boolean {
  return /^(json|jsonc|json5|javascript|js)?$/i.test(info.split(/\s+/)[0] ?? '');
}

function jsonOutput(ctx: Ctx, fence: { info: string; content: string; start: number }): ToolOutput | null {
  if (!isJsonInfo(fence.info)) return null;
  try {
    return { kind: 'json', value: JSON.parse(fence.content), raw: fence.content };
  } catch {
    if (/^json$/i.test(fence.info)) {
      ctx.diagnostics.push(
        warningDiag(
          'tool-output-json-invalid',
          `tools.${ctx.name}.output`,
          `the output example of tool "${ctx.name}" is not valid JSON: fix the fenced json block so it parses`,
          ctx.firstLine + fence.start,
        ),
      );
    }
    return null;
  }
}

function readOutput(ctx: Ctx): ToolOutput | null {
  let output: ToolOutput | null = null;
  const found = findLabel(ctx, 'output');
  if (found) {
    if (found.label.rest !== '') {
      const more = continuation(ctx, found.index + 1);
      output = { kind: 'text', text: [found.label.rest, ...more].join(' ') };
      // A one-line summary (what Forge's runtime reads), then the JSON it summarises.
      const fence = fenceAt(ctx.lines, found.index + 1 + more.length);
      const json = fence ? jsonOutput(ctx, fence) : null;
      if (json && json.kind === 'json') return { ...json, description: output.text };
    } else {
      const fence = fenceAt(ctx.lines, found.index + 1);
      if (fence) {
        output = jsonOutput(ctx, fence) ?? { kind: 'text', text: fence.content };
      } else {
        let i = found.index + 1;
        while (i < ctx.lines.length && isBlank(ctx.lines[i]!)) i++;
        const para = continuation(ctx, i);
        if (para.length > 0) output = { kind: 'text', text: para.join(' ') };
      }
    }
  }
  if (output === null || output.kind === 'text') {
    // The corpus often documents the JSON shape under `### Response Format`.
    for (let i = 0; i < ctx.lines.length; i++) {
      if (ctx.mask[i]) continue;
      // A `### Response Format` heading, or the bold label the compiler turns it into.
      const h = headingOf(ctx.lines[i]!);
      const title = h ? (h.level >= 3 ? h.title : '') : (labelOf(ctx.lines[i]!)?.text ?? '');
      if (!/^(response format|output format|output schema|response schema)\b/i.test(title)) continue;
      const fence = fenceAt(ctx.lines, i + 1);
      const json = fence ? jsonOutput(ctx, fence) : null;
      if (json && json.kind === 'json') {
        if (output) json.description = output.text;
        return json;
      }
    }
  }
  return output;
}

/** Whether a table header is the `User Request | Tool Input` examples header. */
export function isExamplesHeader(header: readonly string[]): boolean {
  if (header.length < 2) return false;
  return /^user\b/i.test(stripCode(header[0]!)) && /^(tool )?input\b/i.test(stripCode(header[1]!));
}

function readExamples(ctx: Ctx): ToolExample[] {
  const examples: ToolExample[] = [];
  for (let i = 0; i < ctx.lines.length; i++) {
    if (ctx.mask[i]) continue;
    const table = tableAt(ctx, i);
    if (!table) continue;
    if (isExamplesHeader(table.header)) {
      for (const row of table.rows) examples.push({ request: requestCell(row[0] ?? ''), input: inputCell(row[1] ?? '') });
    }
    i = table.end - 1;
  }
  return examples;
}

/** A request cell: a JSON string literal (`"Review my PR"`) is unquoted, anything else kept as written. */
export function requestCell(cell: string): string {
  const t = cell.trim();
  if (t.length >= 2 && t.startsWith('"') && t.endsWith('"')) {
    try {
      const v: unknown = JSON.parse(t);
      if (typeof v === 'string') return v;
    } catch {
      // not a JSON string: keep the text
    }
  }
  return t;
}

/** A tool-input cell: backticks around the cell stripped, JSON parsed when it is JSON. */
export function inputCell(cell: string): unknown {
  const t = stripCode(cell);
  // Speed: a failed JSON.parse throws, which is slow; skip text that cannot be JSON.
  if (!mayBeJson(t)) return t;
  try {
    return JSON.parse(t);
  } catch {
    return t;
  }
}

/**
 * False only when JSON.parse would surely fail: JSON text starts (after
 * whitespace) with a value's first character, or is a bare true/false/null.
 */
function mayBeJson(text: string): boolean {
  const t = text.trim();
  const c = t.charAt(0);
  if (c === '{' || c === '[' || c === '"' || c === '-' || (c >= '0' && c <= '9')) return true;
  return t === 'true' || t === 'false' || t === 'null';
}

function readHeuristics(ctx: Ctx): string[] {
  let start = -1;
  for (let i = 0; i < ctx.lines.length && start < 0; i++) {
    if (ctx.mask[i]) continue;
    const line = ctx.lines[i]!;
    const marker = markerCode(line);
    if (marker === 42 /* * */) {
      const label = labelOf(line);
      if (label?.kind === 'heuristics') start = i + 1;
      else if (!label && /^ {0,3}\*\*detection heuristics/i.test(line)) start = i + 1;
    } else if (marker === 35 /* # */) {
      const h = headingOf(line);
      if (h && h.level >= 3 && /^detection heuristics\b/i.test(h.title)) start = i + 1;
    }
  }
  if (start < 0) return [];
  return listAfter(ctx, start);
}

/** The bullet or numbered list after `from` (an intro paragraph may come first). */
function listAfter(ctx: Ctx, from: number): string[] {
  const { lines, mask } = ctx;
  let i = from;
  for (; i < lines.length; i++) {
    if (mask[i]) return [];
    const line = lines[i]!;
    if (bulletItem(line) !== null || orderedItem(line) !== null) break;
    if (headingOf(line) || labelOf(line) || line.trimStart().startsWith('|')) return [];
  }
  const items: string[] = [];
  for (; i < lines.length; i++) {
    if (mask[i]) break;
    const line = lines[i]!;
    const item = bulletItem(line) ?? orderedItem(line);
    if (item !== null) {
      items.push(item.trim());
      continue;
    }
    if (isBlank(line)) {
      const next = lines[i + 1];
      if (next !== undefined && !mask[i + 1] && (bulletItem(next) !== null || orderedItem(next) !== null)) continue;
      break;
    }
    if (/^\s+\S/.test(line) && items.length > 0) {
      items[items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    break;
  }
  return items;
}
