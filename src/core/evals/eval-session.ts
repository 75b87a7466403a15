// An evaluation's part in an editing session: every observed tool call of the
// skill under test (with_skill runs only; the baseline runs another version or
// none) becomes one observed run, named by its case, run and call
// (`eval 3 run 1 call 2`), and joins the session's earlier runs with a unique
// id (observe/session.ts). The server's profile and a client that keeps the
// session (the element) use the same ids. Pure, and light: no parser here.

import { joinObservedRuns } from '../observe/session.js';
import type { ObservedRun } from '../tool-run/observation.js';
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

/** The session after an evaluation: its runs followed by the evaluation's observed calls (renamed where an id is taken), as the report's profile names them. */
export function evalSessionRuns(sessionRuns: readonly ObservedRun[], runs: readonly EvalRun[], skillName: string): ObservedRun[] {
  return joinObservedRuns(sessionRuns, evalObservedRuns(runs, skillName));
}
