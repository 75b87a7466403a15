// buildSkillCatalog / filterSkills. Seed (skill-activation-routing-pr): the
// `## Available Skills` block tells the agent to check for a matching skill
// before answering from its defaults, load it with read_skill on a match, and
// fall back to defaults only when nothing matches; then the read_skill how-to;
// then `- name: description` per skill.
import { describe, expect, it } from 'vitest';
import { buildSkillCatalog as buildCatalog, escapeXml, filterSkills, type SkillCatalogOptions } from '../../src/core/catalog.js';
import { catalogSkill, type CatalogFixture } from '../helpers/catalog-input.js';

type SkillCatalogInput = CatalogFixture;
const buildSkillCatalog = (skills: readonly CatalogFixture[], options?: SkillCatalogOptions): string => buildCatalog(skills.map(catalogSkill), options);
import { fixtureSkills } from '../helpers/skill-corpus.js';

function md(fm: string, body = '# Skill\n\nDo the thing.\n'): string {
  return `---\n${fm}\n---\n${body}`;
}
const tool = (name: string) => `## Tool: ${name}\n\nDoes ${name}.\n\n**Input:** q (string)\n**Output:** text\n`;

const timeSkill: SkillCatalogInput = {
  skillMd: md(
    'name: brisbane-time\ndescription: When the user asks the time ("what time is it"), reply in German with Brisbane time.',
    '# Time\n\nCall `datetime_now`.\n',
  ),
  dir: '/agent/skills/brisbane-time',
};
const triage: SkillCatalogInput = {
  skillMd: md(
    'name: k8s-triage\ndescription: When a pod is crashing, diagnose it.\nmetadata:\n  forge:\n    requires:\n      bins: [kubectl]',
    `# Triage\n\n${tool('k8s_triage')}`,
  ),
  dir: '/agent/skills/k8s-triage',
};
const weatherScripted: SkillCatalogInput = {
  skillMd: md(
    'name: weather\ndescription: When the user asks about weather, fetch it.\nmetadata:\n  forge:\n    requires:\n      bins: [curl]',
    `# W\n\n${tool('weather_current')}\n${tool('weather_forecast')}`,
  ),
  scripts: ['weather-current.sh', 'weather-forecast.sh'],
};

function skillLines(catalog: string): string[] {
  return catalog.split('\n').filter((l) => l.startsWith('- '));
}

describe('buildSkillCatalog (forge format)', () => {
  const catalog = buildSkillCatalog([triage, timeSkill]);

  it('starts with the heading, then the routing directive, then the read_skill how-to', () => {
    const [heading, , directive, , howto] = catalog.split('\n');
    expect(heading).toBe('## Available Skills');
    expect(directive).toMatch(/before you answer .* from your own knowledge .* first compare it with the skill descriptions/i);
    expect(directive).toMatch(/load it with `read_skill` .* instead of answering directly/i);
    // the no-over-routing guard
    expect(directive).toMatch(/own defaults only when no skill matches/i);
    expect(howto).toMatch(/call the `read_skill` tool with the skill name/);
  });

  it('lists one line per skill after the preamble, sorted by name', () => {
    expect(skillLines(catalog)).toEqual([
      '- brisbane-time: When the user asks the time ("what time is it"), reply in German with Brisbane time.',
      '- k8s-triage: When a pod is crashing, diagnose it. [provides: k8s_triage] (uses cli_execute)',
    ]);
    expect(catalog.indexOf('- brisbane-time')).toBeGreaterThan(catalog.indexOf('read_skill'));
  });

  it('does not depend on input order', () => {
    expect(buildSkillCatalog([timeSkill, triage])).toBe(catalog);
  });

  it('returns an empty string for no skills, or none that qualify', () => {
    expect(buildSkillCatalog([])).toBe('');
    expect(buildSkillCatalog([weatherScripted])).toBe('');
  });

  it('omits a skill whose every tool is backed by a script (they are callable tools)', () => {
    expect(skillLines(buildSkillCatalog([weatherScripted, timeSkill])).map((l) => l.split(':')[0])).toEqual(['- brisbane-time']);
  });

  it('lists only the instruction-only tools of a partly scripted skill', () => {
    const partial = { ...weatherScripted, scripts: ['weather-current.sh'] };
    expect(skillLines(buildSkillCatalog([partial]))).toEqual([
      '- weather: When the user asks about weather, fetch it. [provides: weather_forecast] (uses cli_execute)',
    ]);
  });

  it('omits a runtime: binary skill', () => {
    const binary = {
      skillMd: md(
        'name: infil\ndescription: When asked to scan, run infil.\nmetadata:\n  forge:\n    runtime: binary\n    requires:\n      bins:\n        - name: infil',
        `# I\n\n${tool('infil')}`,
      ),
    };
    expect(buildSkillCatalog([binary])).toBe('');
  });

  it('adds (uses cli_execute) as the runtime does: any declared bin, optional too, once the runtime reads an entry', () => {
    const bins = 'metadata:\n  forge:\n    requires:\n      bins:\n        - name: rg\n          optional: true';
    const noEntries = { skillMd: md(`name: opt\ndescription: When x, do y.\n${bins}`) };
    expect(skillLines(buildSkillCatalog([noEntries]))).toEqual(['- opt: When x, do y.']);
    const withEntry = { skillMd: md(`name: opt\ndescription: When x, do y.\n${bins}`, `# O\n\n${tool('opt_search')}`) };
    expect(skillLines(buildSkillCatalog([withEntry]))).toEqual(['- opt: When x, do y. [provides: opt_search] (uses cli_execute)']);
  });

  it('lists what the runtime reads as tools: phantom `- word` bullets too, so a scripted skill with one stays listed', () => {
    const body = `# W\n\n${tool('weather_current')}\n${tool('weather_forecast')}\n## Safety Constraints\n\n- read-only\n- Never guess a city.\n`;
    const scripted = { ...weatherScripted, skillMd: md('name: weather\ndescription: When the user asks about weather, fetch it.', body) };
    expect(skillLines(buildSkillCatalog([scripted]))).toEqual(['- weather: When the user asks about weather, fetch it. [provides: read-only]']);
  });

  it('binds scripts by both name forms, as the runtime does', () => {
    const underscore = { ...weatherScripted, scripts: ['weather_current.py', 'weather-forecast.sh'] };
    expect(buildSkillCatalog([underscore])).toBe('');
  });

  it('takes the first entry description when the frontmatter has none', () => {
    const noDesc = { skillMd: md('name: nodesc', `# N\n\n${tool('nodesc_run')}`) };
    expect(skillLines(buildSkillCatalog([noDesc]))).toEqual(['- nodesc: Does nodesc_run. [provides: nodesc_run]']);
  });

  it('leaves out a skill the runtime would not load (forge format), keeps it in the xml list', () => {
    const typo = {
      skillMd: md('name: browse\ndescription: When asked to browse, browse.\nmetadata:\n  forge:\n    requires:\n      capabilities: [browsr]'),
      dir: '/s/browse',
    };
    expect(buildSkillCatalog([typo, timeSkill]).includes('- browse:')).toBe(false);
    expect(buildSkillCatalog([typo], { format: 'xml' })).toContain('<name>browse</name>');
  });

  it('names a skill by frontmatter, else its folder, else its file name', () => {
    const noName = (extra: Partial<SkillCatalogInput>) => ({ skillMd: md('description: When asked, help.'), ...extra });
    expect(skillLines(buildSkillCatalog([noName({ dir: '/a/skills/from-dir/' })]))).toEqual(['- from-dir: When asked, help.']);
    expect(skillLines(buildSkillCatalog([noName({ location: '/a/skills/flat-one.md' })]))).toEqual(['- flat-one: When asked, help.']);
    expect(skillLines(buildSkillCatalog([noName({ location: 'C:\\a\\skills\\win-skill\\SKILL.md' })]))).toEqual(['- win-skill: When asked, help.']);
  });

  it('omits skills without a name or a description', () => {
    expect(buildSkillCatalog([{ skillMd: md('description: When asked, help.') }])).toBe('');
    expect(buildSkillCatalog([{ skillMd: md('name: x'), dir: '/s/x' }])).toBe('');
    expect(buildSkillCatalog([{ skillMd: '- translate\n- summarize\n', dir: '/s/legacy' }])).toBe('');
  });

  it('keeps descriptions on one line', () => {
    const folded = { skillMd: md('name: folded\ndescription: >\n  When the user asks,\n  do it.') };
    expect(skillLines(buildSkillCatalog([folded]))).toEqual(['- folded: When the user asks, do it.']);
  });

  it('keeps the first of two skills with the same name (by location)', () => {
    const a = { skillMd: md('name: dup\ndescription: When A.'), location: '/a/SKILL.md' };
    const b = { skillMd: md('name: dup\ndescription: When B.'), location: '/b/SKILL.md' };
    expect(skillLines(buildSkillCatalog([b, a]))).toEqual(['- dup: When A.']);
  });
});

describe('buildSkillCatalog (xml format)', () => {
  it('renders the Agent Skills available_skills form with locations', () => {
    expect(buildSkillCatalog([triage, timeSkill], { format: 'xml' })).toBe(
      [
        '<available_skills>',
        '  <skill>',
        '    <name>brisbane-time</name>',
        '    <description>When the user asks the time (&quot;what time is it&quot;), reply in German with Brisbane time.</description>',
        '    <location>/agent/skills/brisbane-time/SKILL.md</location>',
        '  </skill>',
        '  <skill>',
        '    <name>k8s-triage</name>',
        '    <description>When a pod is crashing, diagnose it.</description>',
        '    <location>/agent/skills/k8s-triage/SKILL.md</location>',
        '  </skill>',
        '</available_skills>',
      ].join('\n'),
    );
  });

  it('escapes <, &, > and quotes in every field', () => {
    const nasty = { skillMd: md(`name: nasty\ndescription: "When <b> & 'x' say \\"hi\\" </skill>"`), location: '/s/a&b/<x>.md' };
    const xml = buildSkillCatalog([nasty], { format: 'xml' });
    expect(xml).toContain('<description>When &lt;b&gt; &amp; &apos;x&apos; say &quot;hi&quot; &lt;/skill&gt;</description>');
    expect(xml).toContain('<location>/s/a&amp;b/&lt;x&gt;.md</location>');
    expect(xml.match(/<\/skill>/g)).toHaveLength(1);
  });

  it('lists script-backed skills too (the client loads them by location) and omits the location when unknown', () => {
    const xml = buildSkillCatalog([weatherScripted], { format: 'xml' });
    expect(xml).toContain('<name>weather</name>');
    expect(xml).not.toContain('<location>');
  });

  it('returns an empty string for no skills', () => {
    expect(buildSkillCatalog([], { format: 'xml' })).toBe('');
  });

  it('escapeXml covers all five characters', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });
});

describe('buildSkillCatalog on the fixture skills', () => {
  const skills = fixtureSkills().map(({ dir, text }) => ({ skillMd: text, dir: `/skills/${dir}` }));

  it('lists every fixture skill when no scripts are known, each once', () => {
    expect(skillLines(buildSkillCatalog(skills))).toHaveLength(fixtureSkills().length);
  });

  it('omits skills whose tools are all scripted once scripts are given', () => {
    const withScripts = fixtureSkills().map(({ dir, text, scripts }) => ({ skillMd: text, dir: `/skills/${dir}`, scripts: Object.keys(scripts) }));
    const names = skillLines(buildSkillCatalog(withScripts)).map((l) => l.slice(2, l.indexOf(':')));
    expect(names).not.toContain('forecast-lookup');
    expect(names).not.toContain('changelog-writer');
    expect(names).toContain('pod-triage');
    expect(names).toContain('repo-workbench'); // workbench_test has no script
  });
});

describe('filterSkills', () => {
  const a = { skillMd: md('name: a\ndescription: d\ncategory: sre\ntags: [kubernetes, triage]') };
  const b = { skillMd: md('name: b\ndescription: d\ncategory: sre\ntags: [kubernetes]') };
  const c = { skillMd: md('name: c\ndescription: d\ncategory: research\ntags: [triage]') };
  const all = [a, b, c];

  it('keeps everything for an empty filter', () => {
    expect(filterSkills(all)).toEqual(all);
    expect(filterSkills(all, { tags: [] })).toEqual(all);
  });

  it('filters by category', () => {
    expect(filterSkills(all, { category: 'sre' })).toEqual([a, b]);
    expect(filterSkills(all, { category: 'SRE' })).toEqual([a, b]);
  });

  it('requires every tag (AND semantics)', () => {
    expect(filterSkills(all, { tags: ['kubernetes'] })).toEqual([a, b]);
    expect(filterSkills(all, { tags: ['kubernetes', 'triage'] })).toEqual([a]);
    expect(filterSkills(all, { tags: ['kubernetes', 'missing'] })).toEqual([]);
  });

  it('combines category and tags', () => {
    expect(filterSkills(all, { category: 'research', tags: ['triage'] })).toEqual([c]);
    expect(filterSkills(all, { category: 'sre', tags: ['triage'] })).toEqual([a]);
  });

  it('works on summaries that already carry category and tags', () => {
    const listing = [
      { name: 'x', category: 'sre', tags: ['kubernetes'] },
      { name: 'y', category: null, tags: null },
    ];
    expect(filterSkills(listing, { tags: ['kubernetes'] })).toEqual([listing[0]]);
    expect(filterSkills(listing, { category: 'sre' })).toEqual([listing[0]]);
  });

  it('filters the fixture skills by category and tags', () => {
    const skills = fixtureSkills().map(({ text }) => ({ skillMd: text }));
    const nameOf = (s: { skillMd: string }) => /name: (.*)/.exec(s.skillMd)![1];
    expect(filterSkills(skills, { category: 'sre', tags: ['kubernetes'] }).map(nameOf)).toEqual(['cluster-spend', 'pod-triage']);
    expect(filterSkills(skills, { category: 'sre', tags: ['kubernetes', 'cost-optimization'] }).map(nameOf)).toEqual(['cluster-spend']);
  });
});
