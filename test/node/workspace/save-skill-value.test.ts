// saveSkill given the skill as one value ({skill}: a Skill or anything Skill.from
// takes), and the names it refuses because the skill store would skip them or
// because an entry of skills/ that is not a skill holds them.
import { describe, expect, it } from 'vitest';
import { RequestError, SkillConflictError } from '../../../src/core/errors.js';
import { Skill } from '../../../src/core/skill/skill.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { readCustomSkill } from '../../../src/node/skill-store/index.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { guardProcessEnv, thrown } from '../../helpers/node-guards.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';

guardProcessEnv();

const agentWs = (extra: Record<string, string> = {}): Promise<MemoryWorkspace> => createMemoryWorkspace({ 'alpha/forge.yaml': 'agent_id: alpha\n', ...extra });
const snapshot = (ws: MemoryWorkspace) => JSON.stringify(ws.vol.toJSON());
const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 7]);

describe('saveSkill({skill})', () => {
  it('saves a Skill under its frontmatter name: SKILL.md, scripts, text files and binaries with bytes', async () => {
    const ws = await agentWs();
    const skill = Skill.from({
      skillMd: skillMd('weather-report'),
      scripts: { 'weather.sh': SCRIPT },
      files: { 'references/api.md': '# API\n' },
      binaries: [{ path: 'assets/logo.png', size: bytes.length, sha256: 'ab'.repeat(32), bytes }],
    });
    const r = await saveSkill(ws.path('alpha'), { skill }, ws);
    expect(r.path).toBe('/workspace/alpha/skills/weather-report');
    const read = (await readCustomSkill(ws.path('alpha'), 'weather-report', ws)).skill;
    expect(read.skillMd).toBe(skill.skillMd);
    expect(read.scripts).toEqual({ 'weather.sh': SCRIPT });
    expect(read.files).toEqual({ 'references/api.md': '# API\n' });
    expect(read.binaries.map((b) => [b.path, b.size])).toEqual([['assets/logo.png', bytes.length]]);
  });

  it('takes a bare SKILL.md text, and a dirName names a skill whose frontmatter has none only as the folder (the validator still wants a name)', async () => {
    const ws = await agentWs();
    await saveSkill(ws.path('alpha'), { skill: skillMd('tz-clock') }, ws);
    expect(await ws.read('alpha/skills/tz-clock/SKILL.md')).toBe(skillMd('tz-clock'));
    const err = await thrown(() => saveSkill(ws.path('alpha'), { skill: { skillMd: '# no frontmatter\n' } }, ws));
    expect(RequestError.isInstance(err) && err.field).toBe('skill_name');
  });

  it('an edit carries the folder files when the skill has none, and replaces them when it has some (binaries without bytes kept by sha256)', async () => {
    const ws = await agentWs();
    const first = Skill.from({
      skillMd: skillMd('notes'),
      files: { 'references/a.md': 'A\n', 'references/b.md': 'B\n' },
      binaries: [{ path: 'assets/x.bin', size: bytes.length, sha256: '0'.repeat(64), bytes }],
    });
    await saveSkill(ws.path('alpha'), { skill: first }, ws);
    const edited = skillMd('notes', { body: 'Edited: call `datetime_now`.' });
    await saveSkill(ws.path('alpha'), { skill: edited, editingName: 'notes' }, ws);
    const carried = (await readCustomSkill(ws.path('alpha'), 'notes', ws)).skill;
    expect([carried.skillMd, Object.keys(carried.files)]).toEqual([edited, ['references/a.md', 'references/b.md']]);
    // What the store read (binaries by reference) minus one text file: the complete new set.
    const next = carried.with({ files: { 'references/a.md': 'A2\n' } });
    await saveSkill(ws.path('alpha'), { skill: next, editingName: 'notes' }, ws);
    const replaced = (await readCustomSkill(ws.path('alpha'), 'notes', ws)).skill;
    expect(replaced.files).toEqual({ 'references/a.md': 'A2\n' });
    expect(replaced.binaries).toEqual(carried.binaries);
    // folderFiles: 'replace' with no files removes them all.
    await saveSkill(ws.path('alpha'), { skill: edited, editingName: 'notes', folderFiles: 'replace' }, ws);
    const bare = (await readCustomSkill(ws.path('alpha'), 'notes', ws)).skill;
    expect([bare.files, bare.binaries]).toEqual([{}, []]);
  });

  it('refuses a skill with a stray name field (RequestError on name), writing nothing', async () => {
    const ws = await agentWs();
    const before = snapshot(ws);
    const err = await thrown(() => saveSkill(ws.path('alpha'), { skill: { skillMd: skillMd('a-b'), name: 'other' } as never }, ws));
    expect(RequestError.isInstance(err) && err.field).toBe('name');
    expect(snapshot(ws)).toBe(before);
  });
});

describe('saveSkill refuses names the skill store would skip', () => {
  for (const name of ['readme', 'README']) {
    it(`refuses skill_name ${JSON.stringify(name)} with a RequestError on skill_name, writing nothing`, async () => {
      const ws = await agentWs();
      const before = snapshot(ws);
      // "README" is not kebab-case and is refused as a name; "readme" is kebab-case but the store reads it as notes.
      const err = await thrown(() => saveSkill(ws.path('alpha'), { skillName: name, skillMd: skillMd(name) }, ws));
      expect((err as RequestError).field).toBe('skill_name');
      expect(snapshot(ws)).toBe(before);
    });
  }

  for (const name of ['_template', '.hidden']) {
    it(`refuses ${JSON.stringify(name)} (the store skips it) naming skill_name`, async () => {
      const ws = await agentWs();
      const err = await thrown(() => saveSkill(ws.path('alpha'), { skillName: name, skillMd: skillMd('x') }, ws));
      expect((err as RequestError).field).toBe('skill_name');
    });
  }

  it('a create-mode save refuses an entry of skills/ that holds the name and is not a skill (SkillConflictError), as the HTTP route does', async () => {
    const ws = await agentWs({ 'alpha/skills/notes/README.txt': 'not a skill\n' });
    const before = snapshot(ws);
    const err = await thrown(() => saveSkill(ws.path('alpha'), { skill: skillMd('notes') }, ws));
    expect(SkillConflictError.isInstance(err)).toBe(true);
    expect((err as Error).message).toMatch(/skills\/notes is in the way/);
    expect(snapshot(ws)).toBe(before);
  });
});
