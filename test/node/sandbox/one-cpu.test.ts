// one-cpu.ts: the CPU this thread is on, read from the kernel's record, and
// a command wrapped in taskset for it.

import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { currentCpu, onOneCpu } from '../../../src/node/sandbox/one-cpu.js';

describe('onOneCpu', () => {
  it('reads a CPU this process may run on and puts taskset in front of the command', () => {
    const cpu = currentCpu();
    expect(cpu).not.toBeNull();
    expect(cpu!).toBeGreaterThanOrEqual(0);
    expect(cpu!).toBeLessThan(Math.max(availableParallelism(), cpu! + 1));
    const r = onOneCpu('/usr/bin/bwrap', ['--unshare-all', '--', 'true']);
    if (!existsSync('/usr/bin/taskset') && !existsSync('/bin/taskset'))
      return expect(r).toEqual({ command: '/usr/bin/bwrap', args: ['--unshare-all', '--', 'true'], cpu: null });
    expect(r.command).toMatch(/\/taskset$/);
    expect(r.args).toEqual(['--cpu-list', String(r.cpu), '/usr/bin/bwrap', '--unshare-all', '--', 'true']);
  });
});
