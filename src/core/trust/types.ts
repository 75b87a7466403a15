// The types of a skill's trust, free of any code that reads files or
// computes hashes, so the wire mappers and the elements can name them without
// pulling the manifest code in: Forge's trust levels (ordered), a trust
// policy, and the assessment of a folder.

export const TRUST_LEVELS = ['untrusted', 'local', 'verified', 'builtin'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** `trust_policy` as read from forge.yaml (`security:`) or ui.yaml (`skill_builder:`). */
export interface TrustPolicy {
  minTrustLevel?: TrustLevel;
  requireChecksum?: boolean;
  requireSignature?: boolean;
}

/** What a policy needs to know of a skill's verification. */
export interface TrustFacts {
  level: TrustLevel;
  /** A trusted key verified the signatures and every file matches. */
  signatureVerified: boolean;
  /** A manifest is present and every file matches it. */
  checksumsMatch: boolean;
  /** One line saying what was found (the report's `detail`). */
  detail: string;
}

export type SkillTrustStatus = 'verified' | 'modified' | 'unverified' | 'unsigned';

export interface SkillTrust extends TrustFacts {
  status: SkillTrustStatus;
  /** The trusted key (its file name in the keyring, without `.pub`) that verified a signature. */
  keyId?: string;
  /** What the signatures cover: every file (our manifest), only SKILL.md (Forge's signature), or nothing. */
  coverage: 'all_files' | 'skill_md_only' | 'none';
  changed: string[];
  added: string[];
  missing: string[];
}
