// readTrace: strace text → programs and written files, skipping the sandbox's
// start-up, joining calls split by another process's line, resolving renames;
// strace's stderr format and the messages that are not strace's (traceMessages).

import { describe, expect, it } from 'vitest';
import { readTrace } from '../../../src/node/sandbox/trace-parse.js';
import { traceMessages } from '../../../src/node/sandbox/trace.js';

const CTX = {
  interpreter: 'bash',
  scriptPath: 'skills/s/scripts/t.sh',
  areas: [
    { prefix: '/skill-run/agent', area: 'copy' as const },
    { prefix: '/tmp', area: 'tmp' as const },
  ],
};

describe('readTrace', () => {
  it('starts at the exec of the script and reads programs, written files and renames', () => {
    const trace = [
      '10  execve("/usr/bin/bwrap", ["bwrap", "--", "bash", "skills/s/scripts/t.sh"], 0x1 /* 3 vars */) = 0',
      '11  openat(AT_FDCWD</>, "/tmp/before", O_WRONLY|O_CREAT, 0666) = 3</tmp/before>',
      '11  execve("/usr/bin/bash", ["bash", "skills/s/scripts/t.sh", "{}"], 0x1 /* 3 vars */) = 0',
      '12  execve("/usr/local/bin/jq", ["jq"], 0x1 /* 3 vars */) = -1 ENOENT (No such file or directory)',
      '12  execve("/usr/bin/jq", ["jq", "."], 0x1 /* 3 vars */ <unfinished ...>',
      '11  openat(AT_FDCWD</skill-run/agent>, "out.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</skill-run/agent/out.txt>',
      '12  <... execve resumed>) = 0',
      '13  execve("/usr/bin/jq", ["jq"], 0x1 /* 3 vars */) = 0',
      '11  openat(AT_FDCWD</x>, "/etc/passwd", O_RDONLY|O_CLOEXEC) = 3</etc/passwd>',
      '11  openat(AT_FDCWD</x>, "/dev/null", O_WRONLY) = 3</dev/null>',
      '11  renameat2(AT_FDCWD</tmp>, "a", AT_FDCWD</tmp>, "b \\"q\\"", RENAME_NOREPLACE) = 0',
      '11  +++ exited with 0 +++',
    ].join('\n');
    expect(readTrace(trace, CTX)).toEqual({
      programs: [
        { name: 'bash', path: '/usr/bin/bash', count: 1 },
        { name: 'jq', path: '/usr/bin/jq', count: 2 },
      ],
      files: [
        { path: '/skill-run/agent/out.txt', area: 'copy' },
        { path: '/tmp/b "q"', area: 'tmp' },
      ],
    });
  });

  it('reads strace on stderr (`[pid N]` lines, a bare first process) the same, with bwrap’s messages taken out', () => {
    const text = [
      'execve("/usr/bin/bwrap", ["bwrap", "--unshare-all", "--"], 0x1 /* 3 vars */) = 0',
      'bwrap: Creating new namespace failed: nope',
      '[pid    11] execve("/usr/bin/bash", ["bash", "skills/s/scripts/t.sh", "{}"], 0x1 /* 3 vars */) = 0',
      '[pid    12] execve("/usr/bin/jq", ["jq", "."], 0x1 /* 3 vars */ <unfinished ...>',
      '[pid    11] openat(AT_FDCWD</skill-run/agent>, "out.txt", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3</skill-run/agent/out.txt>',
      '[pid    12] <... execve resumed>) = 0',
    ].join('\n');
    const { trace, messages } = traceMessages(text);
    expect(messages).toBe('bwrap: Creating new namespace failed: nope\n');
    expect(readTrace(trace, CTX)).toEqual({
      programs: [
        { name: 'bash', path: '/usr/bin/bash', count: 1 },
        { name: 'jq', path: '/usr/bin/jq', count: 1 },
      ],
      files: [{ path: '/skill-run/agent/out.txt', area: 'copy' }],
    });
  });

  it('reads nothing when the script never started', () => {
    expect(readTrace('10  execve("/usr/bin/bwrap", ["bwrap"], 0x1) = 0\n', CTX)).toEqual({ programs: [], files: [] });
  });
});
