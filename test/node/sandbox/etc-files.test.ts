// The sandbox's /etc (etc-files.ts) from a made-up host folder: which
// entries become a copied file, a read-only bind or a symlink, and which
// are left out (absent, dangling, or unreadable to other users).

import { readFileSync, readlinkSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEtcView } from '../../../src/node/sandbox/etc-files.js';

let host: string;
beforeAll(async () => {
  host = await mkdtemp(join(tmpdir(), 'etc-view-'));
  await writeFile(join(host, 'passwd'), 'root:x:0:0::/root:/bin/sh\n');
  await writeFile(join(host, 'secret.conf'), 'token=1\n');
  await chmod(join(host, 'secret.conf'), 0o600);
  await mkdir(join(host, 'ssl'));
  await symlink('/usr/bin/env', join(host, 'localtime'));
  await symlink(join(host, 'passwd'), join(host, 'group')); // a link outside /usr: its content is copied
  await symlink(join(host, 'nowhere'), join(host, 'hosts'));
});
afterAll(() => rm(host, { recursive: true, force: true }));

describe('openEtcView', () => {
  it('copies readable files in by descriptor, binds folders, remakes links into /usr, and leaves the rest out', () => {
    const names = ['passwd', 'secret.conf', 'ssl', 'localtime', 'group', 'hosts', 'absent'];
    const view = openEtcView(names, host);
    try {
      expect(view.fds).toHaveLength(2);
      expect(view.args(6)).toEqual([
        ...['--perms', '0444', '--file', '6', '/etc/passwd'],
        ...['--ro-bind', join(host, 'ssl'), '/etc/ssl'],
        ...['--symlink', '/usr/bin/env', '/etc/localtime'],
        ...['--perms', '0444', '--file', '7', '/etc/group'],
      ]);
      for (const fd of view.fds) expect(readFileSync(fd, 'utf8')).toBe('root:x:0:0::/root:/bin/sh\n');
      expect(readlinkSync(join(host, 'localtime'))).toBe('/usr/bin/env');
    } finally {
      view.close();
    }
  });
});
