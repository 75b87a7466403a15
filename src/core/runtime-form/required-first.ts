// The `--fix` for a spec line whose first parameter the author left optional
// while another is required: the runtime requires the first parameter
// whatever it says, so the required parameters move to the front, each part
// kept exactly as written (descriptions and all). Only done when the line's
// parts and the author's parameters match one for one, in order.

import { runtimeSpecParts, splitSpecParts } from '../runtime-view/input-schema.js';
import type { ToolParam } from '../skillmd/types.js';

const LABEL = '**Input:**';

/** The line with its required parameters first, or null when there is nothing to move (or it cannot be moved safely). */
export function requiredFirstLine(line: string, params: readonly ToolParam[]): string | null {
  const cr = line.endsWith('\r') ? '\r' : '';
  const body = cr ? line.slice(0, -1) : line;
  const at = body.indexOf(LABEL);
  if (at < 0 || body.slice(0, at).trim() !== '') return null;
  const start = at + LABEL.length;
  const spec = body.slice(start).trim();
  const pieces = splitSpecParts(spec);
  const parts = runtimeSpecParts(spec);
  if (pieces.length !== params.length || parts.length !== params.length) return null;
  if (parts.some((p, i) => p.name !== params[i]!.name)) return null;
  if (params[0]!.required || parts[0]!.markedRequired || !params.some((p) => p.required)) return null;
  const order = params.map((_, i) => i).sort((a, b) => Number(params[b]!.required) - Number(params[a]!.required) || a - b);
  return `${body.slice(0, start)} ${order.map((i) => pieces[i]!.trim()).join(', ')}${cr}`;
}
