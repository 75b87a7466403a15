// A skill's trust on the wire: what its signatures and manifest say
// (`{status, level, key_id?, coverage, changed, added, missing,
// signature_verified, checksums_match, detail}`), as the import reply, the
// skills list, the CLI's `verify --json` and the element's badge carry it.

import type { SkillTrust, SkillTrustStatus } from '../trust/types.js';
import { TRUST_LEVELS, type TrustLevel } from '../trust/types.js';
import { fields } from './fields.js';
import type { SkillSummary } from '../api/types.js';
import { fromWire, skillSummaryToWire, str, strs, toWire, type WireJson } from './wire.js';

export const SKILL_TRUST = /*#__PURE__*/ fields(
  'status',
  'level',
  'keyId',
  'coverage',
  'changed',
  'added',
  'missing',
  'signatureVerified',
  'checksumsMatch',
  'detail',
);

const STATUSES: readonly SkillTrustStatus[] = ['verified', 'modified', 'unverified', 'unsigned'];
const COVERAGE: ReadonlyArray<SkillTrust['coverage']> = ['all_files', 'skill_md_only', 'none'];

export const skillTrustToWire = (t: SkillTrust): WireJson => toWire(SKILL_TRUST, t);

export function skillTrustFromWire(json: unknown): SkillTrust {
  const f = fromWire(SKILL_TRUST, json);
  const status = STATUSES.find((s) => s === f.status) ?? 'unsigned';
  return {
    status,
    level: (TRUST_LEVELS as readonly string[]).includes(str(f.level)) ? (f.level as TrustLevel) : 'untrusted',
    ...(typeof f.keyId === 'string' ? { keyId: f.keyId } : {}),
    coverage: COVERAGE.find((c) => c === f.coverage) ?? 'none',
    changed: strs(f.changed),
    added: strs(f.added),
    missing: strs(f.missing),
    signatureVerified: f.signatureVerified === true,
    checksumsMatch: f.checksumsMatch === true,
    detail: str(f.detail),
  };
}

/** `GET …/skills` items with `trust`: the summary's fields, then what its signatures say. */
export const skillSummaryWithTrustToWire = (s: SkillSummary, trust: SkillTrust | undefined): WireJson =>
  trust ? { ...skillSummaryToWire(s), ...toWire(fields('trust'), { trust: skillTrustToWire(trust) }) } : skillSummaryToWire(s);

/** The trust of a `GET …/skills` item, when the server sent one. */
export const skillSummaryTrustFromWire = (json: unknown): SkillTrust | undefined => {
  const t = fromWire(fields('trust'), json).trust;
  return t ? skillTrustFromWire(t) : undefined;
};
