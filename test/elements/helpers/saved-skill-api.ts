// A fake API with one saved skill of agent ops-bot (weather-report) and its
// History routes answered with the protocol's own mappers (so the wire shape
// is the server's): a verified trust badge, two kept versions, a diff of one
// against the saved skill, and a rollback. Used by the History tests and by the
// layout measurements in edit mode.

import { json, FakeApi, WEATHER_SCRIPT, WEATHER_SKILL_MD } from './fake-api.js';
import { skillHistoryToWire, versionDiffToWire } from '../../../src/core/protocol/history-wire.js';
import { skillTrustToWire } from '../../../src/core/protocol/trust-wire.js';

export const V2 = '0123456789abcdef';
export const V1 = 'fedcba9876543210';

/** The fake API with the saved skill `weather-report` and its history. */
export function savedSkillApi(): FakeApi {
  const a = new FakeApi();
  a.skills['ops-bot'] = { 'weather-report': { skill_md: WEATHER_SKILL_MD, scripts: { 'weather-current.sh': WEATHER_SCRIPT } } };
  a.override = (call) => {
    const p = call.path.replace('/api/agents/ops-bot/skill-builder/skills', '');
    if (call.method === 'GET' && p === '')
      return json([
        {
          name: 'weather-report',
          dir_name: 'weather-report',
          description: '',
          category: '',
          tags: [],
          path: 'agents/ops-bot/skills/weather-report',
          has_scripts: true,
          tools: [],
          format: 'subdir',
          trust: skillTrustToWire({
            status: 'verified',
            level: 'verified',
            keyId: 'release',
            coverage: 'all_files',
            changed: [],
            added: [],
            missing: [],
            signatureVerified: true,
            checksumsMatch: true,
            detail: 'signed by key "release"; every file matches the signed manifest',
          }),
        },
      ]);
    if (call.method === 'GET' && p === '/weather-report/history')
      return json(
        skillHistoryToWire({
          name: 'weather-report',
          keep: 20,
          versions: [
            {
              id: V2,
              created: '2026-01-02T10:00:00.000Z',
              summary: 'changed SKILL.md',
              riskScore: 35,
              riskLevel: 'medium',
              evals: { withSkill: 0.75, withoutSkill: 0.25, delta: 0.5, runs: 4, when: '2026-01-02T09:00:00.000Z' },
              files: [{ path: 'SKILL.md', sha256: 'a'.repeat(64), size: 9 }],
            },
            {
              id: V1,
              created: '2026-01-01T10:00:00.000Z',
              summary: 'first version kept (1 file)',
              riskScore: 20,
              riskLevel: 'low',
              files: [{ path: 'SKILL.md', sha256: 'b'.repeat(64), size: 9 }],
            },
          ],
        }),
      );
    if (call.method === 'GET' && p === '/weather-report/diff')
      return json(
        versionDiffToWire({
          from: call.query.get('from')!,
          to: call.query.get('to') ?? 'current',
          files: [
            {
              path: 'SKILL.md',
              status: 'changed',
              added: 1,
              removed: 1,
              binary: false,
              patch: '--- a/SKILL.md\n+++ b/SKILL.md\n@@ -1 +1 @@\n-# Weather v2\n+# Weather report\n',
            },
          ],
        }),
      );
    if (call.method === 'POST' && p === '/weather-report/rollback')
      return json({ path: 'agents/ops-bot/skills/weather-report', egress_added: [], env_configured: [], env_missing: [], warnings: [] });
    return undefined;
  };
  return a;
}
