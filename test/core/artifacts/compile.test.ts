// Issue 8: compileSkills(skills) → {version, count, skills, prompt, tools,
// requirements}. Every skill here is written as SKILL.md text, as on disk.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compileSkills } from '../../../src/core/artifacts/compile-skills.js';
import { serializeArtifacts } from '../../../src/core/artifacts/serialize.js';
import type { SkillInit } from '../../../src/core/skill/skill.js';
import { SCRIPT } from '../../helpers/skill-fixtures.js';

/** A SKILL.md with the given frontmatter lines (after name/description) and body. */
function md(name: string, body: string, extraFrontmatter = '', description = `When the user asks about ${name} ("${name} please"), use this skill`): string {
  return `---\nname: ${name}\ndescription: ${description}\n${extraFrontmatter}---\n${body}`;
}

const FOUR_TOOLS_BODY = `# Review helper

UNIQUE-BODY-SENTINEL: follow these steps for every review.

## Tool: review_list

Lists pull requests.

**Input:** repo (string)

## Tool: review_comment

Posts a comment.

**Input:** repo (string), body (string)

## Tool: review_label

Applies labels.

**Input:** repo (string), labels (string[])

## Tool: review_merge

Merges a PR.

**Input:** repo (string), method (string: merge|squash|rebase)
`;

describe('compileSkills: prompt', () => {
  it('puts an instruction-only skill with four tools into the prompt once', () => {
    // Issue 8: "each skill body once, even when it has several ## Tool: sections".
    const r = compileSkills([{ skillMd: md('review-helper', FOUR_TOOLS_BODY), dirName: 'review-helper' }]);
    expect(r.excluded).toEqual([]);
    expect(r.skills[0]!.kind).toBe('instructions');
    expect(r.skills[0]!.tools.map((t) => t.name)).toEqual(['review_list', 'review_comment', 'review_label', 'review_merge']);
    expect(r.prompt.split('UNIQUE-BODY-SENTINEL').length - 1).toBe(1);
    expect(r.prompt.split('## Tool: review_merge').length - 1).toBe(1);
    expect(r.prompt.match(/<skill name="review-helper">/g)).toHaveLength(1);
    expect(r.tools).toEqual([]);
  });

  it('leaves script-backed skills out of the prompt and gives an empty prompt when all are', () => {
    const r = compileSkills([
      {
        skillMd: md('weather', '## Tool: weather_now\n\nCurrent weather.\n\n**Input:** city (string)\n'),
        dirName: 'weather',
        scripts: { 'weather-now.sh': SCRIPT },
      },
    ]);
    expect(r.skills[0]!.kind).toBe('tools');
    expect(r.prompt).toBe('');
  });

  it('orders prompt sections by skill name whatever the input order', () => {
    const a = { skillMd: md('alpha', '# Alpha\n\nUse web_search.\n'), dirName: 'alpha' };
    const b = { skillMd: md('beta', '# Beta\n\nUse web_search.\n'), dirName: 'beta' };
    const r = compileSkills([b, a]);
    expect(r.prompt.indexOf('<skill name="alpha">')).toBeLessThan(r.prompt.indexOf('<skill name="beta">'));
  });
});

const ALL_TYPES = `## Tool: every_type

Exercises every Input type.

**Input:** s (string, required), i (integer, required), n (number), b (boolean), a (array), o (object), i2 (integer), f (number), b2 (boolean), l (array), d (object), sa (array), mode (string), level (string)

| Parameter | Type | Required | Description |
|-----------|------|----------|-------------|
| s | string | yes | A string |
| i | integer | yes | An integer |
| n | number | no | A number |
| b | boolean | no | A flag |
| a | array | no | A list |
| o | object | no | A map |
| i2 | int | no | |
| f | float | no | |
| b2 | bool | no | |
| l | list | no | |
| d | dict | no | |
| sa | string[] | no | Names |
| mode | string: fast\\|slow | no | Speed |
| level | low\\|high | no | |
`;

describe('compileSkills: tools', () => {
  it('sends the schema Forge computes from the Input line, and keeps our table reading apart under authored', () => {
    const r = compileSkills([
      { skillMd: md('types', ALL_TYPES), dirName: 'types', scripts: { 'every-type.py': 'import sys, json\nprint(json.loads(sys.argv[1]))\n' } },
    ]);
    expect(r.tools).toHaveLength(1);
    const def = r.tools[0]!;
    expect(def).toMatchObject({
      name: 'every_type',
      skill: 'types',
      script: 'types/scripts/every-type.py',
      interpreter: 'python3',
      output_spec: '',
      output_format: '',
    });
    // The runtime joins every text line of the section, table rows included.
    expect(def.description.startsWith('Exercises every Input type. | Parameter | Type | Required | Description | |-----------|')).toBe(true);
    // Written out by hand from InputSpecToSchema: keys in byte order, int/float → number, list → array,
    // dict → object; only the spec's own words count, so `string[]` in the table is an array here only
    // because the spec line says (array); the first part and the `required` ones are required.
    expect(def.input_schema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'array' },
        b: { type: 'boolean' },
        b2: { type: 'boolean' },
        d: { type: 'object' },
        f: { type: 'number' },
        i: { type: 'number' },
        i2: { type: 'number' },
        l: { type: 'array' },
        level: { type: 'string' },
        mode: { type: 'string' },
        n: { type: 'number' },
        o: { type: 'object' },
        s: { type: 'string' },
        sa: { type: 'array' },
      },
      required: ['s', 'i'],
    });
    expect(def.authored!.description).toBe('Exercises every Input type.');
    expect(def.authored!.input_schema).toEqual({
      type: 'object',
      properties: {
        s: { type: 'string', description: 'A string' },
        i: { type: 'integer', description: 'An integer' },
        n: { type: 'number', description: 'A number' },
        b: { type: 'boolean', description: 'A flag' },
        a: { type: 'array', items: {}, description: 'A list' },
        o: { type: 'object', description: 'A map' },
        i2: { type: 'integer' },
        f: { type: 'number' },
        b2: { type: 'boolean' },
        l: { type: 'array', items: {} },
        d: { type: 'object' },
        sa: { type: 'array', items: { type: 'string' }, description: 'Names' },
        mode: { type: 'string', enum: ['fast', 'slow'], description: 'Speed' },
        level: { type: 'string', enum: ['low', 'high'] },
      },
      required: ['s', 'i'],
    });
  });

  it('builds the schema from inline name (type) pairs: the runtime reads only known type words, we read the details', () => {
    const body = '## Tool: forecast\n\nForecast.\n\n**Input:** location (string) - City name, days (integer: 1-3), units (string, optional: metric|imperial)\n';
    const r = compileSkills([{ skillMd: md('fc', body), dirName: 'fc', scripts: { 'forecast.sh': SCRIPT } }]);
    // By hand: "string) - City name", "integer: 1-3" and "string, optional: metric|imperial" are no type
    // word of the runtime's vocabulary, so each is a string; only the first part is required.
    expect(r.tools[0]!.input_schema).toEqual({
      type: 'object',
      properties: { days: { type: 'string' }, location: { type: 'string' }, units: { type: 'string' } },
      required: ['location'],
    });
    expect(r.tools[0]!.authored!.input_schema).toEqual({
      type: 'object',
      properties: {
        location: { type: 'string', description: 'City name' },
        days: { type: 'integer', minimum: 1, maximum: 3 },
        units: { type: 'string', enum: ['metric', 'imperial'] },
      },
      // As in Forge's runtime, only the first inline parameter is required unless another says so.
      required: ['location'],
    });
  });

  it('leaves out only the tool whose property key providers reject, and reports it', () => {
    const body = [
      '## Tool: good_tool',
      '',
      'Fine.',
      '',
      '**Input:** query (string, required)',
      '',
      '| Parameter | Type | Required | Description |',
      '|---|---|---|---|',
      '| query | string | yes | q |',
      '',
      '## Tool: bad_tool',
      '',
      'Broken key.',
      '',
      '**Input:** $query (string, required)',
      '',
      '| Parameter | Type | Required | Description |',
      '|---|---|---|---|',
      '| $query | string | yes | q |',
      '',
    ].join('\n');
    const r = compileSkills([{ skillMd: md('keys', body), dirName: 'keys', scripts: { 'good-tool.sh': SCRIPT, 'bad-tool.sh': SCRIPT } }]);
    expect(r.tools.map((t) => t.name)).toEqual(['good_tool']);
    expect(r.count).toBe(1);
    expect(r.excluded).toEqual([]);
    const err = r.diagnostics.filter((d) => d.severity === 'error');
    // The validator's runtime rule (the runtime skips that tool) and the build's own key check.
    expect(err).toMatchObject([
      { skill: 'keys', code: 'tool-input-key-invalid', field: 'tools.bad_tool.input.$query' },
      // A line of the whole file: the four frontmatter lines come first.
      { skill: 'keys', code: 'runtime-input-key-invalid', field: 'tools.bad_tool.input', line: body.split('\n').indexOf('## Tool: bad_tool') + 5 + 4 },
    ]);
    expect(err[0]!.line).toBe(body.split('\n').indexOf('## Tool: bad_tool') + 5);
    expect(r.skills[0]!.tools.find((t) => t.name === 'bad_tool')!.input_schema).toBeNull();
  });

  it('registers only the tools that have a script in a skill that has some', () => {
    const body = '## Tool: has_script\n\nA.\n\n**Input:** x (string)\n\n## Tool: no_script\n\nB.\n\n**Input:** y (string)\n';
    const r = compileSkills([{ skillMd: md('mixed', body), dirName: 'mixed', scripts: { 'has-script.sh': SCRIPT } }]);
    expect(r.tools.map((t) => t.name)).toEqual(['has_script']);
    expect(r.skills[0]!.tools.map((t) => [t.name, t.script])).toEqual([
      ['has_script', 'mixed/scripts/has-script.sh'],
      ['no_script', null],
    ]);
    expect(r.diagnostics.some((d) => d.code === 'tool-missing-script' && d.field === 'tools.no_script')).toBe(true);
  });

  it('keeps the first of two skills that define the same tool name and reports the second', () => {
    const body = '## Tool: shared_tool\n\nA.\n\n**Input:** x (string)\n';
    const r = compileSkills([
      { skillMd: md('second', body), dirName: 'second', scripts: { 'shared-tool.sh': SCRIPT } },
      { skillMd: md('first', body), dirName: 'first', scripts: { 'shared-tool.sh': SCRIPT } },
    ]);
    expect(r.tools).toHaveLength(1);
    expect(r.tools[0]!.skill).toBe('first');
    expect(r.diagnostics.filter((d) => d.code === 'tool-name-conflict')).toMatchObject([{ skill: 'second', severity: 'error' }]);
  });
});

describe("compileSkills: what Forge's runtime registers", () => {
  const body = [
    '# Lookup',
    '',
    '## Tool: lookup_term',
    '',
    'Looks a term up.',
    '',
    '**Input:** term (string, required), limit (int)',
    '',
    '| Parameter | Type | Required | Description |',
    '|---|---|---|---|',
    '| term | string | yes | What to look up |',
    '| limit | integer | no | Max results |',
    '',
    '**Output:** the matching entries',
    '**Output format:** json',
    '',
    '## Safety Constraints',
    '',
    '- read-only',
    '- lookup_cache',
    '',
  ].join('\n');
  // scripts/lookup_term.sh (underscore form) and scripts/lookup-cache.sh, which the phantom `- lookup_cache` binds to.
  const r = compileSkills([{ skillMd: md('lookup', body), dirName: 'lookup', scripts: { 'lookup_term.sh': SCRIPT, 'lookup-cache.sh': SCRIPT } }]);

  it('records every entry the runtime reads, phantom bullets included, with their lines', () => {
    const first = 5; // the four frontmatter lines come first
    expect(r.skills[0]!.runtime_tools.map((t) => [t.name, t.kind, t.line, t.script])).toEqual([
      ['lookup_term', 'tool', first + 2, 'lookup/scripts/lookup_term.sh'],
      ['read-only', 'phantom', first + 18, null],
      ['lookup_cache', 'phantom', first + 19, 'lookup/scripts/lookup-cache.sh'],
    ]);
  });

  it('registers what the runtime registers: the underscore-named script and the phantom that has a script', () => {
    expect(r.tools.map((t) => [t.name, t.script, t.interpreter])).toEqual([
      ['lookup_term', 'lookup/scripts/lookup_term.sh', 'bash'],
      ['lookup_cache', 'lookup/scripts/lookup-cache.sh', 'bash'],
    ]);
    const [term, cache] = r.tools;
    expect(term).toMatchObject({
      description:
        'Looks a term up. | Parameter | Type | Required | Description | |---|---|---|---| | term | string | yes | What to look up | | limit | integer | no | Max results |',
      input_schema: { type: 'object', properties: { limit: { type: 'number' }, term: { type: 'string' } }, required: ['term'] },
      output_spec: 'the matching entries',
      output_format: 'json',
      authored: {
        description: 'Looks a term up.',
        input_schema: {
          type: 'object',
          properties: { term: { type: 'string', description: 'What to look up' }, limit: { type: 'integer', description: 'Max results' } },
          required: ['term'],
        },
      },
    });
    // A phantom has no section: Forge gives it an empty description and the open schema; nothing is ours.
    expect(cache).toMatchObject({ description: '', input_schema: { type: 'object', properties: {}, additionalProperties: true }, authored: null });
  });

  it('leaves out a tool whose Input line has a key providers reject, as the runtime skips it', () => {
    const bad = '## Tool: pod_logs\n\nLogs.\n\n**Input:** pod name (string, required)\n';
    const out = compileSkills([{ skillMd: md('pods', bad), dirName: 'pods', scripts: { 'pod-logs.sh': SCRIPT } }]);
    expect(out.tools).toEqual([]);
    expect(out.skills[0]!.runtime_tools[0]!.invalid_keys).toEqual(['pod name']);
    expect(out.diagnostics.some((d) => d.code === 'runtime-input-key-invalid')).toBe(true);
  });

  it('registers every entry of a runtime: binary skill in no tools.json entry (no script to run)', () => {
    const bin = md(
      'infil',
      '## Tool: infil_scan\n\nScans.\n\n**Input:** target (string)\n',
      'metadata:\n  forge:\n    runtime: binary\n    requires:\n      bins: [infil]\n',
    );
    const out = compileSkills([{ skillMd: bin, dirName: 'infil' }]);
    expect(out.tools).toEqual([]);
    expect(out.skills[0]!.runtime_tools.map((t) => [t.name, t.script])).toEqual([['infil_scan', null]]);
  });
});

describe('compileSkills: skills[]', () => {
  it('records metadata, the parsed tools and a sha256 checksum of the SKILL.md bytes', () => {
    const text = md(
      'weather',
      '## Tool: weather_now\n\nCurrent weather ☀️.\n\n**Input:** city (string)\n**Output:** temperature\n',
      'icon: 🌤️\ncategory: utilities\ntags: [weather, api]\n',
    );
    const r = compileSkills([{ skillMd: text, dirName: 'weather', scripts: { 'scripts/weather-now.sh': SCRIPT } }]);
    const s = r.skills[0]!;
    const hex = createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex');
    expect(s).toMatchObject({
      name: 'weather',
      category: 'utilities',
      tags: ['api', 'weather'],
      icon: '🌤️',
      kind: 'tools',
      checksum: `sha256:${hex}`,
      provenance: { source: 'local', checksum: `sha256:${hex}` },
    });
    expect(s.tools[0]).toMatchObject({
      name: 'weather_now',
      input_form: 'inline',
      input: [{ name: 'city', type: 'string', required: true }],
      output: { kind: 'text', text: 'temperature' },
      script: 'weather/scripts/weather-now.sh',
      interpreter: 'bash',
    });
    expect(s.scripts).toEqual([
      { file: 'weather/scripts/weather-now.sh', interpreter: 'bash', checksum: `sha256:${createHash('sha256').update(SCRIPT).digest('hex')}` },
    ]);
    expect(s.body).toContain('## Tool: weather_now');
    expect(s.body).not.toContain('name: weather');
    expect(r.version).toBe('forge-skill-builder.artifacts/v2');
    expect(r.count).toBe(1);
  });

  it('reports a broken skill with its diagnostics, leaves it out and builds the rest', () => {
    const broken = '---\nname: [not, a, name\ndescription: x\n---\nbody\n';
    const noName = '---\ndescription: When asked ("x"), do x\n---\n# X\n\nUse web_search.\n';
    const good = md('good', '# Good\n\nUse web_search.\n');
    const r = compileSkills([
      { skillMd: broken, dirName: 'broken' },
      { skillMd: good, dirName: 'good' },
      { skillMd: noName, dirName: 'no-name' },
    ]);
    expect(r.skills.map((s) => s.name)).toEqual(['good']);
    expect(r.excluded).toEqual(['broken', 'no-name']);
    expect(r.diagnostics.filter((d) => d.skill === 'broken' && d.severity === 'error').length).toBeGreaterThan(0);
    expect(r.diagnostics.filter((d) => d.skill === 'no-name' && d.severity === 'error').map((d) => d.code)).toContain('name-missing');
  });

  it('reports a second skill with an already-used name and keeps the first by folder', () => {
    const r = compileSkills([
      { skillMd: md('dup', '# B\n\nUse web_search.\n'), dirName: 'dup-b' },
      { skillMd: md('dup', '# A\n\nUse web_search.\n'), dirName: 'dup-a' },
    ]);
    expect(r.skills.map((s) => s.body.trim().split('\n')[0])).toEqual(['# A']);
    expect(r.excluded).toEqual(['dup-b']);
    expect(r.diagnostics.find((d) => d.code === 'skill-duplicate-name')).toMatchObject({ skill: 'dup-b', severity: 'error' });
  });

  it('warns about a timeout_hint it cannot read and records null', () => {
    const r = compileSkills([{ skillMd: md('slow', '# S\n\nUse web_search.\n', 'metadata:\n  forge:\n    timeout_hint: soon\n'), dirName: 'slow' }]);
    expect(r.skills[0]!.timeout_hint).toBeNull();
    expect(r.diagnostics.find((d) => d.code === 'timeout-hint-invalid')).toMatchObject({ skill: 'slow', severity: 'warning' });
  });
});

function forgeYaml(opts: { required?: string[]; optional?: string[]; oneOf?: string[]; bins?: string; timeout?: string }): string {
  const list = (xs?: string[]) => (xs && xs.length ? `\n${xs.map((x) => `          - ${x}`).join('\n')}` : ' []');
  return [
    'metadata:',
    '  forge:',
    '    requires:',
    `      bins:${opts.bins ?? ' []'}`,
    '      env:',
    `        required:${list(opts.required)}`,
    `        one_of:${list(opts.oneOf)}`,
    `        optional:${list(opts.optional)}`,
    ...(opts.timeout ? [`    timeout_hint: ${opts.timeout}`] : []),
    '',
  ].join('\n');
}

describe('compileSkills: requirements', () => {
  it('promotes a var optional in one skill and required in another, merges bins and takes the max timeout', () => {
    const r = compileSkills([
      {
        skillMd: md(
          'reviewer',
          '# R\n\nUse web_search.\n',
          forgeYaml({
            optional: ['GH_TOKEN', 'REVIEW_MODEL'],
            oneOf: ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY'],
            bins: '\n        - jq\n        - infil',
            timeout: '"5m"',
          }),
        ),
        dirName: 'reviewer',
      },
      {
        skillMd: md(
          'pr-bot',
          '# P\n\nUse web_search.\n',
          forgeYaml({
            required: ['GH_TOKEN'],
            bins: '\n        - name: infil\n          url: https://example.com/infil\n          dest: /usr/local/bin/infil',
            timeout: '120',
          }),
        ),
        dirName: 'pr-bot',
      },
    ]);
    expect(r.excluded).toEqual([]);
    expect(r.requirements.env).toEqual({
      required: ['GH_TOKEN'],
      one_of: [{ skill: 'reviewer', vars: ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'] }],
      optional: ['REVIEW_MODEL'],
    });
    expect(r.requirements.bins).toEqual([{ name: 'infil', url: 'https://example.com/infil', dest: '/usr/local/bin/infil' }, { name: 'jq' }]);
    expect(r.requirements.timeout_hint).toBe(300);
    expect(r.skills.find((s) => s.name === 'reviewer')!.timeout_hint).toBe(300);
  });

  it('counts only included skills', () => {
    const r = compileSkills([
      { skillMd: md('kept', '# K\n\nUse web_search.\n', forgeYaml({ required: ['KEPT_KEY'] })), dirName: 'kept' },
      { skillMd: '---\ndescription: no name\n' + forgeYaml({ required: ['DROPPED_KEY'] }) + '---\nx\n', dirName: 'dropped' },
    ]);
    expect(r.requirements.env.required).toEqual(['KEPT_KEY']);
  });
});

describe('compileSkills: filter', () => {
  const skills: SkillInit[] = [
    { skillMd: md('k8s-a', '# A\n\nUse web_search.\n', 'category: sre\ntags: [kubernetes, triage]\n'), dirName: 'k8s-a' },
    { skillMd: md('k8s-b', '# B\n\nUse web_search.\n', 'category: sre\ntags: [kubernetes]\n'), dirName: 'k8s-b' },
    { skillMd: md('web', '# W\n\nUse web_search.\n', 'category: research\ntags: [triage]\n'), dirName: 'web' },
  ];

  it('keeps one category', () => {
    expect(compileSkills(skills, { category: 'sre' }).skills.map((s) => s.name)).toEqual(['k8s-a', 'k8s-b']);
  });

  it('keeps skills that have all the tags (AND)', () => {
    expect(compileSkills(skills, { tags: ['kubernetes', 'triage'] }).skills.map((s) => s.name)).toEqual(['k8s-a']);
    expect(compileSkills(skills, { category: 'research', tags: ['triage'] }).skills.map((s) => s.name)).toEqual(['web']);
  });

  it('does not report skills the filter leaves out', () => {
    const r = compileSkills([...skills, { skillMd: '---\nname: x\n', dirName: 'unclosed' }], { category: 'sre' });
    expect(r.diagnostics.some((d) => d.skill === 'unclosed')).toBe(false);
  });
});

describe('compileSkills: determinism', () => {
  it('gives byte-identical files for the same skills in any order', () => {
    const skills: SkillInit[] = [
      {
        skillMd: md('types', ALL_TYPES, 'category: dev\ntags: [b, a]\n' + forgeYaml({ optional: ['X'] })),
        dirName: 'types',
        scripts: { 'every-type.sh': SCRIPT },
      },
      { skillMd: md('review-helper', FOUR_TOOLS_BODY, forgeYaml({ required: ['X'], bins: '\n        - jq' })), dirName: 'review-helper' },
      {
        skillMd: md('weather', '## Tool: weather_now\n\nNow.\n\n**Input:** city (string)\n'),
        dirName: 'weather',
        scripts: { 'weather-now.sh': SCRIPT, 'common.sh': 'x=1\n' },
      },
    ];
    const first = serializeArtifacts(compileSkills(skills));
    const again = serializeArtifacts(compileSkills(skills));
    const reversed = serializeArtifacts(
      compileSkills([...skills].reverse().map((s) => ({ ...s, scripts: s.scripts && Object.fromEntries(Object.entries(s.scripts).reverse()) }))),
    );
    expect(again).toEqual(first);
    expect(reversed).toEqual(first);
    expect(first['skills.json']).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });
});
