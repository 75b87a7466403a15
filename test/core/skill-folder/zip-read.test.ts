// readSkillZip / writeSkillZip (issue 17): every hostile-archive case is
// refused with SkillArchiveError before anything is kept; well-formed zips
// and `.skill` packages become drafts; export is deterministic and reads back.
import { zipSync, type Zippable, type ZipOptions } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SkillArchiveError } from '../../../src/core/skill-folder/errors.js';
import { Skill } from '../../../src/core/skill/skill.js';
import { readSkillZip } from '../../../src/core/skill-folder/read.js';
import { writeSkillZip } from '../../../src/core/skill-folder/zip-write.js';

const MD =
  '---\nname: pdf-tools\ndescription: Fill PDF forms. Use when the user has a PDF form to fill.\n---\n\n# PDF tools\n\nSee [the guide](references/guide.md).\n';
const enc = (s: string) => new TextEncoder().encode(s);
const unix = (mode: number): ZipOptions => ({ os: 3, attrs: (mode << 16) >>> 0 });

function zipOf(files: Record<string, Uint8Array | string>, opts: Record<string, ZipOptions> = {}): Uint8Array {
  const z: Zippable = {};
  for (const [name, data] of Object.entries(files)) z[name] = [typeof data === 'string' ? enc(data) : data, { level: 6, ...opts[name] }];
  return zipSync(z);
}

async function refusal(zip: Uint8Array): Promise<SkillArchiveError> {
  const err = await readSkillZip(zip).then(
    () => null,
    (e: unknown) => e,
  );
  expect(SkillArchiveError.isInstance(err), `expected a refusal, got ${String(err)}`).toBe(true);
  return err as SkillArchiveError;
}

/** Rewrites the declared uncompressed size of every entry (local header and central directory). */
function lieAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const sig = view.getUint32(i, true);
    if (sig === 0x04034b50) view.setUint32(i + 22, size, true);
    if (sig === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

describe('readSkillZip: well-formed archives', () => {
  it('sorts SKILL.md, scripts, reference text and binaries into a Skill', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const draft = await readSkillZip(
      zipOf({ 'SKILL.md': MD, 'scripts/fill.py': 'print(1)\n', 'references/guide.md': '# Guide\n', 'assets/logo.png': png, 'LICENSE.txt': 'MIT\n' }),
    );
    expect(draft).toBeInstanceOf(Skill);
    expect(draft.name).toBe('pdf-tools');
    expect(draft.skillMd).toBe(MD);
    expect(draft.scripts).toEqual({ 'fill.py': 'print(1)\n' });
    expect(draft.files).toEqual({ 'LICENSE.txt': 'MIT\n', 'references/guide.md': '# Guide\n' });
    expect(draft.binaries.map((b) => [b.path, b.size])).toEqual([['assets/logo.png', 8]]);
    expect(draft.binaries[0]!.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect([...draft.binaries[0]!.bytes!]).toEqual([...png]);
  });

  it('strips the one wrapping folder of a .skill package and ignores __MACOSX', async () => {
    const draft = await readSkillZip(zipOf({ 'pdf-tools/SKILL.md': MD, 'pdf-tools/references/guide.md': 'g', '__MACOSX/pdf-tools/._SKILL.md': 'x' }));
    expect(draft.skillMd).toBe(MD);
    expect(draft.files).toEqual({ 'references/guide.md': 'g' });
  });

  it('export is deterministic (sorted, fixed time, 0755 scripts) and imports back unchanged', async () => {
    const draft = await readSkillZip(
      zipOf({ 'scripts/b.sh': 'echo b\n', 'SKILL.md': MD, 'references/guide.md': 'g\n', 'assets/x.bin': new Uint8Array([0, 200, 3]) }),
    );
    const a = writeSkillZip(draft);
    const b = writeSkillZip(await readSkillZip(a));
    expect(Buffer.from(b).equals(Buffer.from(a))).toBe(true);
    const back = await readSkillZip(a);
    expect(back.skillMd).toBe(draft.skillMd);
    expect(back.scripts).toEqual(draft.scripts);
    expect(back.files).toEqual(draft.files);
    expect(back.binaries.map((x) => x.sha256)).toEqual(draft.binaries.map((x) => x.sha256));
    const text = Buffer.from(a).toString('latin1');
    expect(text.indexOf('SKILL.md')).toBeLessThan(text.indexOf('assets/x.bin'));
    // unix mode of scripts/b.sh in its central directory record: 0100755
    const cd = text.lastIndexOf('PK\x01\x02', text.indexOf('scripts/b.sh', text.indexOf('PK\x01\x02')));
    expect(Buffer.from(a).readUInt32LE(cd + 38) >>> 16).toBe(0o100755);
  });

  it('writes a .skill package under one folder that reads back', async () => {
    const draft = await readSkillZip(zipOf({ 'SKILL.md': MD }));
    const pkg = writeSkillZip(draft, { root: 'pdf-tools' });
    expect(Buffer.from(pkg).toString('latin1')).toContain('pdf-tools/SKILL.md');
    expect((await readSkillZip(pkg)).skillMd).toBe(MD);
  });

  it('writes any SkillLike: a Skill, its plain data or a bare SKILL.md text give the same bytes', () => {
    const fromText = writeSkillZip(MD);
    expect(Buffer.from(writeSkillZip({ skillMd: MD })).equals(Buffer.from(fromText))).toBe(true);
    expect(Buffer.from(writeSkillZip(Skill.from(MD))).equals(Buffer.from(fromText))).toBe(true);
  });
});

describe('readSkillZip: hostile archives are refused', () => {
  const base = { 'SKILL.md': MD };
  it.each([
    ['..', '../evil.sh', /"\.\."/],
    ['.. inside', 'references/../../evil.md', /"\.\."/],
    ['absolute', '/etc/cron.d/evil', /absolute/],
    ['drive', 'C:/evil.txt', /drive/],
    ['backslash', 'references\\evil.md', /backslash/],
  ])('path with %s', async (_label, name, message) => {
    const err = await refusal(zipOf({ ...base, [name]: 'x' }));
    expect(err.message).toMatch(message);
    expect(err.entry).toBe(name);
  });

  it('a symlink entry (unix mode in the external attributes)', async () => {
    const err = await refusal(zipOf({ ...base, 'references/passwd': '/etc/passwd' }, { 'references/passwd': unix(0o120777) }));
    expect(err.message).toMatch(/symbolic link/);
  });

  it('a device entry', async () => {
    expect((await refusal(zipOf({ ...base, 'assets/tty': '' }, { 'assets/tty': unix(0o020644) }))).message).toMatch(/device/);
  });

  it.each([
    ['case', 'references/Guide.md', 'references/guide.md'],
    ['Unicode normalisation', 'references/caf\u00e9.md', 'references/cafe\u0301.md'],
    ['case of SKILL.md', 'skill.md', 'SKILL.md'],
  ])('names that clash after %s', async (_label, a, b) => {
    expect((await refusal(zipOf({ ...base, [a]: '1', [b]: '2' }))).message).toMatch(/clash|SKILL\.md/);
  });

  it('more than 500 entries', async () => {
    const many: Record<string, string> = { ...base };
    for (let i = 0; i < 500; i++) many[`assets/f${i}.txt`] = 'x';
    expect((await refusal(zipOf(many))).message).toMatch(/501 entries/);
  });

  it('more than 20 MiB uncompressed (declared sizes, stored)', async () => {
    const big = new Uint8Array(21 * 1024 * 1024);
    expect((await refusal(zipOf({ ...base, 'assets/big.bin': big }, { 'assets/big.bin': { level: 0 } }))).message).toMatch(/20 MiB/);
  });

  it('a compression ratio over 100:1 (a zip bomb) before inflating', async () => {
    const bomb = new Uint8Array(5 * 1024 * 1024); // zeros: ~1000:1
    expect((await refusal(zipOf({ ...base, 'assets/zeros.bin': bomb }))).message).toMatch(/ratio/);
  });

  it('an entry that inflates to more than it declares (actual bytes are capped)', async () => {
    const text = 'abcdefghij'.repeat(2000); // 20 000 bytes, ratio well under 100:1
    const zip = lieAboutSizes(zipOf({ 'SKILL.md': MD, 'references/r.md': text }), 100);
    const err = await refusal(zip);
    expect(err.message).toMatch(/inflates to more than its declared size/);
  });

  it.each([
    ['by name', 'assets/inner.zip', 'x'],
    ['.skill by name', 'assets/other.skill', 'x'],
    ['by content', 'assets/data.bin', zipSync({ 'a.txt': enc('a') })],
  ])('a nested archive %s', async (_label, name, data) => {
    expect((await refusal(zipOf({ ...base, [name]: data }))).message).toMatch(/nested archive/);
  });

  it('no SKILL.md, two SKILL.md, or SKILL.md not at the root', async () => {
    expect((await refusal(zipOf({ 'README.md': 'x' }))).message).toMatch(/no SKILL\.md/);
    expect((await refusal(zipOf({ 'a/SKILL.md': MD, 'b/SKILL.md': MD }))).message).toMatch(/2 SKILL\.md/);
    expect((await refusal(zipOf({ 'a/b/SKILL.md': MD }))).message).toMatch(/not at the root/);
    expect((await refusal(zipOf({ 'a/SKILL.md': MD, 'stray.txt': 'x' }))).message).toMatch(/outside the skill folder/);
  });

  it('bytes that are not a zip', async () => {
    expect((await refusal(enc('just text, not a zip archive at all........'))).message).toMatch(/not a zip/);
  });
});
