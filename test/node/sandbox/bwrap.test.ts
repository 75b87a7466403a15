// Finding bubblewrap (issue 15): without it, a sandboxed run is refused with
// the command that installs it; with one that cannot create namespaces here
// (a container without user namespaces), with bwrap's own reason.

import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeBwrap } from '../../../src/node/sandbox/bwrap.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bwrap-probe-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('probeBwrap', () => {
  it('says how to install bubblewrap when there is none, and how to run without it', () => {
    const r = probeBwrap([join(dir, 'nowhere', 'bwrap')]);
    expect(r).toEqual({ problem: expect.stringMatching(/sudo apt-get install -y bubblewrap.*sandbox: 'none' \(CLI: --no-sandbox\)/) });
  });

  it("reports bwrap's own reason when it cannot create a sandbox here", async () => {
    await chmod(dir, 0o755); // as root the probe starts bwrap as uid 65534
    const fake = join(dir, 'bwrap');
    await writeFile(fake, '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n', { mode: 0o755 });
    expect(probeBwrap([fake])).toEqual({
      problem: expect.stringMatching(/installed at .*bwrap but cannot create a sandbox here \(bwrap: No permissions to create new namespace\)/),
    });
  });

  it('finds a working bwrap (the setup script installs it)', () => {
    expect(probeBwrap(['/usr/bin/bwrap'])).toEqual({ path: '/usr/bin/bwrap' });
  });
});
