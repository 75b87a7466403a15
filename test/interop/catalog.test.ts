// buildSkillCatalog and filterSkills on Forge's embedded-skill corpus (interop
// suite, needs FORGE_CORPUS_DIR).
import { describe, expect, it } from 'vitest';
import { buildSkillCatalog as buildCatalog, filterSkills, type SkillCatalogOptions } from '../../src/core/catalog.js';
import { catalogSkill, type CatalogFixture } from '../helpers/catalog-input.js';
import { corpusSkills } from './forge-corpus.js';

const buildSkillCatalog = (skills: readonly CatalogFixture[], options?: SkillCatalogOptions): string => buildCatalog(skills.map(catalogSkill), options);

/** The `- name: description` lines of a catalog. */
const skillLines = (catalog: string) => catalog.split('\n').filter((l) => l.startsWith('- '));

describe('buildSkillCatalog on the corpus', () => {
  const skills = corpusSkills().map(({ dir, text }) => ({ skillMd: text, dir: `/skills/${dir}` }));

  it('lists every corpus skill when no scripts are known, each once', () => {
    expect(skillLines(buildSkillCatalog(skills))).toHaveLength(17);
  });

  it('omits skills whose tools are all scripted once scripts are given', () => {
    const withScripts = skills.map((s) => (s.dir.endsWith('/weather') ? { ...s, scripts: ['weather-current.sh', 'weather-forecast.sh'] } : s));
    const names = skillLines(buildSkillCatalog(withScripts)).map((l) => l.slice(2, l.indexOf(':')));
    expect(names).not.toContain('weather');
    expect(names).toContain('k8s-incident-triage');
  });
});

describe('filterSkills on the corpus', () => {
  it('filters by category and tags', () => {
    const skills = corpusSkills().map(({ text }) => ({ skillMd: text }));
    const sre = filterSkills(skills, { category: 'sre', tags: ['kubernetes', 'cost-optimization'] });
    expect(sre.map((s) => /name: (.*)/.exec(s.skillMd)![1])).toEqual(['k8s-cost-visibility', 'k8s-pod-rightsizer']);
  });
});
