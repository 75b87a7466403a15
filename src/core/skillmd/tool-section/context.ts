// What the readers of a tool section's parts share: the section's lines with
// their code mask, the diagnostics being collected, tables read once per
// section, and the small look-ups every part needs (a label, a table after a
// line, the rest of a paragraph).

import type { Diagnostic } from '../../diagnostics.js';
import { headingOf, isBlank, startsBlock } from '../markdown/lines.js';
import { readTable, type MarkdownTable } from '../markdown/table.js';
import { labelOf, type Label, type LabelKind } from './labels.js';

/** One tool section body being read, shared by the readers of its parts. */
export interface Ctx {
  lines: readonly string[];
  /** `lines.join('\n')`. */
  text: string;
  mask: readonly boolean[];
  firstLine: number;
  diagnostics: Diagnostic[];
  name: string;
  /** readTable results by line index, filled by tableAt. */
  tables: (MarkdownTable | null | undefined)[];
}

/** The first label of `kind` outside code, with its line index. */
export function findLabel(ctx: Ctx, kind: LabelKind): { index: number; label: Label } | null {
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
export function tableAt(ctx: Ctx, i: number): MarkdownTable | null {
  let table = ctx.tables[i];
  if (table === undefined) table = ctx.tables[i] = readTable(ctx.lines, i);
  return table;
}

/** The first table starting after `from`, skipping blank and prose lines, before the next heading or label. */
export function tableAfter(ctx: Ctx, from: number): MarkdownTable | null {
  for (let i = from; i < ctx.lines.length; i++) {
    if (ctx.mask[i]) return null;
    const line = ctx.lines[i]!;
    if (headingOf(line) || labelOf(line)) return null;
    const table = tableAt(ctx, i);
    if (table) return table;
  }
  return null;
}

/** Following lines of the same paragraph (stops at blank lines, labels, headings, fences, tables, lists). */
export function continuation(ctx: Ctx, from: number): string[] {
  const out: string[] = [];
  for (let i = from; i < ctx.lines.length; i++) {
    const line = ctx.lines[i]!;
    if (ctx.mask[i] || isBlank(line) || headingOf(line) || labelOf(line) || startsBlock(line)) break;
    out.push(line.trim());
  }
  return out;
}
