// Interop: our risk score on Forge's embedded skills equals what Forge's own
// analyzer printed for them (`forge skills audit --dir`, recorded in
// test/fixtures/risk/forge-corpus-audit.expected.json). Reads the corpus from
// FORGE_CORPUS_DIR; skipped when it is not set.

import { describe, expect, it } from 'vitest';
import { assessSkillRisk } from '../../src/core/index.js';
import { readJson, readSkillsDir, type ForgeAssessment } from '../helpers/risk-fixtures.js';

const dir = process.env.FORGE_CORPUS_DIR;
const expected = readJson<{ assessments: Record<string, ForgeAssessment> }>('forge-corpus-audit.expected.json').assessments;

describe.skipIf(!dir)('risk score on Forge’s embedded skills', () => {
  it('equals forge skills audit for every skill', () => {
    const skills = readSkillsDir(dir!);
    expect(skills.length).toBeGreaterThan(0);
    for (const s of skills) {
      const ours = assessSkillRisk(s.skillMd, s.scripts, undefined, { dirName: s.dir });
      const name = /^name:\s*(\S+)/m.exec(s.skillMd)?.[1] ?? s.dir;
      const forge = expected[name];
      expect(forge, `${name} is in the recorded audit`).toBeDefined();
      expect({ name, value: ours.score, level: ours.level, factors: ours.factors, violations: ours.violations }).toEqual({
        name,
        value: forge!.score.value,
        level: forge!.score.level,
        factors: forge!.factors ?? [],
        violations: forge!.violations ?? [],
      });
    }
  });
});
