// Observing what a run executes and writes: strace, run OUTSIDE the sandbox
// around the command that starts it (setpriv → bwrap, or the unsandboxed
// launcher), follows every process the run forks (`-f`), including those
// inside bwrap's namespaces, and stops them only at execve and at the calls
// that open or rename files (`--seccomp-bpf`: nothing else is slowed down).
// The sandbox's own seccomp filter forbids ptrace to the script, not to a
// tracer outside it, so the script stays as confined as before: same uid,
// same filter, same limits. `-y` prints every descriptor with its path as
// the script sees it. The trace goes through `cat` (strace's `-o |…`) to a
// socket of ours on descriptor 5 (which strace cannot open by path); the
// launcher closes descriptor 5 before the script starts. Found and checked once per
// process; when strace is missing or cannot trace here, runs say why and
// report programs and files as not observed.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The descriptor the trace is written to (a pipe of ours). */
export const TRACE_FD = 5;
/** Longest string strace prints (paths; the rest of an argv string is cut). */
const STRING_CAP = 1024;
const CALLS = 'execve,?execveat,?open,openat,?creat,?rename,renameat,?renameat2';

export const STRACE_HINT = "install strace ('sudo apt-get install -y strace') to see the programs a run executes and the files it writes";

let probe: { path: string } | { problem: string } | undefined;

function check(path: string): { path: string } | { problem: string } {
  const r = spawnSync(path, ['-f', '-qq', '-e', 'trace=execve', '-o', '/dev/null', '--', '/bin/true'], { encoding: 'utf8', timeout: 10_000 });
  if (r.status === 0) return { path };
  const why = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n')[0];
  return { problem: `strace is installed at ${path} but cannot trace here (${why}); programs and files are not observed` };
}

/** strace, if it is installed and can trace on this machine (checked once per process); else why not. */
export function findStrace(): { path: string } | { problem: string } {
  if (probe) return probe;
  const path = ['/usr/bin/strace', '/bin/strace', '/usr/local/bin/strace'].find((p) => existsSync(p));
  probe = path ? check(path) : { problem: `strace is not installed: ${STRACE_HINT}` };
  return probe;
}

/** The strace arguments that wrap `command args…`, writing the trace to TRACE_FD. */
export function straceArgs(command: string, args: readonly string[]): string[] {
  return [
    '-f',
    '-y',
    '--seccomp-bpf',
    '-qq',
    '-e',
    'signal=none',
    '-e',
    `trace=${CALLS}`,
    '-s',
    String(STRING_CAP),
    '-o',
    `|exec cat >&${TRACE_FD}`,
    '--',
    command,
    ...args,
  ];
}
