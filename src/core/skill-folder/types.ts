// One file of a skill folder or archive as read, before the readers sort
// the files into a Skill (to-draft.ts). The skill itself is the core Skill
// value (core/skill); its binaries are SkillBinary.

/** One file of a folder or archive before it is sorted into a Skill. */
export interface SkillFolderEntry {
  path: string;
  bytes: Uint8Array;
}
