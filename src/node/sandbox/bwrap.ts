// Bubblewrap: finding it (and checking it can create namespaces here, once
// per process) and the command line of one sandboxed run — the system
// read-only (/usr and the few /etc files programs need: loader cache, TLS
// roots, users, alternatives), a private /proc, /dev and /tmp, the run's agent
// copy and HOME writable, the launcher folder read-only, every namespace
// unshared (so no network but a private loopback), all capabilities dropped,
// a new session, the root read-only, and death with our process.

import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { SANDBOX_RUNTIME } from './launcher.js';
import type { RunDir } from './workdir.js';

export const SANDBOX_AGENT = '/skill-run/agent';
export const SANDBOX_HOME = '/skill-run/home';
export const SANDBOX_TMP = '/tmp';
export const SANDBOX_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

const SYSTEM_ROOTS = ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'];
const ETC_FILES = [
  'alternatives', 'ssl', 'ca-certificates', 'ca-certificates.conf', 'pki', 'crypto-policies', 'ld.so.cache', 'ld.so.conf', 'ld.so.conf.d',
  'nsswitch.conf', 'hosts', 'host.conf', 'localtime', 'timezone', 'passwd', 'group', 'mime.types', 'protocols', 'services', 'locale.alias',
];

export const INSTALL_HINT =
  "bubblewrap (bwrap) is needed to run tools in a sandbox: install it with 'sudo apt-get install -y bubblewrap' (Debian/Ubuntu), 'sudo dnf install bubblewrap' or 'sudo apk add bubblewrap'; or run unsandboxed with sandbox: 'none' (CLI: --no-sandbox)";

let probe: { path: string } | { problem: string } | undefined;

/** The first of `candidates` that exists, if it can create a sandbox here; else why not (with the install hint). */
export function probeBwrap(candidates: readonly string[]): { path: string } | { problem: string } {
  const path = candidates.find((p) => existsSync(p));
  if (!path) return { problem: INSTALL_HINT };
  const r = spawnSync(path, ['--ro-bind', '/', '/', '--unshare-all', '--die-with-parent', '--', '/bin/true'], { encoding: 'utf8', timeout: 10_000 });
  if (r.status === 0) return { path };
  const why = (r.stderr || r.error?.message || `exit ${r.status}`).trim().split('\n')[0];
  return { problem: `bwrap is installed at ${path} but cannot create a sandbox here (${why}); allow unprivileged user namespaces, or run unsandboxed with sandbox: 'none' (CLI: --no-sandbox)` };
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

export function bwrapArgs(dir: RunDir): string[] {
  const etc = ETC_FILES.flatMap((f) => ['--ro-bind-try', `/etc/${f}`, `/etc/${f}`]);
  return [
    '--unshare-all',
    '--die-with-parent',
    '--new-session',
    '--cap-drop', 'ALL',
    '--hostname', 'forge-sandbox',
    '--ro-bind', '/usr', '/usr',
    ...systemRootArgs(),
    ...etc,
    ...nodeArgs(),
    '--proc', '/proc',
    '--dev', '/dev',
    '--bind', dir.tmp, SANDBOX_TMP,
    '--bind', dir.agent, SANDBOX_AGENT,
    '--bind', dir.home, SANDBOX_HOME,
    '--ro-bind', dir.runtime, SANDBOX_RUNTIME,
    '--remount-ro', '/',
    '--chdir', SANDBOX_AGENT,
  ];
}
