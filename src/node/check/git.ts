// The git facts `check` needs: the work tree's root (findings are placed
// relative to it, as code scanning expects) and the files changed since a ref
// (committed since, staged, unstaged and untracked), for --changed-since.
import { execFile } from 'node:child_process';
import { resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import type { SkillTarget } from './skill-checks.js';

const run = promisify(execFile);

async function git(cwd: string, args: string[]): Promise<string> {
  const { stdout } = await run('git', args, { cwd, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' } });
  return stdout;
}

/** The root of the git work tree holding `cwd`, or undefined outside git (or without git). */
export async function gitRoot(cwd: string): Promise<string | undefined> {
  try {
    return (await git(cwd, ['rev-parse', '--show-toplevel'])).trim() || undefined;
  } catch {
    return undefined;
  }
}

/** A --changed-since that cannot be answered: a setup error (exit 2). */
export class ChangedSinceError extends Error {}

/** Absolute paths of the files that differ from `ref` in the work tree, plus untracked ones. */
export async function changedFiles(root: string, ref: string): Promise<string[]> {
  if (ref.startsWith('-')) throw new ChangedSinceError(`--changed-since: "${ref}" is not a git ref`);
  try {
    await git(root, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new ChangedSinceError(`--changed-since: "${ref}" is not a commit in ${root} (in CI, fetch enough history: actions/checkout with fetch-depth: 0)`);
  }
  const diffed = await git(root, ['diff', '--name-only', '-z', '--no-renames', ref, '--']);
  const untracked = await git(root, ['ls-files', '--others', '--exclude-standard', '-z']);
  const names = [...diffed.split('\0'), ...untracked.split('\0')].filter(Boolean);
  return [...new Set(names.map((n) => resolve(root, n)))];
}

/** The targets with at least one changed file in their folder (or that are the changed flat file). */
export function selectChanged(targets: readonly SkillTarget[], changed: readonly string[]): SkillTarget[] {
  return targets.filter((t) => changed.some((f) => (t.flat ? f === t.path : f.startsWith(t.path + sep))));
}
