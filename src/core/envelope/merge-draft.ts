// The one rule for applying a `skill_draft` event to the draft in hand: the
// event's SKILL.md and scripts replace the draft's; its files (the reference
// and asset files the model wrote this turn) are merged over the draft's, so
// a file the event does not list is kept; binaries are kept as they are.

import type { SkillDraft } from './events.js';

interface DraftParts {
  skillMd: string;
  scripts?: Readonly<Record<string, string>>;
  files?: Readonly<Record<string, string>>;
}

/** The draft after a `skill_draft` event: `current`'s other parts (binaries, folder name …) carried over. */
export function mergeSkillDraft<D extends DraftParts>(current: D | undefined, next: SkillDraft): Partial<D> & SkillDraft {
  const files = next.files ? { ...current?.files, ...next.files } : current?.files;
  return { ...current, skillMd: next.skillMd, scripts: next.scripts, ...(files && { files: { ...files } }) } as Partial<D> & SkillDraft;
}
