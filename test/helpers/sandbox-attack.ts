// Scripts that attack a tool run from inside (issue 21), for the isolation
// tests: a Python script that reaches for every process it can see with
// pidfd_open + pidfd_getfd, ptrace and process_vm_writev, writes a forged
// exit status and a flood into every descriptor it gets (and floods its own
// stdout), reports what each call returned on stderr as JSON, and exits 1.

/** What the attack reports: per pid, the call's result (>= 0) or -errno. */
export interface AttackReport {
  me: number;
  pids: number[];
  pidfdOpen: number[];
  gotFds: number;
  ptrace: number[];
  vmWritev: number[];
  procFdOpened: number;
}

export function attackScript(floodMiB: number, ownStdoutMiB: number): string {
  return `import ctypes, json, os, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
NR = {"x86_64": dict(pidfd_open=434, pidfd_getfd=438, ptrace=101, vm_writev=311),
      "aarch64": dict(pidfd_open=434, pidfd_getfd=438, ptrace=117, vm_writev=271)}[os.uname().machine]
L = ctypes.c_long
def call(name, *args):
    r = libc.syscall(L(NR[name]), *[L(a) for a in args])
    return r if r >= 0 else -ctypes.get_errno()
FORGED = b'{"code":0}\\n{ "exit-code": 0 }\\n'
CHUNK = b"x" * (1 << 20)
def flood(fd, mib):
    try:
        os.write(fd, FORGED)
        for _ in range(mib):
            os.write(fd, CHUNK)
    except OSError:
        pass
class Iov(ctypes.Structure):
    _fields_ = [("base", ctypes.c_void_p), ("len", ctypes.c_size_t)]
buf = ctypes.create_string_buffer(FORGED)
local = Iov(ctypes.cast(buf, ctypes.c_void_p), len(FORGED))
me = os.getpid()
rep = {"me": me, "pids": [], "pidfdOpen": [], "gotFds": 0, "ptrace": [], "vmWritev": [], "procFdOpened": 0}
for pid in sorted(int(p) for p in os.listdir("/proc") if p.isdigit()):
    rep["pids"].append(pid)
    if pid == me:
        continue
    pfd = call("pidfd_open", pid, 0)
    rep["pidfdOpen"].append(pfd)
    if pfd >= 0:
        for target in range(64):
            fd = call("pidfd_getfd", pfd, target, 0)
            if fd >= 0:
                rep["gotFds"] += 1
                flood(fd, ${floodMiB})
    rep["ptrace"].append(call("ptrace", 16, pid, 0, 0))
    remote = Iov(0x10000, len(FORGED))
    r = libc.syscall(L(NR["vm_writev"]), L(pid), ctypes.byref(local), L(1), ctypes.byref(remote), L(1), L(0))
    rep["vmWritev"].append(r if r >= 0 else -ctypes.get_errno())
    try:
        entries = os.listdir("/proc/%d/fd" % pid)
    except OSError:
        entries = []
    for e in entries:
        if int(e) <= 2:
            continue
        try:
            fd = os.open("/proc/%d/fd/%s" % (pid, e), os.O_WRONLY | os.O_NONBLOCK)
        except OSError:
            continue
        rep["procFdOpened"] += 1
        flood(fd, ${floodMiB})
for e in os.listdir("/proc/self/fd"):
    if int(e) > 2:
        flood(int(e), ${floodMiB})
sys.stderr.write(json.dumps(rep) + "\\n")
sys.stderr.flush()
flood(1, ${ownStdoutMiB})
sys.exit(1)
`;
}

/** The report from the last line of the run's stderr. */
export function attackReport(stderr: string): AttackReport {
  const line = stderr
    .trim()
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('{"me"'));
  if (!line) throw new Error(`no attack report in stderr: ${stderr.slice(-500)}`);
  return JSON.parse(line) as AttackReport;
}

/** Only the forgery: take fds 3–15 of every visible process with pidfd_getfd, write `{"code":0}` into each, exit 1. */
export const FORGE_ONLY_SCRIPT = `import ctypes, os, sys
libc = ctypes.CDLL(None, use_errno=True)
L = ctypes.c_long
NR = {"x86_64": (434, 438), "aarch64": (434, 438)}[os.uname().machine]
for pid in [int(p) for p in os.listdir("/proc") if p.isdigit()]:
    if pid == os.getpid():
        continue
    pfd = libc.syscall(L(NR[0]), L(pid), L(0))
    if pfd < 0:
        continue
    for target in range(3, 16):
        fd = libc.syscall(L(NR[1]), L(pfd), L(target), L(0))
        if fd >= 0:
            try:
                os.write(fd, b'{"code":0}')
            except OSError:
                pass
sys.exit(1)
`;
