// The runs of one editing session, which a capability profile is the union
// over: each new run (a try, an eval's tool call) is added with the next id
// (`run 1`, `run 2`, …), and only the latest MAX_SESSION_RUNS are kept, so a
// session that runs all day stays a bounded list. Pure.

import type { ObservedRun, RunObservation } from '../tool-run/observation.js';

/** The most runs a session keeps (and a try body may carry): the latest ones. */
export const MAX_SESSION_RUNS = 50;

/** The session's runs with `run` added under the next free `run N` id (when it has no id), oldest dropped past the cap. */
export function addObservedRun(runs: readonly ObservedRun[], run: { id?: string; tool: string; ok: boolean; observation: RunObservation }): ObservedRun[] {
  const last = Math.max(0, ...runs.map((r) => Number(/^run (\d+)$/.exec(r.id)?.[1] ?? 0)));
  const added: ObservedRun = { id: run.id ?? `run ${last + 1}`, tool: run.tool, ok: run.ok, observation: run.observation };
  return [...runs, added].slice(-MAX_SESSION_RUNS);
}
