// The one-line summary a history record carries: what the version changed
// against the one kept before it, by file (changed, added, removed; at most
// three names of each, then a count), or how many files the first one holds.

import type { SkillVersion, SkillVersionFile } from '../../core/api/types.js';

const names = (verb: string, paths: string[]): string | null =>
  paths.length === 0 ? null : `${verb} ${paths.slice(0, 3).join(', ')}${paths.length > 3 ? ` and ${paths.length - 3} more` : ''}`;

export function changeSummary(previous: SkillVersion | undefined, files: readonly SkillVersionFile[]): string {
  if (!previous) return `first version kept (${files.length} file${files.length === 1 ? '' : 's'})`;
  const before = new Map(previous.files.map((f) => [f.path, f.sha256]));
  const now = new Set(files.map((f) => f.path));
  const changed = files.filter((f) => before.has(f.path) && before.get(f.path) !== f.sha256).map((f) => f.path);
  const added = files.filter((f) => !before.has(f.path)).map((f) => f.path);
  const removed = [...before.keys()].filter((p) => !now.has(p));
  const parts = [names('changed', changed), names('added', added), names('removed', removed)].filter((p): p is string => p !== null);
  return parts.length > 0 ? parts.join('; ') : 'the same files as the version before';
}
