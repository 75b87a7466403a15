// The runs of one editing session, which a capability profile is the union
// over: each new run (a try, an eval's tool call) is added with the next id
// (`run 1`, `run 2`, …), and only the latest MAX_SESSION_RUNS are kept, so a
// session that runs all day stays a bounded list. An evaluation's observed
// calls join the session with their own ids, made unique against the runs
// already there: a second evaluation's `eval 1 run 1 call 1` gets a counter
// after a hash sign, from two up. Pure.

import type { ObservedRun, RunObservation } from '../tool-run/observation.js';

/** The most runs a session keeps (and a try body may carry): the latest ones. */
export const MAX_SESSION_RUNS = 50;

/** The session's runs with `run` added under the next free `run N` id (when it has no id), oldest dropped past the cap. */
export function addObservedRun(runs: readonly ObservedRun[], run: { id?: string; tool: string; ok: boolean; observation: RunObservation }): ObservedRun[] {
  const last = Math.max(0, ...runs.map((r) => Number(/^run (\d+)$/.exec(r.id)?.[1] ?? 0)));
  const added: ObservedRun = { id: run.id ?? `run ${last + 1}`, tool: run.tool, ok: run.ok, observation: run.observation };
  return [...runs, added].slice(-MAX_SESSION_RUNS);
}

/** `runs` followed by `added`, each added run whose id is taken renamed `<id> #<n>` (n from two up); nothing dropped. */
export function joinObservedRuns(runs: readonly ObservedRun[], added: readonly ObservedRun[]): ObservedRun[] {
  const taken = new Set(runs.map((r) => r.id));
  const out = [...runs];
  for (const r of added) {
    let id = r.id;
    for (let n = 2; taken.has(id); n++) id = `${r.id} #${n}`;
    taken.add(id);
    out.push(id === r.id ? r : { ...r, id });
  }
  return out;
}
