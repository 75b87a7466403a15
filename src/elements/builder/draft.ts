// The draft the builder edits: SKILL.md plus scripts by file name (and, for a
// whole skill folder, its other files). Small pure helpers: comparing drafts
// (unsaved work), the text behind a file tab, reading the skill name from the
// frontmatter (a `name:` line is enough here; the full YAML parser stays out
// of the browser bundle), checking a new script name, and the blank template.

import type { Diagnostic } from '../../core/diagnostics.js';
import { checkScriptFileName } from '../../core/names.js';
import type { Draft } from '../types.js';

export const SKILL_MD = 'SKILL.md';

export const copyDraft = (d: Draft): Draft => ({
  skillMd: d.skillMd,
  scripts: { ...d.scripts },
  ...(d.files && { files: { ...d.files } }),
  ...(d.binaries && { binaries: d.binaries.map((b) => ({ ...b })) }),
});

export function isBlank(d: Draft | null): boolean {
  return !d || (d.skillMd.trim() === '' && Object.keys(d.scripts).length === 0);
}

const sameTexts = (a: Record<string, string> = {}, b: Record<string, string> = {}) => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => b[k] === a[k]);
};
const binaryKeys = (d: Draft) => (d.binaries ?? []).map((x) => `${x.path}\0${x.sha256}`).join('\n');

export function sameDraft(a: Draft | null, b: Draft | null): boolean {
  if (isBlank(a) && isBlank(b)) return true;
  if (!a || !b || a.skillMd !== b.skillMd) return false;
  return sameTexts(a.scripts, b.scripts) && sameTexts(a.files, b.files) && binaryKeys(a) === binaryKeys(b);
}

/**
 * Tabs name files: `SKILL.md`, a script by its plain name, any other folder file by its relative path, which has a `/`
 * (a file at the top of the folder, as `LICENSE.txt`, is `./LICENSE.txt`).
 */
export const isFolderTab = (tab: string) => tab.includes('/');
export const folderTab = (path: string) => (path.includes('/') ? path : `./${path}`);
const folderPath = (tab: string) => tab.replace(/^\.\//, '');

/** The file a diagnostic points at, as a tab name (`SKILL.md`, a script name or a folder file's path). */
export function diagTab(d: Diagnostic): string {
  if (!d.file || d.file === SKILL_MD) return SKILL_MD;
  return /^scripts\/[^/]+$/.test(d.file) ? d.file.slice(8) : folderTab(d.file);
}

/** The text a file tab edits ('' for a binary or a missing file). */
export const fileText = (d: Draft, tab: string): string =>
  tab === SKILL_MD ? d.skillMd : ((isFolderTab(tab) ? d.files?.[folderPath(tab)] : d.scripts[tab]) ?? '');

/** The draft with the text of one file tab replaced. */
export function withFileText(d: Draft, tab: string, text: string): Draft {
  if (tab === SKILL_MD) return { ...d, skillMd: text };
  return isFolderTab(tab) ? { ...d, files: { ...d.files, [folderPath(tab)]: text } } : { ...d, scripts: { ...d.scripts, [tab]: text } };
}

/** Whether the draft has the file a tab shows. */
export const hasTab = (d: Draft, tab: string): boolean =>
  tab === SKILL_MD ||
  (isFolderTab(tab) ? (d.files?.[folderPath(tab)] ?? d.binaries?.find((x) => folderTab(x.path) === tab)) !== undefined : Object.hasOwn(d.scripts, tab));

/** The path of a tab's file in the skill folder. */
export const tabPath = (tab: string): string => (tab === SKILL_MD ? tab : isFolderTab(tab) ? folderPath(tab) : `scripts/${tab}`);

/** The top-level `name:` of the frontmatter, unquoted; '' when there is none. */
export function frontmatterName(skillMd: string): string {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/.exec(skillMd);
  if (!m) return '';
  const line = /^name:(.*)$/m.exec(m[1]!);
  if (!line) return '';
  let v = line[1]!.trim();
  const q = /^(['"])(.*)\1$/.exec(v);
  if (q) v = q[2]!;
  else v = beforeComment(v);
  return v.trim();
}

/** `v` cut before the first whitespace-then-`#` (a YAML comment): `/\s+#.*$/` without its quadratic retries. */
function beforeComment(v: string): string {
  const at = v.search(/\s#/);
  if (at < 0) return v;
  let start = at;
  while (start > 0 && v[start - 1]!.trim() === '') start--;
  return v.slice(0, start);
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
