// Issue 2, interop suite (needs FORGE_CORPUS_DIR): Forge's whole embedded-skill
// corpus, with its scripts read from disk, validates with zero errors under the forge profile. The
// warnings it does raise are pinned here where they are checked findings, so a
// false positive (e.g. a sourced common.sh reported as unmapped) fails a test.
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../src/core/diagnostics.js';
import { validateSkillMd } from '../../src/core/skillmd/validate.js';
import { corpusSkills } from './forge-corpus.js';

const results = corpusSkills().map(({ dir, text, scripts }) => ({ dir, result: validateSkillMd(text, { scripts, dirName: dir }) }));
const warningsOf = (dir: string) => results.find((r) => r.dir === dir)!.result.warnings;

describe('forge-embedded corpus (forge profile)', () => {
  it('has all 17 skills', () => {
    expect(results.map((r) => r.dir)).toHaveLength(17);
  });

  it.each(results.map((r) => [r.dir, r.result] as const))('%s validates with zero errors', (_dir, result) => {
    expect(result.errors.map((d) => formatDiagnostic(d))).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('flags the two github tools that have no script (github_create_issue, github_list_issues)', () => {
    expect(warningsOf('github').filter((d) => d.code === 'tool-missing-script').map((d) => d.field)).toEqual(['tools.github_create_issue', 'tools.github_list_issues']);
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
    for (const { dir } of results) expect(warningsOf(dir).map((d) => d.code), dir).toContain('description-no-trigger');
  });

  it('treats web-browse (browser capability, no ## Tool:) as complete apart from its description', () => {
    expect(warningsOf('web-browse').map((d) => d.code)).toEqual(['description-no-trigger']);
  });

  it('only raises warnings of known rule codes, each with a line or a file', () => {
    const known = new Set(['description-no-trigger', 'tool-missing-input', 'tool-missing-output-schema', 'tool-too-few-examples', 'tool-missing-heuristics', 'tool-missing-script']);
    for (const { result } of results) {
      for (const d of result.warnings) {
        expect(known.has(d.code), formatDiagnostic(d)).toBe(true);
        expect(d.line !== undefined || d.file !== undefined, formatDiagnostic(d)).toBe(true);
      }
    }
  });
});
