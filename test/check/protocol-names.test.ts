// Wire names live in one place: the field tables of src/core/protocol (every
// module's, found by importing them). Outside src/core/protocol no module may
// spell a snake_case wire name of those tables as a string, an object key or
// a property — so no module maps wire names but the protocol. A name that is
// also a key of another format (the SKILL.md frontmatter, the model's
// envelope, ui.yaml, a provider's API) is allowed in the folders of that
// format only, each with its reason.
import { describe, expect, it } from 'vitest';
import { readSources, repoRoot } from './source-files.js';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const FORMATS: Array<{ names: string[]; files: RegExp; why: string }> = [
  {
    names: ['egress_domains'],
    files:
      /^src\/(core\/(skillmd|artifacts|risk|egress|builder|skill-folder|observe|tool-run)\/|node\/(workspace|cli)\/|elements\/builder\/views\/tool-run-view\.ts$)/,
    why: 'the SKILL.md frontmatter key metadata.forge.egress_domains, and the artifacts, reports, messages and declaration fixes that name it',
  },
  {
    names: ['skill_md'],
    files: /^src\/core\/(envelope|draft-stream|skillmd|skill-folder|observe)\//,
    why: "the model's envelope key, and the field of diagnostics and errors about the SKILL.md text (below the protocol's layer)",
  },
  { names: ['skill_name'], files: /^src\/core\/names\.ts$/, why: 'the default error field of assertSafeSkillName (names.ts sits below the protocol)' },
  {
    names: ['skill_name'],
    files: /^src\/core\/evals\/(evals-file|benchmark-json)\.ts$/,
    why: "skill-creator's evals.json and benchmark.json keys (files of a skill folder and a run, not the HTTP wire)",
  },
  {
    names: [
      'expected_output',
      'eval_id',
      'eval_name',
      'run_number',
      'pass_rate',
      'time_seconds',
      'tool_calls',
      'runs_per_configuration',
      'tools_ran',
      'with_skill',
      'without_skill',
    ],
    files: /^src\/core\/evals\/(evals-file|benchmark-json|feedback-file)\.ts$/,
    why: "skill-creator's evals.json, benchmark.json and feedback.json keys, and its configuration names (files of a skill folder and a run, not the HTTP wire)",
  },
  {
    names: ['with_skill', 'without_skill'],
    files: /^src\/(core\/evals\/|node\/(cli\/eval|check\/evals)\.ts$|elements\/builder\/views\/evals-(runs-)?view\.ts$)/,
    why: "skill-creator's configuration names, values of EvalConfiguration",
  },
  {
    names: ['base_url', 'api_key_env'],
    files: /^src\/(core\/config\/schema\.ts|node\/config\/(tiers|key-origin)\.ts)$/,
    why: 'the ui.yaml skill_builder: keys',
  },
  {
    names: ['api_key'],
    files: /^src\/node\/(config\/tiers\.ts|cli\/ui\.ts)$/,
    why: 'a key written into ui.yaml by hand (refused), and the curl example of the ui help',
  },
  { names: ['input_tokens', 'output_tokens'], files: /^src\/core\/llm\/providers\//, why: "the providers' own HTTP APIs" },
  { names: ['max_tokens', 'tool_calls'], files: /^src\/core\/llm\/(providers\/|finish-reasons\.ts$)/, why: "the providers' own HTTP APIs and finish reasons" },
  {
    names: ['self_test'],
    files: /^src\/(core\/(evals|routing)\/|node\/cli\/eval\.ts$|elements\/builder\/views\/evals-view\.ts$)/,
    why: 'the type of an eval or optimisation event (the SSE event name is that type)',
  },
  {
    names: ['max_calls', 'max_tokens'],
    files: /^src\/(core\/routing\/(budget|optimize-types)\.ts|node\/cli\/route-optimize\.ts)$/,
    why: 'the values of a budget stop (which limit was reached)',
  },
  { names: ['expected_output'], files: /^src\/core\/evals\/suggest\.ts$/, why: "the designer's reply schema, which uses evals.json's keys" },
];

/** Code without its comments (a comment may name a wire field). */
const code = (src: string): string => src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');

/**
 * Every field table of every module of src/core/protocol (an exported object
 * whose values are all strings), found by importing them all, so a table
 * added with a new route is checked without being listed here.
 */
async function protocolTables(): Promise<Array<{ module: string; name: string; table: Record<string, string> }>> {
  const dir = join(repoRoot, 'src', 'core', 'protocol');
  const out: Array<{ module: string; name: string; table: Record<string, string> }> = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(join(dir, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
      const values = Object.values(value);
      if (values.length > 0 && values.every((v) => typeof v === 'string')) out.push({ module: file, name, table: value as Record<string, string> });
    }
  }
  return out;
}
const TABLES = await protocolTables();
const wireNames = [...new Set(TABLES.flatMap((t) => Object.values(t.table)))].filter((n) => n.includes('_'));

describe('wire names (protocol field tables)', () => {
  it('the tables hold the snake_case names this check looks for', () => {
    // Tables of every protocol module, the later routes' included.
    const names = TABLES.map((t) => `${t.module}:${t.name}`);
    for (const t of [
      'fields.ts:DRAFT',
      'catalog-budget-wire.ts:CATALOG_BUDGET',
      'optimize-wire.ts:OPTIMIZE_RESULT',
      'routing-wire.ts:ROUTING_SUMMARY',
      'history-wire.ts:SKILL_VERSION',
    ])
      expect(names).toContain(t);
    expect(wireNames).toContain('skill_md');
    expect(wireNames).toContain('policy_source');
    expect(wireNames).toContain('risk_error');
    expect(wireNames).toContain('designer_calls');
  });

  it('appear in src only inside src/core/protocol, or as a key of another format where that format is handled', () => {
    const found: string[] = [];
    for (const { path, src } of readSources(join(repoRoot, 'src'), /\.ts$/)) {
      if (path.startsWith('src/core/protocol/')) continue;
      const text = code(src);
      for (const name of wireNames) {
        const re = new RegExp(`(['"\`])${name}\\1|(?:^|[{,(])\\s*${name}\\s*\\??:|\\.${name}\\b`, 'm');
        if (!re.test(text)) continue;
        if (FORMATS.some((f) => f.names.includes(name) && f.files.test(path))) continue;
        found.push(`${path}: ${name}`);
      }
    }
    expect(found, 'map these through src/core/protocol (fields.ts, wire.ts) instead of spelling the wire name').toEqual([]);
  });
});
