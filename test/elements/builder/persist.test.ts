// Nothing lost (issue 26): a dirty draft is kept in sessionStorage per
// endpoint and agent; a new element (a reload, or the tab restored after a
// crash) offers it back with a banner and restores it only when asked;
// leaving the page with unsaved work asks first (beforeunload); discarding
// or saving forgets it.

import { equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, button, cleanup, internals, mount, mountWithDraft, typeInto, waitFor } from '../helpers/dom.js';
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
});
