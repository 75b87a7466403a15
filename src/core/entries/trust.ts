// Public surface of `forge-skill-builder/trust`: signed skill folders. The
// manifest of every file with its sha256 and size, Forge's trust levels and
// trust policy, and the assessment of a folder's bytes against its manifest
// and signatures (the Ed25519 check itself is passed in; Node's is in
// `forge-skill-builder/node`).

export {
  SKILL_MANIFEST,
  SKILL_MANIFEST_SIGNATURE,
  SKILL_MD_SIGNATURE,
  SKILL_PROVENANCE,
  TRUST_LEVELS,
  TrustFileError,
  TrustPolicyError,
  assessSkillTrust,
  buildSkillManifest,
  compareSkillManifest,
  meetsTrustLevel,
  parseSkillManifest,
  parseTrustPolicy,
  serializeSkillManifest,
  trustPolicyProblem,
} from '../trust/index.js';
export type {
  ManifestDifference,
  Sha256,
  SignatureCheck,
  SkillManifest,
  SkillManifestFile,
  SkillTrust,
  SkillTrustStatus,
  TrustFacts,
  TrustLevel,
  TrustPolicy,
} from '../trust/index.js';
