// The Output of a tool section: an inline summary (what Forge's runtime
// reads), a fenced JSON block, both, or the corpus's `### Response Format`
// JSON. A fenced json block that does not parse is reported, not fatal.

import { warningDiag } from '../../diagnostics.js';
import { fenceAt, headingOf, isBlank } from '../markdown/lines.js';
import type { ToolOutput } from '../types.js';
import { continuation, findLabel, type Ctx } from './context.js';
import { labelOf } from './labels.js';

/** What a format title (below) starts with, anywhere in a text (the same letters, compared the same way). */
const FORMAT_WORDS = /response format|output format|output schema|response schema/i;

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

/** The Output: inline text, a fenced JSON block, both (a summary line, then the JSON), or the JSON under `### Response Format`. */
export function readOutput(ctx: Ctx): ToolOutput | null {
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
  // The title's words are on its line: a section without them anywhere skips the walk over its lines.
  if ((output === null || output.kind === 'text') && FORMAT_WORDS.test(ctx.text)) {
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
