// Control characters in a SKILL.md or a script (both profiles): an error per
// line holding one. A terminal acts on them — `curl … | sh\r\e[2Kecho safe`
// shows only "echo safe" — so a reviewer reading the skill in a terminal or
// a diff could be shown something other than what runs. Tab, line feed and
// the CR of a CRLF line ending are layout and allowed.

import { errorDiag } from '../../diagnostics.js';
import { findControlChars } from '../../safe-text/control-chars.js';
import { normalizeScriptName } from '../../forge-runtime/script-binding.js';
import type { RuleContext, Sink } from './context.js';

/** At most this many lines are reported per file; the rest are summed up in the last finding. */
const MAX_PER_FILE = 10;

export function controlCharRules(ctx: RuleContext, add: Sink): void {
  report(ctx.text, 'skill_md', undefined, add);
  for (const [key, content] of Object.entries(ctx.options.scripts ?? {})) {
    if (typeof content !== 'string') continue;
    const file = `scripts/${normalizeScriptName(key)}`;
    report(content, file, file, add);
  }
}

function report(text: string, field: string, file: string | undefined, add: Sink): void {
  const found = findControlChars(text);
  const where = file ?? 'the SKILL.md';
  found.slice(0, MAX_PER_FILE).forEach((f, i) => {
    const more = i === MAX_PER_FILE - 1 && found.length > MAX_PER_FILE ? ` (${found.length - MAX_PER_FILE} more lines have one too)` : '';
    add(
      errorDiag(
        'control-character',
        field,
        `line ${f.line} of ${where} holds the control character ${f.label}, which a terminal acts on (it can hide or rewrite what a reviewer sees); delete it${more}`,
        f.line,
        file,
      ),
    );
  });
}
