// The draft the builder edits: SKILL.md plus scripts by file name. Small pure
// helpers: comparing drafts (unsaved work), reading the skill name from the
// frontmatter (a `name:` line is enough here; the full YAML parser stays out
// of the browser bundle), checking a new script name, and the blank template.

import { checkScriptFileName } from '../../core/names.js';
import type { Draft } from '../types.js';

export const SKILL_MD = 'SKILL.md';

export const copyDraft = (d: Draft): Draft => ({ skillMd: d.skillMd, scripts: { ...d.scripts } });

export function isBlank(d: Draft | null): boolean {
  return !d || (d.skillMd.trim() === '' && Object.keys(d.scripts).length === 0);
}

export function sameDraft(a: Draft | null, b: Draft | null): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (!a || !b || a.skillMd !== b.skillMd) return false;
  const ka = Object.keys(a.scripts);
  return ka.length === Object.keys(b.scripts).length && ka.every((k) => b.scripts[k] === a.scripts[k]);
}

/** The top-level `name:` of the frontmatter, unquoted; '' when there is none. */
export function frontmatterName(skillMd: string): string {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(skillMd);
  if (!m) return '';
  const line = /^name:[ \t]*(.*)$/m.exec(m[1]!);
  if (!line) return '';
  let v = line[1]!.trim();
  const q = /^(['"])(.*)\1$/.exec(v);
  if (q) v = q[2]!;
  else v = v.replace(/\s+#.*$/, '');
  return v.trim();
}

/** Why `name` cannot be a new (or renamed) script in `scripts`, or null when it can. */
export function checkNewScriptName(name: string, scripts: Record<string, string>, renaming?: string): string | null {
  const problem = checkScriptFileName(name);
  if (problem) return problem;
  if (name === SKILL_MD) return 'SKILL.md is the skill itself; choose another script name';
  if (name !== renaming && Object.prototype.hasOwnProperty.call(scripts, name)) return `a script named "${name}" already exists`;
  return null;
}

/** A name for a new script that is not taken yet: `new-tool.sh`, `new-tool-2.sh`, … */
export function freshScriptName(scripts: Record<string, string>): string {
  for (let i = 1; ; i++) {
    const n = i === 1 ? 'new-tool.sh' : `new-tool-${i}.sh`;
    if (!(n in scripts)) return n;
  }
}

export const SCRIPT_TEMPLATE = `#!/usr/bin/env bash
set -euo pipefail
INPUT="\${1:-}"
# Read fields from the JSON input, do the work, print JSON.
echo "{}"
`;

export const SKILL_TEMPLATE = `---
name: my-skill
description: When the user asks to … ("…", "…"), do …
metadata:
  forge:
    requires:
      bins: []
      env:
        required: []
---
# My skill

Describe what the agent should do, step by step.
`;
