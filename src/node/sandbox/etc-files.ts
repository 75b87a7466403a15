// The sandbox's /etc: only the entries programs read while they run — the
// loader cache, TLS roots, users and groups, name service and hosts, time
// zone, MIME types, protocols and services, locale aliases, the
// alternatives links. Each regular file is copied in by bwrap from a
// descriptor opened for the run (`--file`): no mount per file (each bind
// costs bwrap a mount and a reread of the mount table, and a traced run a
// tracer stop per file it opens for that), and always the host's current
// content. A directory is bound read-only, a symlink into /usr is made again
// as a symlink. A file other users cannot read is left out: the sandbox's
// uid could not have read it either. /etc lives on the sandbox's root,
// which bwrap makes read-only at the end.

import { closeSync, lstatSync, openSync, readlinkSync, realpathSync, statSync, type Stats } from 'node:fs';

/** The /etc entries a run sees (absent ones are skipped). */
export const SANDBOX_ETC = [
  'alternatives',
  'ssl',
  'pki',
  'crypto-policies',
  'ld.so.cache',
  'nsswitch.conf',
  'hosts',
  'host.conf',
  'localtime',
  'timezone',
  'passwd',
  'group',
  'mime.types',
  'protocols',
  'services',
  'locale.alias',
] as const;

/** The /etc of one run: bwrap's arguments, and the descriptors they name (to hand to bwrap, then close). */
export interface EtcView {
  /** bwrap options, with the files' descriptors numbered from `firstFd` in the order of `fds`. */
  args(firstFd: number): string[];
  fds: number[];
  close(): void;
}

const OTHERS_READ = 0o004;

/** One entry: where it is on the host (`from`) and in the sandbox (`to`). */
type Entry = { kind: 'file'; from: string; to: string; fd: number } | { kind: 'dir'; from: string; to: string } | { kind: 'link'; to: string; target: string };

function statOrNull(path: string, follow: boolean): Stats | null {
  try {
    return follow ? statSync(path) : lstatSync(path);
  } catch {
    return null;
  }
}

/** How one /etc entry reaches the sandbox, or null when it is absent or unreadable to others. */
function entryOf(path: string, to: string): Entry | null {
  const own = statOrNull(path, false);
  if (!own) return null;
  if (own.isSymbolicLink()) {
    let real: string;
    try {
      real = realpathSync(path);
    } catch {
      return null; // a dangling link
    }
    if (real.startsWith('/usr/')) return { kind: 'link', to, target: readlinkSync(path) };
  }
  const st = own.isSymbolicLink() ? statOrNull(path, true) : own;
  if (!st) return null;
  if (st.isDirectory()) return { kind: 'dir', from: path, to };
  if (!st.isFile() || (st.mode & OTHERS_READ) === 0) return null;
  try {
    return { kind: 'file', from: path, to, fd: openSync(path, 'r') };
  } catch {
    return null;
  }
}

/** Opens the run's /etc from the host's (`from`: another folder, in tests); call `close` once the run has ended. */
export function openEtcView(names: readonly string[] = SANDBOX_ETC, from = '/etc'): EtcView {
  const entries = names.map((n) => entryOf(`${from}/${n}`, `/etc/${n}`)).filter((e): e is Entry => e !== null);
  const fds = entries.flatMap((e) => (e.kind === 'file' ? [e.fd] : []));
  return {
    fds,
    args(firstFd) {
      let next = firstFd;
      return entries.flatMap((e) => {
        if (e.kind === 'dir') return ['--ro-bind', e.from, e.to];
        if (e.kind === 'link') return ['--symlink', e.target, e.to];
        return ['--perms', '0444', '--file', String(next++), e.to];
      });
    },
    close() {
      for (const fd of fds) closeSync(fd);
    },
  };
}
