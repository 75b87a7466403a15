// Declared versus observed over an evaluation: every observed tool call of the
// skill under test (with_skill runs only; the baseline runs another version or
// none) becomes one observed run, named by its case, run and call
// (`eval 3 run 1 call 2`), and the capability profile is the union of these
// and the editing session's earlier runs (its tries). Pure.
import { capabilityProfile } from '../observe/reconcile.js';
import type { SkillLike } from '../skill/skill.js';
import type { CapabilityProfile, ObservedRun } from '../tool-run/observation.js';
import type { EvalRun } from './types.js';

/** The observed tool calls of `skillName` in the with_skill runs, one observed run each, in the order they ran. */
export function evalObservedRuns(runs: readonly EvalRun[], skillName: string): ObservedRun[] {
  const out: ObservedRun[] = [];
  for (const run of runs) {
    if (run.configuration !== 'with_skill') continue;
    let call = 0;
    for (const step of run.transcript.steps)
      for (const c of step.toolCalls) {
        if (c.skill !== skillName || !c.observation) continue;
        call++;
        out.push({ id: `eval ${run.evalId} run ${run.runNumber} call ${call}`, tool: c.name, ok: c.ok, observation: c.observation });
      }
  }
  return out;
}

/** The profile over the session's earlier runs and the evaluation's observed calls; undefined when neither has any. */
export function evalCapabilityProfile(
  skill: SkillLike,
  runs: readonly EvalRun[],
  skillName: string,
  sessionRuns: readonly ObservedRun[] = [],
): CapabilityProfile | undefined {
  const observed = evalObservedRuns(runs, skillName);
  if (observed.length === 0 && sessionRuns.length === 0) return undefined;
  return capabilityProfile(skill, [...sessionRuns, ...observed]);
}
