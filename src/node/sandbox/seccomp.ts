// The seccomp filter bwrap installs on the sandboxed script (`--seccomp <fd>`):
// a classic-BPF program, assembled here, that makes the calls one process
// uses to reach into another — ptrace, process_vm_readv/writev, kcmp,
// pidfd_open, pidfd_getfd — fail with EPERM, and allows everything else. It
// checks the architecture first: a call made through another ABI (x86 32-bit
// or x32 on an x86_64 kernel) fails with EPERM whatever it is, so the
// numbers below cannot be dodged. Only x86_64 and aarch64 are known; on other
// machines there is no filter (the result channel does not depend on it).

const AUDIT_ARCH_X86_64 = 0xc000003e;
const AUDIT_ARCH_AARCH64 = 0xc00000b7;
const X32_SYSCALL_BIT = 0x40000000;

/** The blocked calls by kernel ABI. */
const BLOCKED: Record<'x64' | 'arm64', { arch: number; calls: Record<string, number> }> = {
  x64: { arch: AUDIT_ARCH_X86_64, calls: { ptrace: 101, process_vm_readv: 310, process_vm_writev: 311, kcmp: 312, pidfd_open: 434, pidfd_getfd: 438 } },
  arm64: { arch: AUDIT_ARCH_AARCH64, calls: { ptrace: 117, process_vm_readv: 270, process_vm_writev: 271, kcmp: 272, pidfd_open: 434, pidfd_getfd: 438 } },
};

// BPF opcodes and seccomp return values (linux/filter.h, linux/seccomp.h).
const LD_W_ABS = 0x20;
const JEQ_K = 0x15;
const JGE_K = 0x35;
const RET_K = 0x06;
const RET_ALLOW = 0x7fff0000;
const RET_EPERM = 0x00050000 | 1;
// struct seccomp_data: int nr; __u32 arch; …
const OFFSET_NR = 0;
const OFFSET_ARCH = 4;

type Insn = readonly [code: number, jt: number, jf: number, k: number];

/** The names this filter refuses (for docs and tests). */
export const SECCOMP_BLOCKED_CALLS = Object.keys(BLOCKED.x64);

/** The filter as bwrap reads it (struct sock_filter[], little-endian), or null on an unknown architecture. */
export function seccompProgram(arch: string = process.arch): Buffer | null {
  const abi = arch === 'x64' || arch === 'arm64' ? BLOCKED[arch] : undefined;
  if (!abi) return null;
  const numbers = Object.values(abi.calls);
  const denyAt = 4 + numbers.length + (arch === 'x64' ? 1 : 0); // index of the EPERM return
  const insns: Insn[] = [[LD_W_ABS, 0, 0, OFFSET_ARCH]];
  // Wrong ABI: jump to EPERM; right ABI: load the call number.
  insns.push([JEQ_K, 0, denyAt - 2, abi.arch]);
  insns.push([LD_W_ABS, 0, 0, OFFSET_NR]);
  if (arch === 'x64') insns.push([JGE_K, denyAt - 4, 0, X32_SYSCALL_BIT]);
  for (const n of numbers) insns.push([JEQ_K, denyAt - insns.length - 1, 0, n]);
  insns.push([RET_K, 0, 0, RET_ALLOW]);
  insns.push([RET_K, 0, 0, RET_EPERM]);
  if (insns.length !== denyAt + 1) throw new Error('seccomp program: jump targets out of step');
  const buf = Buffer.alloc(insns.length * 8);
  insns.forEach(([code, jt, jf, k], i) => {
    buf.writeUInt16LE(code, i * 8);
    buf.writeUInt8(jt, i * 8 + 2);
    buf.writeUInt8(jf, i * 8 + 3);
    buf.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return buf;
}
