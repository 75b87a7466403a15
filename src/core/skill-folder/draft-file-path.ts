// Is a path fit for a draft's `files` — a reference or asset text file a
// model proposes, an editor sends or a request names? The import rules
// (entry-path.ts: no `..`, absolute or drive paths, backslashes, empty or
// `.` segments, control characters) plus: no hidden segment, and under
// references/, reference/ or assets/. Pure.

import { entryPathProblem } from '../safe-text/entry-path.js';
import { TEXT_FILE_FOLDERS } from './limits.js';
import { isTextFolderPath } from './to-draft.js';

/** Why `path` cannot be a draft text file, or null. */
export function draftFilePathProblem(path: unknown): string | null {
  if (typeof path !== 'string') return 'the path must be text';
  const problem = entryPathProblem(path);
  if (problem) return problem.replace(/^the entry/, 'the path');
  if (path.endsWith('/')) return 'the path names a folder, not a file';
  if (path.split('/').some((s) => s.startsWith('.'))) return 'hidden files are not allowed in a skill';
  if (!isTextFolderPath(path)) return `text files live under ${TEXT_FILE_FOLDERS.map((d) => `${d}/`).join(', ')}`;
  return null;
}
