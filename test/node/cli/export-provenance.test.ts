// `export --provenance` adds the manifest and skill.provenance.json to the
// archive, and `import` prints that provenance before anything is written.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { testIo } from './support.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-prov-'));
  await mkdir(join(dir, 'notes'));
  await writeFile(join(dir, 'notes/SKILL.md'), '---\nname: notes\ndescription: When the user asks for notes ("take a note"), write one.\n---\n\n# Notes\n');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('export --provenance', () => {
  it('writes the manifest and provenance, and import prints it', async () => {
    const out = testIo({ cwd: dir, homeDir: dir });
    expect(await main(['export', 'notes', '-o', 'notes.zip', '--provenance'], out)).toBe(0);
    const entries = unzipSync(new Uint8Array(readFileSync(join(dir, 'notes.zip'))));
    expect(Object.keys(entries).sort()).toEqual(['SKILL.md', 'skill.manifest.json', 'skill.provenance.json']);
    const imp = testIo({ cwd: dir, homeDir: dir });
    expect(await main(['import', 'notes.zip'], imp)).toBe(0);
    expect(imp.out()).toMatch(/provenance: version [0-9a-f]{16}, exported \S+ by forge-skill-builder@\S+, risk \d+ \(\w+\)/);
    const plain = testIo({ cwd: dir, homeDir: dir });
    expect(await main(['export', 'notes', '-o', 'plain.zip'], plain)).toBe(0);
    expect(Object.keys(unzipSync(new Uint8Array(readFileSync(join(dir, 'plain.zip')))))).toEqual(['SKILL.md']);
  });
});
