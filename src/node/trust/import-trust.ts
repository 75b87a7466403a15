// Trust where skills come in: an imported skill's (or a saved one's) files
// are assessed against the keyring, and each trust policy that applies (the
// workspace's for an import, the agent's for a save into it) may refuse it
// with a TrustPolicyError naming the policy's file and field. Nothing is
// written here.

import { skillEntries } from '../../core/skill-folder/zip-write.js';
import type { Skill } from '../../core/skill/skill.js';
import type { SkillTrust } from '../../core/trust/assess.js';
import { trustPolicyProblem } from '../../core/trust/levels.js';
import type { SourcedTrustPolicy } from '../config/trust-policy.js';
import { verifySkillEntries, type VerifySkillOptions } from './verify-folder.js';

/** The skill's trust; throws TrustPolicyError when a policy refuses it. */
export async function checkSkillTrust(skill: Skill, policies: ReadonlyArray<SourcedTrustPolicy | null>, options: VerifySkillOptions = {}): Promise<SkillTrust> {
  const trust = await verifySkillEntries(skillEntries(skill), options);
  for (const p of policies) {
    if (!p) continue;
    const problem = trustPolicyProblem(trust, p.policy, p.source);
    if (problem) throw problem;
  }
  return trust;
}
