// The detection heuristics of a tool section: the bullet or numbered list
// under a `**Detection heuristics**` label or a `### Detection heuristics`
// heading (an intro paragraph may come first).

import { bulletItem, headingOf, isBlank, markerCode, orderedItem } from '../markdown/lines.js';
import { labelOf } from './labels.js';
import type { Ctx } from './context.js';

/** The list under `**Detection heuristics**` (label or `###` heading). */
export function readHeuristics(ctx: Ctx): string[] {
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
