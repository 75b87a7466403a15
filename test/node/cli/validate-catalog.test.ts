// `validate` and `catalog` on real folders: file:line diagnostics, exit codes,
// --json, profiles, and the catalog in both formats.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';
import { testIo } from './support.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-cli-'));
  await mkdir(join(root, 'agent/skills/good/scripts'), { recursive: true });
  await writeFile(join(root, 'agent/skills/good/SKILL.md'), skillMd('good'));
  await writeFile(join(root, 'agent/skills/good/scripts/run.sh'), SCRIPT);
  await mkdir(join(root, 'agent/skills/bad'), { recursive: true });
  // Line 2 holds an invalid name.
  await writeFile(join(root, 'agent/skills/bad/SKILL.md'), '---\nname: Bad_Name\ndescription: x\n---\nbody\n');
  await writeFile(join(root, 'agent/skills/flat.md'), skillMd('flat'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('validate', () => {
  it('accepts a valid skill folder and exits 0', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['validate', 'agent/skills/good'], io)).toBe(0);
    expect(io.out()).toMatch(/^agent\/skills\/good\/SKILL\.md: valid/m);
  });

  it('prints errors with file:line and exits 1 when any skill has errors', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['validate', 'agent/skills/good', 'agent/skills/bad/SKILL.md', 'agent/skills/flat.md'], io)).toBe(1);
    const out = io.out();
    expect(out).toMatch(/^agent\/skills\/bad\/SKILL\.md:2: error \[[a-z-]+\] name: /m);
    expect(out).toMatch(/^agent\/skills\/bad\/SKILL\.md: \d+ errors?, \d+ warnings?$/m);
    expect(out).toMatch(/^agent\/skills\/flat\.md: valid/m);
  });

  it('reports a missing path and a folder without SKILL.md', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['validate', 'nope', 'agent'], io)).toBe(1);
    expect(io.err()).toMatch(/nope: no such file or folder/);
    expect(io.err()).toMatch(/agent: the folder has no SKILL\.md/);
  });

  it('reads scripts as build does: hidden files are not scripts, and a symlink out of the skill is reported, not read', async () => {
    // SPEC §8: reads of skills never follow a symlink out of the skill's folder.
    await writeFile(join(root, 'agent/skills/good/scripts/.gitkeep'), '');
    await writeFile(join(root, 'outside.txt'), 'TOP SECRET');
    await symlink(join(root, 'outside.txt'), join(root, 'agent/skills/good/scripts/leak.sh'));
    const json = testIo({ cwd: root });
    expect(await main(['validate', '--json', 'agent/skills/good'], json)).toBe(0);
    const [report] = JSON.parse(json.out());
    expect(report.errors).toEqual([]);
    expect(report.warnings).toContainEqual(expect.objectContaining({ code: 'symlink-escape', file: 'agent/skills/good/scripts/leak.sh' }));
    expect(json.out()).not.toContain('TOP SECRET');
    const text = testIo({ cwd: root });
    expect(await main(['validate', 'agent/skills/good/SKILL.md'], text)).toBe(0);
    expect(text.out()).toMatch(/^agent\/skills\/good\/scripts\/leak\.sh: warning \[symlink-escape\] scripts: scripts\/leak\.sh is a symlink pointing outside/m);
  });

  it('prints JSON with --json', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['validate', '--json', 'agent/skills/good', 'agent/skills/bad'], io)).toBe(1);
    const report = JSON.parse(io.out());
    expect(report.map((r: { path: string; valid: boolean }) => [r.path, r.valid])).toEqual([
      ['agent/skills/good/SKILL.md', true],
      ['agent/skills/bad/SKILL.md', false],
    ]);
    expect(report[1].errors[0]).toMatchObject({ field: 'name', severity: 'error', line: 2 });
  });

  it('applies the agentskills profile (name must match the folder)', async () => {
    await mkdir(join(root, 'other'), { recursive: true });
    await writeFile(join(root, 'other/SKILL.md'), skillMd('not-other'));
    const forge = testIo({ cwd: root });
    const agentskills = testIo({ cwd: root });
    await main(['validate', 'other', '--json'], forge);
    expect(await main(['validate', 'other', '--json', '--profile', 'agentskills'], agentskills)).toBe(1);
    const errs = JSON.parse(agentskills.out())[0].errors;
    expect(errs.some((e: { field: string }) => e.field === 'name')).toBe(true);
    expect(JSON.stringify(JSON.parse(forge.out())[0].errors)).not.toEqual(JSON.stringify(errs));
  });
});

describe('catalog', () => {
  it('prints the forge catalog of a skills folder', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['catalog', 'agent/skills'], io)).toBe(0);
    expect(io.out()).toMatch(/^## Available Skills/);
    expect(io.out()).toMatch(/^- good: Reports things for good\./m);
    expect(io.out()).toMatch(/^- flat: /m);
  });

  it('prints the Agent Skills XML with --format xml, and accepts the agent folder', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['catalog', 'agent', '--format', 'xml'], io)).toBe(0);
    expect(io.out()).toMatch(/^<available_skills>/);
    expect(io.out()).toContain(`<location>${join(root, 'agent/skills/good/SKILL.md')}</location>`);
  });

  it('fails clearly for a folder that is not a skills folder', async () => {
    const io = testIo({ cwd: root });
    expect(await main(['catalog', 'agent/skills/good/scripts'], io)).toBe(1);
    expect(io.err()).toMatch(/agent\/skills\/good\/scripts: no skills in this folder/);
  });
});
