// importSkill / exportSkill on real folders (issue 17): a folder, its zip
// and its .skill package give the same draft; folder → zip → import → export
// is byte-identical; symlinks, devices, clashing names and oversize trees
// in a folder are refused like in a zip.
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Skill } from '../../../src/core/skill/skill.js';
import { SkillArchiveError } from '../../../src/core/skill-folder/errors.js';
import { exportSkill, importSkill } from '../../../src/node/skill-folder/index.js';

const MD =
  '---\nname: pdf-tools\ndescription: Fill PDF forms. Use when the user has a PDF form to fill.\n---\n\n# PDF tools\n\nSee [the guide](references/guide.md).\n';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'skill-folder-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function put(rel: string, data: string | Uint8Array, mode = 0o644): Promise<void> {
  const full = join(dir, rel);
  await mkdir(join(full, '..'), { recursive: true });
  await writeFile(full, data);
  await chmod(full, mode);
}

async function skillFolder(): Promise<void> {
  await put('SKILL.md', MD);
  await put('scripts/fill.py', '#!/usr/bin/env python3\nprint("ok")\n', 0o755);
  await put('references/guide.md', '# Guide\n');
  await put('assets/logo.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]));
}

async function refused(source: Parameters<typeof importSkill>[0]): Promise<SkillArchiveError> {
  const err = await importSkill(source).then(
    () => null,
    (e: unknown) => e,
  );
  expect(SkillArchiveError.isInstance(err), `expected a refusal, got ${String(err)}`).toBe(true);
  return err as SkillArchiveError;
}

describe('importSkill / exportSkill', () => {
  it('folder → zip → import → export is byte-identical', async () => {
    await skillFolder();
    const fromDir = await importSkill({ dir });
    expect(fromDir).toBeInstanceOf(Skill);
    expect(fromDir.scripts).toEqual({ 'fill.py': '#!/usr/bin/env python3\nprint("ok")\n' });
    expect(Object.keys(fromDir.files)).toEqual(['references/guide.md']);
    expect(fromDir.binaries.map((b) => b.path)).toEqual(['assets/logo.png']);
    const zip = await exportSkill({ dir });
    const again = await exportSkill(await importSkill({ zip }));
    expect(Buffer.from(again).equals(Buffer.from(zip))).toBe(true);
    const pkg = await exportSkill({ dir }, { format: 'skill' });
    const fromPkg = await importSkill({ zip: pkg });
    expect(Buffer.from(await exportSkill(fromPkg)).equals(Buffer.from(zip))).toBe(true);
    expect(Buffer.from(await exportSkill(fromPkg.toJSON())).equals(Buffer.from(zip))).toBe(true);
  });

  it('the zip unpacks with the system unzip to the same files (when unzip is installed)', async () => {
    await skillFolder();
    const zip = await exportSkill({ dir });
    const out = await mkdtemp(join(tmpdir(), 'skill-unzip-'));
    try {
      await writeFile(join(out, 's.zip'), zip);
      try {
        execFileSync('unzip', ['-q', 's.zip', '-d', 'x'], { cwd: out });
      } catch (err) {
        if ((err as { code?: string }).code === 'ENOENT') return;
        throw err;
      }
      expect((await readdir(join(out, 'x'), { recursive: true })).sort()).toEqual([
        'SKILL.md',
        'assets',
        'assets/logo.png',
        'references',
        'references/guide.md',
        'scripts',
        'scripts/fill.py',
      ]);
      expect(Buffer.from(await exportSkill({ dir: join(out, 'x') })).equals(Buffer.from(zip))).toBe(true);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  });

  it('refuses a symlink in the folder', async () => {
    await skillFolder();
    await symlink('/etc/passwd', join(dir, 'references/passwd'));
    expect((await refused({ dir })).message).toMatch(/symbolic link/);
  });

  it('refuses a fifo (not a regular file) in the folder', async () => {
    await skillFolder();
    execFileSync('mkfifo', [join(dir, 'assets/pipe')]);
    expect((await refused({ dir })).message).toMatch(/device, pipe or socket/);
  });

  it('refuses names that clash after case folding', async () => {
    await skillFolder();
    await put('references/Guide.md', 'other');
    expect((await refused({ dir })).message).toMatch(/clashes/);
  });

  it('leaves hidden entries out of a folder import, as the skill store does (never read, never counted)', async () => {
    await skillFolder();
    await put('.env', 'API_KEY=secret-value');
    await put('.git/config', '[core]');
    await put('scripts/.DS_Store', 'x');
    await symlink('/etc/passwd', join(dir, 'assets/.hidden-link'));
    const draft = await importSkill({ dir });
    expect(Object.keys(draft.scripts)).toEqual(['fill.py']);
    expect(draft.binaries.map((b) => b.path)).toEqual(['assets/logo.png']);
    expect(JSON.stringify(draft)).not.toContain('secret-value');
  });

  it('refuses a folder without SKILL.md and a file that is not a folder', async () => {
    await put('README.md', 'x');
    expect((await refused({ dir })).message).toMatch(/no SKILL\.md/);
    expect((await refused({ dir: join(dir, 'README.md') })).message).toMatch(/not a folder/);
  });

  it('stops listing a folder past 500 entries', async () => {
    await skillFolder();
    await Promise.all(Array.from({ length: 500 }, (_, i) => put(`assets/f${i}.txt`, 'x')));
    expect((await refused({ dir })).message).toMatch(/at most 500/);
  });
});
