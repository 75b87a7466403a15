// Containment for every read of the skill store: a path is read only when its
// real path (symlinks resolved) stays inside the folder it belongs to, is a
// regular file and is not too large. What fails is a SkillReadError whose
// message says why; an escape is marked so readers can report it as such.

import { sep } from 'node:path';
import { ForgeError, hasForgeCode } from '../../core/errors.js';
import { errnoCode, realPath, type FsLike } from '../fs/types.js';

/** Larger files are not read (a SKILL.md or script is text of a few KB). */
export const MAX_SKILL_FILE_BYTES = 1024 * 1024;

/** True when `child` is `root` or inside it (both real, absolute paths). */
export function isInside(root: string, child: string): boolean {
  if (child === root) return true;
  const prefix = root.endsWith(sep) ? root : root + sep;
  return child.startsWith(prefix);
}

/** Real path of `path` when it stays inside `realRoot`; otherwise null. Missing files throw ENOENT. */
export async function realInside(fs: FsLike, path: string, realRoot: string): Promise<string | null> {
  const real = await realPath(fs, path);
  return isInside(realRoot, real) ? real : null;
}

/** A skill file that is not read: a symlink out of its folder (`escape`), not a regular file, or too large. */
export class SkillReadError extends ForgeError {
  readonly code = 'skill_read' as const;
  constructor(
    message: string,
    readonly escape = false,
  ) {
    super(message);
  }

  static override isInstance(value: unknown): value is SkillReadError {
    return hasForgeCode(value, 'skill_read');
  }
}

/** Reads a text file that must resolve inside `realRoot`, be a regular file and not be too large. */
export async function readTextInside(fs: FsLike, path: string, realRoot: string, what: string): Promise<string> {
  const real = await realInside(fs, path, realRoot);
  if (!real) throw new SkillReadError(`${what} is a symlink pointing outside its folder; it was not read`, true);
  const st = await fs.promises.stat(real);
  if (!st.isFile()) throw new SkillReadError(`${what} is not a regular file`);
  if (Number(st.size) > MAX_SKILL_FILE_BYTES) throw new SkillReadError(`${what} is larger than ${MAX_SKILL_FILE_BYTES} bytes; it was not read`);
  return String(await fs.promises.readFile(real, 'utf8'));
}

/** A short reason for a failed read: the SkillReadError's message, or the errno code. */
export function readFailure(err: unknown): string {
  if (SkillReadError.isInstance(err)) return err.message;
  const code = errnoCode(err);
  return code ? `could not read the skill (${code})` : err instanceof Error ? err.message : String(err);
}
