// The labelled parts of a tool section (`**Input:**`, `**Output:**`,
// `**Examples:**`, `**Detection heuristics:**`, `**Process:**`) read back for
// decompileSkill, each only when it has exactly the shape compileSkill writes
// (so re-compiling cannot lose or move anything); otherwise null, and the
// text travels verbatim as tool notes.

import { bulletItem, fenceAt, headingOf, isBlank } from './markdown/lines.js';
import { readTable } from './markdown/table.js';
import type { ToolParam } from './types.js';
import { inputSpecLine, outputSummary } from './spec-line.js';
import { isExamplesHeader, isRequired, labelOf, parseInlineParamsStrict, requestCell, stripCode, type LabelKind } from './tool-section/index.js';

export interface Part {
  field: string;
  value: unknown;
  next: number;
}

function nextNonBlank(lines: readonly string[], from: number): number {
  let i = from;
  while (i < lines.length && isBlank(lines[i]!)) i++;
  return i;
}

/** After a one-line part: the next line must end the paragraph (blank, end, or another label). */
function endsParagraph(lines: readonly string[], i: number): boolean {
  const line = lines[i];
  // A heading too: the compiler turns it into a bold label, which would end the paragraph on the next read.
  return line === undefined || isBlank(line) || labelOf(line) !== null || headingOf(line) !== null;
}

/** One part under a label (`**Input:**` …) read back exactly as the compiler writes it, or null when it is not in that form. */
type PartReader = (text: string, rest: string, lines: readonly string[], at: number) => Part | null;

export function readPart(kind: LabelKind, text: string, rest: string, lines: readonly string[], at: number): Part | null {
  const reader = PART_READERS[kind];
  return reader ? reader(text, rest, lines, at) : null;
}

const readInputPart: PartReader = (text, rest, lines, at) => {
  if (!/^input$/i.test(text)) return null;
  if (rest === '') {
    const table = exactInputTable(lines, nextNonBlank(lines, at + 1));
    return table ? { field: 'input', value: table.params, next: table.end } : null;
  }
  if (!endsParagraph(lines, at + 1)) return null;
  const params = parseInlineParamsStrict(rest);
  const table = exactInputTable(lines, nextNonBlank(lines, at + 1));
  // The compiler's form: the one-line spec the runtime reads, then the table for people.
  if (table && (inputSpecLine(table.params) === rest || (params && params.length > 0)))
    return { field: 'input', value: params && inputSpecLine(table.params) !== rest ? reconcileInput(table.params, params) : table.params, next: table.end };
  // "none" reads as no parameters, but the compiler writes no Input line for that: keep the text.
  if (!params || params.length === 0) return null;
  const input = params.map((p) => ({
    name: p.name,
    type: p.type,
    required: p.required,
    description: [p.constraint, p.description].filter((s): s is string => !!s).join(' — '),
  }));
  return { field: 'input', value: input, next: at + 1 };
};

const readOutputPart: PartReader = (text, rest, lines, at) => {
  if (!/^output$/i.test(text)) return null;
  if (rest === '') {
    const json = jsonBlock(lines, nextNonBlank(lines, at + 1));
    return json ? { field: 'output', value: json.value, next: json.next } : null;
  }
  if (!endsParagraph(lines, at + 1)) return null;
  // The compiler's form: its one-line summary of the JSON, then the JSON.
  const json = jsonBlock(lines, nextNonBlank(lines, at + 1));
  if (json && rest === outputSummary(json.value)) return { field: 'output', value: json.value, next: json.next };
  return { field: 'output', value: rest, next: at + 1 };
};

const readExamplesPart: PartReader = (text, rest, lines, at) => {
  if (!/^examples$/i.test(text) || rest !== '') return null;
  const table = readTable(lines, nextNonBlank(lines, at + 1));
  if (!table || table.header.length !== 2 || !isExamplesHeader(table.header) || table.rows.length === 0) return null;
  const examples = [];
  for (const row of table.rows) {
    if (row.length !== 2) return null;
    let input: unknown;
    try {
      input = JSON.parse(stripCode(row[1]!));
    } catch {
      return null;
    }
    examples.push({ request: requestCell(row[0]!), input });
  }
  return { field: 'examples', value: examples, next: table.end };
};

/** Detection heuristics (a bullet list) or the process (a numbered list). */
function listPart(field: 'heuristics' | 'process', title: RegExp, style: 'bullet' | 'ordered'): PartReader {
  return (text, rest, lines, at) => {
    if (!title.test(text) || rest !== '') return null;
    const list = flatList(lines, nextNonBlank(lines, at + 1), style);
    return list && list.items.length > 0 ? { field, value: list.items, next: list.next } : null;
  };
}

const PART_READERS: Partial<Record<LabelKind, PartReader>> = {
  input: readInputPart,
  output: readOutputPart,
  examples: readExamplesPart,
  heuristics: listPart('heuristics', /^detection heuristics$/i, 'bullet'),
  process: listPart('process', /^process$/i, 'ordered'),
};

/**
 * A ```json block at `start` holding JSON that is not a bare string. An
 * unclosed fence runs to the end of the section (as in CommonMark) and counts
 * too: the compiler writes it back closed, so refusing it here broke the
 * compile ∘ decompile fixed point.
 */
function jsonBlock(lines: readonly string[], start: number): { value: unknown; next: number } | null {
  const fence = fenceAt(lines, start);
  if (!fence || fence.start !== start || !/^json$/i.test(fence.info)) return null;
  let value: unknown;
  try {
    value = JSON.parse(fence.content);
  } catch {
    return null;
  }
  return typeof value === 'string' ? null : { value, next: fence.end };
}

interface InputRow {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

/** The compiler's `Parameter | Type | Required | Description` table at `start`, or null. */
function exactInputTable(lines: readonly string[], start: number): { params: InputRow[]; end: number } | null {
  const table = readTable(lines, start);
  if (!table) return null;
  const header = table.header.map((h) => stripCode(h).toLowerCase());
  if (header.join('|') !== 'parameter|type|required|description' || table.rows.length === 0) return null;
  const params: InputRow[] = [];
  for (const row of table.rows) {
    if (row.length !== 4 || !/^(yes|no|true|false|required|optional)$/i.test(row[2]!.trim())) return null;
    params.push({ name: stripCode(row[0]!), type: stripCode(row[1]!), required: isRequired(row[2]!), description: row[3]! });
  }
  return { params, end: table.end };
}

/**
 * A hand-written spec line that disagrees with its table: the table wins for
 * the parameters it lists (it says more), the spec line adds the ones only it
 * names. The compiler then writes a spec line that agrees.
 */
function reconcileInput(table: readonly InputRow[], inline: readonly ToolParam[]): InputRow[] {
  const named = new Set(table.map((p) => p.name));
  const extra = inline
    .filter((p) => !named.has(p.name))
    .map((p) => ({ name: p.name, type: p.type, required: p.required, description: [p.constraint, p.description].filter((s): s is string => !!s).join(' — ') }));
  return [...table, ...extra];
}

const ITEM = { bullet: /^[-*+][ \t]+(\S.*)$/, ordered: /^\d{1,9}[.)][ \t]+(\S.*)$/ } as const;

/** One-line items at column 0; null when an item continues on another line (that text could not be rebuilt). */
export function flatList(lines: readonly string[], from: number, kind: keyof typeof ITEM): { items: string[]; next: number } | null {
  const isItem = (line: string): RegExpExecArray | null => {
    const m = ITEM[kind].exec(line);
    // `- - -` is a thematic break, not an item
    return m && (kind === 'ordered' || bulletItem(line) !== null) ? m : null;
  };
  const items: string[] = [];
  let i = from;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    const m = isItem(line);
    if (m) {
      items.push(m[1]!.trim());
      continue;
    }
    if (!isBlank(line)) return null; // a continuation line or a paragraph glued to the list
    const j = nextNonBlank(lines, i);
    if (j < lines.length && isItem(lines[j]!)) {
      i = j - 1;
      continue;
    }
    break;
  }
  return { items, next: i };
}
