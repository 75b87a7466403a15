// parseSkillMd: frontmatter with lines, metadata.forge normalisation, sections,
// `## Tool:` sections (inline and table input, output forms, examples,
// heuristics), the legacy list body, every fixture skill (test/fixtures/skills), and
// "never throws". Forge's own corpus: test/interop/skillmd-parse.test.ts.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkillMd } from '../../../src/core/skillmd/parse.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';
import { fixtureSkill, fixtureSkills } from '../../helpers/skill-corpus.js';

const errors = (text: string) => parseSkillMd(text).diagnostics.filter((d) => d.severity === 'error');

describe('parseSkillMd: frontmatter', () => {
  it('reads the frontmatter and the 1-based line of each top-level key', () => {
    const p = parseSkillMd('---\nname: weather\ndescription: Get weather\ntags:\n  - a\n---\n# Weather\n');
    expect(p.frontmatter).toEqual({ name: 'weather', description: 'Get weather', tags: ['a'] });
    expect(p.frontmatterLines).toEqual({ name: 2, description: 3, tags: 4 });
    expect(p.bodyLine).toBe(7);
    expect(p.body).toBe('# Weather\n');
    expect(p.diagnostics).toEqual([]);
  });

  it('tolerates CRLF line endings and a BOM', () => {
    const p = parseSkillMd('\uFEFF---\r\nname: x\r\ndescription: y\r\n---\r\n## Tool: t\r\n\r\nDoes t.\r\n');
    expect(p.frontmatter).toEqual({ name: 'x', description: 'y' });
    expect(p.tools.map((t) => [t.name, t.line, t.description])).toEqual([['t', 5, 'Does t.']]);
    expect(p.diagnostics).toEqual([]);
  });

  it('points bodyLine at the last line when the file ends on the closing fence (found by fuzzing)', () => {
    // A diagnostic at bodyLine (tools-missing) must name a line the file has.
    expect(parseSkillMd('---\nname: x\n---').bodyLine).toBe(3);
    expect(parseSkillMd('---\nname: x\n---\n').bodyLine).toBe(4);
    expect(parseSkillMd('---').bodyLine).toBe(1);
    expect(validateSkillMd('---\n{}\n---').warnings.find((d) => d.code === 'tools-missing')?.line).toBe(3);
  });

  it('treats a file without a leading --- line as body only', () => {
    const p = parseSkillMd('# Title\n\n---\nname: not-frontmatter\n---\n');
    expect(p.frontmatter).toBeNull();
    expect(p.bodyLine).toBe(1);
    expect(p.sections.map((s) => s.title)).toEqual(['Title']);
    expect(p.diagnostics).toEqual([]);
  });

  it('reports an unclosed frontmatter on line 1', () => {
    const d = errors('---\nname: x\n## Tool: t\n');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ code: 'frontmatter-unclosed', line: 1 });
  });

  it('reports a YAML syntax error with the file line, without throwing', () => {
    const d = errors('---\nname: x\ndescription: y\ntags: [a, b\nicon: z\n---\nbody\n');
    expect(d.length).toBeGreaterThan(0);
    expect(d[0]!.code).toBe('yaml-syntax');
    expect(d[0]!.line).toBeGreaterThanOrEqual(4);
    expect(d[0]!.line).toBeLessThanOrEqual(6);
  });

  it('reports duplicate keys at the duplicate', () => {
    const d = errors('---\nname: x\ndescription: y\nname: z\n---\n');
    expect(d[0]).toMatchObject({ code: 'yaml-syntax', line: 4 });
  });

  it('reports a frontmatter that is not a mapping', () => {
    expect(errors('---\n- a\n- b\n---\n')[0]).toMatchObject({ code: 'frontmatter-not-mapping', line: 2 });
  });

  it('accepts an empty frontmatter', () => {
    const p = parseSkillMd('---\n---\nbody');
    expect(p.frontmatter).toEqual({});
    expect(p.diagnostics).toEqual([]);
  });

  it('reports wrongly typed top-level fields with their line', () => {
    const d = errors('---\nname: 12\ndescription: ok\ntags: web\n---\n');
    expect(d.map((x) => [x.code, x.field, x.line])).toEqual([
      ['frontmatter-type', 'name', 2],
      ['frontmatter-type', 'tags', 4],
    ]);
  });
});

describe('parseSkillMd: metadata.forge', () => {
  const fm = (forge: string) => `---\nname: s\ndescription: d\nmetadata:\n  forge:\n${forge}---\n`;

  it('normalises bins given as names and as install recipes, keeping unknown keys', () => {
    const p = parseSkillMd(
      fm(
        [
          '    requires:',
          '      bins:',
          '        - curl',
          '        - name: infil',
          '          version: ">=0.4.0"',
          '        - name: gh',
          '          apt: gh',
          '          apk: github-cli',
          '          optional: true',
          '        - name: tool',
          '          url: https://example.com/tool',
          '          dest: /usr/local/bin/tool',
          '          chmod: "0755"',
          '          sha256: abc',
          '        - name: uv',
          '          run: ["curl -LsSf https://astral.sh/uv/install.sh | sh"]',
          '        - apt: nameless',
          '',
        ].join('\n'),
      ),
    );
    expect(p.diagnostics).toEqual([]);
    expect(p.forge.requires.bins).toEqual([
      { name: 'curl', line: 8 },
      { name: 'infil', version: '>=0.4.0', line: 9 },
      { name: 'gh', apt: 'gh', apk: 'github-cli', optional: true, line: 11 },
      { name: 'tool', url: 'https://example.com/tool', dest: '/usr/local/bin/tool', chmod: '0755', extra: { sha256: 'abc' }, line: 15 },
      { name: 'uv', run: ['curl -LsSf https://astral.sh/uv/install.sh | sh'], line: 20 },
      // a mapping without name still appears, so the validator can report it at its line
      { name: '', apt: 'nameless', line: 22 },
    ]);
  });

  it('reads env groups, capabilities, egress, denied tools, timeout, runtime, phase and keeps unknown keys', () => {
    const p = parseSkillMd(
      fm(
        [
          '    workflow_phase: edit',
          '    runtime: binary',
          '    requires:',
          '      env:',
          '        required: [A_KEY]',
          '        one_of: [B_KEY, C_KEY]',
          '        optional: [D]',
          '        secret: [E]',
          '      capabilities: [browser]',
          '      network: true',
          '    egress_domains: [api.example.com]',
          '    denied_tools: [http_request]',
          '    timeout_hint: 300',
          '    guardrails:',
          '      deny_output: []',
          '',
        ].join('\n'),
      ),
    );
    expect(p.diagnostics).toEqual([]);
    expect(p.forge).toEqual({
      requires: { bins: [], env: { required: ['A_KEY'], oneOf: ['B_KEY', 'C_KEY'], optional: ['D'] }, capabilities: ['browser'] },
      egressDomains: ['api.example.com'],
      deniedTools: ['http_request'],
      timeoutHint: 300,
      runtime: 'binary',
      workflowPhase: 'edit',
      extra: { guardrails: { deny_output: [] }, 'requires.network': true, 'requires.env.secret': ['E'] },
    });
  });

  it('keeps a timeout written as a string', () => {
    expect(parseSkillMd(fm('    timeout_hint: 300s\n')).forge.timeoutHint).toBe('300s');
  });

  it('turns type-wrong values into diagnostics naming the field and line, not crashes', () => {
    const p = parseSkillMd(
      fm(
        [
          '    requires:',
          '      bins: curl',
          '      env: [A]',
          '      capabilities:',
          '        - {a: 1}',
          '    egress_domains: example.com',
          '    runtime: docker',
          '    timeout_hint: [1]',
          '',
        ].join('\n'),
      ),
    );
    expect(p.diagnostics.map((d) => [d.code, d.field, d.line])).toEqual([
      ['forge-type', 'metadata.forge.requires.bins', 7],
      ['forge-type', 'metadata.forge.requires.env', 8],
      ['forge-type', 'metadata.forge.requires.capabilities[0]', 10],
      ['forge-type', 'metadata.forge.egress_domains', 11],
      ['forge-type', 'metadata.forge.timeout_hint', 13],
      ['forge-runtime-invalid', 'metadata.forge.runtime', 12],
    ]);
    expect(p.forge.requires.bins).toEqual([]);
  });

  it('reports a chmod YAML read as a number (0755 unquoted is not octal text)', () => {
    const p = parseSkillMd(fm('    requires:\n      bins:\n        - name: t\n          url: https://x/t\n          dest: /usr/bin/t\n          chmod: 755\n'));
    expect(p.diagnostics).toMatchObject([{ code: 'forge-type', field: 'metadata.forge.requires.bins[0].chmod', line: 11 }]);
  });

  it('reports metadata or metadata.forge that is not a mapping', () => {
    expect(errors('---\nname: s\nmetadata: text\n---\n')[0]).toMatchObject({ field: 'metadata', line: 3 });
    expect(errors('---\nname: s\nmetadata:\n  forge: [1]\n---\n')[0]).toMatchObject({ field: 'metadata.forge', line: 4 });
  });
});

describe('parseSkillMd: sections', () => {
  it('splits the body by ATX heading and ignores # lines inside fences', () => {
    const body = [
      '# Title', // 1
      'intro',
      '```bash',
      '# not a heading',
      '```',
      '## Two ##',
      '~~~~',
      '## still code',
      '~~~', // shorter fence does not close
      '```', // other character does not close
      '~~~~~',
      '### Three',
      '#hashtag is text',
      '####### seven is text',
    ].join('\n');
    const p = parseSkillMd(body);
    expect(p.sections.map((s) => [s.level, s.title, s.line])).toEqual([
      [1, 'Title', 1],
      [2, 'Two', 6],
      [3, 'Three', 12],
    ]);
    expect(p.sections[0]!.content).toBe('intro\n```bash\n# not a heading\n```');
    expect(p.sections[2]!.content).toBe('#hashtag is text\n####### seven is text');
  });

  it('lets an unclosed fence run to the end', () => {
    const p = parseSkillMd('## A\n```\n## B\n');
    expect(p.sections.map((s) => s.title)).toEqual(['A']);
  });

  it('gives section lines in file coordinates after the frontmatter', () => {
    const p = parseSkillMd('---\nname: a\n---\n\n## First\n');
    expect(p.sections[0]!.line).toBe(5);
  });
});

describe('parseSkillMd: tool sections', () => {
  it('reads the inline Input form of the seed', () => {
    // seed skill-md-format: "**Input:** location (string), days (integer: 1-7)"
    const p = parseSkillMd(
      [
        '## Tool: weather_current',
        '',
        'Get current weather for a location.',
        '',
        '**Input:** location (string) - City name or coordinates',
        '**Output:** Current temperature, conditions, humidity, and wind speed',
        '',
        '## Tool: weather_forecast',
        '',
        'Get weather forecast',
        'for a location.',
        '',
        '**Input:** location (string), days (integer: 1-7), units (string, optional: metric or imperial), page (int, default: 1) — Page number',
        '**Output:** Daily forecast',
      ].join('\n'),
    );
    expect(p.tools.map((t) => t.name)).toEqual(['weather_current', 'weather_forecast']);
    const [cur, fc2] = p.tools;
    expect(cur).toMatchObject({
      line: 1,
      description: 'Get current weather for a location.',
      inputForm: 'inline',
      input: [{ name: 'location', type: 'string', required: true, description: 'City name or coordinates' }],
      output: { kind: 'text', text: 'Current temperature, conditions, humidity, and wind speed' },
    });
    expect(fc2!.description).toBe('Get weather forecast for a location.');
    expect(fc2!.input).toEqual([
      { name: 'location', type: 'string', required: true, description: '' },
      // Forge's runtime requires only the first inline parameter unless another says "required".
      { name: 'days', type: 'integer', required: false, description: '', constraint: '1-7' },
      { name: 'units', type: 'string', required: false, description: '', constraint: 'metric or imperial' },
      { name: 'page', type: 'int', required: false, description: 'Page number', constraint: 'default: 1' },
    ]);
  });

  it('reads an Input table with escaped pipes, any header case and yes/no/true/optional', () => {
    const p = parseSkillMd(
      [
        '## Tool: search',
        '',
        '**Input:**',
        '',
        '| PARAMETER | type | Required | DESCRIPTION |',
        '|:---|---|:---:|---|',
        '| `query` | string | Yes | Terms, e.g. `a \\| b` |',
        '| limit | integer | false | Max <br> results |',
        '| mode | string | REQUIRED | one |',
        '| verbose | boolean | optional | two |',
        '| strict | boolean | true | three |',
        '',
        'After the table.',
      ].join('\n'),
    );
    const t = p.tools[0]!;
    expect(t.inputForm).toBe('table');
    expect(t.input).toEqual([
      { name: 'query', type: 'string', required: true, description: 'Terms, e.g. `a | b`' },
      { name: 'limit', type: 'integer', required: false, description: 'Max \n results' },
      { name: 'mode', type: 'string', required: true, description: 'one' },
      { name: 'verbose', type: 'boolean', required: false, description: 'two' },
      { name: 'strict', type: 'boolean', required: true, description: 'three' },
    ]);
  });

  it('reads a fenced JSON Output after the Output line', () => {
    const p = parseSkillMd('## Tool: t\n\n**Output:**\n\n```json\n{"ok": true, "items": [1]}\n```\n');
    expect(p.tools[0]!.output).toEqual({ kind: 'json', value: { ok: true, items: [1] }, raw: '{"ok": true, "items": [1]}' });
  });

  it('uses a ### Response Format JSON block as the output schema, keeping the inline text as its description', () => {
    const t = parseSkillMd(fixtureSkill('ticket-search')).tools[0]!;
    expect(t.output).toMatchObject({
      kind: 'json',
      description: expect.stringContaining('JSON object with `total`'),
      value: { total: 2, took_ms: 41 },
    });
  });

  it('warns (does not fail) when the Output json block does not parse', () => {
    const p = parseSkillMd('## Tool: t\n\n**Output:**\n\n```json\n{"a": ...}\n```\n');
    expect(p.tools[0]!.output).toEqual({ kind: 'text', text: '{"a": ...}' });
    expect(p.diagnostics).toMatchObject([{ code: 'tool-output-json-invalid', severity: 'warning', line: 5 }]);
  });

  it('reads the User Request | Tool Input examples table, parsing JSON cells', () => {
    const p = parseSkillMd(
      [
        '## Tool: t',
        '',
        '| User Request | Tool Input |',
        '|---|---|',
        '| "Weather in Paris" | `{"location": "Paris"}` |',
        '| forecast for Rome \\| 3 days | `{"location": "Rome", "days": 3}` |',
        '| plain text | not json |',
        '| "a" / "b" | `` {"q": "`x`"} `` |',
      ].join('\n'),
    );
    expect(p.tools[0]!.examples).toEqual([
      { request: 'Weather in Paris', input: { location: 'Paris' } },
      { request: 'forecast for Rome | 3 days', input: { location: 'Rome', days: 3 } },
      { request: 'plain text', input: 'not json' },
      { request: '"a" / "b"', input: { q: '`x`' } },
    ]);
  });

  it('reads detection heuristics after a bold line with or without colon, or a ### heading', () => {
    const withColon = parseSkillMd('## Tool: a\n\n**Detection heuristics:**\n\n- mentions weather\n- a city\n  name given\n\nAfter.\n- not this');
    expect(withColon.tools[0]!.heuristics).toEqual(['mentions weather', 'a city name given']);
    const noColon = parseSkillMd('## Tool: a\n\n**Detection heuristics**\n* one\n* two\n');
    expect(noColon.tools[0]!.heuristics).toEqual(['one', 'two']);
    const heading = parseSkillMd('## Tool: a\n\n### Detection Heuristics\n\nThe agent selects this tool when:\n- x\n- y\n\n### Tips\n- z');
    expect(heading.tools[0]!.heuristics).toEqual(['x', 'y']);
  });

  it('ends a tool at the next heading of level 2 or less and keeps ### inside its body', () => {
    const p = parseSkillMd('## Tool: a\n\nA.\n\n### Sub\n\ntext\n\n# Top\n\n## Tool: b\n\nB.\n## Other\n');
    expect(p.tools.map((t) => [t.name, t.body])).toEqual([
      ['a', '\nA.\n\n### Sub\n\ntext\n'],
      ['b', '\nB.'],
    ]);
  });

  it('does not take "## Tool Usage" or "### Tool: x" for tools; reports a nameless tool', () => {
    const p = parseSkillMd('## Tool Usage\n\n### Tool: nested\n\n## Tools\n\n## Tool:\n');
    expect(p.tools.map((t) => t.name)).toEqual(['']);
    expect(p.diagnostics).toMatchObject([{ code: 'tool-name-missing', line: 7 }]);
  });
});

describe('parseSkillMd: legacy list body', () => {
  it('yields name-only entries from "- word" lines', () => {
    // seed: "Single-word list items (no spaces, max 64 characters) create name-only skill entries"
    expect(parseSkillMd('# Agent Skills\n\n- translate\n- summarize\n- classify\n').legacyNames).toEqual(['translate', 'summarize', 'classify']);
  });

  it('is not the legacy form when items have spaces, are too long, or other content exists', () => {
    expect(parseSkillMd('- translate text\n- b').legacyNames).toEqual([]);
    expect(parseSkillMd(`- ${'a'.repeat(65)}`).legacyNames).toEqual([]);
    expect(parseSkillMd('Intro.\n\n- a\n- b').legacyNames).toEqual([]);
    expect(parseSkillMd('## Tool: t\n\n- a\n').legacyNames).toEqual([]);
  });
});

// Expected `## Tool:` names of every fixture SKILL.md (test/fixtures/skills), in order.
const FIXTURE_TOOLS: Record<string, string[]> = {
  _starter: ['example_lookup'],
  'changelog-writer': ['changelog_draft'],
  'cluster-spend': ['cluster_spend'],
  'forecast-lookup': ['forecast_now', 'forecast_days'],
  'page-reader': [],
  'pod-triage': ['pod_triage'],
  'repo-workbench': ['workbench_read', 'workbench_write', 'workbench_patch', 'workbench_test'],
  'sitemap-audit': ['sitemap_audit'],
  'snippet-vault': ['vault_save', 'vault_find'],
  'standup-digest': ['standup_digest'],
  'ticket-search': ['ticket_search'],
};

describe('parseSkillMd: the fixture skills', () => {
  const skills = fixtureSkills();

  it('covers every fixture folder', () => {
    expect(skills.map((s) => s.dir)).toEqual(Object.keys(FIXTURE_TOOLS).sort());
  });

  for (const { dir, text } of skills) {
    it(`${dir}: parses with zero diagnostics and the expected tools`, () => {
      const p = parseSkillMd(text);
      expect(p.diagnostics).toEqual([]);
      expect(p.frontmatter?.name).toBe(dir === '_starter' ? 'example-skill' : dir);
      expect(p.tools.map((t) => t.name)).toEqual(FIXTURE_TOOLS[dir]);
    });
  }

  it('ticket-search: table input of every type, JSON output, env and egress', () => {
    const p = parseSkillMd(fixtureSkill('ticket-search'));
    expect(p.forge.requires.env).toEqual({ required: ['DESK_API_TOKEN'], oneOf: [], optional: ['DESK_DEFAULT_QUEUE'] });
    expect(p.forge.requires.bins.map((b) => b.name)).toEqual(['curl', 'jq']);
    expect(p.forge.egressDomains).toEqual(['api.deskhub.io']);
    const t = p.tools[0]!;
    expect(t.description).toBe('Search tickets by free text and filters.');
    expect(t.inputForm).toBe('both');
    expect(t.input.map((i) => [i.name, i.type, i.required])).toEqual([
      ['text', 'string', true],
      ['status', 'array', false],
      ['customer', 'string', false],
      ['max_results', 'integer', false],
      ['include_body', 'boolean', false],
      ['queue', 'string', false],
    ]);
    expect(t.input[1]!.description).toBe('Any of `open`, `pending`, `solved`. Default: all');
    expect((t.output as { value: { tickets: unknown[] } }).value.tickets).toHaveLength(1);
    expect(t.examples[2]).toEqual({
      request: 'Show the last 5 login problems with their first message',
      input: { text: 'login', max_results: 5, include_body: true },
    });
    expect(t.heuristics).toEqual(['mentions tickets, cases, the helpdesk or support requests', 'asks how many customers reported something']);
  });

  it('forecast-lookup: inline inputs with a description and a constraint, text outputs, wildcard egress', () => {
    const p = parseSkillMd(fixtureSkill('forecast-lookup'));
    expect(p.forge.egressDomains).toEqual(['*.open-meteo.com']);
    const [now, days] = p.tools;
    expect(now!.inputForm).toBe('inline');
    expect(now!.input).toEqual([{ name: 'city', type: 'string', required: true, description: 'City name with an optional country code' }]);
    expect(now!.output).toEqual({ kind: 'text', text: 'Temperature, apparent temperature, precipitation and wind speed' });
    expect(days!.input).toEqual([
      { name: 'city', type: 'string', required: true, description: '' },
      // Forge's runtime requires only the first inline parameter unless another says "required".
      { name: 'days', type: 'integer', required: false, description: '', constraint: '1-7' },
    ]);
    expect(days!.line).toBe(34);
  });

  it('repo-workbench: workflow phase, timeout, denied tools, commented egress, two outputs; "## Tool Reference" is not a tool', () => {
    const p = parseSkillMd(fixtureSkill('repo-workbench'));
    expect(p.forge.workflowPhase).toBe('edit');
    expect(p.forge.timeoutHint).toBe(120);
    expect(p.forge.deniedTools).toEqual(['file_write', 'file_edit', 'file_read', 'schedule_set']);
    expect(p.forge.egressDomains).toEqual(['registry.npmjs.org', 'pypi.org', 'files.pythonhosted.org', 'proxy.golang.org']);
    const read = p.tools[0]!;
    // "**Output (file):**" is the first output
    expect(read.output).toMatchObject({ kind: 'json', value: { path: 'src/index.ts', total_lines: 87, truncated: false } });
    expect(p.tools.find((t) => t.name === 'workbench_patch')!.input.map((i) => `${i.name}:${i.required}`)).toEqual([
      'project:true',
      'path:true',
      'find:true',
      'replace:true',
    ]);
  });

  it('every requires.bins form: a name, {apt, apk}, {version}, {url, dest, chmod}, {optional, run}', () => {
    expect(parseSkillMd(fixtureSkill('changelog-writer')).forge.requires.bins).toMatchObject([
      { name: 'git' },
      { name: 'python3', apt: 'python3', apk: 'python3' },
    ]);
    const bins = parseSkillMd(fixtureSkill('sitemap-audit')).forge.requires.bins.map(({ line: _line, ...b }) => b);
    expect(bins).toEqual([
      { name: 'node', version: '>=20' },
      { name: 'htmlq', url: 'https://downloads.htmlq.dev/htmlq-x86_64-linux', dest: '/usr/local/bin/htmlq', chmod: '0755' },
      { name: 'lychee', optional: true, run: ['cargo install lychee --locked', 'lychee --version'] },
      { name: 'xmllint', apt: 'libxml2-utils', apk: 'libxml2-utils' },
    ]);
  });

  it('env one_of and optional, a duration timeout and kept guardrails (changelog-writer)', () => {
    const p = parseSkillMd(fixtureSkill('changelog-writer'));
    expect(p.forge.requires.env).toEqual({ required: [], oneOf: ['ANTHROPIC_API_KEY', 'OPENAI_API_KEY'], optional: ['CHANGELOG_MODEL'] });
    expect(p.forge.timeoutHint).toBe('90s');
    expect(p.forge.extra).toHaveProperty('guardrails');
  });

  it('$VAR and ${VAR} egress entries are kept as written (sitemap-audit, cluster-spend)', () => {
    expect(parseSkillMd(fixtureSkill('sitemap-audit')).forge.egressDomains).toEqual(['$AUDIT_SITE_HOST', '${AUDIT_EXTRA_HOSTS}', '*.sitemaps.org']);
    expect(parseSkillMd(fixtureSkill('cluster-spend')).forge.egressDomains).toEqual(['$K8S_API_DOMAIN']);
  });

  it('_starter: frontmatter comments ignored, table input, Response Format output', () => {
    const p = parseSkillMd(fixtureSkill('_starter'));
    expect(p.frontmatter).toMatchObject({ name: 'example-skill', description: 'One sentence saying what the skill does and when to use it' });
    expect(p.frontmatter).not.toHaveProperty('icon');
    expect(p.forge.deniedTools).toEqual([]);
    expect(p.forge.timeoutHint).toBeUndefined();
    expect(p.tools[0]!.output).toMatchObject({ kind: 'json', value: { matches: [{ id: 'm-1', weight: 0.8 }] } });
  });

  it('page-reader: capabilities only, no tools and not a legacy list', () => {
    const p = parseSkillMd(fixtureSkill('page-reader'));
    expect(p.forge.requires.capabilities).toEqual(['browser']);
    expect(p.forge.egressDomains).toEqual([]);
    expect(p.forge.extra).toHaveProperty('trust_hints');
    expect(p.tools).toEqual([]);
    expect(p.legacyNames).toEqual([]);
  });

  it('snippet-vault: headings and frontmatter inside ```` and ~~~ fences are text, not tools', () => {
    const p = parseSkillMd(fixtureSkill('snippet-vault'));
    expect(p.tools.map((t) => t.name)).toEqual(['vault_save', 'vault_find']);
    expect(p.sections.map((s) => s.title)).not.toContain('Tool: not_a_tool');
    expect(p.tools[0]!.input[3]!.description).toBe('The snippet itself, verbatim (pipes like `a | b` are kept)');
    expect(p.tools[1]!.examples[1]).toEqual({ request: 'Find the snippet with | tee in it', input: { query: '| tee' } });
  });

  it('standup-digest: CRLF line endings and non-ASCII text read like LF', () => {
    const crlf = fixtureSkill('standup-digest');
    expect(crlf).toContain('\r\n');
    const p = parseSkillMd(crlf);
    const lf = parseSkillMd(crlf.replace(/\r\n/g, '\n'));
    expect(p.frontmatter).toEqual(lf.frontmatter);
    expect(p.frontmatter?.description).toContain('日本語');
    expect(p.tools.map((t) => [t.name, t.line, t.input, t.examples])).toEqual(lf.tools.map((t) => [t.name, t.line, t.input, t.examples]));
    expect(p.tools[0]!.examples[1]).toEqual({ request: '昨日の #dev をまとめて', input: { channel: 'dev', language: 'ja' } });
    expect(p.tools[0]!.input[0]!.description).not.toMatch(/\r/);
  });

  it('cluster-spend: an escaped YAML emoji is the character', () => {
    expect(parseSkillMd(fixtureSkill('cluster-spend')).frontmatter?.icon).toBe('💸');
  });
});

describe('parseSkillMd: never throws', () => {
  it('on random strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        // parseSkillMd catches its own crashes as `parse-internal`; one showing up is the bug.
        expect(parseSkillMd(s).diagnostics.filter((d) => d.code === 'parse-internal')).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('on strings built from Markdown and YAML fragments', () => {
    const piece = fc.constantFrom(
      '---',
      '\n',
      '## Tool: x',
      '**Input:**',
      '**Output:**',
      '| a | b |',
      '|---|---|',
      '```',
      '~~~',
      '```json',
      '{',
      '}',
      'name: x',
      'metadata:',
      '  forge:',
      '    requires:',
      '      bins:',
      '        - name:',
      '          run: 1',
      '- ',
      '\\|',
      ': ',
      '"',
      '&',
      '*',
      '[',
      ']',
      '**Detection heuristics**',
      '| User Request | Tool Input |',
      '`{"a":1}`',
      '\r\n',
      '\uFEFF',
      '#',
      '   ',
      '\t',
      '&anchor',
      '*anchor',
      '!!binary',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        expect(parseSkillMd(parts.join('')).diagnostics.filter((d) => d.code === 'parse-internal')).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('on random mutations of the fixture skills', () => {
    const texts = fixtureSkills().map((s) => s.text);
    const mutation = fc.record({
      file: fc.nat({ max: texts.length - 1 }),
      edits: fc.array(fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), del: fc.nat({ max: 40 }), ins: fc.string({ maxLength: 12 }) }), {
        minLength: 1,
        maxLength: 8,
      }),
    });
    fc.assert(
      fc.property(mutation, ({ file, edits }) => {
        let t = texts[file]!;
        for (const e of edits) {
          const at = Math.floor(e.at * t.length);
          t = t.slice(0, at) + e.ins + t.slice(at + e.del);
        }
        const p = parseSkillMd(t);
        expect(p.diagnostics.every((d) => d.code !== 'parse-internal')).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('on non-string input', () => {
    expect(parseSkillMd(undefined as unknown as string).diagnostics[0]!.code).toBe('content-not-text');
  });
});

describe('parseSkillMd: many tool sections', () => {
  // Each tool section ends at the next level-1 or level-2 heading, found in one backward pass over the
  // headings (the bench in bench/redos.bench.ts times 1 MiB of them; here the answer is checked).
  it('ends each of 20,000 tools, with ### headings under them, at the next ## heading', () => {
    const n = 20_000;
    const body = Array.from({ length: n }, (_, i) => `## Tool: t${i}\n\nDoes ${i}.\n\n### Notes\n\nn${i}\n\n### More\n`).join('\n');
    const p = parseSkillMd(`---\nname: many\ndescription: When the user asks for many.\n---\n# Many\n\n${body}## Notes\n\nend\n`);
    expect(p.tools).toHaveLength(n);
    expect(p.tools[0]!.body).toBe('\nDoes 0.\n\n### Notes\n\nn0\n\n### More\n');
    expect(p.tools[n - 1]!.body).toBe(`\nDoes ${n - 1}.\n\n### Notes\n\nn${n - 1}\n\n### More`);
    expect(p.tools.every((t, i) => t.name === `t${i}` && t.description === `Does ${i}.`)).toBe(true);
    expect(p.sections.filter((s) => s.level === 3)).toHaveLength(2 * n);
  });
});
