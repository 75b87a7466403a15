// Interop: our risk score on Forge's embedded skills equals what Forge's own
// analyzer printed for them (`forge skills audit --dir`, recorded in
// test/fixtures/risk/forge-corpus-audit.expected.json). Interop suite: needs
// FORGE_CORPUS_DIR (npm run test:interop).

import { describe, expect, it } from 'vitest';
import { assessSkillRisk } from '../../src/core/index.js';
import { readJson, readSkillsDir, type ForgeAssessment } from '../helpers/risk-fixtures.js';
import { FORGE_CORPUS_DIR } from './forge-corpus.js';

const expected = readJson<{ assessments: Record<string, ForgeAssessment> }>('forge-corpus-audit.expected.json').assessments;

describe('risk score on Forge’s embedded skills', () => {
  it('equals forge skills audit for every skill', () => {
    const skills = readSkillsDir(FORGE_CORPUS_DIR);
    expect(skills.length).toBe(Object.keys(expected).length);
    for (const s of skills) {
      const ours = assessSkillRisk({ skillMd: s.skillMd, scripts: s.scripts, dirName: s.dir });
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
