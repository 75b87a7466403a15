// The History analysis of a saved skill (loaded on first open): a trust badge
// from the skills list, the versions the server kept with their risk and
// summary, a diff of one against the saved skill, and restore only after a
// confirmation, which reloads the editor. The fake API answers the history
// routes with the protocol's own mappers, so the wire shape is the server's.

import { deepEqual, equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, internals, mountBuilder, mountWithDraft, textOf, waitFor } from '../helpers/dom.js';
import { FakeApi, json, WEATHER_SCRIPT, WEATHER_SKILL_MD } from '../helpers/fake-api.js';
import { skillHistoryToWire, versionDiffToWire } from '../../../src/core/protocol/history-wire.js';
import { skillTrustToWire } from '../../../src/core/protocol/trust-wire.js';

afterEach(cleanup);

const V2 = '0123456789abcdef';
const V1 = 'fedcba9876543210';

function api(): FakeApi {
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
          to: 'current',
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

async function openHistory() {
  const a = api();
  const { el } = await mountBuilder(a);
  await el.editSkill('weather-report');
  await waitFor(() => !!internals(el).checks.result, 'validated');
  await waitFor(() => $(el, '#analysis-tab-history'), 'the History tab is offered for a saved skill');
  $<HTMLButtonElement>(el, '#analysis-tab-history')!.click();
  await waitFor(() => $$(el, '.history .version').length === 2, 'the versions listed (loaded on first open)');
  return { el, a };
}

describe('builder: history', () => {
  it('is not offered for a new draft', async () => {
    const el = await mountWithDraft(new FakeApi());
    await waitFor(() => $(el, '#analysis-tab-checks'), 'the analyses');
    equal($(el, '#analysis-tab-history'), null);
  });

  it('lists the versions with risk and a trust badge, diffs one, and is accessible', async () => {
    const { el } = await openHistory();
    await waitFor(() => textOf(el, '.trust-badge').includes('Verified'), 'the trust badge');
    includes(textOf(el, '.trust-badge'), 'signed by key "release"');
    const first = $$(el, '.history .version')[0]!;
    includes(first.textContent!.replace(/\s+/g, ' '), 'changed SKILL.md');
    includes(first.textContent!.replace(/\s+/g, ' '), 'Risk 35 (medium)');
    await expectAccessible($(el, '.analyses')!, 'the history list');
    button(el, 'Compare with saved', '.history').click();
    await waitFor(() => textOf(el, '.version-diff').includes('+# Weather report'), 'the diff of that version');
    includes(textOf(el, '.version-diff .del'), '-# Weather v2');
    await waitFor(() => $(el, '.version [aria-pressed="true"]'), 'the compared version is marked');
    await expectAccessible($(el, '.analyses')!, 'the history with a diff');
  });

  it('restores only after a confirmation, then reloads the skill', async () => {
    const { el, a } = await openHistory();
    button(el, 'Restore…', '.history').click();
    await waitFor(() => $(el, '.history [role="group"][aria-label="Confirm restore"]'), 'the confirmation');
    await expectAccessible($(el, '.analyses')!, 'the restore confirmation');
    button(el, 'Cancel', '.history .confirm').click();
    await waitFor(() => !$(el, '.history .confirm'), 'the confirmation closed');
    equal(a.callsTo('POST', '/rollback').length, 0, 'nothing restored on cancel');
    const loads = a.callsTo('GET', '/skills/weather-report').length;
    button(el, 'Restore…', '.history').click();
    await waitFor(() => $(el, '.history .confirm'), 'the confirmation again');
    button(el, 'Restore', '.history .confirm').click();
    await waitFor(() => a.callsTo('POST', '/rollback').length === 1, 'the rollback sent');
    deepEqual(a.lastCall('POST', '/rollback')!.body, { to: V2 });
    await waitFor(() => a.callsTo('GET', '/skills/weather-report').length > loads, 'the restored skill reloaded into the editor');
    ok(internals(el).editor.editing === 'weather-report');
  });
});
