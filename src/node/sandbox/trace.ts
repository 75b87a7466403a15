// Observing what a run executes and writes: strace, run OUTSIDE the sandbox
// around bwrap (as root both start as uid 65534), follows every process the run forks (`-f`), including those
// inside bwrap's namespaces, and stops them only at execve and at the calls
// that open or rename files (`--seccomp-bpf`: nothing else is slowed down).
// The sandbox's own seccomp filter forbids ptrace to the script, not to a
// tracer outside it, so the script stays as confined as before: same uid,
// same filter, same limits. `-y` prints every descriptor with its path as
// the script sees it. strace writes the trace on its own stderr (no `-o`: our
// pipes are sockets it cannot open by path, and a `|cat` costs two programs
// per run), a pipe of ours; the run's stderr travels on descriptor 5 and the
// launcher, first thing, moves it back to 2 and closes 5, so the script never
// holds the trace. What bwrap prints before that lands in the trace
// and is handed back as stderr (traceMessages). Found and checked once per
// process; when strace is missing or cannot trace here, runs say why and
// report programs and files as not observed.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** While a run is traced, the descriptor its stderr travels on to the launcher (fd 2 carries the trace). */
export const TRACED_STDERR_FD = 5;
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

/** A line strace writes with `-f` on stderr: `[pid N] call(…`, a first process's bare `call(…`, or a resumed call. */
const STRACE_LINE = /^(?:\[pid +\d+\] )?(?:[a-z_]\w*\(|<\.\.\. )/;

/** The trace (strace's lines) apart from what else reached it (bwrap's messages before the launcher moved stderr back). */
export function traceMessages(text: string): { trace: string; messages: string } {
  const trace: string[] = [];
  const messages: string[] = [];
  for (const line of text.split('\n')) if (line) (STRACE_LINE.test(line) ? trace : messages).push(line);
  return { trace: trace.join('\n'), messages: messages.length ? `${messages.join('\n')}\n` : '' };
}

/** The strace arguments that wrap `command args…`, writing the trace on strace's stderr. */
export function straceArgs(command: string, args: readonly string[]): string[] {
  return ['-f', '-y', '--seccomp-bpf', '-qq', '-e', 'signal=none', '-e', `trace=${CALLS}`, '-s', String(STRING_CAP), '--', command, ...args];
}
