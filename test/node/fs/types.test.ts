// FsLike is satisfied by node:fs and by a memfs volume without a cast (SPEC §3:
// "a node:fs-compatible object such as a memfs volume"). The assignments below
// are checked by `tsc --noEmit` (npm run check); the tests check behaviour.
import * as nodeFs from 'node:fs';
import { createFsFromVolume, Volume } from 'memfs';
import { describe, expect, it } from 'vitest';
import { listDir, readTextIfExists, resolveIo, type FsLike } from '../../../src/node/fs/types.js';

const fromNode: FsLike = nodeFs;
const fromMemfs: FsLike = createFsFromVolume(Volume.fromJSON({ '/a/b.txt': 'hi', '/a/c/d.txt': 'x' }));

describe('FsLike', () => {
  it('accepts node:fs and memfs as they are', async () => {
    expect(typeof fromNode.promises.readFile).toBe('function');
    expect(await readTextIfExists(fromMemfs, '/a/b.txt')).toBe('hi');
    expect(await readTextIfExists(fromMemfs, '/a/missing')).toBeNull();
    expect((await listDir(fromMemfs, '/a')).map((e) => [e.name, e.isDirectory])).toEqual([
      ['b.txt', false],
      ['c', true],
    ]);
  });

  it('defaults to node:fs and process.env without copying or changing it', () => {
    const io = resolveIo();
    expect(io.fs).toBe(nodeFs);
    expect(io.env).toBe(process.env);
    const mine = { A: '1' };
    expect(resolveIo({ env: mine }).env).toBe(mine);
  });
});
