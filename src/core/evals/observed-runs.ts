// Declared versus observed over an evaluation: the capability profile over
// the editing session's earlier runs (its tries, earlier evaluations) and the
// evaluation's observed calls of the skill under test, joined as
// eval-session.ts names them. Pure.
import { capabilityProfile } from '../observe/reconcile.js';
import type { SkillLike } from '../skill/skill.js';
import type { CapabilityProfile, ObservedRun } from '../tool-run/observation.js';
import { evalSessionRuns } from './eval-session.js';
import type { EvalRun } from './types.js';

/** The profile over the session's earlier runs and the evaluation's observed calls; undefined when neither has any. */
export function evalCapabilityProfile(
  skill: SkillLike,
  runs: readonly EvalRun[],
  skillName: string,
  sessionRuns: readonly ObservedRun[] = [],
): CapabilityProfile | undefined {
  const all = evalSessionRuns(sessionRuns, runs, skillName);
  if (all.length === 0) return undefined;
  return capabilityProfile(skill, all);
}
