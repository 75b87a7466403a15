// The one failure family of skill folders and packages: an archive or folder
// that is unsafe or malformed (`unsafe_archive`). Thrown before
// anything is written; the message names the entry and the fix.

import { ForgeError } from '../errors.js';

export class SkillArchiveError extends ForgeError {
  readonly code = 'unsafe_archive' as const;
  /** The entry (path inside the archive or folder) the problem is about, when there is one. */
  readonly entry: string | undefined;
  declare readonly field: 'archive';

  constructor(message: string, entry?: string) {
    super(message, { field: 'archive' });
    this.entry = entry;
  }

  static override isInstance(value: unknown): value is SkillArchiveError {
    return ForgeError.isInstance(value) && value.code === 'unsafe_archive';
  }
}
