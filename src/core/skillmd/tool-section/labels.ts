// The bold label lines of a tool section (`**Input:**`, `**Output (file):** …`,
// `**Detection heuristics**`): which concern a label opens and what follows it
// on the same line. `**bold** words` is prose, not a label.

import { markerCode } from '../markdown/lines.js';

export type LabelKind = 'input' | 'output' | 'examples' | 'heuristics' | 'process' | 'other';

export interface Label {
  kind: LabelKind;
  /** The label text without `**` and the trailing colon (`Output (file)`). */
  text: string;
  /** What follows the label on the same line. */
  rest: string;
}

// The rest group starts at a character the space run cannot take, so the two never trade characters.
const LABEL = /^ {0,3}\*\*([^*\n]+?)\*\*[ \t]*([^ \t\n\r\u2028\u2029].*)?$/;

/** A bold label line such as `**Input:**`, `**Output (file):** …`, `**Detection heuristics**`. */
export function labelOf(line: string): Label | null {
  if (markerCode(line) !== 42 /* * */) return null;
  const m = LABEL.exec(line);
  if (!m) return null;
  let text = m[1]!.trim();
  let rest = m[2] ?? '';
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
