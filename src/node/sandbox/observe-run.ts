// A run's observation (core observe types): the egress proxy's record of
// every host asked for, and — when strace can trace here — the programs the
// script executed and the files it wrote, read from the trace. When strace is
// unavailable, programs and files are null with the reason ("not observed"),
// never an empty list.

import type { RunObservation, WrittenArea } from '../../core/tool-run/observation.js';
import type { EgressProxy } from './egress-proxy.js';
import type { SpawnOutcome } from './spawn.js';
import { findStrace, straceArgs, traceMessages } from './trace.js';
import { readTrace } from './trace-parse.js';

/** How one run is started: the command, possibly wrapped in strace. */
export interface TracedCommand {
  command: string;
  args: string[];
  traced: boolean;
  problem?: string;
}

/** `command args…` under strace when it is available (and `observe` is not off); `args` is told whether it will be traced. */
export function traced(command: string, args: (tracing: boolean) => string[], observe: boolean): TracedCommand {
  if (!observe) return { command, args: args(false), traced: false, problem: 'observation was turned off for this run' };
  const found = findStrace();
  if ('problem' in found) return { command, args: args(false), traced: false, problem: found.problem };
  return { command: found.path, args: straceArgs(command, args(true)), traced: true };
}

/** A traced run's outcome with bwrap's messages taken out of the trace and put back in stderr. */
export function untangle(o: SpawnOutcome, how: TracedCommand): SpawnOutcome {
  if (!how.traced) return o;
  const { trace, messages } = traceMessages(o.trace);
  return { ...o, trace, stderr: `${messages}${o.stderr}` };
}

export function observationOf(
  outcome: SpawnOutcome,
  proxy: EgressProxy,
  how: TracedCommand,
  ctx: { interpreter: string; scriptPath: string; areas: ReadonlyArray<{ prefix: string; area: WrittenArea }> },
): RunObservation {
  const egress = proxy.requests.map((r) => ({ ...r }));
  if (!how.traced) return { egress, programs: null, files: null, mechanism: null, notObserved: how.problem ?? 'no tracer' };
  const reading = readTrace(outcome.trace, ctx);
  return { egress, ...reading, mechanism: 'strace', ...(outcome.traceTruncated ? { truncated: true } : {}) };
}
