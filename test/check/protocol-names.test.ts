// Wire names live in one place: the field tables of src/core/protocol/fields.ts.
// Outside src/core/protocol no module may spell a snake_case wire name of
// those tables as a string, an object key or a property — so no module maps
// wire names but the protocol. A name that is also a key of another format
// (the SKILL.md frontmatter, the model's envelope, ui.yaml, a provider's API)
// is allowed in the folders of that format only, each with its reason.
import { describe, expect, it } from 'vitest';
import { FIELD_TABLES } from '../../src/core/protocol/fields.js';
import { IMPORT_REPLY } from '../../src/core/protocol/import-wire.js';
import { SKILL_TRUST } from '../../src/core/protocol/trust-wire.js';
import * as HISTORY from '../../src/core/protocol/history-wire.js';
import { OBSERVATION } from '../../src/core/protocol/observe-wire.js';
import { CAPABILITY_PROFILE, OBSERVED_RUN, TRY_PROFILE, TRY_SESSION } from '../../src/core/protocol/profile-wire.js';
import * as EVALS from '../../src/core/protocol/evals-wire.js';
import { EVALS_SUGGEST_REPLY, EVALS_SUGGEST_REQUEST } from '../../src/core/protocol/evals-suggest-wire.js';
import { DESCRIPTION_PROPOSAL, ROUTING_PLAN, ROUTING_REQUEST, USAGE } from '../../src/core/protocol/routing-wire.js';
import { readSources, repoRoot } from './source-files.js';
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

const EVAL_TABLES = [
  EVALS.EVALS_REQUEST,
  EVALS.EVAL_CASE,
  EVALS.EVAL_PLAN,
  EVALS.EVAL_RUN_REF,
  EVALS.EVAL_RUN,
  EVALS.EVAL_TRANSCRIPT,
  EVALS.EVAL_STEP,
  EVALS.EVAL_TOOL_CALL,
  EVALS.EVAL_REPORT,
  EVALS.EVAL_SUMMARY,
  EVALS.EVAL_FIGURES,
  EVALS.EVAL_FEEDBACK,
  EVALS.FEEDBACK_REPLY,
  EVALS_SUGGEST_REQUEST,
  EVALS_SUGGEST_REPLY,
];
const HISTORY_TABLES = [
  HISTORY.SKILL_VERSION,
  HISTORY.VERSION_FILE,
  HISTORY.SKILL_HISTORY,
  HISTORY.VERSION_DIFF,
  HISTORY.VERSION_DIFF_FILE,
  HISTORY.ROLLBACK_REQUEST,
  HISTORY.SKILL_PROVENANCE_FIELDS,
  HISTORY.EVAL_SUMMARY_FIELDS,
];
const TABLES = [
  ...Object.values(FIELD_TABLES),
  ...HISTORY_TABLES,
  IMPORT_REPLY,
  SKILL_TRUST,
  ROUTING_REQUEST,
  DESCRIPTION_PROPOSAL,
  ROUTING_PLAN,
  USAGE,
  OBSERVATION,
  CAPABILITY_PROFILE,
  OBSERVED_RUN,
  TRY_PROFILE,
  TRY_SESSION,
  ...EVAL_TABLES,
];
const wireNames = [...new Set(TABLES.flatMap((t) => Object.values(t)))].filter((n) => n.includes('_'));

describe('wire names (protocol field tables)', () => {
  it('the tables hold the snake_case names this check looks for', () => {
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
