// The skill value: data in, views computed once, immutability, `with`.
import { describe, expect, it, vi } from 'vitest';
import { Skill, type SkillInit } from '../../../src/core/skill/index.js';
import { RequestError } from '../../../src/core/errors.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';
import { forgeRuntimeView } from '../../../src/core/runtime-view/runtime-view.js';
import { fixtureSkills } from '../../helpers/skill-corpus.js';

const counts = vi.hoisted(() => ({ parse: 0 }));
vi.mock('../../../src/core/skillmd/parse.js', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/core/skillmd/parse.js')>();
  return {
    ...actual,
    parseSkillMd: (text: string) => {
      counts.parse += 1;
      return actual.parseSkillMd(text);
    },
  };
});

const MD = [
  '---',
  'name: weather',
  'description: When the user asks for the weather ("weather in Oslo") use this skill.',
  '---',
  '# Weather',
  '',
  '## Tool: weather_current',
  '',
  'Current weather.',
  '',
  '**Input:** city (string, required)',
  '',
].join('\n');

describe('Skill', () => {
  it('reads a bare SKILL.md text and names itself from the frontmatter', () => {
    const s = Skill.from(MD);
    expect(s.name).toBe('weather');
    expect(s.description).toContain('weather in Oslo');
    expect(s.scripts).toEqual({});
    expect(s.parsed.tools.map((t) => t.name)).toEqual(['weather_current']);
  });

  it('drops a scripts/ prefix from script keys and falls back to the folder name', () => {
    const s = Skill.from({ skillMd: '# no frontmatter\n', scripts: { 'scripts/a.sh': 'echo' }, dirName: 'folder-name' });
    expect(s.scripts).toEqual({ 'a.sh': 'echo' });
    expect(s.name).toBe('folder-name');
  });

  it('refuses a stray name field (a skill is named by its frontmatter, else dirName) with a RequestError naming it', () => {
    const data = { skillMd: '# no frontmatter\n', name: 'weather' } as unknown as SkillInit;
    const err = (() => {
      try {
        Skill.from(data);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(RequestError.isInstance(err)).toBe(true);
    expect((err as RequestError).field).toBe('name');
    expect((err as Error).message).toMatch(/frontmatter name .*dirName/);
    // An undefined name is no name; dirName still names the skill.
    expect(Skill.from({ skillMd: '# x\n', dirName: 'weather', name: undefined } as SkillInit).name).toBe('weather');
    // with() takes only SkillInit fields, so it never carries a name in.
    expect(Skill.from({ skillMd: MD }).with({ dirName: 'w' }).name).toBe('weather');
  });

  it('returns a Skill given a Skill, and is immutable', () => {
    const s = Skill.from({ skillMd: MD, scripts: { 'weather-current.sh': 'echo {}' } });
    expect(Skill.from(s)).toBe(s);
    expect(() => {
      (s as { skillMd: string }).skillMd = 'x';
    }).toThrow(TypeError);
    expect(() => {
      (s.scripts as Record<string, string>)['b.sh'] = 'x';
    }).toThrow(TypeError);
  });

  it('binds each runtime tool to its script', () => {
    const s = Skill.from({ skillMd: MD, scripts: { 'weather-current.sh': 'echo {}' } });
    expect(s.runtimeView.tools.map((t) => [t.name, t.script])).toEqual([['weather_current', 'scripts/weather-current.sh']]);
  });

  it('gives the same findings as validateSkillMd with the same scripts and folder name', () => {
    for (const f of fixtureSkills()) {
      const s = Skill.from({ skillMd: f.text, scripts: f.scripts, dirName: f.dir });
      expect(s.validate()).toEqual(validateSkillMd(f.text, { scripts: f.scripts, dirName: f.dir }));
      expect(s.runtimeView).toEqual(forgeRuntimeView(f.text, { scripts: Object.keys(f.scripts).sort() }));
    }
  });

  it('parses its SKILL.md once, however many views are read', () => {
    const s = Skill.from({ skillMd: MD, scripts: { 'weather-current.sh': 'echo {}' } });
    const before = counts.parse;
    void s.parsed;
    void s.frontmatter;
    void s.name;
    void s.runtimeView;
    s.validate();
    s.validate();
    s.validate({ profile: 'agentskills' });
    expect(counts.parse - before).toBe(1);
  });

  it('with() makes a new skill whose views follow the new text', () => {
    const s = Skill.from(MD);
    const t = s.with({ skillMd: MD.replace('name: weather', 'name: forecast') });
    expect(s.name).toBe('weather');
    expect(t.name).toBe('forecast');
    expect(t).not.toBe(s);
  });

  it('passes folder files (binaries as empty text) to the folder-link rules', () => {
    const s = Skill.from({ skillMd: MD, files: { 'references/a.md': 'x' }, binaries: [{ path: 'assets/logo.png', size: 3, sha256: 'a'.repeat(64) }] });
    expect(s.folderListing()).toEqual({ 'references/a.md': 'x', 'assets/logo.png': '' });
    const codes = s.validate().warnings.map((d) => d.code);
    expect(codes).toContain('file-unreferenced');
  });

  it('refuses input that is neither text nor skill data', () => {
    expect(() => Skill.from(42 as never)).toThrow(/SKILL\.md string/);
  });
});
