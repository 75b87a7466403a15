// The number of model calls a routing optimisation states before it starts:
// the self-test, every candidate scored on every request `runsPerQuery`
// times, and one proposer call per iteration. Apart from the optimiser so a
// client can show the figure for its settings without loading the loop.

/** Calls a full run makes: the self-test, every candidate on both sets, one proposer call per iteration. */
export function planOptimize(opts: { requests: number; iterations: number; runsPerQuery: number }): number {
  return 2 + (opts.iterations + 1) * opts.requests * opts.runsPerQuery + opts.iterations;
}
