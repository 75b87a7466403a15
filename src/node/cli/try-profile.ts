// What `try` prints about declared versus observed — the profile's summary,
// each finding at its file and line with the fix it proposes, and the risk
// score before and after — and `try --fix-declarations [--dry-run]`: the
// proposed fixes applied to the skill's SKILL.md as a diff first, then
// written atomically (a reader sees the old file or the new one), only when
// the file is still what ran. A fix adding a risky host is never applied
// here: the finding says why (the script should not reach it, or the
// operator declares it by hand, accepting the risk).

import * as nodeFs from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createTwoFilesPatch } from 'diff';
import { applyDeclarationFixes } from '../../core/observe/declaration-edit.js';
import { fixText } from '../../core/observe/fix-text.js';
import type { CapabilityProfile } from '../../core/observe/reconcile.js';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { writeLine, type CliIo } from './io.js';

const TRY_FIX_HINT = 'apply the fixes with: try … --fix-declarations (--dry-run to see the diff only)';

/** The runs a profile rests on: each by name when they are few, else how many (and how many failed). */
function runsLabel(p: CapabilityProfile): string {
  if (p.runs.length <= 4) return p.runs.map((r) => `${r.id} ${r.tool}${r.ok ? '' : ' (failed)'}`).join(', ');
  const failed = p.runs.filter((r) => !r.ok).length;
  return `${p.runs.length} runs${failed ? `, ${failed} failed` : ''}`;
}

/** The profile as lines: summary, one line per finding, the risk score, and how to apply the fixes (`fixHint`). */
export function profileLines(p: CapabilityProfile, fixHint = TRY_FIX_HINT): string[] {
  const lines = [`declared vs observed (${runsLabel(p)}): ${p.summary}`];
  for (const f of p.findings) {
    const where = `${f.file}${f.line ? `:${f.line}` : ''}`;
    const fix = f.risky ? `not proposed, adding it is risky (${f.risky})` : `fix: ${fixText(f.fix)}`;
    lines.push(`  ${where} ${f.kind}: ${escapeControlChars(f.message)}; ${escapeControlChars(fix)}`);
  }
  if (p.findings.length === 0) lines.push('  the declarations agree with what the scripts reference and the run did');
  else if (p.risk.after !== p.risk.before) lines.push(`risk score ${p.risk.before} as declared, ${p.risk.after} with the fixes`);
  if (p.fixedSkillMd !== undefined) lines.push(fixHint);
  return lines;
}

/**
 * Applies the profile's non-risky fixes to `file` (the SKILL.md that ran, whose text was `ran`), printing
 * the diff first. Throws, writing nothing, when they cannot be applied or the file changed meanwhile.
 */
export async function fixDeclarations(io: CliIo, file: string, shown: string, ran: string, p: CapabilityProfile, dryRun: boolean): Promise<void> {
  const fixes = p.findings.filter((f) => !f.risky).map((f) => f.fix);
  if (fixes.length === 0) {
    writeLine(io.stdout, 'no declaration fixes to apply');
    return;
  }
  // The profile leaves fixedSkillMd out when the frontmatter cannot be edited safely: applying again says why.
  const fixed = p.fixedSkillMd ?? applyDeclarationFixes(ran, fixes);
  io.stdout.write(createTwoFilesPatch(shown, shown, ran, fixed, '', dryRun ? '(dry run: not written)' : '', { context: 2 }).replace(/^Index: .*\n=+\n/, ''));
  if (dryRun) return;
  if ((await readFile(file, 'utf8')) !== ran) throw new Error(`${shown} changed while the tool ran: nothing written; run try again`);
  const mode = (await stat(file)).mode & 0o777;
  await writeFileAtomic(nodeFs, file, fixed, { mode });
  writeLine(io.stdout, `${shown}: ${fixes.length} declaration fix${fixes.length === 1 ? '' : 'es'} applied`);
}
