// The machine formats of `check`: JSON is stable across runs; SARIF validates
// against the official SARIF 2.1.0 schema (vendored in test/fixtures/sarif)
// with one rule per finding code and results at the right file, line and
// column relative to the repository root; JUnit XML parses and counts one
// test case per skill and check; --output writes the report to a file.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateDraft4 } from '../../helpers/json-schema-draft4.js';
import { parseXml } from '../../helpers/xml-parse.js';
import { makeSkillRepo } from './support.js';

const schemaPath = join(import.meta.dirname, '../../fixtures/sarif/sarif-schema-2.1.0.json');

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: string;
  locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn?: number } } }>;
}
interface Sarif {
  version: string;
  runs: Array<{ tool: { driver: { rules: Array<{ id: string; help: { text: string } }> } }; results: SarifResult[] }>;
}

describe('check formats', () => {
  it('prints the same JSON on every run, in the documented shape', async () => {
    const repo = await makeSkillRepo();
    const a = await repo.run(['agent', 'loose', '--format', 'json']);
    const b = await repo.run(['loose', 'agent', '--format', 'json']);
    expect(a.out).toBe(b.out);
    const doc = JSON.parse(a.out) as Record<string, unknown>;
    expect(Object.keys(doc)).toEqual(['format', 'fail_on', 'passed', 'counts', 'skills']);
    expect(doc.format).toBe('forge-check/1');
    expect(a.out).not.toContain(repo.root);
  });

  it('writes SARIF 2.1.0 that the official schema accepts, with findings at their lines', async () => {
    const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as Record<string, unknown>;
    const repo = await makeSkillRepo();
    const { code, out } = await repo.run(['agent', 'loose', '--format', 'sarif']);
    expect(code).toBe(1);
    const sarif = JSON.parse(out) as Sarif;
    expect(validateDraft4(schema, sarif)).toEqual([]);
    expect(sarif.runs).toHaveLength(1);
    const [run] = sarif.runs;
    const ids = run!.tool.driver.rules.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of run!.tool.driver.rules) expect(r.help.text.length).toBeGreaterThan(20);
    for (const r of run!.results) expect(ids[r.ruleIndex]).toBe(r.ruleId);
    // Code scanning places a result only by its region's line: a finding about a whole file goes on its line 1.
    const lineless = run!.results.filter((r) => r.locations[0]!.physicalLocation.region?.startLine === undefined);
    expect(lineless.map((r) => r.ruleId)).toEqual([]);
    const at = (ruleId: string): Array<{ uri: string; line?: number; column?: number }> =>
      run!.results
        .filter((r) => r.ruleId === ruleId)
        .map((r) => {
          const loc = r.locations[0]!.physicalLocation;
          return { uri: loc.artifactLocation.uri, line: loc.region?.startLine, column: loc.region?.startColumn };
        });
    expect(at('links/file-missing')).toEqual([{ uri: 'agent/skills/broken-tool/SKILL.md', line: 9, column: undefined }]);
    expect(at('syntax/bash-syntax')[0]).toEqual({ uri: 'agent/skills/broken-tool/scripts/report.sh', line: 3, column: undefined });
    expect(at('syntax/SC1089')).toEqual([{ uri: 'agent/skills/broken-tool/scripts/report.sh', line: 3, column: 1 }]);
    expect(run!.results.find((r) => r.ruleId === 'links/file-missing')!.level).toBe('error');
  });

  it('the schema check catches a broken SARIF log (so its pass means something)', async () => {
    const schema = JSON.parse(await readFile(schemaPath, 'utf8')) as Record<string, unknown>;
    const repo = await makeSkillRepo();
    const sarif = JSON.parse((await repo.run(['agent', '--format', 'sarif'])).out) as Sarif;
    const broken = structuredClone(sarif) as unknown as { version: string; runs: Array<{ results: Array<{ level: string }> }> };
    broken.version = '2.0';
    broken.runs[0]!.results[0]!.level = 'fatal';
    expect(validateDraft4(schema, broken)).toEqual(
      expect.arrayContaining(['/version: not one of ["2.1.0"]', '/runs/0/results/0/level: not one of ["none","note","warning","error"]']),
    );
  });

  it('writes JUnit XML with one test case per skill and check, to --output', async () => {
    const repo = await makeSkillRepo();
    const { code, out, err } = await repo.run(['agent', 'loose', '--format', 'junit', '--output', 'reports/check.xml']);
    expect(code).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/report in reports\/check\.xml/);
    const root = parseXml(await readFile(join(repo.root, 'reports/check.xml'), 'utf8'));
    expect(root.name).toBe('testsuites');
    expect(root.children.map((s) => s.attrs.name)).toEqual(['broken-tool', 'notes-reader', 'notes-reader-2']);
    const cases = root.children.flatMap((s) => s.children);
    expect(cases).toHaveLength(3 * 6);
    expect(cases.map((c) => c.attrs.name).slice(0, 6)).toEqual(['validate', 'runtime', 'links', 'syntax', 'risk', 'signature'].map((c) => `broken-tool: ${c}`));
    const failed = cases.filter((c) => c.children.some((x) => x.name === 'failure'));
    expect(failed.map((c) => c.attrs.name)).toEqual(['broken-tool: links', 'broken-tool: syntax']);
    expect(Number(root.attrs.tests)).toBe(cases.length);
    expect(Number(root.attrs.failures)).toBe(2);
    expect(Number(root.attrs.skipped)).toBe(cases.filter((c) => c.children.some((x) => x.name === 'skipped')).length);
    expect(failed[0]!.children[0]!.text).toContain('agent/skills/broken-tool/SKILL.md:9: error [links/file-missing]');
  });
});
