// One `## Tool: <name>` section read into a ToolSection: description, Input
// (input.ts, inline-params.ts), Output (output.ts), the examples table
// (examples.ts) and the detection heuristics list (heuristics.ts). Lenient by
// design: it reads what hand-written skills do.

import type { Diagnostic } from '../../diagnostics.js';
import { codeLineMask, headingOf, isBlank, startsBlock } from '../markdown/lines.js';
import type { ToolSection } from '../types.js';
import type { Ctx } from './context.js';
import { readExamples } from './examples.js';
import { readHeuristics } from './heuristics.js';
import { readInput } from './input.js';
import { labelOf } from './labels.js';
import { readOutput } from './output.js';

/**
 * Reads a tool section (the lines under the `## Tool:` heading at 1-based
 * line `line`); its diagnostics are appended to `diagnostics`.
 * `mask` is `codeLineMask(lines)` and `text` is `lines.join('\n')`; parseSkillMd
 * passes its slices of the document's (a `##` heading is never inside a
 * fence, so the masks agree) to save recomputing them.
 */
export function parseToolBody(
  name: string,
  line: number,
  diagnostics: Diagnostic[],
  lines: readonly string[],
  mask: readonly boolean[] = codeLineMask(lines),
  text: string = lines.join('\n'),
): ToolSection {
  // No lines (the next heading follows at once): what every reader below gives for nothing, without their work.
  if (lines.length === 0) return { name, line, description: '', input: [], inputForm: 'none', output: null, examples: [], heuristics: [], body: text };
  const ctx: Ctx = { lines, text, mask, firstLine: line + 1, diagnostics, name, tables: [] };
  const { input, inputForm } = readInput(ctx);
  // One literal with every field (spreading a partial result into a second object was the slowest step of parseSkillMd on many tools).
  return {
    name,
    line,
    description: readDescription(ctx),
    input,
    inputForm,
    output: readOutput(ctx),
    examples: readExamples(ctx),
    heuristics: readHeuristics(ctx),
    body: text,
  };
}

/** First paragraph of prose after the heading (soft line breaks joined with a space). */
function readDescription(ctx: Ctx): string {
  const { lines, mask } = ctx;
  let i = 0;
  while (i < lines.length && isBlank(lines[i]!)) i++;
  let out = '';
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (mask[i] || isBlank(line) || headingOf(line) || labelOf(line) || startsBlock(line)) break;
    out = out === '' ? line.trim() : `${out} ${line.trim()}`;
  }
  return out;
}
