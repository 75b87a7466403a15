// Save history: a save over a skill keeps the folder it replaces byte for
// byte under <agent>/.forge/skill-history/<name>/ (outside skills/), the CLI
// lists it, and rollback restores it exactly through the normal save, which
// keeps the version it replaced; retention drops the oldest.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import * as nodeFs from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { listSkillVersions, recordSkillVersion } from '../../../src/node/history/store.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { testIo } from '../cli/support.js';

const md = (n: number) => `---\nname: notes\ndescription: When the user asks for notes ("take a note"), write one (v${n}).\n---\n\n# Notes v${n}\n`;

let agent: string;
beforeEach(async () => {
  agent = await mkdtemp(join(tmpdir(), 'history-'));
  await writeFile(join(agent, 'forge.yaml'), 'agent_id: a\n');
});
afterEach(async () => {
  await rm(agent, { recursive: true, force: true });
});

describe('skill history', () => {
  it('keeps the replaced folder byte-identical and rollback restores it, recorded', async () => {
    await saveSkill(agent, { skillName: 'notes', skillMd: md(1), binaries: [{ path: 'assets/x.bin', bytes: new Uint8Array([0, 1, 2, 255]) }] });
    const v1md = await readFile(join(agent, 'skills/notes/SKILL.md'));
    await saveSkill(agent, { skillName: 'notes', skillMd: md(2), editingName: 'notes', overwrite: true, binaries: [] });
    const versions = await listSkillVersions(nodeFs, agent, 'notes');
    expect(versions.length).toBe(1);
    expect(versions[0]!.files.map((f) => f.path)).toEqual(['SKILL.md', 'assets/x.bin']);
    expect(await readdir(join(agent, 'skills'))).toEqual(['notes']);
    const io = testIo({ cwd: agent });
    expect(await main(['history', '.', 'notes'], io)).toBe(0);
    expect(io.out()).toContain(versions[0]!.id);
    const rb = testIo({ cwd: agent });
    expect(await main(['rollback', '.', 'notes', '--to', versions[0]!.id], rb)).toBe(0);
    expect(await readFile(join(agent, 'skills/notes/SKILL.md'))).toEqual(v1md);
    expect([...(await readFile(join(agent, 'skills/notes/assets/x.bin')))]).toEqual([0, 1, 2, 255]);
    // The rollback kept the version it replaced (v2).
    const after = await listSkillVersions(nodeFs, agent, 'notes');
    expect(after.length).toBe(2);
    const bad = testIo({ cwd: agent });
    expect(await main(['rollback', '.', 'notes', '--to', '0000000000000000'], bad)).toBe(1);
  });

  it('the CLI prints the risk, a diff between versions, and refuses an unsafe name', async () => {
    await saveSkill(agent, { skillName: 'notes', skillMd: md(1) });
    await saveSkill(agent, { skillName: 'notes', skillMd: md(2), editingName: 'notes' });
    await saveSkill(agent, { skillName: 'notes', skillMd: md(3), editingName: 'notes' });
    const [v2, v1] = await listSkillVersions(nodeFs, agent, 'notes');
    const list = testIo({ cwd: agent });
    expect(await main(['history', '.', 'notes'], list)).toBe(0);
    expect(list.out()).toMatch(new RegExp(`${v2!.id} .* 1 files  risk \\d+ \\(\\w+\\)  changed SKILL.md`));
    const d = testIo({ cwd: agent });
    expect(await main(['history', '.', 'notes', '--diff', v1!.id], d)).toBe(0);
    expect(d.out()).toContain('--- a/SKILL.md');
    expect(d.out()).toContain('-# Notes v1');
    expect(d.out()).toContain('+# Notes v3');
    const between = testIo({ cwd: agent });
    expect(await main(['history', '.', 'notes', '--diff', v1!.id, '--to', v2!.id], between)).toBe(0);
    expect(between.out()).toContain('+# Notes v2');
    const bad = testIo({ cwd: agent });
    expect(await main(['history', '.', '../notes'], bad)).not.toBe(0);
  });

  it('retention keeps the newest versions and drops unused objects', async () => {
    await mkdir(join(agent, 'x'), { recursive: true });
    for (let i = 0; i < 5; i++)
      await recordSkillVersion(nodeFs, agent, 'notes', new Map([['SKILL.md', new TextEncoder().encode(md(i))]]), {
        summary: `v${i}`,
        keep: 3,
        now: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    const kept = await listSkillVersions(nodeFs, agent, 'notes');
    expect(kept.map((v) => v.summary)).toEqual(['v4', 'v3', 'v2']);
    expect((await readdir(join(agent, '.forge/skill-history/notes/objects'))).length).toBe(3);
  });
});
