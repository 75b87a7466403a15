// Issue 2, interop suite (needs FORGE_CORPUS_DIR): Forge's whole embedded-skill
// corpus, with its scripts read from disk, validates with zero errors under the forge profile. The
// warnings it does raise are pinned here where they are checked findings, so a
// false positive (e.g. a sourced common.sh reported as unmapped) fails a test.
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/core/diagnostics.js';
import { validateSkillMd } from '../../src/core/skillmd/validate/validate.js';
import { corpusSkills } from './forge-corpus.js';
import { fixForRuntime } from '../../src/core/runtime-form/fix.js';

const results = corpusSkills().map(({ dir, text, scripts }) => ({ dir, result: validateSkillMd(text, { scripts, dirName: dir }) }));
const warningsOf = (dir: string) => results.find((r) => r.dir === dir)!.result.warnings;

describe('forge-embedded corpus (forge profile)', () => {
  it('has all 17 skills', () => {
    expect(results.map((r) => r.dir)).toHaveLength(17);
  });

  it.each(results.map((r) => [r.dir, r.result] as const))("%s: its only errors are what Forge's runtime would misread", (_dir, result) => {
    expect(result.errors.map((d) => formatDiagnostic(d)).filter((d) => !/\[runtime-input-(table-only|cut-off)\]/.test(d))).toEqual([]);
  });

  it('reports every table-only tool with a script as an error (the runtime gives it no parameters)', () => {
    const tableOnly = results.flatMap((r) => r.result.errors.filter((d) => d.code === 'runtime-input-table-only').map((d) => `${r.dir}/${d.field}`));
    expect(tableOnly.length).toBeGreaterThanOrEqual(15);
    expect(tableOnly).toContain('code-agent/tools.code_agent_write.input');
  });

  it.each(corpusSkills().map((s) => [s.dir, s] as const))('%s validates with zero errors after validate --fix', (_dir, { dir, text, scripts }) => {
    const fixed = validateSkillMd(fixForRuntime(text).skillMd, { scripts, dirName: dir });
    expect(fixed.errors.map((d) => formatDiagnostic(d)).filter((d) => !/\[runtime-input-cut-off\]/.test(d))).toEqual([]);
  });

  it('flags the two github tools that have no script (github_create_issue, github_list_issues)', () => {
    expect(
      warningsOf('github')
        .filter((d) => d.code === 'tool-missing-script')
        .map((d) => d.field),
    ).toEqual(['tools.github_create_issue', 'tools.github_list_issues']);
  });

  it('recognises common.sh as a sourced helper, so no script is unmapped and helpers get no contract warnings', () => {
    for (const { result } of results) {
      const codes = result.warnings.map((d) => d.code);
      expect(codes).not.toContain('script-unmapped');
      expect(codes).not.toContain('script-no-input-arg');
      expect(codes).not.toContain('script-no-strict-mode');
    }
  });

  it('finds every contacted host declared (namespaces, examples and loopback are not egress)', () => {
    for (const { result } of results) expect(result.warnings.filter((d) => d.code === 'egress-domain-missing')).toEqual([]);
  });

  it('reports the capability-style descriptions the routing PR review calls out (no trigger)', () => {
    for (const { dir } of results)
      expect(
        warningsOf(dir).map((d) => d.code),
        dir,
      ).toContain('description-no-trigger');
  });

  it('treats web-browse (browser capability, no ## Tool:) as complete apart from its description', () => {
    expect(warningsOf('web-browse').map((d) => d.code)).toEqual(['description-no-trigger']);
  });

  it('only raises warnings of known rule codes, each with a line or a file', () => {
    const known = new Set([
      'description-no-trigger',
      'tool-missing-input',
      'tool-missing-output-schema',
      'tool-too-few-examples',
      'tool-missing-heuristics',
      'tool-missing-script',
      'runtime-heading-in-tool',
      'runtime-hash-line-in-tool',
      'runtime-first-param-required',
      'runtime-output-missing',
      'runtime-phantom-tool',
      'runtime-input-mismatch',
      'runtime-input-table-only-no-script',
      'runtime-input-missing',
    ]);
    for (const { result } of results) {
      for (const d of result.warnings) {
        expect(known.has(d.code), formatDiagnostic(d)).toBe(true);
        expect(d.line !== undefined || d.file !== undefined, formatDiagnostic(d)).toBe(true);
      }
    }
  });
});
