// The Input of a tool section: the one-line spec Forge's runtime reads
// (`**Input:** a (string), b (integer: 1-3)`), a parameter table, or both
// (the line, then a table describing each parameter for people); a parameter
// table without the label (e.g. under `### Parameters`) counts too.

import type { MarkdownTable } from '../markdown/table.js';
import type { ToolParam, ToolSection } from '../types.js';
import { stripCode } from './cells.js';
import { continuation, findLabel, tableAfter, tableAt, type Ctx } from './context.js';
import { parseInlineParams } from './inline-params.js';

const NAME_COLS = ['parameter', 'param', 'name', 'field', 'argument', 'arg', 'key'];
const TYPE_COLS = ['type'];
const REQUIRED_COLS = ['required', 'req', 'req.', 'required?', 'mandatory'];
const DESC_COLS = ['description', 'desc', 'details', 'notes', 'meaning'];

function column(header: readonly string[], names: readonly string[]): number {
  return header.findIndex((h) => names.includes(stripCode(h).toLowerCase()));
}

/** `**Input:**` table → params, when the header has a parameter column. */
function paramsFromTable(table: MarkdownTable): ToolParam[] | null {
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

/** The parameters: a `**Input:**` spec line and/or table, else a parameter table without the label. */
export function readInput(ctx: Ctx): { input: ToolParam[]; inputForm: ToolSection['inputForm'] } {
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
