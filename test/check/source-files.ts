// The source files the checks in test/check read: every file under a folder
// whose name matches, with its repository-relative path (forward slashes).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const repoRoot = join(import.meta.dirname, '..', '..');

export function sourceFiles(dir: string, pattern = /\.(ts|js|mjs)$/): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p, pattern));
    else if (pattern.test(entry)) out.push(p);
  }
  return out;
}

/** `{path, src}` of every matching file under `dir` (repository-relative). */
export function readSources(dir: string, pattern?: RegExp): Array<{ path: string; src: string }> {
  return sourceFiles(dir, pattern).map((p) => ({ path: relative(repoRoot, p).split(sep).join('/'), src: readFileSync(p, 'utf8') }));
}
