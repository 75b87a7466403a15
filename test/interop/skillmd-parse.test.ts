// parseSkillMd on Forge's embedded-skill corpus (interop suite, needs
// FORGE_CORPUS_DIR): every file parses with zero diagnostics into the expected
// tools, and the shapes Forge's own skills use read as Forge reads them.

import { describe, expect, it } from 'vitest';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { corpusSkill, corpusSkills } from './forge-corpus.js';

describe('parseSkillMd: a ### Response Format block in the corpus', () => {
  it('is the output schema of tavily_search, the inline text its description', () => {
    const t = parseSkillMd(corpusSkill('tavily-search')).tools[0]!;
    expect(t.output).toMatchObject({
      kind: 'json',
      description: expect.stringContaining('JSON object with `query`'),
      value: { query: 'your search query', answer: 'AI-generated summary answer', response_time: 0.5 },
    });
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
  linear: [
    'linear_get_issue',
    'linear_search_issues',
    'linear_list_my_issues',
    'linear_get_workflow_states',
    'linear_update_issue_state',
    'linear_add_comment',
  ],
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
      { name: 'days', type: 'integer', required: false, description: '', constraint: '1-3' },
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
