// fixFinding(skillMd, finding): the part of fixForRuntime's edit that repairs
// one validator finding, for a page that fixes findings one at a time. The
// finding's code says which kind of change repairs it and its line says
// where: the Input spec, its order or the Output summary on that line, or the
// `*` markers of the one list that holds the phantom bullet. Every other line
// stays byte for byte; null when the fixer has nothing for this finding.

import type { Diagnostic } from '../diagnostics.js';
import { codeLineMask } from '../skillmd/markdown/lines.js';
import { rewritePhantomLists } from '../skillmd/markdown/rewrite.js';
import { fixForRuntime, type RuntimeFix } from './fix.js';
import { FIXABLE_CODES } from './fixable.js';

/** The SKILL.md with only the change that repairs `finding`, or null when the fixer has none for it. */
export function fixFinding(skillMd: string, finding: Pick<Diagnostic, 'code' | 'line' | 'file'>): RuntimeFix | null {
  const kind = FIXABLE_CODES[finding.code];
  if (!kind || finding.line === undefined || (finding.file !== undefined && finding.file !== 'SKILL.md')) return null;
  const all = fixForRuntime(skillMd).changes.filter((c) => c.kind === kind);
  let changes = all.filter((c) => c.line === finding.line);
  if (kind === 'phantom-bullet' && changes.length > 0) {
    // The whole list that holds this bullet, and no other list.
    const lines = skillMd.split('\n');
    const mask = codeLineMask(lines.map((l) => l.replace(/\r$/, '')));
    const list = new Set(rewritePhantomLists(lines, { mask, triggers: new Set([finding.line - 1]) }).changed.map((i) => i + 1));
    changes = all.filter((c) => list.has(c.line));
  }
  if (changes.length === 0) return null;
  const lines = skillMd.split('\n');
  for (const c of changes) lines[c.line - 1] = c.after;
  return { skillMd: lines.join('\n'), changes };
}
