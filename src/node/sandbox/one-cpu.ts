// A sandboxed run is kept on one CPU: the one the server's thread is on when
// it starts the run (the kernel's own record, /proc/thread-self/stat), set
// with util-linux's `taskset` before anything else starts. The run, its
// tracer and the sandbox's forwarder then take turns on that CPU instead of
// waking each other across CPUs for every call the tracer stops — on a
// virtual machine an idle CPU sleeps and each such wake-up goes through the
// host — and no run takes more than one CPU from the server's other work.
// Without taskset (or /proc), a run is not kept anywhere.

import { existsSync, readFileSync } from 'node:fs';

let taskset: string | null | undefined;

function findTaskset(): string | null {
  if (taskset === undefined) taskset = ['/usr/bin/taskset', '/bin/taskset'].find((p) => existsSync(p)) ?? null;
  return taskset;
}

/** The CPU this thread last ran on (field 39 of /proc/thread-self/stat), or null when it cannot be read. */
export function currentCpu(): number | null {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'latin1');
    // The command name (field 2) can hold spaces and parentheses: count the fields after its closing one.
    const cpu = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[36]);
    return Number.isInteger(cpu) && cpu >= 0 ? cpu : null;
  } catch {
    return null;
  }
}

/** `command args…` run through taskset on the current CPU, or unchanged when that cannot be done. */
export function onOneCpu(command: string, args: readonly string[]): { command: string; args: string[]; cpu: number | null } {
  const path = findTaskset();
  const cpu = path ? currentCpu() : null;
  if (!path || cpu === null) return { command, args: [...args], cpu: null };
  return { command: path, args: ['--cpu-list', String(cpu), command, ...args], cpu };
}
