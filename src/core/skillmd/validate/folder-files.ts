// Folder files (both profiles; only when the caller passes
// `files`): every relative path the SKILL.md mentions — a Markdown link
// `[x](references/a.md)` or a bare/backticked `reference/runbook.md`,
// `assets/…`, `scripts/…` or a path in a folder the skill has (`templates/…`,
// as `read_skill` file hints are written) — must exist in the folder (error
// with its line); a link to an absolute path or through `..` is an error;
// files never mentioned are one warning per folder (a single file is named
// alone; none under `evals/`: the cases and requests the checks run, which
// the agent is not meant to read, nor the signature, manifest and provenance
// files at the root); a folder path that is hidden (`.env`), absolute or holds `..` is an error.

import { errorDiag, warningDiag } from '../../diagnostics.js';
import { normalizeScriptName } from '../../forge-runtime/script-binding.js';
import { entryPathProblem } from '../../safe-text/entry-path.js';
import type { RuleContext, Sink } from './context.js';
import { cutAt, trimEndOf } from '../../trim-run.js';

interface Mention {
  path: string;
  line: number;
}

// The link text may not hold `[`: a match then starts at the last `[` before the `]`, with the same target, and
// a line of `[[[[` is read once (with `[^\]]*` every `[` rescanned the rest of the line: quadratic).
const LINK = /\[[^[\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+["'][^"']*["'])?\s*\)/g;
const BARE = /(?:^|[\s`'"([=:,])((?:\.\/)?([\w.-]+)\/[^\s`'")\]<>,;#?]*)/g;
/** Folders whose bare paths count as mentions in any skill; others count when the skill has that folder (so `and/or` is not a path). */
const KNOWN_FOLDERS = ['references', 'reference', 'assets', 'scripts'];
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
/** Eval cases and stored routing requests: data for the checks, not for the agent. */
const CHECK_DATA_DIR = 'evals/';
/** The signature, manifest and provenance files at the root (core/trust/files.ts names them; test/core/trust checks the two agree): for verifiers, never for the agent. */
export const SIGNING_FILES: ReadonlySet<string> = new Set(['SKILL.md.sig', 'skill.manifest.json', 'skill.manifest.json.sig', 'skill.provenance.json']);

export function folderFileRules(ctx: RuleContext, add: Sink): void {
  const files = ctx.options.files;
  if (files === undefined || files === null) return;
  const present = new Set<string>(['SKILL.md']);
  for (const path of Object.keys(files)) {
    const problem = entryPathProblem(path);
    if (problem)
      add(errorDiag('file-path-unsafe', `files.${path}`, `the folder file "${path}" is not allowed: ${problem}; keep every file inside the skill folder`));
    else if (path.split('/').some((s) => s.startsWith('.')))
      add(
        errorDiag(
          'file-hidden',
          `files.${path}`,
          `"${path}" is a hidden file; skills may not hold hidden files — remove it or rename it without the leading dot`,
        ),
      );
    present.add(path);
  }
  for (const name of Object.keys(ctx.options.scripts ?? {})) present.add(`scripts/${normalizeScriptName(name)}`);
  const mentioned = mentionsOf(ctx.text, add, new Set([...KNOWN_FOLDERS, ...[...present].map(topFolder)]));
  const reported = new Set<string>();
  for (const m of mentioned) {
    if (m.path.endsWith('/') || present.has(m.path) || isFolderOf(m.path, present) || reported.has(`${m.line}:${m.path}`)) continue;
    reported.add(`${m.line}:${m.path}`);
    add(errorDiag('file-missing', 'skill_md', `line ${m.line} mentions "${m.path}", which is not in the skill folder; add the file or fix the path`, m.line));
  }
  const unmentioned = Object.keys(files).filter(
    (path) =>
      !path.startsWith(CHECK_DATA_DIR) &&
      !SIGNING_FILES.has(path) &&
      !mentioned.some((m) => m.path === path || (m.path.endsWith('/') && path.startsWith(m.path))),
  );
  for (const [folder, paths] of groupBy(unmentioned, topFolder)) add(unreferenced(folder, paths));
}

const topFolder = (path: string) => (path.includes('/') ? path.slice(0, path.indexOf('/')) : '');

function groupBy(paths: readonly string[], key: (p: string) => string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of paths) (out.get(key(p)) ?? out.set(key(p), []).get(key(p))!).push(p);
  return out;
}

/** One warning for the unmentioned files of one top folder ('' for the top of the skill folder). */
function unreferenced(folder: string, paths: readonly string[]) {
  if (paths.length === 1) {
    const path = paths[0]!;
    return warningDiag(
      'file-unreferenced',
      `files.${path}`,
      `"${path}" is in the skill folder but the SKILL.md never mentions it, so the agent will not know to read it; link it (e.g. [${path}](${path})) or remove it`,
    );
  }
  const shown = [...paths]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, 3)
    .map((p) => `"${p}"`);
  const names = paths.length > 3 ? `${shown.join(', ')} and ${paths.length - 3} more` : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
  const where = folder ? `${folder}/` : 'the top of the skill folder';
  const fix = folder ? `mention the folder (\`${folder}/\`) with what it holds, link the files the agent needs` : 'link the files the agent needs';
  return warningDiag(
    'file-unreferenced',
    folder ? `files.${folder}/` : 'files',
    `${paths.length} files in ${where} are never mentioned by the SKILL.md (${names}), so the agent will not know to read them; ${fix}, or remove the rest`,
  );
}

function isFolderOf(path: string, present: ReadonlySet<string>): boolean {
  const dir = path.endsWith('/') ? path : `${path}/`;
  for (const p of present) if (p.startsWith(dir)) return true;
  return false;
}

/** Every relative path the text mentions, with its line; unsafe link targets are reported here. */
function mentionsOf(text: string, add: Sink, folders: ReadonlySet<string>): Mention[] {
  const out: Mention[] = [];
  text.split(/\r?\n/).forEach((lineText, i) => {
    const line = i + 1;
    for (const m of lineText.matchAll(LINK)) {
      const target = m[1]!;
      if (SCHEME.test(target) || target.startsWith('#')) continue;
      const path = clean(cutAt(target, '#?'));
      if (path === '') continue;
      if (path.startsWith('/') || /^[A-Za-z]:/.test(path)) {
        add(
          errorDiag(
            'file-path-absolute',
            'skill_md',
            `line ${line} links to the absolute path "${target}"; link files inside the skill folder by relative path (references/…)`,
            line,
          ),
        );
      } else if (path.split('/').includes('..')) {
        add(
          errorDiag(
            'file-path-outside',
            'skill_md',
            `line ${line} links to "${target}", outside the skill folder; a skill may only refer to its own files`,
            line,
          ),
        );
      } else out.push({ path, line });
    }
    for (const m of lineText.matchAll(BARE)) {
      if (!folders.has(m[2]!)) continue;
      const path = clean(trimEndOf(m[1]!, '.:!?'));
      if (path.split('/').includes('..')) {
        add(
          errorDiag(
            'file-path-outside',
            'skill_md',
            `line ${line} mentions "${m[1]}", which leaves the skill folder through ".."; refer only to the skill's own files`,
            line,
          ),
        );
      } else if (path.includes('/') && !path.endsWith('/')) out.push({ path, line });
      else if (path.endsWith('/') && path.length > 1) out.push({ path, line });
    }
  });
  return out;
}

function clean(path: string): string {
  let p = path.replace(/^(\.\/)+/, '');
  try {
    p = decodeURIComponent(p);
  } catch {
    /* keep it as written */
  }
  return p;
}
