// Is a path fit for a draft's `files` — a text file of the skill folder a
// model proposes, an editor sends or a request names? The import rules
// (entry-path.ts: no `..`, absolute or drive paths, backslashes, empty or
// `.` segments, control characters) plus: no hidden segment, and neither
// SKILL.md nor a script (`scripts/<plain name>`), which have fields of their
// own. Any folder is fine (references/, templates/, scripts/lib/, the top). Pure.

import { entryPathProblem } from '../safe-text/entry-path.js';
import { isFolderTextPath } from './to-draft.js';

/** Why `path` cannot be a draft text file, or null. */
export function draftFilePathProblem(path: unknown): string | null {
  if (typeof path !== 'string') return 'the path must be text';
  const problem = entryPathProblem(path);
  if (problem) return problem.replace(/^the entry/, 'the path');
  if (path.endsWith('/')) return 'the path names a folder, not a file';
  if (path.split('/').some((s) => s.startsWith('.'))) return 'hidden files are not allowed in a skill';
  if (!isFolderTextPath(path)) return path === 'SKILL.md' ? 'SKILL.md is the skill itself, not a folder file' : `${path} is a script; scripts go in scripts`;
  return null;
}
