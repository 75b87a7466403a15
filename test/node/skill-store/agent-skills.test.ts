// The skill store on an agent: listAgentSkills / listCustomSkills / readCustomSkill
// (SPEC §4 layout, §8 "reads of skills never follow a symlink out of the skill's folder").
import * as nodeFs from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, UnsafePathError } from '../../../src/core/errors.js';
import type { FsLike } from '../../../src/node/fs/types.js';
import { customSkillData, listAgentSkills, listCustomSkills, readCustomSkill } from '../../../src/node/skill-store/index.js';
import { Skill } from '../../../src/core/skill/skill.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { guardProcessEnv } from '../../helpers/node-guards.js';
import { BAD_SKILL_NAMES, SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';

guardProcessEnv();

const TOOL_SKILL = skillMd('weather', {
  extraFrontmatter: 'category: utilities\ntags:\n  - weather\n  - forecast',
  body: '## Tool: weather_current\n\nGets the weather.\n\n## Tool: weather_forecast\n\nGets a forecast.\n',
});

describe('listCustomSkills', () => {
  it('lists subdir and flat skills with their summary, sorted by name', async () => {
    const ws = await createMemoryWorkspace({
      'agent/forge.yaml': '',
      'agent/skills/weather/SKILL.md': TOOL_SKILL,
      'agent/skills/weather/scripts/weather-current.sh': SCRIPT,
      'agent/skills/alpha.md': skillMd('alpha'),
      'agent/skills/notes.txt': 'not a skill',
      'agent/skills/empty-folder/README': 'no SKILL.md',
      'agent/skills/.weather.saving-1/SKILL.md': 'half-written temp folder',
    });
    const list = await listCustomSkills(ws.path('agent'), ws);
    expect(list).toEqual([
      {
        name: 'alpha',
        dirName: 'alpha',
        description: expect.stringContaining('When the user asks'),
        category: '',
        tags: [],
        path: '/workspace/agent/skills/alpha.md',
        hasScripts: false,
        tools: [],
        format: 'flat',
      },
      {
        name: 'weather',
        dirName: 'weather',
        description: expect.stringContaining('Reports things for weather'),
        category: 'utilities',
        tags: ['weather', 'forecast'],
        path: '/workspace/agent/skills/weather',
        hasScripts: true,
        tools: ['weather_current', 'weather_forecast'],
        format: 'subdir',
      },
    ]);
  });

  it('lists a skill that fails to parse with its error instead of breaking the list', async () => {
    const ws = await createMemoryWorkspace({
      'a/skills/broken/SKILL.md': '---\nname: broken\ndescription: [unclosed\n---\nbody\n',
      'a/skills/good/SKILL.md': skillMd('good'),
    });
    const list = await listCustomSkills(ws.path('a'), ws);
    expect(list.map((s) => s.dirName)).toEqual(['broken', 'good']);
    expect(list[0]!.error).toMatch(/line \d+/);
    expect(list[1]!.error).toBeUndefined();
  });

  it('does not read a SKILL.md or skill folder that is a symlink out of skills/, and reports both as skipped', async () => {
    const ws = await createMemoryWorkspace({
      '/outside/SKILL.md': skillMd('stolen'),
      '/outside/dir/SKILL.md': skillMd('stolen-dir'),
      'a/skills/ok/SKILL.md': skillMd('ok'),
    });
    await ws.fs.promises.mkdir(ws.path('a/skills/link-file'), { recursive: true });
    await ws.fs.promises.symlink('/outside/SKILL.md', ws.path('a/skills/link-file/SKILL.md'));
    await ws.fs.promises.symlink('/outside/dir', ws.path('a/skills/link-dir'));
    const { skills, skipped } = await listAgentSkills(ws.path('a'), ws);
    expect(skills.map((s) => [s.dirName, s.error])).toEqual([['ok', undefined]]);
    expect(skipped).toEqual([
      { path: 'link-dir', code: 'symlink-escape', skill: 'link-dir', reason: expect.stringMatching(/symlink pointing outside/) },
      { path: 'link-file/SKILL.md', code: 'symlink-escape', skill: 'link-file', reason: expect.stringMatching(/symlink pointing outside/) },
    ]);
    expect(JSON.stringify({ skills, skipped })).not.toContain('stolen');
    expect(await listCustomSkills(ws.path('a'), ws)).toEqual(skills);
    // Not listed, so not readable by name either.
    expect(NotFoundError.isInstance(await readCustomSkill(ws.path('a'), 'link-dir', ws).catch((e: unknown) => e))).toBe(true);
  });

  it('is empty for an agent without skills/', async () => {
    const ws = await createMemoryWorkspace({ 'a/forge.yaml': '' });
    expect(await listCustomSkills(ws.path('a'), ws)).toEqual([]);
  });
});

describe('readCustomSkill', () => {
  it('reads SKILL.md and scripts of a subdir skill', async () => {
    const ws = await createMemoryWorkspace({ 'a/skills/weather/SKILL.md': TOOL_SKILL, 'a/skills/weather/scripts/weather-current.sh': SCRIPT });
    const s = await readCustomSkill(ws.path('a'), 'weather', ws);
    expect(s).toEqual({ skill: expect.any(Skill), name: 'weather', dirName: 'weather', path: '/workspace/a/skills/weather', format: 'subdir', skipped: [] });
    expect(s.skill.toJSON()).toEqual({ skillMd: TOOL_SKILL, scripts: { 'weather-current.sh': SCRIPT }, dirName: 'weather' });
    // The plain data the skills route answers.
    expect(customSkillData(s)).toEqual({
      name: 'weather',
      dirName: 'weather',
      skillMd: TOOL_SKILL,
      scripts: { 'weather-current.sh': SCRIPT },
      path: '/workspace/a/skills/weather',
      format: 'subdir',
      files: {},
      binaries: [],
      skipped: [],
    });
  });

  it('reads the folder files: UTF-8 text in any folder with content, other files (by content) as binaries with size and sha256', async () => {
    const ws = await createMemoryWorkspace({
      'a/skills/weather/SKILL.md': TOOL_SKILL,
      'a/skills/weather/references/api.md': '# API\n',
      'a/skills/weather/assets/t.json': '{}',
      'a/skills/weather/templates/report.md': '# Report\n',
      'a/skills/weather/LICENSE': 'MIT\n',
      'a/skills/weather/references/blob.md': 'MIT\n\u0000',
      'a/skills/weather/.DS_Store': 'x',
    });
    const s = await readCustomSkill(ws.path('a'), 'weather', ws);
    expect(s.skill.files).toEqual({ LICENSE: 'MIT\n', 'assets/t.json': '{}', 'references/api.md': '# API\n', 'templates/report.md': '# Report\n' });
    // sha256 of "MIT\n\0": a NUL byte makes it binary, whatever its folder and name say
    expect(s.skill.binaries).toEqual([{ path: 'references/blob.md', size: 5, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown as string }]);
    expect(s.skipped).toEqual([{ path: 'weather/.DS_Store', code: 'file-skipped', skill: 'weather', reason: expect.stringMatching(/hidden/) }]);
    expect((await readCustomSkill(ws.path('a'), 'weather', { ...ws, folderFiles: false })).skill.binaries).toEqual([]);
  });

  it('reads a flat skill', async () => {
    const ws = await createMemoryWorkspace({ 'a/skills/alpha.md': skillMd('alpha') });
    const s = await readCustomSkill(ws.path('a'), 'alpha', ws);
    expect(s).toMatchObject({ format: 'flat', path: '/workspace/a/skills/alpha.md' });
    expect(s.skill.scripts).toEqual({});
  });

  it('opens a skill by its frontmatter name when the folder is named differently', async () => {
    const ws = await createMemoryWorkspace({ 'a/skills/old-folder/SKILL.md': skillMd('new-name') });
    const s = await readCustomSkill(ws.path('a'), 'new-name', ws);
    expect([s.name, s.dirName]).toEqual(['new-name', 'old-folder']);
    expect((await readCustomSkill(ws.path('a'), 'old-folder', ws)).name).toBe('new-name');
  });

  it('skips and reports a script symlinked to a file outside, hidden files and folders', async () => {
    const ws = await createMemoryWorkspace({
      '/outside/secret.txt': 'TOP SECRET',
      'a/skills/s/SKILL.md': skillMd('s'),
      'a/skills/s/scripts/ok.sh': SCRIPT,
      'a/skills/s/scripts/.hidden': 'x',
      'a/skills/s/scripts/nested/x.sh': SCRIPT,
    });
    await ws.fs.promises.symlink('/outside/secret.txt', ws.path('a/skills/s/scripts/leak.sh'));
    await ws.fs.promises.symlink('ok.sh', ws.path('a/skills/s/scripts/alias.sh'));
    const s = await readCustomSkill(ws.path('a'), 's', ws);
    expect(Object.keys(s.skill.scripts).sort()).toEqual(['alias.sh', 'ok.sh']);
    expect(JSON.stringify(customSkillData(s))).not.toContain('TOP SECRET');
    expect(s.skipped.map((x) => x.path).sort()).toEqual(['s/scripts/.hidden', 's/scripts/leak.sh']);
    // A folder inside scripts/ holds no tools; its text files are the skill's folder files.
    expect(s.skill.files).toEqual({ 'scripts/nested/x.sh': SCRIPT });
    expect(s.skipped.find((x) => x.path === 's/scripts/leak.sh')).toMatchObject({
      code: 'symlink-escape',
      skill: 's',
      reason: expect.stringMatching(/symlink pointing outside/),
    });
  });

  it('refuses a scripts/ folder that is a symlink out of the skill', async () => {
    const ws = await createMemoryWorkspace({ '/outside/scripts/x.sh': 'TOP SECRET', 'a/skills/s/SKILL.md': skillMd('s') });
    await ws.fs.promises.symlink('/outside/scripts', ws.path('a/skills/s/scripts'));
    const s = await readCustomSkill(ws.path('a'), 's', ws);
    expect(s.skill.scripts).toEqual({});
    expect(s.skipped).toEqual([expect.objectContaining({ path: 's/scripts', skill: 's', reason: expect.stringMatching(/outside the skill folder/) })]);
  });

  for (const bad of BAD_SKILL_NAMES) {
    it(`refuses the name ${JSON.stringify(bad)} before touching a path`, async () => {
      const ws = await createMemoryWorkspace({ 'a/skills/x/SKILL.md': skillMd('x'), 'a/x.md': skillMd('x') });
      const err = await readCustomSkill(ws.path('a'), bad, ws).catch((e: unknown) => e);
      expect(UnsafePathError.isInstance(err)).toBe(true);
    });
  }

  it('answers NotFoundError for a valid name that does not exist', async () => {
    const ws = await createMemoryWorkspace({ 'a/skills/x/SKILL.md': skillMd('x') });
    const err = await readCustomSkill(ws.path('a'), 'nope', ws).catch((e: unknown) => e);
    expect(NotFoundError.isInstance(err)).toBe(true);
  });
});

describe('readCustomSkill (real disk symlinks)', () => {
  let dir: string;
  const fs = nodeFs as unknown as FsLike;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'forge-skills-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('skips a script symlinked to a file outside the skill and reports it', async () => {
    await mkdir(join(dir, 'agent/skills/s/scripts'), { recursive: true });
    await writeFile(join(dir, 'outside.txt'), 'TOP SECRET');
    await writeFile(join(dir, 'agent/skills/s/SKILL.md'), skillMd('s'));
    await writeFile(join(dir, 'agent/skills/s/scripts/ok.sh'), SCRIPT);
    await symlink(join(dir, 'outside.txt'), join(dir, 'agent/skills/s/scripts/leak.sh'));
    await symlink('../../../../outside.txt', join(dir, 'agent/skills/s/scripts/rel-leak.sh'));
    const s = await readCustomSkill(join(dir, 'agent'), 's', { fs });
    expect(Object.keys(s.skill.scripts)).toEqual(['ok.sh']);
    expect(s.skipped.map((x) => x.path).sort()).toEqual(['s/scripts/leak.sh', 's/scripts/rel-leak.sh']);
    expect(JSON.stringify(customSkillData(s))).not.toContain('TOP SECRET');
  });
});
