// saveSkill with folder files (issue 17): files and binaries are written
// byte for byte; unsafe paths are refused before anything is written; an
// edited skill whose carried-over folder is a symlink cannot be written through.
import { mkdtemp, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/core/errors.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { readCustomSkill } from '../../../src/node/skill-store/index.js';

const MD =
  '---\nname: notes\ndescription: When the user asks for the notes ("show my notes"), read references/notes.md.\n---\n\n# Notes\n\nCall `datetime_now`, then read references/notes.md.\n';
let agent: string;
let outside: string;
beforeEach(async () => {
  agent = await mkdtemp(join(tmpdir(), 'save-files-'));
  outside = await mkdtemp(join(tmpdir(), 'save-outside-'));
  await writeFile(join(agent, 'forge.yaml'), 'agent_id: a\n');
});
afterEach(async () => {
  await rm(agent, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

async function refusedWith(request: Parameters<typeof saveSkill>[1]): Promise<string> {
  const err = await saveSkill(agent, request).then(
    () => null,
    (e: unknown) => e,
  );
  expect(RequestError.isInstance(err), String(err)).toBe(true);
  return (err as Error).message;
}

describe('saveSkill: files and binaries', () => {
  it('writes text files and binaries byte for byte', async () => {
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await saveSkill(agent, {
      skillName: 'notes',
      skillMd: MD,
      files: { 'references/notes.md': '# N\n' },
      binaries: [{ path: 'assets/x.bin', contentBase64: Buffer.from(bytes).toString('base64') }],
    });
    expect(await readFile(join(agent, 'skills/notes/references/notes.md'), 'utf8')).toBe('# N\n');
    expect([...(await readFile(join(agent, 'skills/notes/assets/x.bin')))]).toEqual([...bytes]);
  });

  it('saves and reads back a text file in any folder: templates/, scripts/lib/, the top', async () => {
    const files = { 'LICENSE.txt': 'MIT\n', 'references/notes.md': '# N\n', 'scripts/lib/fmt.py': 'def fmt(): pass\n', 'templates/week.md': '# Week\n' };
    await saveSkill(agent, { skillName: 'notes', skillMd: MD, scripts: { 'run.sh': 'echo hi\n' }, files });
    const read = (await readCustomSkill(agent, 'notes')).skill;
    expect(read.files).toEqual(files);
    expect(read.scripts).toEqual({ 'run.sh': 'echo hi\n' });
    expect(read.binaries).toEqual([]);
    expect((await readCustomSkill(agent, 'notes')).skipped).toEqual([]);
  });

  it.each([
    [{ '../escape.md': 'x' }, /"\.\."/],
    [{ 'references/.env': 'x' }, /hidden/],
    [{ 'references\\a.md': 'x' }, /backslash/],
    [{ 'scripts/x.sh': 'x' }, /belongs in skill_md or scripts/],
    [{ 'references/A.md': '1', 'references/a.md': '2' }, /clashes/],
  ])('refuses unsafe file paths %j with nothing written', async (files, message) => {
    expect(await refusedWith({ skillName: 'notes', skillMd: MD, files })).toMatch(message);
    expect(await readdir(agent)).toEqual(['forge.yaml']);
  });

  it('does not write through a carried-over symlinked folder', async () => {
    await saveSkill(agent, { skillName: 'notes', skillMd: MD });
    await symlink(outside, join(agent, 'skills/notes/references'));
    const err = await saveSkill(agent, { skillName: 'notes', editingName: 'notes', skillMd: MD, files: { 'references/notes.md': 'x' } }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(err)).toMatch(/symbolic link/);
    expect(await readdir(outside)).toEqual([]);
  });

  it('an edit keeps binaries by sha256 byte-identical (also renamed) and removes the files it leaves out', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255, 1]);
    const b64 = (b: Uint8Array) => Buffer.from(b).toString('base64');
    await saveSkill(agent, {
      skillName: 'notes',
      skillMd: MD,
      files: { 'references/notes.md': '# N\n', 'references/old.md': 'old\n' },
      binaries: [
        { path: 'assets/logo.png', contentBase64: b64(png) },
        { path: 'assets/gone.bin', contentBase64: b64(new Uint8Array([0, 1])) },
      ],
    });
    const read = (await readCustomSkill(agent, 'notes')).skill;
    expect(read.files).toEqual({ 'references/notes.md': '# N\n', 'references/old.md': 'old\n' });
    const logo = read.binaries.find((b) => b.path === 'assets/logo.png')!;
    expect(logo).toEqual({ path: 'assets/logo.png', size: png.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    // The element sends back what GET gave it: the kept logo by sha256 under a new name, one text file changed, the others left out.
    await saveSkill(agent, {
      skillName: 'notes',
      editingName: 'notes',
      skillMd: MD,
      files: { 'references/notes.md': '# N2\n' },
      binaries: [{ path: 'assets/brand/logo.png', sha256: logo.sha256 }],
    });
    expect([...(await readFile(join(agent, 'skills/notes/assets/brand/logo.png')))]).toEqual([...png]);
    expect((await readdir(join(agent, 'skills/notes/assets'))).sort()).toEqual(['brand']);
    expect(await readdir(join(agent, 'skills/notes/references'))).toEqual(['notes.md']);
    // Without files and binaries in the request, everything is carried over untouched.
    await saveSkill(agent, { skillName: 'notes', editingName: 'notes', skillMd: MD });
    const again = (await readCustomSkill(agent, 'notes')).skill;
    expect(again.files).toEqual({ 'references/notes.md': '# N2\n' });
    expect(again.binaries).toEqual([{ path: 'assets/brand/logo.png', size: png.length, sha256: logo.sha256 }]);
  });

  it('refuses a sha256 the edited skill does not hold, leaving the skill as it was', async () => {
    await saveSkill(agent, { skillName: 'notes', skillMd: MD, files: { 'references/notes.md': '# N\n' } });
    const err = await saveSkill(agent, {
      skillName: 'notes',
      editingName: 'notes',
      skillMd: MD,
      files: { 'references/notes.md': 'changed' },
      binaries: [{ path: 'assets/x.png', sha256: 'a'.repeat(64) }],
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(err)).toMatch(/does not hold; send its content_base64/);
    expect(await readFile(join(agent, 'skills/notes/references/notes.md'), 'utf8')).toBe('# N\n');
  });

  it('validates the saved folder: a link to a file the request leaves out is an error, nothing written', async () => {
    await saveSkill(agent, { skillName: 'notes', skillMd: MD, files: { 'references/notes.md': '# N\n' } });
    const err = await saveSkill(agent, { skillName: 'notes', editingName: 'notes', skillMd: MD, files: {} }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(JSON.stringify((err as { validation?: unknown }).validation)).toMatch(/references\/notes\.md/);
    expect(await readFile(join(agent, 'skills/notes/references/notes.md'), 'utf8')).toBe('# N\n');
  });

  it('an edit that renames the skill takes its folder files along (binaries kept by sha256)', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 9]);
    await saveSkill(agent, { skillName: 'notes', skillMd: MD, files: { 'references/notes.md': '# N\n' }, binaries: [{ path: 'assets/logo.png', bytes: png }] });
    const { binaries } = (await readCustomSkill(agent, 'notes')).skill;
    const renamed = MD.replace('name: notes', 'name: team-notes');
    await saveSkill(agent, {
      skillName: 'team-notes',
      editingName: 'notes',
      skillMd: renamed,
      files: { 'references/notes.md': '# N\n' },
      binaries: [{ path: 'assets/logo.png', sha256: binaries[0]!.sha256 }],
    });
    expect([...(await readFile(join(agent, 'skills/team-notes/assets/logo.png')))]).toEqual([...png]);
    expect(await readFile(join(agent, 'skills/team-notes/references/notes.md'), 'utf8')).toBe('# N\n');
  });
});
