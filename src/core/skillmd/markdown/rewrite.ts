// Markdown rewrites that keep Forge's line-based reader from misreading a
// skill, each leaving the rendering as close to the original as Markdown
// allows:
// - inside a tool section, a heading becomes a bold label (`### Tips` →
//   `**Tips**`) and another `#`-leading line is escaped (`\#tag`), because the
//   runtime ends the tool's entry at any line starting with `#`;
// - outside tool sections, a `- word` bullet (which the runtime reads as a
//   tool named `word`) switches its whole list to the `*` marker, so the list
//   renders the same. Code blocks are never touched.

import { utf8Length } from '../../forge-runtime/go-text.js';
import { goTrimSpace } from '../../forge-runtime/go-text.js';
import { codeLineMask, headingOf } from './lines.js';

/** Whether the runtime reads this line (outside a tool entry) as a name-only tool. */
export function isPhantomBullet(line: string): boolean {
  const trimmed = goTrimSpace(line);
  if (!trimmed.startsWith('- ')) return false;
  const name = goTrimSpace(trimmed.slice(2));
  return name !== '' && !name.includes(' ') && utf8Length(name) <= 64;
}

/** Tool-section text with no line the runtime would read as the end of the tool. */
export function labelHeadings(text: string): string {
  const lines = text.split('\n');
  const mask = codeLineMask(lines);
  return lines
    .map((line, i) => {
      if (mask[i] || !goTrimSpace(line).startsWith('#')) return line;
      const h = headingOf(line);
      if (h) return h.title === '' ? '' : `**${h.title}**`;
      // `#tag` text (or `#` after 4+ spaces of indented code, left alone): escape the `#`.
      return /^[ \t]{0,3}#/.test(line) && !/^ {4}|^\t/.test(line) ? line.replace('#', '\\#') : line;
    })
    .join('\n');
}

const LIST_DASH = /^([ \t]*)-(?=[ \t])/;

/** Lines of the list that line `at` (a `-` item) belongs to, at that item's indent: [from, to). */
function listExtent(lines: readonly string[], mask: readonly boolean[], at: number, indent: string): [number, number] {
  const isItem = (i: number): boolean => !mask[i] && LIST_DASH.exec(lines[i]!)?.[1] === indent;
  const inside = (i: number): boolean =>
    !mask[i] && (isItem(i) || (lines[i]!.startsWith(indent) && /^[ \t]/.test(lines[i]!.slice(indent.length)) && lines[i]!.trim() !== ''));
  const blank = (i: number): boolean => lines[i]!.trim() === '';
  let from = at;
  for (let i = at - 1; i >= 0; i--) {
    if (inside(i)) from = i;
    else if (!blank(i)) break;
  }
  let to = at + 1;
  for (let i = at + 1; i < lines.length; i++) {
    if (inside(i)) to = i + 1;
    else if (!blank(i)) break;
  }
  return [from, to];
}

/**
 * Text outside tool sections with every list that holds a phantom `- word`
 * bullet switched to `*` (only the markers at that list's indent change).
 * `triggers`, when given, limits which lines count as phantoms (the runtime
 * reads bullets inside a tool entry as description). The indexes of the
 * lines that changed are returned too.
 */
export function rewritePhantomLists(
  lines: readonly string[],
  options: { mask?: readonly boolean[]; triggers?: ReadonlySet<number> } = {},
): { lines: string[]; changed: number[] } {
  const mask = options.mask ?? codeLineMask(lines);
  const out = [...lines];
  const changed = new Set<number>();
  for (let i = 0; i < out.length; i++) {
    if (mask[i] || (options.triggers && !options.triggers.has(i)) || !isPhantomBullet(out[i]!)) continue;
    const m = LIST_DASH.exec(out[i]!);
    if (!m) continue; // e.g. a bullet inside an HTML block the mask does not see
    const indent = m[1]!;
    const [from, to] = listExtent(out, mask, i, indent);
    for (let k = from; k < to; k++) {
      const item = LIST_DASH.exec(out[k]!);
      if (item && item[1] === indent) {
        out[k] = `${indent}*${out[k]!.slice(indent.length + 1)}`;
        changed.add(k);
      }
    }
  }
  return { lines: out, changed: [...changed].sort((a, b) => a - b) };
}
