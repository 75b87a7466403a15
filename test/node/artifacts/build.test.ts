// Issue 8, Node side: buildSkillsFolder reads skills/<name>/SKILL.md + scripts/ and
// flat skills/<name>.md, skips and reports symlinks whose real path leaves the
// skills folder, leaves broken skills out, and writes skills.json, tools.json and
// prompt.txt atomically and byte-identically for the same input.
import { mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSkillsFolder } from '../../../src/node/artifacts/build-folder.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { guardProcessEnv } from '../../helpers/node-guards.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';

guardProcessEnv();

const WEATHER = skillMd('weather', {
  extraFrontmatter: 'category: utilities\ntags: [weather, api]',
  body: '## Tool: weather_now\n\nCurrent weather.\n\n**Input:** city (string)\n',
});

describe('buildSkillsFolder', () => {
  it('writes skills.json, tools.json and prompt.txt and leaves no temp files', async () => {
    const ws = await createMemoryWorkspace({
      'skills/weather/SKILL.md': WEATHER,
      'skills/weather/scripts/weather-now.sh': SCRIPT,
      'skills/notes.md': skillMd('notes', { body: 'NOTES-BODY: use `web_fetch`.' }),
      'out/skills.json': 'old',
    });
    const r = await buildSkillsFolder(ws.path('skills'), { out: ws.path('out'), fs: ws.fs });
    expect(r.written).toEqual(['skills.json', 'tools.json', 'prompt.txt'].map((f) => ws.path(`out/${f}`)));
    expect((await ws.fs.promises.readdir(ws.path('out'), { withFileTypes: true })).map((e) => String((e as { name: string }).name)).sort()).toEqual([
      'prompt.txt',
      'skills.json',
      'tools.json',
    ]);
    const skills = JSON.parse((await ws.read('out/skills.json'))!);
    expect(skills.skills.map((s: { name: string }) => s.name)).toEqual(['notes', 'weather']);
    const tools = JSON.parse((await ws.read('out/tools.json'))!);
    expect(tools.tools.map((t: { name: string; script: string }) => [t.name, t.script])).toEqual([['weather_now', 'weather/scripts/weather-now.sh']]);
    expect(await ws.read('out/prompt.txt')).toContain('NOTES-BODY');
    expect(r.files['skills.json']).toBe(await ws.read('out/skills.json'));
  });

  it('writes nothing without out, and returns the file texts', async () => {
    const ws = await createMemoryWorkspace({ 'skills/notes.md': skillMd('notes') });
    const before = JSON.stringify(ws.vol.toJSON());
    const r = await buildSkillsFolder(ws.path('skills'), { fs: ws.fs });
    expect(r.written).toEqual([]);
    expect(JSON.parse(r.files['skills.json']).count).toBe(1);
    expect(JSON.stringify(ws.vol.toJSON())).toBe(before);
  });

  it('reports a broken skill with its diagnostics and builds the rest', async () => {
    const ws = await createMemoryWorkspace({
      'skills/broken/SKILL.md': '---\nname: broken\ndescription: [unclosed\n---\nbody\n',
      'skills/good/SKILL.md': skillMd('good'),
    });
    const r = await buildSkillsFolder(ws.path('skills'), { out: ws.path('out'), fs: ws.fs });
    expect(r.compiled.skills.map((s) => s.name)).toEqual(['good']);
    expect(r.compiled.excluded).toEqual(['broken']);
    const err = r.compiled.diagnostics.find((d) => d.skill === 'broken' && d.severity === 'error');
    expect(err?.line).toBeGreaterThan(0);
    expect(JSON.parse((await ws.read('out/skills.json'))!).count).toBe(1);
  });

  it('reports skipped symlinks among its diagnostics', async () => {
    const ws = await createMemoryWorkspace({ '/outside/x/SKILL.md': skillMd('x'), 'skills/good/SKILL.md': skillMd('good') });
    await ws.fs.promises.symlink('/outside/x', ws.path('skills/x'));
    const r = await buildSkillsFolder(ws.path('skills'), { fs: ws.fs });
    expect(r.compiled.diagnostics.filter((d) => d.code === 'symlink-escape')).toMatchObject([{ skill: 'x', severity: 'warning', file: 'x' }]);
    expect(r.compiled.skills.map((s) => s.name)).toEqual(['good']);
  });

  it('applies --category and --tags filters', async () => {
    const ws = await createMemoryWorkspace({
      'skills/a/SKILL.md': skillMd('a', { extraFrontmatter: 'category: sre\ntags: [kubernetes, triage]' }),
      'skills/b/SKILL.md': skillMd('b', { extraFrontmatter: 'category: sre\ntags: [kubernetes]' }),
    });
    expect(
      (await buildSkillsFolder(ws.path('skills'), { fs: ws.fs, category: 'sre', tags: ['kubernetes', 'triage'] })).compiled.skills.map((s) => s.name),
    ).toEqual(['a']);
  });
});

describe('buildSkillsFolder on disk', () => {
  let root = '';
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'forge-build-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('gives byte-identical files for two builds of the same folder', async () => {
    await mkdir(join(root, 'skills/weather/scripts'), { recursive: true });
    await writeFile(join(root, 'skills/weather/SKILL.md'), WEATHER);
    await writeFile(join(root, 'skills/weather/scripts/weather-now.sh'), SCRIPT);
    await writeFile(join(root, 'skills/notes.md'), skillMd('notes'));
    await buildSkillsFolder(join(root, 'skills'), { out: join(root, 'one') });
    await buildSkillsFolder(join(root, 'skills'), { out: join(root, 'two') });
    for (const f of ['skills.json', 'tools.json', 'prompt.txt']) expect(await readFile(join(root, 'two', f))).toEqual(await readFile(join(root, 'one', f)));
    expect((await readdir(join(root, 'one'))).sort()).toEqual(['prompt.txt', 'skills.json', 'tools.json']);
  });

  it('skips a real symlink out of the skills folder', async () => {
    await mkdir(join(root, 'outside'), { recursive: true });
    await writeFile(join(root, 'outside/SKILL.md'), skillMd('outside'));
    await mkdir(join(root, 'skills'), { recursive: true });
    await symlink(join(root, 'outside'), join(root, 'skills/outside'));
    const r = await buildSkillsFolder(join(root, 'skills'));
    expect(r.compiled.count).toBe(0);
    expect(r.skipped).toMatchObject([{ path: 'outside', code: 'symlink-escape' }]);
  });
});
