// Each SKILL.md is parsed once: validation, the runtime view, risk and the
// catalog of a Skill (and a build of many) read the Skill's one parseSkillMd
// and its one YAML parse of the frontmatter. Counted with vi.mock of the
// parse module and of `yaml` (every YAML parse in src/core goes through its
// parseDocument or parse).
import { describe, expect, it, vi } from 'vitest';
import { compileSkills } from '../../../src/core/artifacts/compile-skills.js';
import { buildSkillCatalog } from '../../../src/core/catalog.js';
import { assessSkillRisk } from '../../../src/core/risk/assess.js';
import { buildAgentView } from '../../../src/core/routing/agent-view.js';
import { Skill } from '../../../src/core/skill/index.js';
import { fixtureSkills } from '../../helpers/skill-corpus.js';

const counts = vi.hoisted(() => ({ parse: 0, yaml: 0 }));
vi.mock('../../../src/core/skillmd/parse.js', async (importActual) => {
  const actual = await importActual<typeof import('../../../src/core/skillmd/parse.js')>();
  return { ...actual, parseSkillMd: (text: string) => (counts.parse++, actual.parseSkillMd(text)) };
});
vi.mock('yaml', async (importActual) => {
  const actual = await importActual<typeof import('yaml')>();
  return {
    ...actual,
    parse: (...args: Parameters<typeof actual.parse>) => (counts.yaml++, actual.parse(...args)),
    parseDocument: (...args: Parameters<typeof actual.parseDocument>) => (counts.yaml++, actual.parseDocument(...args)),
  };
});

function reset(): void {
  counts.parse = 0;
  counts.yaml = 0;
}

/**
 * Forge's runtime splits a CRLF file early, inside the frontmatter, and reads
 * a shorter YAML text than the author wrote; the runtime view must parse that
 * text itself to judge it as the runtime does, so a CRLF skill's YAML is read
 * twice. Every LF skill's once.
 */
const yamlParses = (text: string): number => (text.includes('\r\n') ? 2 : 1);

const skills = fixtureSkills().map(({ dir, text, scripts }) => ({ skillMd: text, scripts, dirName: dir }));

describe('one parse per SKILL.md', () => {
  it('has fixture skills to count, one of them CRLF', () => {
    expect(skills.length).toBeGreaterThanOrEqual(10);
    expect(skills.filter((s) => s.skillMd.includes('\r\n'))).toHaveLength(1);
  });

  it.each(skills.map((s) => [s.dirName, s] as const))('%s: validate + runtime view + risk + catalog + routing view read one parse', (_, init) => {
    reset();
    const skill = Skill.from(init);
    skill.validate();
    void skill.runtimeView;
    assessSkillRisk(skill);
    buildSkillCatalog([skill]);
    buildSkillCatalog([{ skill, location: `/agent/skills/${init.dirName}/SKILL.md` }], { format: 'xml' });
    buildAgentView([skill]);
    expect(counts.parse).toBe(1);
    expect(counts.yaml).toBe(yamlParses(init.skillMd));
  });

  it('a build parses each skill once across validation, risk, tools and runtime tools', () => {
    reset();
    const built = compileSkills(skills);
    expect(built.count).toBeGreaterThan(0);
    expect(counts.parse).toBe(skills.length);
    expect(counts.yaml).toBe(skills.reduce((n, s) => n + yamlParses(s.skillMd), 0));
  });

  it('the string wrappers parse once too (validateSkillMd with scripts: one parse, one YAML parse)', async () => {
    const { validateSkillMd } = await import('../../../src/core/skillmd/validate/validate.js');
    for (const s of skills) {
      reset();
      validateSkillMd(s.skillMd, { scripts: s.scripts });
      expect(counts.parse).toBe(1);
      expect(counts.yaml).toBe(1);
    }
  });
});
