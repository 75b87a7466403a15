// The whole skill folder as a draft (issue 17): SKILL.md, scripts, text files
// under references/ and assets/, and every other file as a binary kept byte
// for byte. What importSkill returns and exportSkill / saveSkill accept.

/** A file kept byte-identical and never sent to a model. */
export interface SkillBinaryFile {
  /** Relative path inside the skill folder, `/`-separated. */
  path: string;
  size: number;
  /** Lower-case hex SHA-256 of the bytes. */
  sha256: string;
  /** The bytes (absent when only the listing travelled, e.g. to a model). */
  bytes?: Uint8Array;
}

export interface SkillFolderDraft {
  skillMd: string;
  /** Plain file name under scripts/ → text. */
  scripts: Record<string, string>;
  /** Relative path (`references/a.md`) → UTF-8 text. */
  files: Record<string, string>;
  binaries: SkillBinaryFile[];
}

/** One file of a folder or archive before it is sorted into a draft. */
export interface SkillFolderEntry {
  path: string;
  bytes: Uint8Array;
}
