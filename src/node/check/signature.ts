// The signature check of `check`: when the skill's agent has a trust policy
// (forge.yaml `security.trust_policy`: min_trust_level, require_checksum,
// require_signature), the skill folder's signatures and manifest are verified
// against the trusted keys (default ~/.forge/trusted-keys) and a refusal of the
// policy is an error. Without a policy the check is skipped.
import { join } from 'node:path';
import { isTrustLevel, trustPolicyProblem, type TrustPolicy } from '../../core/trust/levels.js';
import { readYamlFile } from '../config/yaml-file.js';
import { resolveIo } from '../fs/types.js';
import { verifySkillFolder } from '../trust/verify-folder.js';
import { posixRelative, type SignatureVerifier, type SkillTarget } from './skill-checks.js';
import type { CheckOutcome } from './types.js';

/** A trust policy in forge.yaml that cannot be read: a setup error. */
export class TrustPolicyFileError extends Error {}

async function readTrustPolicy(agentDir: string): Promise<TrustPolicy | undefined> {
  const file = join(agentDir, 'forge.yaml');
  const raw = (await readYamlFile(resolveIo().fs, file))?.doc.getIn(['security', 'trust_policy'], false) as { toJSON?: () => unknown } | undefined;
  const json = raw && typeof raw.toJSON === 'function' ? raw.toJSON() : raw;
  if (json === undefined || json === null) return undefined;
  if (typeof json !== 'object' || Array.isArray(json)) throw new TrustPolicyFileError(`${file}: security.trust_policy must be a map`);
  const p = json as Record<string, unknown>;
  const policy: TrustPolicy = {};
  const level = p['min_trust_level'];
  if (level !== undefined && !isTrustLevel(level))
    throw new TrustPolicyFileError(`${file}: security.trust_policy.min_trust_level must be untrusted, local, verified or builtin`);
  if (isTrustLevel(level)) policy.minTrustLevel = level;
  if (p['require_checksum'] === true) policy.requireChecksum = true;
  if (p['require_signature'] === true) policy.requireSignature = true;
  return Object.keys(policy).length > 0 ? policy : undefined;
}

/** A verifier for `runCheck`; `keyringDir` overrides the trusted keys folder. */
export function signatureVerifier(root: string, opts: { keyringDir?: string } = {}): SignatureVerifier {
  const policies = new Map<string, Promise<TrustPolicy | undefined>>();
  return async (_skill, target: SkillTarget): Promise<CheckOutcome | undefined> => {
    if (target.flat || !target.agentDir) return undefined;
    let pending = policies.get(target.agentDir);
    if (!pending) policies.set(target.agentDir, (pending = readTrustPolicy(target.agentDir)));
    const policy = await pending;
    if (!policy) return undefined;
    const trust = await verifySkillFolder(target.path, opts.keyringDir ? { keyringDir: opts.keyringDir } : {});
    const source = posixRelative(root, join(target.agentDir, 'forge.yaml'));
    const problem = trustPolicyProblem(trust, policy, source);
    const file = `${posixRelative(root, target.path)}/SKILL.md`;
    return {
      check: 'signature',
      status: problem ? 'failed' : 'passed',
      summary: `${trust.status} (trust level ${trust.level}): ${trust.detail}`,
      findings: problem ? [{ check: 'signature', code: `trust-${problem.field}`, level: 'error', message: problem.message, file }] : [],
    };
  };
}
