// Build artifacts carry each skill's risk (issue 15): skills.json's `risk`
// equals what Forge's own analyzer gave the same fixture skills under the
// default policy and under a policy file (`build --policy`), and the summary
// names the skills that violate the policy.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildSkillsFolder, runBuildCommand } from '../../../src/node/index.js';
import { readJson, RISK_FIXTURES, type ForgeAssessment } from '../../helpers/risk-fixtures.js';

const expected = readJson<{ policies: Record<string, Record<string, ForgeAssessment>> }>('forge-audit.expected.json').policies;
let out: string;
beforeEach(async () => {
  out = await mkdtemp(join(tmpdir(), 'fsb-risk-build-'));
});
afterEach(async () => {
  await rm(out, { recursive: true, force: true });
});

const asForge = (r: { score: number; level: string; factors: unknown[]; violations: unknown[] }) => ({
  score: { value: r.score, level: r.level },
  factors: r.factors,
  violations: r.violations,
});

describe('skills.json risk', () => {
  it('equals forge skills audit for every built skill (default policy)', async () => {
    const { compiled } = await buildSkillsFolder(join(RISK_FIXTURES, 'skills'));
    expect(compiled.skills.length).toBeGreaterThan(5);
    for (const s of compiled.skills) {
      const forge = expected['default']![s.name]!;
      expect(asForge(s.risk), s.name).toEqual({ score: forge.score, factors: forge.factors ?? [], violations: forge.violations ?? [] });
      expect(s.risk.passed).toBe(!(forge.violations ?? []).some((v) => v.severity !== 'warning'));
    }
  });

  it('build --policy scores under the policy file and names the skills that violate it', async () => {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await runBuildCommand([join(RISK_FIXTURES, 'skills'), '--out', out, '--policy', join(RISK_FIXTURES, 'policies', 'overrides.yaml')], {
      stdout: { write: (t: string) => stdout.push(t) },
      stderr: { write: (t: string) => stderr.push(t) },
      cwd: out,
    });
    const skills = JSON.parse(await readFile(join(out, 'skills.json'), 'utf8')).skills as Array<{ name: string; risk: any }>;
    for (const s of skills)
      expect(asForge(s.risk), s.name).toEqual({
        score: expected['overrides']![s.name]!.score,
        factors: expected['overrides']![s.name]!.factors ?? [],
        violations: expected['overrides']![s.name]!.violations ?? [],
      });
    expect(stdout.join('')).toMatch(/security policy violations \(risk in skills\.json\): .*with-script \(28\/100\)/);
    expect(code).toBeLessThan(2);
  });

  it('refuses a bad policy file as wrong usage', async () => {
    const stderr: string[] = [];
    const code = await runBuildCommand([join(RISK_FIXTURES, 'skills'), '--out', out, '--policy', join(RISK_FIXTURES, 'nope.yaml')], {
      stdout: { write: () => 0 },
      stderr: { write: (t: string) => stderr.push(t) },
      cwd: out,
    });
    expect(code).toBe(2);
    expect(stderr.join('')).toMatch(/no such policy file/);
  });
});
