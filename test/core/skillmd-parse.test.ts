// parseSkillMd: frontmatter with lines, metadata.forge normalisation, sections,
// `## Tool:` sections (inline and table input, output forms, examples,
// heuristics), the legacy list body, the whole corpus, and "never throws".

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { validateSkillMd } from '../../src/core/skillmd/validate.js';
import { corpusSkill, corpusSkills } from '../helpers/skillmd-corpus.js';

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
      { name: 'days', type: 'integer', required: true, description: '', constraint: '1-7' },
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
    const t = parseSkillMd(corpusSkill('tavily-search')).tools[0]!;
    expect(t.output).toMatchObject({
      kind: 'json',
      description: expect.stringContaining('JSON object with `query`'),
      value: { query: 'your search query', answer: 'AI-generated summary answer', response_time: 0.5 },
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

// Expected `## Tool:` names of every corpus SKILL.md, in order.
const CORPUS_TOOLS: Record<string, string[]> = {
  _template: ['my_tool'],
  'code-agent': ['code_agent_scaffold', 'code_agent_write', 'code_agent_read', 'code_agent_edit', 'code_agent_run'],
  'code-plan': ['code_plan_create', 'code_plan_validate'],
  'code-review': ['code_review_diff', 'code_review_file'],
  'code-review-github': ['review_github_list_prs', 'review_github_post_comments', 'review_github_apply_labels', 'review_github_auto_merge'],
  'code-review-standards': ['review_standards_init', 'review_standards_check'],
  'codegen-html': ['codegen_html_scaffold', 'codegen_html_read', 'codegen_html_write'],
  'codegen-react': ['codegen_react_scaffold', 'codegen_react_read', 'codegen_react_write', 'codegen_react_run'],
  github: [
    'github_clone',
    'github_status',
    'github_commit',
    'github_push',
    'github_checkout',
    'github_branch_name_from_ticket',
    'github_create_issue',
    'github_list_issues',
    'github_create_pr',
    'github_list_prs',
    'github_get_user',
    'github_list_stargazers',
    'github_list_forks',
    'github_pr_author_profiles',
    'github_stargazer_profiles',
  ],
  'k8s-cost-visibility': ['k8s_cost_visibility'],
  'k8s-incident-triage': ['k8s_triage'],
  'k8s-pod-rightsizer': ['k8s_pod_rightsizer'],
  linear: ['linear_get_issue', 'linear_search_issues', 'linear_list_my_issues', 'linear_get_workflow_states', 'linear_update_issue_state', 'linear_add_comment'],
  'tavily-research': ['tavily_research', 'tavily_research_poll'],
  'tavily-search': ['tavily_search'],
  weather: ['weather_current', 'weather_forecast'],
  'web-browse': [],
};

describe('parseSkillMd: the forge-embedded corpus', () => {
  const skills = corpusSkills();

  it('covers every corpus folder', () => {
    expect(skills.map((s) => s.dir)).toEqual(Object.keys(CORPUS_TOOLS).sort());
  });

  for (const { dir, text } of skills) {
    it(`${dir}: parses with zero diagnostics and the expected tools`, () => {
      const p = parseSkillMd(text);
      expect(p.diagnostics).toEqual([]);
      expect(p.frontmatter?.name).toBe(dir === '_template' ? 'my-skill' : dir);
      expect(p.tools.map((t) => t.name)).toEqual(CORPUS_TOOLS[dir]);
    });
  }

  it('tavily-search: table input, JSON output, env and egress', () => {
    const p = parseSkillMd(corpusSkill('tavily-search'));
    expect(p.forge.requires.env.required).toEqual(['TAVILY_API_KEY']);
    expect(p.forge.requires.bins.map((b) => b.name)).toEqual(['curl', 'jq']);
    expect(p.forge.egressDomains).toEqual(['api.tavily.com']);
    const t = p.tools[0]!;
    expect(t.description).toBe('Search the web using Tavily AI.');
    expect(t.inputForm).toBe('table');
    expect(t.input.map((i) => [i.name, i.type, i.required])).toEqual([
      ['query', 'string', true],
      ['search_depth', 'string', false],
      ['max_results', 'integer', false],
      ['time_range', 'string', false],
      ['include_domains', 'array', false],
      ['exclude_domains', 'array', false],
    ]);
    expect(t.input[1]!.description).toBe('`basic` (fast) or `advanced` (thorough). Default: `basic`');
    expect(t.output?.kind).toBe('json');
    expect((t.output as { value: { results: unknown[] } }).value.results).toHaveLength(1);
  });

  it('weather: inline inputs with a constraint and text outputs', () => {
    const [cur, fcast] = parseSkillMd(corpusSkill('weather')).tools;
    expect(cur!.input).toEqual([{ name: 'location', type: 'string', required: true, description: 'City name or coordinates' }]);
    expect(cur!.output).toEqual({ kind: 'text', text: 'Current temperature, conditions, humidity, and wind speed' });
    expect(fcast!.input).toEqual([
      { name: 'location', type: 'string', required: true, description: '' },
      { name: 'days', type: 'integer', required: true, description: '', constraint: '1-3' },
    ]);
    expect(fcast!.output).toEqual({ kind: 'text', text: 'Daily forecast with high/low temperatures and conditions' });
    expect(fcast!.line).toBe(35);
  });

  it('code-agent: five table tools with JSON outputs; "## Tool Reference" is not a tool', () => {
    const p = parseSkillMd(corpusSkill('code-agent'));
    expect(p.forge.workflowPhase).toBe('edit');
    expect(p.forge.timeoutHint).toBe(120);
    expect(p.forge.deniedTools).toContain('file_write');
    const read = p.tools.find((t) => t.name === 'code_agent_read')!;
    expect(read.input.map((i) => `${i.name}:${i.type}:${i.required}`)).toEqual([
      'project_dir:string:true',
      'file_path:string:true',
      'offset:integer:false',
      'limit:integer:false',
    ]);
    // "**Output (file):**" is the first output
    expect(read.output).toMatchObject({ kind: 'json', value: { path: 'src/App.jsx', total_lines: 50, truncated: false } });
    const edit = p.tools.find((t) => t.name === 'code_agent_edit')!;
    expect(edit.output).toEqual({
      kind: 'json',
      value: { path: 'src/App.jsx', action: 'edited', size: 320, diff: '...' },
      raw: '{"path": "src/App.jsx", "action": "edited", "size": 320, "diff": "..."}',
    });
    const scaffold = p.tools[0]!;
    expect(scaffold.input.find((i) => i.name === 'framework')?.description).toBe(
      'One of: `react`, `vue`, `vanilla`, `node`, `python`, `golang`, `spring-boot`',
    );
  });

  it('_template: frontmatter comments ignored, table input, Response Format output', () => {
    const p = parseSkillMd(corpusSkill('_template'));
    expect(p.frontmatter).toMatchObject({ name: 'my-skill', description: 'One-line description of what this skill does' });
    expect(p.frontmatter).not.toHaveProperty('icon');
    expect(p.forge.requires.env.required).toEqual(['MY_API_KEY']);
    const t = p.tools[0]!;
    expect(t.input).toEqual([
      { name: 'query', type: 'string', required: true, description: 'The search query' },
      { name: 'max_results', type: 'integer', required: false, description: 'Maximum results (1-20). Default: 5' },
    ]);
    expect(t.output).toMatchObject({ kind: 'json', value: { results: [{ title: 'Example', score: 0.95 }] } });
  });

  it('code-review: examples and heuristics under ### headings', () => {
    const [diff] = parseSkillMd(corpusSkill('code-review')).tools;
    expect(diff!.examples).toHaveLength(8);
    expect(diff!.examples[0]).toEqual({ request: 'Review code changes against main in ~/myproject', input: { base_ref: 'main', repo_path: '~/myproject' } });
    expect(diff!.heuristics[0]).toBe('Requests mentioning "review", "diff", "PR", "pull request", "changes"');
    expect(diff!.heuristics).toHaveLength(4);
  });

  it('web-browse: capabilities only, no tools and not a legacy list', () => {
    const p = parseSkillMd(corpusSkill('web-browse'));
    expect(p.forge.requires.capabilities).toEqual(['browser']);
    expect(p.forge.extra).toHaveProperty('trust_hints');
    expect(p.tools).toEqual([]);
    expect(p.legacyNames).toEqual([]);
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
      '---', '\n', '## Tool: x', '**Input:**', '**Output:**', '| a | b |', '|---|---|', '```', '~~~', '```json', '{', '}',
      'name: x', 'metadata:', '  forge:', '    requires:', '      bins:', '        - name:', '          run: 1', '- ', '\\|', ': ', '"', '&', '*', '[', ']',
      '**Detection heuristics**', '| User Request | Tool Input |', '`{"a":1}`', '\r\n', '\uFEFF', '#', '   ', '\t', '&anchor', '*anchor', '!!binary',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        expect(parseSkillMd(parts.join('')).diagnostics.filter((d) => d.code === 'parse-internal')).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });

  it('on random mutations of corpus files', () => {
    const texts = corpusSkills().map((s) => s.text);
    const mutation = fc.record({
      file: fc.nat({ max: texts.length - 1 }),
      edits: fc.array(
        fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), del: fc.nat({ max: 40 }), ins: fc.string({ maxLength: 12 }) }),
        { minLength: 1, maxLength: 8 },
      ),
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
