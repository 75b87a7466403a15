// The folder text files a model proposes in its envelope
// (`skill.files`): a map `{path: content}` or the closed shape
// `[{path, content}]`. Paths follow the import rules (draftFilePathProblem:
// any folder, not SKILL.md or a script, no `..`, no hidden or absolute
// paths); at most 200 files of at most 1 MiB each. A file that breaks a rule
// is dropped with a warning naming it; the rest of the draft is kept.

import { warningDiag, type Diagnostic } from '../diagnostics.js';
import { isPlainObject } from '../plain-object.js';
import { draftFilePathProblem } from '../skill-folder/to-draft.js';
import { SKILL_FOLDER_LIMITS as L } from '../skill-folder/limits.js';

const encoder = new TextEncoder();

function pairsOf(raw: unknown): Array<[unknown, unknown]> | null {
  if (Array.isArray(raw))
    return raw.map((item) => (isPlainObject(item) ? [item.path ?? item.name ?? item.key, item.content ?? item.value] : [undefined, item]));
  if (isPlainObject(raw)) return Object.entries(raw);
  return null;
}

function label(v: unknown): string {
  // eslint-disable-next-line no-control-regex
  return typeof v === 'string' ? v.replace(/[\u0000-\u001f]/g, '?').slice(0, 80) : String(v);
}

/** The proposed files that are safe to hold in a draft; the others are dropped with a diagnostic. */
export function normalizeFiles(raw: unknown, diagnostics: Diagnostic[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (raw === undefined || raw === null) return out;
  const pairs = pairsOf(raw);
  if (pairs === null) {
    diagnostics.push(warningDiag('files-invalid', 'skill.files', '"files" was not a map of path to content; no files were read'));
    return out;
  }
  for (const [rawPath, content] of pairs) {
    const path = typeof rawPath === 'string' ? rawPath.trim() : rawPath;
    const problem = draftFilePathProblem(path);
    if (problem) {
      diagnostics.push(warningDiag('file-path-unsafe', `files/${label(path)}`, `"${label(path)}" was dropped: ${problem}`));
      continue;
    }
    const p = path as string;
    if (typeof content !== 'string') {
      diagnostics.push(warningDiag('file-content-invalid', `files/${p}`, `"${p}" was dropped: its content was not text`));
    } else if (encoder.encode(content).length > L.maxTextFileBytes) {
      diagnostics.push(warningDiag('file-too-large', `files/${p}`, `"${p}" was dropped: it is over 1 MiB`));
    } else if (!(p in out) && Object.keys(out).length >= L.maxTextFiles) {
      diagnostics.push(warningDiag('files-too-many', `files/${p}`, `"${p}" was dropped: a skill holds at most ${L.maxTextFiles} text files`));
    } else out[p] = content;
  }
  return out;
}
