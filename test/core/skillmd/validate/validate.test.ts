// validateSkillMd, forge profile: one block per rule; each rule fires on bad
// input and stays quiet on the nearest good input. Every case starts from the
// warning-free fixture in test/helpers/validate-fixtures.ts and changes one thing.
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../../../src/core/diagnostics.js';
import { validateSkillMd, type ValidateOptions } from '../../../../src/core/skillmd/validate/validate.js';
import { GOOD_FRONTMATTER, goodScripts, replaceOnce, skillMd, toolSection } from '../../../helpers/validate-fixtures.js';

function run(text: string, options: ValidateOptions = {}) {
  return validateSkillMd(text, { scripts: goodScripts(), ...options });
}
function all(text: string, options: ValidateOptions = {}): Diagnostic[] {
  const r = run(text, options);
  return [...r.errors, ...r.warnings];
}
function codes(text: string, options: ValidateOptions = {}): string[] {
  return all(text, options).map((d) => d.code);
}
function only(text: string, code: string, options: ValidateOptions = {}): Diagnostic[] {
  return all(text, options).filter((d) => d.code === code);
}
const fm = (from: string, to: string) => skillMd(replaceOnce(GOOD_FRONTMATTER, from, to));

describe('validateSkillMd (forge): the baseline', () => {
  it('reports nothing for a complete skill with its script', () => {
    expect(run(skillMd())).toEqual({ valid: true, errors: [], warnings: [] });
  });

  it('defaults to the forge profile', () => {
    expect(validateSkillMd(skillMd(), { scripts: goodScripts(), profile: 'forge' })).toEqual(run(skillMd()));
  });

  it('gives every finding a code, a field, a severity and a message that says how to fix it', () => {
    const ds = all(fm('name: weather-report', 'name: Weather_Report'));
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ code: 'name-invalid', field: 'name', severity: 'error', line: 2 });
    expect(ds[0]!.message).toMatch(/weather-report/);
  });
});

describe('errors', () => {
  it('content-empty: empty or blank text', () => {
    for (const t of ['', '   \n\n']) {
      const r = run(t);
      expect(r.valid).toBe(false);
      expect(r.errors.map((d) => d.code)).toEqual(['content-empty']);
    }
    expect(codes(skillMd())).not.toContain('content-empty');
  });

  it('yaml-syntax: a YAML error carries its line', () => {
    const text = skillMd(replaceOnce(GOOD_FRONTMATTER, 'category: utilities', 'category: [utilities'));
    const errs = run(text).errors;
    expect(errs.length).toBeGreaterThan(0);
    expect(errs[0]!.code).toBe('yaml-syntax');
    expect(errs[0]!.line).toBeGreaterThanOrEqual(4);
    expect(run(skillMd()).errors).toEqual([]);
  });

  it('frontmatter-missing: a body without frontmatter', () => {
    const r = run(`# Weather\n\n${toolSection('weather_current')}`);
    expect(r.errors.map((d) => d.code)).toEqual(['frontmatter-missing']);
    expect(r.errors[0]!.line).toBe(1);
    expect(codes(skillMd())).not.toContain('frontmatter-missing');
  });

  it('name-missing: no name', () => {
    const d = only(fm('name: weather-report\n', ''), 'name-missing');
    expect(d).toHaveLength(1);
    expect(d[0]!.severity).toBe('error');
    expect(codes(skillMd())).not.toContain('name-missing');
  });

  it('name-invalid: not kebab-case, a path, too long, or not text', () => {
    for (const bad of ['Weather_Report', '"weather/report"', '"../weather"', 'a'.repeat(65), '123', '"-weather"']) {
      const d = only(fm('name: weather-report', `name: ${bad}`), 'name-invalid');
      expect(d, bad).toHaveLength(1);
      expect(d[0]!.line).toBe(2);
    }
    for (const good of ['k8s-incident-triage', 'a', 'a'.repeat(64)]) expect(codes(fm('name: weather-report', `name: ${good}`))).not.toContain('name-invalid');
  });

  it('description-missing: absent or empty', () => {
    const without = GOOD_FRONTMATTER.split('\n')
      .filter((l) => !l.startsWith('description:'))
      .join('\n');
    expect(codes(skillMd(without))).toContain('description-missing');
    expect(codes(skillMd(GOOD_FRONTMATTER.replace(/^description: .*$/m, 'description: ""')))).toContain('description-missing');
    expect(codes(skillMd())).not.toContain('description-missing');
  });

  it('description-invalid: not text (reported once, under the rule code)', () => {
    const c = codes(skillMd(GOOD_FRONTMATTER.replace(/^description: .*$/m, 'description: [a, b]')));
    expect(c).toContain('description-invalid');
    expect(c).not.toContain('frontmatter-type');
  });

  it('bin-missing-name: a bins mapping without name, pointing at its line', () => {
    const text = fm('        - jq', '        - jq\n        - apt: ripgrep');
    const d = only(text, 'bin-missing-name');
    expect(d).toHaveLength(1);
    expect(d[0]!.field).toBe('metadata.forge.requires.bins[2].name');
    expect(d[0]!.line).toBe(14);
    expect(codes(fm('        - jq', '        - jq\n        - name: ripgrep\n          apt: ripgrep'))).not.toContain('bin-missing-name');
  });

  it('bin-url-without-dest: url install recipe without dest', () => {
    const bad = fm('        - jq', '        - jq\n        - name: mytool\n          url: https://downloads.example.org/mytool\n          chmod: "0755"');
    const d = only(bad, 'bin-url-without-dest');
    expect(d).toHaveLength(1);
    expect(d[0]!.line).toBe(15);
    const good = fm(
      '        - jq',
      '        - jq\n        - name: mytool\n          url: https://downloads.example.org/mytool\n          dest: /usr/local/bin/mytool\n          chmod: "0755"',
    );
    expect(codes(good)).not.toContain('bin-url-without-dest');
  });

  it('bin-chmod-invalid: chmod that is not an octal string', () => {
    const recipe = (chmod: string) =>
      fm(
        '        - jq',
        `        - jq\n        - name: mytool\n          url: https://downloads.example.org/mytool\n          dest: /usr/local/bin/mytool\n          chmod: ${chmod}`,
      );
    for (const bad of ['0755', '755', '"rwx"', '"0855"', '"+x"']) {
      const ds = all(recipe(bad));
      expect(
        ds.map((d) => d.code),
        bad,
      ).toEqual(['bin-chmod-invalid']);
      expect(ds[0]!.line).toBe(17);
    }
    for (const good of ['"0755"', '"755"', "'0644'"]) expect(codes(recipe(good)), good).toEqual([]);
  });

  it('bins-invalid / bin-invalid: bins not a list, an entry neither name nor mapping', () => {
    expect(codes(fm('      bins:\n        - curl\n        - jq', '      bins: curl'))).toContain('bins-invalid');
    expect(codes(fm('        - jq', '        - jq\n        - 42'))).toContain('bin-invalid');
  });

  it('capability-unknown: a capability the runtime does not provide', () => {
    const d = only(fm('      env:', '      capabilities:\n        - browser\n        - teleport\n      env:'), 'capability-unknown');
    expect(d).toHaveLength(1);
    expect(d[0]!.field).toBe('metadata.forge.requires.capabilities[1]');
    expect(d[0]!.line).toBe(16);
    expect(codes(fm('      env:', '      capabilities:\n        - browser\n      env:'))).not.toContain('capability-unknown');
  });

  it('category-invalid: category not kebab-case', () => {
    for (const bad of ['Dev Ops', 'dev_ops', 'SRE']) expect(only(fm('category: utilities', `category: ${bad}`), 'category-invalid')[0]?.line, bad).toBe(4);
    expect(codes(fm('category: utilities', 'category: project-management'))).not.toContain('category-invalid');
  });

  it('category-invalid / tag-invalid: the message suggests the kebab-case spelling', () => {
    expect(only(fm('category: utilities', 'category: DevOps Tools'), 'category-invalid')[0]!.message).toContain('use "dev-ops-tools"');
    expect(only(fm('  - forecast', '  - IncidentResponse'), 'tag-invalid')[0]!.message).toContain('use "incident-response"');
    expect(only(fm('  - forecast', '  - "!!"'), 'tag-invalid')[0]!.message).toContain('use "my-tag"');
  });

  it('tag-invalid: each tag not kebab-case, at its line', () => {
    const d = only(fm('  - forecast', '  - forecast\n  - Bad_Tag'), 'tag-invalid');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ field: 'tags[2]', line: 8 });
    expect(codes(fm('  - forecast', '  - forecast\n  - incident-response'))).not.toContain('tag-invalid');
  });

  it('tags-invalid: tags not a list', () => {
    expect(codes(fm('tags:\n  - weather\n  - forecast', 'tags: weather'))).toContain('tags-invalid');
  });
});

describe('warnings: tools', () => {
  const bodyWithout = '# Weather Report\n\nAnswer weather questions from memory.\n';

  it('tools-missing: no ## Tool: section and no built-in named', () => {
    const d = only(skillMd(GOOD_FRONTMATTER, bodyWithout), 'tools-missing', { scripts: {} });
    expect(d).toHaveLength(1);
    expect(d[0]!.severity).toBe('warning');
  });

  it('tools-missing: quiet for a built-in-only skill (seed: a built-in-only skill has no ## Tool:)', () => {
    const builtinOnly = '# Brisbane Time\n\nCall `datetime_now` with timezone Australia/Brisbane and reply in German.\n';
    expect(codes(skillMd(GOOD_FRONTMATTER, builtinOnly), { scripts: {} })).not.toContain('tools-missing');
  });

  it('tools-missing: quiet when the tools come from a declared capability', () => {
    const text = skillMd(replaceOnce(GOOD_FRONTMATTER, '      env:', '      capabilities: [browser]\n      env:'), bodyWithout);
    expect(codes(text, { scripts: {} })).not.toContain('tools-missing');
  });

  it('tool-missing-input: no Input at all, naming the tool and its line; the inline spec alone is fine (it is what the runtime reads)', () => {
    const none = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current', { input: '' })}`);
    const d = only(none, 'tool-missing-input');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ field: 'tools.weather_current.input', line: 23 });
    expect(d[0]!.message).toContain('weather_current');
    const inline = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current', { input: '**Input:** location (string) - City name' })}`);
    expect(codes(inline)).not.toContain('tool-missing-input');
    expect(codes(skillMd())).not.toContain('tool-missing-input');
  });

  it('tool-missing-output-schema: Output without a JSON block', () => {
    const text = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current', { output: '**Output:** Current temperature and conditions' })}`);
    expect(only(text, 'tool-missing-output-schema')[0]).toMatchObject({ field: 'tools.weather_current.output', line: 23 });
    expect(codes(skillMd())).not.toContain('tool-missing-output-schema');
  });

  it('tool-too-few-examples: fewer than 5 request → input examples', () => {
    const four = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current', { examples: 4 })}`);
    expect(only(four, 'tool-too-few-examples')[0]!.message).toMatch(/has 4 examples/);
    const six = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current', { examples: 6 })}`);
    expect(codes(six)).not.toContain('tool-too-few-examples');
  });

  it('tool-missing-heuristics: no detection heuristics list', () => {
    const text = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current', { heuristics: null })}`);
    expect(only(text, 'tool-missing-heuristics')).toHaveLength(1);
    expect(codes(skillMd())).not.toContain('tool-missing-heuristics');
  });

  it('tool-missing-heuristics: quiet when the skill has a shared Detection Heuristics section', () => {
    const text = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current', { heuristics: null })}\n## Detection Heuristics\n\n- asks about weather\n`);
    expect(codes(text)).not.toContain('tool-missing-heuristics');
  });

  it('tool-shadows-builtin: a ## Tool: named like a built-in', () => {
    const text = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current')}\n${toolSection('web_search')}`);
    const d = only(text, 'tool-shadows-builtin');
    expect(d.map((x) => x.field)).toEqual(['tools.web_search']);
    expect(codes(text)).not.toContain('tool-missing-script');
  });

  it('tool-duplicate: the same tool twice', () => {
    const text = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current')}\n${toolSection('weather_current')}`);
    expect(only(text, 'tool-duplicate')).toHaveLength(1);
    expect(codes(skillMd())).not.toContain('tool-duplicate');
  });
});

describe('warnings: description and names', () => {
  it('description-no-trigger: says what, not when', () => {
    for (const d of ['Get current weather and forecasts', "Fetch the user's weather report"]) {
      const text = skillMd(GOOD_FRONTMATTER.replace(/^description: .*$/m, `description: ${d}`));
      expect(only(text, 'description-no-trigger')[0]?.line, d).toBe(3);
    }
  });

  it('description-no-trigger: quiet for "when", "use when" and quoted phrases', () => {
    for (const d of [
      'Use when the user asks for the weather.',
      'Whenever someone needs a forecast, fetch it.',
      "Weather lookups ('weather in Paris', 'rain tomorrow?').",
      'Weather lookups (“weather in Paris”).',
      'If the user asks about rain, check the forecast.',
    ]) {
      const text = skillMd(GOOD_FRONTMATTER.replace(/^description: .*$/m, `description: ${JSON.stringify(d)}`));
      expect(codes(text), d).not.toContain('description-no-trigger');
    }
  });

  it('name-exists: the name of another skill of the agent', () => {
    const d = only(skillMd(), 'name-exists', { existingNames: ['weather-report', 'other'] });
    expect(d).toHaveLength(1);
    expect(d[0]!.line).toBe(2);
    expect(codes(skillMd(), { existingNames: ['other'] })).not.toContain('name-exists');
  });

  it('name-exists: quiet when it is the skill being edited', () => {
    expect(codes(skillMd(), { existingNames: ['weather-report'], editingName: 'weather-report', mode: 'edit' })).not.toContain('name-exists');
  });
});

describe('warnings: edit mode', () => {
  const previous = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current')}\n${toolSection('weather_forecast')}`);
  const scripts = { ...goodScripts(), 'weather-forecast.sh': goodScripts()['weather-current.sh']! };

  it('tool-removed: a tool of the on-disk skill disappeared (renaming breaks wired agents)', () => {
    const renamed = skillMd(GOOD_FRONTMATTER, `# W\n\n${toolSection('weather_current')}\n${toolSection('weather_outlook')}`);
    const d = only(renamed, 'tool-removed', { previous, mode: 'edit', scripts: { ...scripts, 'weather-outlook.sh': scripts['weather-forecast.sh']! } });
    expect(d).toHaveLength(1);
    expect(d[0]!.field).toBe('tools.weather_forecast');
    expect(d[0]!.message).toContain('weather_outlook');
  });

  it('tool-removed: implied by `previous` alone, quiet when every tool is kept', () => {
    const removed = skillMd();
    expect(codes(removed, { previous })).toContain('tool-removed');
    expect(codes(previous, { previous, scripts })).not.toContain('tool-removed');
  });

  it('tool-removed: quiet in create mode', () => {
    expect(codes(skillMd(), { previous, mode: 'create' })).not.toContain('tool-removed');
  });
});

describe('result shape', () => {
  it('is valid with warnings only, invalid with any error', () => {
    const warned = run(skillMd(GOOD_FRONTMATTER.replace(/^description: .*$/m, 'description: Weather data')));
    expect(warned.valid).toBe(true);
    expect(warned.warnings.length).toBeGreaterThan(0);
    expect(run(fm('name: weather-report', 'name: Bad Name')).valid).toBe(false);
  });

  it('never throws on hostile input', () => {
    for (const t of ['---', '---\n---', '---\n: : :\n---\n', '\u0000\u0001', '---\nname: [\n---\n## Tool:\n', '## Tool: x\n**Input:**\n|']) {
      expect(() => validateSkillMd(t, { scripts: { '../x': 'y' }, previous: t })).not.toThrow();
    }
  });
});
