// The table of validator findings in docs/skill-md-format.md cannot drift from
// the code: it must list exactly the codes that src/core/skillmd/ can emit
// (found by reading the source for errorDiag/warningDiag calls), each with the
// severity the source gives it, and every code must be produced by a sample
// input under each profile the table names — and by none of the others.
// Also checks the built-in tool table of docs/skill-builder-llm.md against
// BUILTIN_TOOLS. (Issue 7: "the validator's rules per profile with every
// diagnostic listed".)

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from '../../src/core/forge-runtime/builtins.js';
import { parseSkillMd } from '../../src/core/skillmd/parse.js';
import { validateSkillMd, type ValidateOptions } from '../../src/core/skillmd/validate/validate.js';
import { ROOT } from './session.js';

type Profile = 'forge' | 'agentskills';

/** Files (in src/core/skillmd and its subfolders) whose diagnostics reach validateSkillMd: the parser and the rules. The compiler's own (compile.ts, decompile.ts) do not. */
const SKILLMD_DIR = join(ROOT, 'src/core/skillmd');
const NOT_VALIDATOR = new Set(['compile.ts', 'decompile.ts']);
const CALL_RE = /\b(errorDiag|warningDiag)\(/g;
const CODE_RE = /\b(errorDiag|warningDiag)\(\s*'([a-z0-9-]+)'/g;

function codesInSource(): { codes: Map<string, Set<'error' | 'warning'>>; dynamic: string[] } {
  const codes = new Map<string, Set<'error' | 'warning'>>();
  const dynamic: string[] = [];
  const files = (readdirSync(SKILLMD_DIR, { recursive: true }) as string[]).filter((n) => n.endsWith('.ts') && !NOT_VALIDATOR.has(n));
  for (const f of files) {
    const text = readFileSync(join(SKILLMD_DIR, f), 'utf8');
    const calls = [...text.matchAll(CALL_RE)].length - [...text.matchAll(/function (errorDiag|warningDiag)\(/g)].length;
    const literal = [...text.matchAll(CODE_RE)];
    if (literal.length !== calls) dynamic.push(`${f}: ${calls} calls, ${literal.length} with a literal code`);
    for (const m of literal) {
      const set = codes.get(m[2]!) ?? new Set();
      set.add(m[1] === 'errorDiag' ? 'error' : 'warning');
      codes.set(m[2]!, set);
    }
  }
  return { codes, dynamic };
}

interface Row {
  code: string;
  severity: string;
  profiles: string[];
}

function documentedRows(): Row[] {
  const doc = readFileSync(join(ROOT, 'docs/skill-md-format.md'), 'utf8');
  const start = doc.indexOf('<!-- diagnostics:start -->');
  const end = doc.indexOf('<!-- diagnostics:end -->');
  expect(start, 'docs/skill-md-format.md needs the <!-- diagnostics:start/end --> markers').toBeGreaterThan(0);
  return doc
    .slice(start, end)
    .split('\n')
    .filter((l) => /^\| `/.test(l))
    .map((l) => {
      const cells = l.split('|').map((c) => c.trim());
      return { code: cells[1]!.replace(/`/g, ''), severity: cells[2]!, profiles: cells[3]!.split(',').map((p) => p.trim()) };
    });
}

// ---- sample inputs ---------------------------------------------------------

const DESC = 'When the user asks for the time ("what time is it"), call datetime_now.';
const fm = (...lines: string[]) => `---\n${lines.join('\n')}\n---\n# Skill\n\nCall \`datetime_now\` and answer.\n`;
const ok = (...extra: string[]) => fm('name: my-skill', `description: ${DESC}`, ...extra);
const withBody = (body: string, ...extra: string[]) => `---\nname: my-skill\ndescription: ${DESC}\n${extra.join('\n')}${extra.length ? '\n' : ''}---\n${body}`;
const forgeMeta = (...lines: string[]) => ok('metadata:', '  forge:', ...lines.map((l) => `    ${l}`));
const toolSkill = (name: string) => withBody(`# T\n\n## Tool: ${name}\n\nDoes a thing.\n`);
const TOOL_SCRIPT_OK = '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\necho "$INPUT"\n';
const TABLE_ROWS = '| Parameter | Type | Required | Description |\n|---|---|---|---|\n| q | string | yes | Query |\n| n | integer | no | Count |\n';
const TABLE_INPUT = `**Input:**\n\n${TABLE_ROWS}`;

interface Sample {
  text: unknown;
  options?: ValidateOptions;
}

/** One input per code that produces it; `parse-internal` has none (it marks a parser bug). */
const SAMPLES: Record<string, Sample> = {
  'content-empty': { text: '   \n' },
  'frontmatter-missing': { text: '# Title\n\nCall `datetime_now`.\n' },
  'frontmatter-unclosed': { text: '---\nname: my-skill\n' },
  'frontmatter-not-mapping': { text: '---\n- a\n- b\n---\nbody\n' },
  'yaml-syntax': { text: '---\nname: [unclosed\n---\nbody\n' },
  'yaml-warning': { text: fm('name: !custom my-skill', `description: ${DESC}`) },
  'frontmatter-type': { text: ok('license: 5') },
  'name-missing': { text: fm(`description: ${DESC}`) },
  'name-invalid': { text: fm('name: My_Skill', `description: ${DESC}`) },
  'name-invalid-chars': { text: fm('name: my_skill', `description: ${DESC}`) },
  'name-uppercase': { text: fm('name: MySkill', `description: ${DESC}`) },
  'name-too-long': { text: fm(`name: ${'a'.repeat(65)}`, `description: ${DESC}`) },
  'name-hyphen-edge': { text: fm('name: -pdf', `description: ${DESC}`) },
  'name-double-hyphen': { text: fm('name: pdf--tools', `description: ${DESC}`) },
  'name-dir-mismatch': { text: ok(), options: { dirName: 'other-folder' } },
  'name-exists': { text: ok(), options: { existingNames: ['my-skill'] } },
  'description-missing': { text: fm('name: my-skill') },
  'description-invalid': { text: fm('name: my-skill', 'description: [a, b]') },
  'description-too-long': { text: fm('name: my-skill', `description: When ${'x'.repeat(1030)}`) },
  'description-no-trigger': { text: fm('name: my-skill', 'description: Weather lookup skill') },
  'category-invalid': { text: ok('category: Utilities') },
  'tags-invalid': { text: ok('tags: weather') },
  'tag-invalid': { text: ok('tags: [Weather]') },
  'compatibility-invalid': { text: ok('compatibility: ""') },
  'compatibility-too-long': { text: ok(`compatibility: ${'x'.repeat(501)}`) },
  'metadata-invalid': { text: ok('metadata: 5') },
  'field-unknown': { text: ok('icon: x') },
  'forge-type': { text: forgeMeta('egress_domains: api.example.com') },
  'forge-runtime-invalid': { text: forgeMeta('runtime: docker') },
  'bins-invalid': { text: forgeMeta('requires:', '  bins: curl') },
  'bin-invalid': { text: forgeMeta('requires:', '  bins: [5]') },
  'bin-missing-name': { text: forgeMeta('requires:', '  bins: [{apt: ripgrep}]') },
  'bin-url-without-dest': { text: forgeMeta('requires:', '  bins: [{name: t, url: "https://example.com/t"}]') },
  'bin-chmod-invalid': { text: forgeMeta('requires:', '  bins: [{name: t, url: "https://example.com/t", dest: /usr/local/bin/t, chmod: 755}]') },
  'capability-unknown': { text: forgeMeta('requires:', '  capabilities: [gpu]') },
  'tools-missing': { text: withBody('# T\n\nAnswer politely.\n') },
  'tool-name-missing': { text: withBody('# T\n\n## Tool:\n\nDoes a thing.\n') },
  'tool-duplicate': { text: withBody('# T\n\n## Tool: my_tool\n\nA.\n\n## Tool: my_tool\n\nB.\n') },
  'tool-shadows-builtin': { text: toolSkill('web_search') },
  'tool-missing-input': { text: toolSkill('my_tool') },
  'tool-missing-output-schema': { text: toolSkill('my_tool') },
  'tool-output-json-invalid': { text: withBody('# T\n\n## Tool: my_tool\n\nA.\n\n**Output:**\n\n```json\n{not json\n```\n') },
  'tool-too-few-examples': { text: toolSkill('my_tool') },
  'tool-missing-heuristics': { text: toolSkill('my_tool') },
  'tool-removed': { text: ok(), options: { mode: 'edit', previous: toolSkill('my_tool') } },
  'script-name-invalid': { text: ok(), options: { scripts: { '../escape.sh': TOOL_SCRIPT_OK } } },
  'tool-missing-script': { text: toolSkill('my_tool'), options: { scripts: { 'other-tool.sh': TOOL_SCRIPT_OK } } },
  'script-unmapped': { text: ok(), options: { scripts: { 'other-tool.sh': TOOL_SCRIPT_OK } } },
  'script-interpreter-missing': { text: toolSkill('my_tool'), options: { scripts: { 'my-tool.py': 'import sys, json\nprint(json.dumps({}))\n' } } },
  'script-no-input-arg': { text: toolSkill('my_tool'), options: { scripts: { 'my-tool.sh': '#!/usr/bin/env bash\nset -euo pipefail\necho "{}"\n' } } },
  'script-no-strict-mode': { text: toolSkill('my_tool'), options: { scripts: { 'my-tool.sh': '#!/usr/bin/env bash\nINPUT="${1:-}"\necho "$INPUT"\n' } } },
  'runtime-line-too-long': { text: withBody(`# T\n\nCall \`datetime_now\`.\n\n${'x'.repeat(64 * 1024)}\n`) },
  'runtime-tool-not-read': { text: withBody('# T\n\n## tool: my_tool\n\nDoes a thing.\n') },
  'runtime-input-cut-off': {
    text: withBody('# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n### Parameters\n\n**Input:** q (string, required)\n'),
    options: { scripts: { 'my-tool.sh': TOOL_SCRIPT_OK } },
  },
  'runtime-input-table-only': {
    text: withBody(`# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n${TABLE_INPUT}`),
    options: { scripts: { 'my-tool.sh': TOOL_SCRIPT_OK } },
  },
  'runtime-input-table-only-no-script': { text: withBody(`# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n${TABLE_INPUT}`) },
  'runtime-input-missing': { text: toolSkill('my_tool'), options: { scripts: { 'my-tool.sh': TOOL_SCRIPT_OK } } },
  'runtime-input-key-invalid': { text: withBody('# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n**Input:** pod name (string, required)\n') },
  'runtime-output-missing': {
    text: withBody('# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n**Input:** q (string, required)\n\n**Output:**\n\n```json\n{"ok": true}\n```\n'),
  },
  'runtime-heading-in-tool': { text: withBody('# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n**Input:** q (string, required)\n\n### Tips\n\nBe brief.\n') },
  'runtime-hash-line-in-tool': { text: withBody('# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n**Input:** q (string, required)\n\n```bash\n# a comment\n```\n') },
  'runtime-first-param-required': { text: withBody('# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n**Input:** q (string, optional), n (integer)\n') },
  'runtime-input-mismatch': { text: withBody(`# T\n\n## Tool: my_tool\n\nDoes a thing.\n\n**Input:** q (string, required)\n\n${TABLE_ROWS}`) },
  'runtime-phantom-tool': { text: withBody('# T\n\nCall `datetime_now`.\n\n## Safety Constraints\n\n- read-only\n') },
  'egress-domain-missing': {
    text: toolSkill('my_tool'),
    options: {
      scripts: {
        'my-tool.sh': '#!/usr/bin/env bash\nset -euo pipefail\nINPUT="${1:-}"\ncurl -fsS https://api.openweathermap.org/data/2.5/weather -d "$INPUT"\n',
      },
    },
  },
  'egress-risky': { text: forgeMeta('egress_domains: ["*.com"]') },
  'egress-domain-malformed': { text: forgeMeta('egress_domains: ["*com"]') },
  'file-missing': { text: withBody('# T\n\nSee [the guide](references/guide.md).\n'), options: { files: {} } },
  'file-unreferenced': { text: ok(), options: { files: { 'references/guide.md': '# Guide' } } },
  'file-path-absolute': { text: withBody('# T\n\nSee [x](/etc/passwd).\n'), options: { files: {} } },
  'file-path-outside': { text: withBody('# T\n\nSee [x](../other/SKILL.md).\n'), options: { files: {} } },
  'file-hidden': { text: ok(), options: { files: { 'references/.env': 'x' } } },
  'file-path-unsafe': { text: ok(), options: { files: { '../escape.md': 'x' } } },
  'control-character': { text: ok().replace('# Skill', '# Skill\r\x1b[2K') },
};

function emitted(sample: Sample, profile: Profile): Map<string, string> {
  const r = validateSkillMd(sample.text as string, { ...sample.options, profile });
  return new Map([...r.errors, ...r.warnings].map((d) => [d.code, d.severity] as const));
}

describe('docs/skill-md-format.md: every validator finding', () => {
  const { codes, dynamic } = codesInSource();
  const rows = documentedRows();

  it('reads only literal codes in the source (a computed code would escape this check)', () => {
    expect(dynamic).toEqual([]);
    expect(codes.size).toBeGreaterThan(40);
  });

  it('lists exactly the codes the source can emit, once each, with their severity', () => {
    expect(rows.map((r) => r.code).sort()).toEqual([...codes.keys()].sort());
    expect(new Set(rows.map((r) => r.code)).size).toBe(rows.length);
    for (const r of rows) expect([...codes.get(r.code)!], `severity of ${r.code}`).toEqual([r.severity]);
  });

  it('names only known profiles', () => {
    for (const r of rows) for (const p of r.profiles) expect(['forge', 'agentskills', 'parser only'], r.code).toContain(p);
  });

  it('produces each code under the profiles the table names, and under no other', () => {
    const problems: string[] = [];
    for (const r of rows) {
      if (r.code === 'parse-internal') continue; // only a parser bug produces it
      if (r.profiles.includes('parser only')) continue; // checked below
      const sample = SAMPLES[r.code];
      if (!sample) {
        problems.push(`${r.code}: no sample input in this test`);
        continue;
      }
      for (const profile of ['forge', 'agentskills'] as const) {
        const got = emitted(sample, profile).get(r.code);
        if (r.profiles.includes(profile) && got !== r.severity) problems.push(`${r.code}: not produced as ${r.severity} under ${profile}`);
        if (!r.profiles.includes(profile) && got !== undefined) problems.push(`${r.code}: produced under ${profile}, which the table does not name`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('content-not-text comes from parseSkillMd only; validateSkillMd reports content-empty', () => {
    expect(parseSkillMd(42 as unknown as string).diagnostics.map((d) => d.code)).toEqual(['content-not-text']);
    expect(validateSkillMd(42 as unknown as string).errors.map((d) => d.code)).toEqual(['content-empty']);
  });
});

describe('docs/skill-builder-llm.md: the built-in tools table', () => {
  it('names exactly BUILTIN_TOOLS, in order', () => {
    const doc = readFileSync(join(ROOT, 'docs/skill-builder-llm.md'), 'utf8');
    const table = doc.slice(doc.indexOf('<!-- builtin-tools:start -->'), doc.indexOf('<!-- builtin-tools:end -->'));
    const names = [...table.matchAll(/^\| `([a-z_]+)` \|/gm)].map((m) => m[1]);
    expect(names).toEqual(BUILTIN_TOOLS.map((t) => t.name));
  });
});
