// The binary file of a skill folder as a type of its own, so that the API's
// plain shapes (which the browser bundle reads) can name it without reaching
// the Skill value and the parsers behind it.

/** A file kept byte for byte and never sent to a model: its bytes, or only a sha256 reference to bytes kept elsewhere. */
export interface SkillBinary {
  /** Relative path in the skill folder, `/`-separated (`assets/logo.png`). */
  readonly path: string;
  readonly size: number;
  /** Lower-case hex SHA-256 of the bytes. */
  readonly sha256: string;
  /** The bytes; absent when only the reference travelled (a saved skill keeps them on disk). */
  readonly bytes?: Uint8Array;
}
