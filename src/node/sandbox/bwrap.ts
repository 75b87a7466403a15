// Bubblewrap: finding it (and checking it can create namespaces here, once
// per process) and the command line of one sandboxed run — the system
// read-only (/usr and the few /etc entries programs need, etc-files.ts), a
// private /proc, a private read-only /dev with a size-capped tmpfs /dev/shm,
// the draft's files read-only in an agent folder that is otherwise a size-capped tmpfs (with
// HOME beside it), a size-capped tmpfs /tmp, the runtime folder read-only,
// every namespace unshared (so no network but a private loopback), all
// capabilities dropped, a new session, the root read-only, death with our
// process, the launcher as pid 1 (no bwrap init inside), the seccomp filter,
// and bwrap's own status on a descriptor of ours. Nothing the script writes
// lands on the host's disk. As root, bwrap is started as uid/gid 65534 with
// no supplementary groups (Node's spawn drops them): the kernel never applies
// a process limit to root's processes.

import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { SANDBOX_RUNTIME } from './launcher.js';
import type { RunDir } from './workdir.js';

export const SANDBOX_RUN = '/skill-run';
export const SANDBOX_AGENT = `${SANDBOX_RUN}/agent`;
export const SANDBOX_HOME = `${SANDBOX_RUN}/home`;
export const SANDBOX_TMP = '/tmp';
export const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const SYSTEM_ROOTS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];

export const INSTALL_HINT =
  "bubblewrap (bwrap) is needed to run tools in a sandbox: install it with 'sudo apt-get install -y bubblewrap' (Debian/Ubuntu), 'sudo dnf install bubblewrap' or 'sudo apk add bubblewrap'; or run unsandboxed with sandbox: 'none' (CLI: --no-sandbox)";

/** Size of each writable tmpfs: /tmp, and /skill-run (the agent folder + HOME). */
export const SANDBOX_TMPFS_BYTES = 64 * 1024 * 1024;
/** The uid/gid bwrap runs as when our process is root. */
export const SANDBOX_UID = 65534;
/** Where the runner passes bwrap's status pipe and the seccomp program; the /etc files follow from ETC_FIRST_FD. */
export const STATUS_FD = 3;
export const SECCOMP_FD = 4;
export const ETC_FIRST_FD = 6;

let probe: { path: string } | { problem: string } | undefined;

/** As root, the uid and gid bwrap (and strace around it) are started as; null when we are not root. */
export function sandboxUid(): number | null {
  return process.getuid?.() === 0 ? SANDBOX_UID : null;
}

/** The first of `candidates` that exists, if it can create a sandbox here; else why not (with the install hint). */
export function probeBwrap(candidates: readonly string[]): { path: string } | { problem: string } {
  const path = candidates.find((p) => existsSync(p));
  if (!path) return { problem: INSTALL_HINT };
  const uid = sandboxUid();
  const args = ['--ro-bind', '/', '/', '--unshare-all', '--die-with-parent', '--', '/bin/true'];
  const r = spawnSync(path, args, { encoding: 'utf8', timeout: 10_000, ...(uid !== null ? { uid, gid: uid } : {}) });
  if (r.status === 0) return { path };
  const why = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n')[0];
  return {
    problem: `bwrap is installed at ${path} but cannot create a sandbox here (${why}); allow unprivileged user namespaces, or run unsandboxed with sandbox: 'none' (CLI: --no-sandbox)`,
  };
}

/** bwrap on PATH (or /usr/bin, /usr/local/bin), probed once per process. */
export function findBwrap(pathEnv = process.env.PATH ?? ''): { path: string } | { problem: string } {
  return (probe ??= probeBwrap([...pathEnv.split(delimiter), '/usr/bin', '/usr/local/bin'].filter(Boolean).map((d) => join(d, 'bwrap'))));
}

/** `/bin` on a merged-/usr system is a symlink: recreate it as one; a real folder is mounted read-only. */
function systemRootArgs(): string[] {
  const args: string[] = [];
  for (const dir of SYSTEM_ROOTS) {
    let st;
    try {
      st = lstatSync(dir);
    } catch {
      continue;
    }
    if (st.isSymbolicLink()) args.push('--symlink', readlinkSync(dir), dir);
    else args.push('--ro-bind', dir, dir);
  }
  return args;
}

/** Node for the launcher: its install folder is mounted when it lives outside /usr (nvm, a tarball). */
function nodeArgs(): string[] {
  const real = realpathSync(process.execPath);
  if (real.startsWith('/usr/')) return [];
  const prefix = dirname(dirname(real));
  return ['--ro-bind', prefix, prefix];
}

/** The bwrap options of one run; `seccomp` says whether the filter is passed on SECCOMP_FD, `etc` the run's /etc (etc-files.ts). */
export function bwrapArgs(dir: RunDir, seccomp: boolean, etc: readonly string[]): string[] {
  const draft = dir.files.flatMap((f) => ['--ro-bind', join(dir.agent, f), `${SANDBOX_AGENT}/${f}`]);
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--as-pid-1',
    '--cap-drop',
    'ALL',
    '--hostname',
    'forge-sandbox',
    '--json-status-fd',
    String(STATUS_FD),
    ...(seccomp ? ['--seccomp', String(SECCOMP_FD)] : []),
    '--ro-bind',
    '/usr',
    '/usr',
    ...systemRootArgs(),
    ...etc,
    ...nodeArgs(),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    // bwrap's /dev is an unsized tmpfs the script could fill: /dev/shm gets its own capped tmpfs, the rest goes read-only below.
    '--size',
    String(SANDBOX_TMPFS_BYTES),
    '--tmpfs',
    '/dev/shm',
    '--size',
    String(SANDBOX_TMPFS_BYTES),
    '--tmpfs',
    SANDBOX_TMP,
    '--size',
    String(SANDBOX_TMPFS_BYTES),
    '--tmpfs',
    SANDBOX_RUN,
    '--dir',
    SANDBOX_AGENT,
    '--dir',
    SANDBOX_HOME,
    ...draft,
    '--ro-bind',
    dir.runtime,
    SANDBOX_RUNTIME,
    '--remount-ro',
    '/dev',
    '--remount-ro',
    '/',
    '--chdir',
    SANDBOX_AGENT,
  ];
}
