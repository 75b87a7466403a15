// Helper scripts: files in a skill's `scripts/` that other scripts load
// (`source "$DIR/common.sh"`, `import common`, `require('./util')`) rather
// than entry points of a tool, so no `## Tool:` has to map to them.

import { interpreterFor, normalizeScriptName, scriptStem } from '../forge-runtime/script-binding.js';

function escapeRe(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * True when another script of the skill uses `name` rather than it being a
 * tool entry point: another script names the file (`source "$DIR/common.sh"`,
 * `python3 "$DIR/util.py"`, a data file such as `query.graphql`), imports its
 * Python module (`from common import x`, `import common`) or requires it by
 * relative path (`require('./util')`, `from './util.js'`).
 */
export function isHelperScript(name: string, scripts: Readonly<Record<string, string>>): boolean {
  const stem = escapeRe(scriptStem(name));
  // The patterns below hold `name` and `stem` escaped (escapeRe): literal text, so each is as linear as its fixed parts.
  // eslint-disable-next-line local/static-regexp -- escaped literal name between one-character lookarounds: linear
  const patterns: RegExp[] = [new RegExp(`(?<![\\w.-])${escapeRe(name)}(?![\\w-])`)];
  const interp = interpreterFor(name);
  // eslint-disable-next-line local/static-regexp -- escaped literal stem; `[ \t]*` at a line start, `\s+` between fixed words: linear
  if (interp === 'python3') patterns.push(new RegExp(`^[ \\t]*(?:from\\s+\\.?${stem}\\s+import\\b|import\\s+${stem}\\b)`, 'm'));
  // eslint-disable-next-line local/static-regexp -- escaped literal stem after a quote; `[^"'\n]*/` stops at the closing quote or line end: linear per quote
  if (interp === 'node') patterns.push(new RegExp(`["']\\.{1,2}/(?:[^"'\\n]*/)?${stem}["']`));
  for (const [other, content] of Object.entries(scripts)) {
    if (normalizeScriptName(other) === name) continue;
    if (patterns.some((re) => re.test(content))) return true;
  }
  return false;
}
