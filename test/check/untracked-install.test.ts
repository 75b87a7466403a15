// node_modules is never part of the repository: a worktree links it to a
// shared install, and a committed link, once landed, makes git replace the
// real install of the main checkout with a link to itself (the folder is
// ignored, so git treats it as expendable) — every worktree then loses its
// dependencies. This check fails the commit that tracks it.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './source-files.js';

describe('the repository', () => {
  it('does not track node_modules (a link or a folder)', () => {
    const tracked = execFileSync('git', ['ls-files', '--', 'node_modules'], { cwd: repoRoot, encoding: 'utf8' }).trim();
    expect(tracked, 'run `git rm --cached node_modules`').toBe('');
  });
});
