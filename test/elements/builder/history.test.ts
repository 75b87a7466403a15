// The History analysis of a saved skill (loaded on first open): a trust badge
// from the skills list, the versions the server kept with their risk and
// summary and the eval run each kept, a diff of one against the saved skill
// or of any two picked as A and B, and restore only after a
// confirmation, which reloads the editor. The fake API (helpers/saved-skill-api.ts)
// answers the history routes with the protocol's own mappers.

import { deepEqual, equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, internals, mountBuilder, mountWithDraft, textOf, typeInto, waitFor } from '../helpers/dom.js';
import { FakeApi } from '../helpers/fake-api.js';
import { savedSkillApi as api, V1, V2 } from '../helpers/saved-skill-api.js';

afterEach(cleanup);

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

  it('shows the eval run a version kept, and diffs any two versions picked as A and B, by keyboard too', async () => {
    const { el, a } = await openHistory();
    const first = $$(el, '.history .version')[0]!;
    await waitFor(() => first.querySelector('.evals'), 'the eval line of the version that kept a run');
    includes(first.querySelector('.evals')!.textContent!, 'Evals: 75% with the skill, 25% without (+50 points), 4 runs');
    equal($$(el, '.history .version')[1]!.querySelector('.evals'), null, 'no eval line for a version without a run');
    const from = $<HTMLSelectElement>(el, '#history-from')!;
    const to = $<HTMLSelectElement>(el, '#history-to')!;
    equal(from.value, V2, 'A is the newest version by default');
    equal(to.value, 'current', 'B is the saved skill by default');
    // Keyboard: focus B, pick the older version, submit the form with Enter on its button.
    to.focus();
    typeInto(to, V1);
    await waitFor(() => !$<HTMLButtonElement>(el, '.compare button')!.disabled, 'Compare enabled for two different versions');
    $<HTMLButtonElement>(el, '.compare button')!.focus();
    $<HTMLFormElement>(el, '.compare')!.requestSubmit();
    await waitFor(() => a.callsTo('GET', '/diff').length === 1, 'the diff asked for');
    const q = a.lastCall('GET', '/diff')!.query;
    deepEqual([q.get('from'), q.get('to')], [V2, V1]);
    await waitFor(() => $(el, `.version-diff[aria-label="Changes from version ${V2} to version ${V1}"]`), 'the A/B diff with both sides named');
    includes(textOf(el, '.version-diff'), 'SKILL.md');
    await waitFor(() => $$(el, '.history .version.selected').length === 2, 'both compared versions marked');
    typeInto(to, V2);
    await waitFor(() => $<HTMLButtonElement>(el, '.compare button')!.disabled, 'comparing a version with itself is not offered');
    await expectAccessible($(el, '.analyses')!, 'the history with an A/B diff');
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
