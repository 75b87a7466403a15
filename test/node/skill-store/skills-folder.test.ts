// The skill store reading a plain skills folder (what `build` and `catalog`
// take): skills/<name>/SKILL.md + scripts/ and flat skills/<name>.md, skipping
// and reporting symlinks whose real path leaves the skills folder, templates,
// READMEs and folders without SKILL.md (SPEC §8).
import { ConfigError } from '../../../src/core/errors.js';
import { describe, expect, it } from 'vitest';
import { readSkillsFolder } from '../../../src/node/skill-store/read-all.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { guardProcessEnv, thrown } from '../../helpers/node-guards.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';

guardProcessEnv();

const WEATHER = skillMd('weather', {
  extraFrontmatter: 'category: utilities\ntags: [weather, api]',
  body: '## Tool: weather_now\n\nCurrent weather.\n\n**Input:** city (string)\n',
});

describe('readSkillsFolder', () => {
  it('reads subdir skills with their scripts and flat skills, ignoring hidden files', async () => {
    const ws = await createMemoryWorkspace({
      'skills/weather/SKILL.md': WEATHER,
      'skills/weather/scripts/weather-now.sh': SCRIPT,
      'skills/weather/scripts/.gitkeep': '',
      'skills/notes.md': skillMd('notes'),
      'skills/.weather.saving-1/SKILL.md': 'temp',
      'skills/README.txt': 'not a skill',
    });
    const r = await readSkillsFolder(ws.path('skills'), ws);
    expect(r.skills).toEqual([
      { skillMd: skillMd('notes'), dirName: 'notes' },
      { skillMd: WEATHER, dirName: 'weather', scripts: { 'weather-now.sh': SCRIPT } },
    ]);
    expect(r.skipped).toEqual([]);
  });

  it('skips and reports a skill folder, a SKILL.md and a script that are symlinks out of the skills folder', async () => {
    const ws = await createMemoryWorkspace({
      '/outside/dir/SKILL.md': skillMd('stolen-dir'),
      '/outside/SKILL.md': skillMd('stolen-file'),
      '/outside/secret.sh': 'echo SECRET-SCRIPT',
      '/outside/flat.md': skillMd('stolen-flat'),
      'skills/ok/SKILL.md': WEATHER,
      'skills/ok/scripts/weather-now.sh': SCRIPT,
      'skills/link-file/README': '',
    });
    const p = ws.fs.promises;
    await p.symlink('/outside/dir', ws.path('skills/link-dir'));
    await p.symlink('/outside/SKILL.md', ws.path('skills/link-file/SKILL.md'));
    await p.symlink('/outside/secret.sh', ws.path('skills/ok/scripts/leak.sh'));
    await p.symlink('/outside/flat.md', ws.path('skills/flat-link.md'));
    const r = await readSkillsFolder(ws.path('skills'), ws);
    expect(r.skills.map((s) => s.dirName)).toEqual(['ok']);
    expect(r.skills[0]!.scripts).toEqual({ 'weather-now.sh': SCRIPT });
    expect(r.skipped.map((s) => [s.path, s.code])).toEqual([
      ['flat-link.md', 'symlink-escape'],
      ['link-dir', 'symlink-escape'],
      ['link-file/SKILL.md', 'symlink-escape'],
      ['ok/scripts/leak.sh', 'symlink-escape'],
    ]);
    expect(JSON.stringify(r)).not.toMatch(/stolen|SECRET-SCRIPT/);
  });

  it('follows a symlink that stays inside the skills folder', async () => {
    const ws = await createMemoryWorkspace({ 'skills/real/SKILL.md': skillMd('real') });
    await ws.fs.promises.symlink(ws.path('skills/real'), ws.path('skills/alias'));
    const r = await readSkillsFolder(ws.path('skills'), ws);
    expect(r.skills.map((s) => s.dirName)).toEqual(['alias', 'real']);
  });

  it('reports template folders, folders without SKILL.md and odd Markdown names instead of reading them', async () => {
    const ws = await createMemoryWorkspace({
      'skills/_template/SKILL.md': skillMd('my-skill'),
      'skills/docs/guide.txt': 'x',
      'skills/README.md': '# Skills',
      'skills/good/SKILL.md': skillMd('good'),
      'skills/good/scripts/bad name.sh': SCRIPT,
    });
    const r = await readSkillsFolder(ws.path('skills'), ws);
    expect(r.skills.map((s) => s.dirName)).toEqual(['good']);
    expect(r.skipped.map((s) => [s.path, s.code])).toEqual([
      ['README.md', 'not-a-skill'],
      ['_template', 'template-skipped'],
      ['docs', 'not-a-skill'],
      ['good/scripts/bad name.sh', 'script-skipped'],
    ]);
  });

  it('keeps the folder skill when a flat file has the same name, and reports the flat one', async () => {
    const ws = await createMemoryWorkspace({ 'skills/notes/SKILL.md': skillMd('notes'), 'skills/notes.md': skillMd('notes', { body: 'FLAT' }) });
    const r = await readSkillsFolder(ws.path('skills'), ws);
    expect(r.skills).toEqual([{ skillMd: skillMd('notes'), dirName: 'notes', scripts: {} }]);
    expect(r.skipped).toMatchObject([{ path: 'notes.md', code: 'duplicate', skill: 'notes' }]);
  });

  it('throws ConfigError naming the folder when it does not exist', async () => {
    const ws = await createMemoryWorkspace();
    const err = await thrown(() => readSkillsFolder('/nope', ws));
    expect(ConfigError.isInstance(err)).toBe(true);
    expect(err.message).toContain('/nope');
  });
});
