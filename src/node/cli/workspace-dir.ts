// Where a command that takes a skill folder finds its workspace when --dir is
// not given: the nearest folder at or above the skill (or its agent) that
// holds `.forge/`, as `try` and `route-check` both look for it.

import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The nearest folder at or above `from` (at most 5 levels) holding `.forge/`. */
export function findWorkspace(from: string): string | undefined {
  let dir = from;
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, '.forge'))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}
