// The fixture skills (test/fixtures/skills), with their scripts read from
// disk, validate with zero errors under the forge profile, and every warning
// they raise is pinned: a sourced helper (common.sh), .py/.js interpreters
// declared through install recipes, `$VAR` and wildcard egress, CRLF text and
// fenced headings must not produce false findings. Forge's own corpus is
// checked the same way in test/interop/skillmd-validate.test.ts.
import { describe, expect, it } from 'vitest';
import { formatDiagnostic } from '../../../../src/core/diagnostics.js';
import { validateSkillMd } from '../../../../src/core/skillmd/validate/validate.js';
import { fixtureSkills } from '../../../helpers/skill-corpus.js';

const results = fixtureSkills().map(({ dir, text, scripts }) => ({ dir, scripts, result: validateSkillMd(text, { scripts, dirName: dir }) }));
const codesOf = (dir: string) => results.find((r) => r.dir === dir)!.result.warnings.map((d) => `${d.code} ${d.field ?? ''}`.trim());

describe('fixture skills (forge profile)', () => {
  it('ship .sh, .py and .js scripts', () => {
    const files = results.flatMap((r) => Object.keys(r.scripts));
    for (const ext of ['.sh', '.py', '.js'])
      expect(
        files.some((f) => f.endsWith(ext)),
        ext,
      ).toBe(true);
  });

  it.each(results.map((r) => [r.dir, r.result] as const))('%s validates with zero errors', (_dir, result) => {
    expect(result.errors.map((d) => formatDiagnostic(d))).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('raise no script, interpreter or egress finding: helpers, recipes, $VAR and wildcard hosts are understood', () => {
    for (const { dir, result } of results) {
      const codes = result.warnings.map((d) => d.code);
      for (const code of ['script-unmapped', 'script-no-input-arg', 'script-no-strict-mode', 'script-interpreter-missing', 'egress-domain-missing'])
        expect(codes, `${dir}: ${code}`).not.toContain(code);
    }
  });

  it('flag the one tool without a script (repo-workbench: workbench_test)', () => {
    expect(results.flatMap((r) => r.result.warnings.filter((d) => d.code === 'tool-missing-script').map((d) => d.field))).toEqual(['tools.workbench_test']);
  });

  it('pin the completeness warnings of the skills written to show them', () => {
    expect(codesOf('page-reader')).toEqual(['description-no-trigger description']);
    expect(codesOf('forecast-lookup')).toEqual([
      'tool-missing-output-schema tools.forecast_now.output',
      'tool-too-few-examples tools.forecast_now.examples',
      'tool-missing-heuristics tools.forecast_now.heuristics',
      'tool-missing-output-schema tools.forecast_days.output',
      'tool-too-few-examples tools.forecast_days.examples',
      'tool-missing-heuristics tools.forecast_days.heuristics',
    ]);
    // `### Response Format` inside the tool: Forge's runtime ends the tool there.
    expect(codesOf('ticket-search')).toEqual(['tool-too-few-examples tools.ticket_search.examples', 'runtime-heading-in-tool tools.ticket_search']);
    // Every parameter optional: Forge's runtime still requires the first.
    expect(codesOf('sitemap-audit')).toEqual(['tool-too-few-examples tools.sitemap_audit.examples', 'runtime-first-param-required tools.sitemap_audit.input']);
  });

  it('the CRLF skill gets the same findings as its LF twin', () => {
    const crlf = results.find((r) => r.dir === 'standup-digest')!;
    const text = fixtureSkills()
      .find((s) => s.dir === 'standup-digest')!
      .text.replace(/\r\n/g, '\n');
    const lf = validateSkillMd(text, { scripts: crlf.scripts, dirName: 'standup-digest' });
    expect(crlf.result).toEqual(lf);
  });

  it('only raise warnings of known rule codes, each with a line or a file', () => {
    const known = new Set([
      'description-no-trigger',
      'tool-missing-input',
      'tool-missing-output-schema',
      'tool-too-few-examples',
      'tool-missing-heuristics',
      'tool-missing-script',
      'runtime-heading-in-tool',
      'runtime-first-param-required',
      'runtime-output-missing',
      'runtime-phantom-tool',
    ]);
    for (const { result } of results) {
      for (const d of result.warnings) {
        expect(known.has(d.code), formatDiagnostic(d)).toBe(true);
        expect(d.line !== undefined || d.file !== undefined, formatDiagnostic(d)).toBe(true);
      }
    }
  });
});
