// Signing and trust of skill folders, the pure part: the trust files beside a
// folder's content, the signed manifest, Forge's trust levels and policy, and
// the assessment of a folder's bytes. Keys, Ed25519 and files are Node's.

export { SKILL_MANIFEST, SKILL_MANIFEST_SIGNATURE, SKILL_MD_SIGNATURE, SKILL_PROVENANCE, isTrustFile, splitTrustFiles } from './files.js';
export type { SplitTrustFiles } from './files.js';
export { buildSkillManifest, compareSkillManifest, parseSkillManifest, serializeSkillManifest, SKILL_MANIFEST_VERSION } from './manifest.js';
export type { ManifestDifference, Sha256, SkillManifest, SkillManifestFile } from './manifest.js';
export { TRUST_LEVELS, isTrustLevel, meetsTrustLevel, parseTrustPolicy, trustPolicyProblem } from './levels.js';
export type { TrustFacts, TrustLevel, TrustPolicy } from './levels.js';
export { assessSkillTrust } from './assess.js';
export type { SignatureCheck, SkillTrust, SkillTrustStatus } from './assess.js';
export { decodeBase64, encodeBase64 } from './base64.js';
export { TrustFileError, TrustPolicyError } from './errors.js';
