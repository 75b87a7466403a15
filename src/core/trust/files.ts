// The file names a signed skill folder carries beside its content, and the
// split of a folder's files into content (what the manifest covers) and those
// trust files. Forge's detached signature of SKILL.md sits in `SKILL.md.sig`;
// the manifest of every content file and its signature are ours; the
// provenance entry of an exported package describes the package and is never
// covered by the manifest (it is written after signing).

/** Forge's detached signature of SKILL.md's bytes (base64). */
export const SKILL_MD_SIGNATURE = 'SKILL.md.sig';
/** Every content file of the folder with its sha256 and size. */
export const SKILL_MANIFEST = 'skill.manifest.json';
/** The detached signature of the manifest's bytes (base64), by the same key. */
export const SKILL_MANIFEST_SIGNATURE = 'skill.manifest.json.sig';
/** What an exported package says about where it came from. */
export const SKILL_PROVENANCE = 'skill.provenance.json';

const TRUST_FILES: ReadonlySet<string> = new Set([SKILL_MD_SIGNATURE, SKILL_MANIFEST, SKILL_MANIFEST_SIGNATURE, SKILL_PROVENANCE]);

/** True for a path that is one of the trust files at the folder's root (never part of the signed content). */
export function isTrustFile(path: string): boolean {
  return TRUST_FILES.has(path);
}

/** A folder's files sorted into its content and the trust files beside it. */
export interface SplitTrustFiles {
  content: Map<string, Uint8Array>;
  skillMdSignature: Uint8Array | undefined;
  manifest: Uint8Array | undefined;
  manifestSignature: Uint8Array | undefined;
  provenance: Uint8Array | undefined;
}

export function splitTrustFiles(entries: ReadonlyMap<string, Uint8Array>): SplitTrustFiles {
  const content = new Map<string, Uint8Array>();
  for (const [path, bytes] of entries) if (!isTrustFile(path)) content.set(path, bytes);
  return {
    content,
    skillMdSignature: entries.get(SKILL_MD_SIGNATURE),
    manifest: entries.get(SKILL_MANIFEST),
    manifestSignature: entries.get(SKILL_MANIFEST_SIGNATURE),
    provenance: entries.get(SKILL_PROVENANCE),
  };
}
