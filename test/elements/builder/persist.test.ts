// Nothing lost (issue 26): a dirty draft is kept in sessionStorage per
// endpoint and agent; a new element (a reload, or the tab restored after a
// crash) offers it back with a banner and restores it only when asked;
// leaving the page with unsaved work asks first (beforeunload); discarding
// or saving forgets it. The copy follows the agent picked after it was made,
// and an edit of a saved skill comes back as an edit of that skill.

import { equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, button, cleanup, internals, mount, mountBuilder, mountWithDraft, txt, typeInto, waitFor } from '../helpers/dom.js';
import { WEATHER_SKILL_MD } from '../helpers/fake-api.js';
import { savedSkillApi } from '../helpers/saved-skill-api.js';
import { FakeApi } from '../helpers/fake-api.js';
import type { ForgeSkillBuilder } from '../../../src/elements/builder/forge-skill-builder.component.js';

afterEach(cleanup);

const KEY = 'forge-skill-builder:unsaved:/api|ops-bot';
const EDITED = '---\nname: weather-now\ndescription: Edited before the crash ("weather now").\n---\n# Weather now\n';

async function dirtyDraft(): Promise<{ el: ForgeSkillBuilder; api: FakeApi }> {
  const api = new FakeApi();
  const el = await mountWithDraft(api);
  typeInto($<HTMLTextAreaElement>(el, '#editor')!, EDITED);
  await el.updateComplete;
  await waitFor(() => sessionStorage.getItem(KEY)?.includes('Edited before the crash'), 'the dirty draft is kept');
  return { el, api };
}

/** A second element on the same endpoint and agent: what the page shows after a reload. */
async function reload(api: FakeApi): Promise<ForgeSkillBuilder> {
  const el = document.createElement('forge-skill-builder');
  el.fetcher = api.fetch;
  el.setAttribute('agent', 'ops-bot');
  el.setAttribute('plain-editor', '');
  mount(el);
  await el.updateComplete;
  return el;
}

describe('builder: an unsaved draft survives a reload', () => {
  it('is offered back with a banner after the page goes away, and restored only when asked', async () => {
    const { el, api } = await dirtyDraft();
    el.remove(); // the tab crashed or was reloaded
    const again = await reload(api);
    await waitFor(() => $(again, '.restore'), 'the restore banner');
    includes($(again, '.restore')!.textContent!, 'unsaved draft');
    equal(internals(again).editor.draft, null, 'nothing replaced the editor by itself');
    await expectAccessible(again, 'the restore banner');
    button(again, 'Restore the draft', '.restore').click();
    await waitFor(() => $<HTMLTextAreaElement>(again, '#editor')?.value === EDITED, 'the draft is back in the editor');
    ok(again.dirty, 'it is still unsaved work');
    equal($(again, '.restore'), null, 'the banner is gone');
  });

  it('discarding forgets it', async () => {
    const { el, api } = await dirtyDraft();
    el.remove();
    const again = await reload(api);
    await waitFor(() => $(again, '.restore'), 'the restore banner');
    button(again, 'Discard it', '.restore').click();
    await again.updateComplete;
    equal(sessionStorage.getItem(KEY), null);
    equal($(again, '.restore'), null);
  });

  it('leaving the page with unsaved work asks first; a clean page does not', async () => {
    const { el } = await dirtyDraft();
    const leave = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(leave);
    ok(leave.defaultPrevented, 'the browser is asked to confirm leaving');
    el.newSkill(true);
    await el.updateComplete;
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    ok(!clean.defaultPrevented, 'no prompt without unsaved work');
    await waitFor(() => sessionStorage.getItem(KEY) === null, 'the kept copy is gone once nothing is unsaved');
  });

  it('follows the agent: a draft begun at workspace level, then kept for an agent, comes back on a reload with that agent', async () => {
    const api = new FakeApi();
    const el = await mountWithDraft(api, {});
    typeInto($<HTMLTextAreaElement>(el, '#editor')!, EDITED);
    await waitFor(() => sessionStorage.getItem('forge-skill-builder:unsaved:/api|')?.includes('Edited before the crash'), 'kept at workspace level');
    el.setAttribute('agent', 'ops-bot'); // the page's agent picker
    await waitFor(() => sessionStorage.getItem(KEY)?.includes('Edited before the crash'), 'kept for ops-bot once the agent changed', 20_000);
    equal(sessionStorage.getItem('forge-skill-builder:unsaved:/api|'), null, 'no stale copy left at workspace level');
    el.remove(); // reloaded with ?agent=ops-bot
    const again = await reload(api);
    await waitFor(() => $(again, '.restore'), 'the restore banner for ops-bot', 20_000);
    button(again, 'Restore the draft', '.restore').click();
    await waitFor(() => $<HTMLTextAreaElement>(again, '#editor')?.value === EDITED, 'the draft is back', 20_000);
  });

  it('brings an edit of a saved skill back in edit mode, against the saved version', async () => {
    const api = savedSkillApi();
    const { el } = await mountBuilder(api);
    await el.editSkill('weather-report');
    await waitFor(() => !!$(el, '#editor') && internals(el).editor.editing === 'weather-report', 'editing the saved skill', 20_000);
    const changed = WEATHER_SKILL_MD.replace('# Weather report', '# Weather report, edited');
    typeInto($<HTMLTextAreaElement>(el, '#editor')!, changed);
    await waitFor(() => sessionStorage.getItem(KEY)?.includes('edited'), 'the edit is kept', 20_000);
    el.remove();
    const again = await reload(api);
    await waitFor(() => $(again, '.restore'), 'the restore banner', 20_000);
    button(again, 'Restore the draft', '.restore').click();
    await waitFor(() => $<HTMLTextAreaElement>(again, '#editor')?.value === changed, 'the edit is back', 20_000);
    equal(internals(again).editor.editing, 'weather-report', 'still an edit of the saved skill');
    equal(internals(again).editor.original?.skillMd, WEATHER_SKILL_MD, 'compared with the saved version');
    await waitFor(() => txt($(again, '[part="footer"] .primary')) === 'Review & save', 'saving reviews the diff', 20_000);
  });
});
