// How a tool starts inside the sandbox. bwrap runs the launcher as the
// sandbox's pid 1 (`--as-pid-1`, no bwrap init inside): a shell script that
// closes every inherited descriptor above stderr, sets the per-run process
// limit, starts the egress forwarder in the background — Debian's socat when
// present, else a small Node forwarder — waits until it says it listens on
// 127.0.0.1:<port> of the sandbox's private loopback, and then `exec`s
// `<interpreter> <script> <json>`. So the script IS the process bwrap
// started, and its exit reaches us from bwrap's `--json-status-fd`, written by
// the bwrap process outside the sandbox's user and pid namespaces: nothing the
// script can see holds a descriptor of ours. When the script exits, the
// kernel ends everything else in its pid namespace.

/** Inside the sandbox: where the runtime folder (forwarder + socket) is mounted. */
export const SANDBOX_RUNTIME = '/run/forge';
export const SANDBOX_SOCKET = `${SANDBOX_RUNTIME}/proxy.sock`;
export const SANDBOX_FORWARDER = `${SANDBOX_RUNTIME}/forwarder.cjs`;
/** The forwarder's port on the sandbox's private loopback. */
export const SANDBOX_PROXY_PORT = 3128;
/** The most processes (threads included) a run may have at once. */
export const SANDBOX_MAX_PROCESSES = 64;
/** The launcher's own exit when the forwarder did not come up (reported with a line on stderr). */
export const LAUNCHER_FAILED_EXIT = 70;

/** The Node fallback forwarder: 127.0.0.1:<port> → the proxy's unix socket, one pipe per connection. */
export const FORWARDER_SOURCE = `'use strict';
const net = require('net');
const [sock, port] = process.argv.slice(2);
const server = net.createServer((c) => {
  const up = net.connect(sock);
  const end = () => { c.destroy(); up.destroy(); };
  c.on('error', end); up.on('error', end); c.on('close', end); up.on('close', end);
  c.pipe(up); up.pipe(c);
});
server.on('error', (e) => { process.stderr.write('egress forwarder: ' + e.message + '\\n'); process.exit(1); });
server.listen(Number(port), '127.0.0.1', () => process.stderr.write('listening on 127.0.0.1:' + port + '\\n'));
`;

/** 3128 as it appears in /proc/net/tcp (hex, upper case) in the LISTEN state (0A). */
const LISTEN_LINE = `:${SANDBOX_PROXY_PORT.toString(16).toUpperCase().padStart(4, '0')} 00000000:0000 0A`;

/** Closes every descriptor above stderr (the ones the server inherited without close-on-exec). */
const CLOSE_INHERITED = `
for f in /proc/self/fd/*; do
  n=\${f##*/}
  case $n in 0|1|2) ;; [3-9]) eval "exec $n>&-" ;; *) [ -n "\${BASH_VERSION:-}" ] && eval "exec $n>&-" ;; esac
done
`;

/** The check before the exec: the interpreter is on the PATH, or the run says it is missing (exit 127). */
const CHECK_INTERPRETER = `
interpreter=$1; shift
command -v "$interpreter" >/dev/null 2>&1 || { echo "$interpreter is not installed (not found on the PATH)" >&2; exit 127; }
`;

/** Runs `<interpreter> <args…>` from the remaining arguments. */
const EXEC_INTERPRETER = `${CHECK_INTERPRETER}exec "$interpreter" "$@"
`;

/**
 * In the sandbox the launcher and the forwarder start without LANG (no locale files to load, which
 * a traced run pays for per file), and the script gets it through `env`: an assignment in the
 * launcher's shell, even one for the exec alone, would make that shell load the locale itself.
 */
const EXEC_INTERPRETER_WITH_LANG = `${CHECK_INTERPRETER}command -v env >/dev/null 2>&1 && exec env "LANG=$lang" "$interpreter" "$@"
LANG=$lang exec "$interpreter" "$@"
`;

const FAILED = `{ echo "egress forwarder did not start" >&2; exit ${LAUNCHER_FAILED_EXIT}; }`;

/**
 * bash: the forwarder's log comes back on a pipe (descriptor 7) and the launcher reads it until
 * the forwarder says it listens ("listening on": socat's notice, the Node forwarder's line), then
 * closes its end (both go on with their log closed): no polling, no sleep, no program started for
 * the wait (what it said before failing goes to stderr).
 */
const START_FORWARDER_BASH = `
case $fwd in
  *socat) exec 7< <(exec "$fwd" -d -d TCP-LISTEN:${SANDBOX_PROXY_PORT},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${SANDBOX_SOCKET} 2>&1 >/dev/null </dev/null) ;;
  *) exec 7< <(exec "$fwd" ${SANDBOX_FORWARDER} ${SANDBOX_SOCKET} ${SANDBOX_PROXY_PORT} 2>&1 >/dev/null </dev/null) ;;
esac
ready= said=
while IFS= read -r -t 10 -u 7 line; do
  case $line in *"listening on"*) ready=1; break ;; *) said="$said$line\n" ;; esac
done
exec 7<&-
[ -n "$ready" ] || { printf '%b' "$said" >&2; ${FAILED}; }
`;

/** A POSIX shell (no process substitution): the forwarder in the background, /proc/net/tcp polled until it listens. */
const START_FORWARDER_SH = `
case $fwd in
  *socat) "$fwd" TCP-LISTEN:${SANDBOX_PROXY_PORT},bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:${SANDBOX_SOCKET} </dev/null >/dev/null 2>&1 & ;;
  *) "$fwd" ${SANDBOX_FORWARDER} ${SANDBOX_SOCKET} ${SANDBOX_PROXY_PORT} </dev/null >/dev/null & ;;
esac
i=0
until grep -q '${LISTEN_LINE}' /proc/net/tcp 2>/dev/null; do
  i=$((i + 1))
  if [ $i -gt 1000 ]; then ${FAILED}; fi
  sleep 0.01
done
`;

/** The first argument: the descriptor stderr arrives on (5 while fd 2 carries the run's trace), moved back to 2 before anything else. */
const STDERR_BACK = `
case $1 in 5) exec 2>&5 ;; esac
shift
`;

const launcher = (startForwarder: string) => `${STDERR_BACK}${CLOSE_INHERITED}
ulimit -u ${SANDBOX_MAX_PROCESSES} 2>/dev/null || ulimit -p ${SANDBOX_MAX_PROCESSES} 2>/dev/null || { echo "cannot set the process limit" >&2; exit ${LAUNCHER_FAILED_EXIT}; }
fwd=$1 lang=$2; shift 2
${startForwarder}${EXEC_INTERPRETER_WITH_LANG}`;

/**
 * The launcher, run as `bash -c LAUNCHER_SCRIPT forge-launcher <stderr-fd> <forwarder> <lang> <interpreter> <script> <json>`,
 * where <forwarder> is a socat path or a node path and <lang> the script's LANG. Descriptors above 9 can only be closed by bash
 * (dash reads `exec 12>&-` as a command): the launcher runs under bash when the system has it, else
 * LAUNCHER_SCRIPT_SH under sh.
 */
export const LAUNCHER_SCRIPT = launcher(START_FORWARDER_BASH);
export const LAUNCHER_SCRIPT_SH = launcher(START_FORWARDER_SH);

/** Unsandboxed: `<shell> -c UNSANDBOXED_SCRIPT forge-run <interpreter> <script> <json>` (inherited descriptors closed). */
export const UNSANDBOXED_SCRIPT = `${CLOSE_INHERITED}${EXEC_INTERPRETER}`;
