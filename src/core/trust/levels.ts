// Forge's trust levels and trust policy. Levels order
// `untrusted < local < verified < builtin`; a policy asks for a minimum level
// and, optionally, checksums (a manifest every file matches) and a verified
// signature. A policy field left out refuses nothing.

import { ConfigError } from '../errors.js';
import { TrustPolicyError } from './errors.js';
import { SKILL_MANIFEST } from './files.js';
import { TRUST_LEVELS, type TrustFacts, type TrustLevel, type TrustPolicy } from './types.js';

export { TRUST_LEVELS, type TrustFacts, type TrustLevel, type TrustPolicy };

export function isTrustLevel(value: unknown): value is TrustLevel {
  return typeof value === 'string' && (TRUST_LEVELS as readonly string[]).includes(value);
}

/** True when `level` is at least `min`. */
export function meetsTrustLevel(level: TrustLevel, min: TrustLevel): boolean {
  return TRUST_LEVELS.indexOf(level) >= TRUST_LEVELS.indexOf(min);
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

/** Reads a `trust_policy` mapping (as YAML gives it); throws ConfigError naming the key and `where` (file and section). */
export function parseTrustPolicy(raw: unknown, where: string): TrustPolicy {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new ConfigError('trust_policy', `${where}: trust_policy must be a mapping`);
  const r = raw as Record<string, unknown>;
  const unknown = Object.keys(r).filter((k) => !['min_trust_level', 'require_checksum', 'require_signature'].includes(k));
  if (unknown.length)
    throw new ConfigError(unknown[0]!, `${where}: unknown trust_policy key "${unknown[0]}" (known: min_trust_level, require_checksum, require_signature)`);
  const out: TrustPolicy = {};
  if (r.min_trust_level !== undefined) {
    if (!isTrustLevel(r.min_trust_level))
      throw new ConfigError(
        'min_trust_level',
        `${where}: trust_policy.min_trust_level must be one of ${TRUST_LEVELS.join(', ')} (got ${JSON.stringify(r.min_trust_level)})`,
      );
    out.minTrustLevel = r.min_trust_level;
  }
  for (const [key, prop] of [
    ['require_checksum', 'requireChecksum'],
    ['require_signature', 'requireSignature'],
  ] as const) {
    const v = r[key];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') throw new ConfigError(key, `${where}: trust_policy.${key} must be true or false`);
    out[prop] = v;
  }
  return out;
}
