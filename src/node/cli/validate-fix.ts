// `validate --fix [--dry-run]`: rewrites a SKILL.md in place so Forge's
// runtime reads it as its author meant (fixForRuntime: the one-line Input
// spec from the table, a one-line Output summary, phantom `- word` lists
// switched to `*`), atomically and keeping the file's mode, and prints a
// diff of the changed lines. With --dry-run it prints the diff only.

import * as nodeFs from 'node:fs';
import { stat } from 'node:fs/promises';
import { escapeControlChars } from '../../core/safe-text/control-chars.js';
import { fixForRuntime } from '../../core/runtime-form/fix.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { writeLine, type CliIo } from './io.js';

/** Fixes `text` (the SKILL.md at `file`, shown as `shown`); returns the text to validate from now on. */
export async function fixSkillFile(io: CliIo, file: string, shown: string, text: string, dryRun: boolean): Promise<string> {
  const fix = fixForRuntime(text);
  if (fix.changes.length === 0) return text;
  writeLine(io.stdout, `--- ${shown}`);
  writeLine(io.stdout, `+++ ${shown}${dryRun ? ' (dry run: not written)' : ''}`);
  for (const c of fix.changes) {
    writeLine(io.stdout, `@@ line ${c.line} (${c.kind}) @@`);
    writeLine(io.stdout, `-${escapeControlChars(c.before.replace(/\r$/, ''))}`);
    writeLine(io.stdout, `+${escapeControlChars(c.after.replace(/\r$/, ''))}`);
  }
  if (dryRun) return text;
  const mode = (await stat(file)).mode & 0o777;
  await writeFileAtomic(nodeFs, file, fix.skillMd, { mode });
  return fix.skillMd;
}
