// one-cpu.ts: the CPU this thread is on, read from the kernel's record, and
// a command wrapped in taskset for it.

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentCpu, onOneCpu } from '../../../src/node/sandbox/one-cpu.js';

describe('onOneCpu', () => {
  it('reads a CPU this process may run on and puts taskset in front of the command', () => {
    const cpu = currentCpu();
    expect(cpu).not.toBeNull();
    // The CPU is one this process may run on (its Cpus_allowed_list, e.g. `0-1` or `0,2-3`).
    const allowed = /Cpus_allowed_list:\s*(\S+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]!;
    const inList = allowed.split(',').some((r) => {
      const [lo, hi = lo] = r.split('-').map(Number);
      return cpu! >= lo! && cpu! <= hi!;
    });
    expect(inList, `${cpu} in ${allowed}`).toBe(true);
    const r = onOneCpu('/usr/bin/bwrap', ['--unshare-all', '--', 'true']);
    if (!existsSync('/usr/bin/taskset') && !existsSync('/bin/taskset'))
      return expect(r).toEqual({ command: '/usr/bin/bwrap', args: ['--unshare-all', '--', 'true'], cpu: null });
    expect(r.command).toMatch(/\/taskset$/);
    expect(r.args).toEqual(['--cpu-list', String(r.cpu), '/usr/bin/bwrap', '--unshare-all', '--', 'true']);
  });
});
