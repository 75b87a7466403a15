// The examples of a tool section: the `User Request | Tool Input` table(s),
// each row a request and the tool input it should produce.

import type { ToolExample } from '../types.js';
import { inputCell, requestCell, stripCode } from './cells.js';
import { tableAt, type Ctx } from './context.js';

/** Whether a table header is the `User Request | Tool Input` examples header. */
export function isExamplesHeader(header: readonly string[]): boolean {
  if (header.length < 2) return false;
  return /^user\b/i.test(stripCode(header[0]!)) && /^(tool )?input\b/i.test(stripCode(header[1]!));
}

/** Every row of every `User Request | Tool Input` table. */
export function readExamples(ctx: Ctx): ToolExample[] {
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
