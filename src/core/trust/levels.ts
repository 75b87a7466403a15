// Forge's trust levels and trust policy. Levels order
// `untrusted < local < verified < builtin`; a policy asks for a minimum level
// and, optionally, checksums (a manifest every file matches) and a verified
// signature. A policy field left out refuses nothing.

import { TrustPolicyError } from './errors.js';
import { SKILL_MANIFEST } from './files.js';

export const TRUST_LEVELS = ['untrusted', 'local', 'verified', 'builtin'] as const;
export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** `trust_policy` as read from forge.yaml (`security:`) or ui.yaml (`skill_builder:`). */
export interface TrustPolicy {
  minTrustLevel?: TrustLevel;
  requireChecksum?: boolean;
  requireSignature?: boolean;
}

export function isTrustLevel(value: unknown): value is TrustLevel {
  return typeof value === 'string' && (TRUST_LEVELS as readonly string[]).includes(value);
}

/** True when `level` is at least `min`. */
export function meetsTrustLevel(level: TrustLevel, min: TrustLevel): boolean {
  return TRUST_LEVELS.indexOf(level) >= TRUST_LEVELS.indexOf(min);
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

/** Why `policy` refuses the skill, or null when it accepts it. `source` names where the policy came from. */
export function trustPolicyProblem(facts: TrustFacts, policy: TrustPolicy, source: string): TrustPolicyError | null {
  const why = (field: string, need: string): TrustPolicyError =>
    new TrustPolicyError(`refused by trust_policy.${field} in ${source}: ${need}, but ${facts.detail}`, field);
  if (policy.requireSignature && !facts.signatureVerified)
    return why('require_signature', 'a signature verified by a trusted key is required (sign it with `sign <skill-dir> --key <file>` and trust the key)');
  if (policy.requireChecksum && !facts.checksumsMatch)
    return why('require_checksum', `a ${SKILL_MANIFEST} every file matches is required (sign the skill to write one)`);
  if (policy.minTrustLevel && !meetsTrustLevel(facts.level, policy.minTrustLevel))
    return why('min_trust_level', `the skill must be at least "${policy.minTrustLevel}" and it is "${facts.level}"`);
  return null;
}
