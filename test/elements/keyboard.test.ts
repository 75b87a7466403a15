// Keyboard-only use of the whole flow (issue 6 accessibility): real key
// presses from the browser, no clicks — reach the composer, send, move through
// the draft tabs, edit, save, handle the result dialog, open the settings and
// skills dialogs and leave them with Esc, focus returning each time.

import { sendKeys } from '@web/test-runner-commands';
import { equal, includes, ok } from './helpers/assert.js';
import { $, cleanup, focused, mountBuilder, txt, waitFor, internals } from './helpers/dom.js';
import { FakeApi, questionReply, draftReply } from './helpers/fake-api.js';

afterEach(cleanup);

/** Presses Tab (or Shift+Tab) until `match` has focus; fails after `max` presses. */
async function tabTo(match: (el: Element | null) => boolean, what: string, { back = false, max = 60 } = {}): Promise<Element> {
  for (let i = 0; i < max; i++) {
    if (match(focused())) return focused()!;
    await sendKeys({ press: back ? 'Shift+Tab' : 'Tab' });
  }
  throw new Error(`could not reach ${what} with ${back ? 'Shift+Tab' : 'Tab'}; focus is on ${focused()?.outerHTML.slice(0, 120)}`);
}

const isButton = (label: string) => (el: Element | null) => el?.tagName === 'BUTTON' && txt(el).startsWith(label);

describe('builder: keyboard only', () => {
  it('runs the whole flow without a pointer', async () => {
    const api = new FakeApi();
    let turn = 0;
    api.chat = () => (++turn === 1 ? questionReply('Which city by default?') : draftReply());
    const { el } = await mountBuilder(api);
    (document.activeElement as HTMLElement | null)?.blur();

    // Chat: reach the composer, ask, answer.
    const composer = await tabTo((e) => e?.id === 'composer', 'the composer');
    await sendKeys({ type: 'Weather for a city' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !internals(el).chat.busy && internals(el).chat.entries.length === 2, 'first reply');
    equal(focused(), composer, 'focus stays in the composer');
    await sendKeys({ type: 'Paris' });
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !!$(el, '#editor') && !internals(el).chat.busy, 'draft');
    await waitFor(() => !!internals(el).checks.result, 'validated');

    // Draft: tabs with arrow keys, then edit the script.
    await tabTo((e) => e?.getAttribute('role') === 'tab' && e.getAttribute('aria-selected') === 'true', 'the selected tab');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => internals(el).editor.tab === 'weather-current.sh', 'script tab');
    const editor = await tabTo((e) => e?.id === 'editor', 'the editor');
    await sendKeys({ press: 'ControlOrMeta+End' });
    await sendKeys({ type: '# edited by keyboard\n' });
    await waitFor(() => internals(el).editor.draft!.scripts['weather-current.sh']!.endsWith('# edited by keyboard\n'), 'edit applied');
    equal(focused(), editor);

    // Save and close the result dialog.
    const save = await tabTo(isButton('Save skill'), 'Save skill');
    await sendKeys({ press: 'Enter' });
    const saveDialog = $<HTMLDialogElement>(el, 'dialog[data-name="save"]')!;
    await waitFor(() => saveDialog.open && txt(saveDialog).includes('saved'), 'result dialog');
    ok(saveDialog.contains(focused()), 'focus moved into the dialog');
    includes(api.lastCall('POST', '/save')!.body.scripts['weather-current.sh'], '# edited by keyboard');
    await tabTo(isButton('Done'), 'Done');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !saveDialog.open, 'closed');
    // The save button is now "Review & save", disabled until something changes: focus goes to the editor.
    ok((save as HTMLButtonElement).disabled, 'nothing to save right after saving');
    await waitFor(() => focused() === $(el, '#editor'), 'focus back in the editor');

    // Settings dialog from the banner, left with Esc.
    const settingsButton = await tabTo(isButton('Settings'), 'the Settings button', { back: true });
    await sendKeys({ press: 'Enter' });
    const settings = $(el, 'forge-skill-settings')!;
    await waitFor(
      () => !!settings.shadowRoot!.querySelector('form') && settings.shadowRoot!.querySelector('dialog')!.contains(focused()),
      'settings dialog focused',
    );
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !settings.shadowRoot!.querySelector('dialog')!.open, 'settings closed');
    await waitFor(() => focused() === settingsButton, 'focus back on Settings');

    // Skills dialog: Edit the saved skill.
    await tabTo(isButton('Skills'), 'the Skills button', { back: true });
    await sendKeys({ press: 'Enter' });
    const skills = $<HTMLDialogElement>(el, 'dialog[data-name="skills"]')!;
    await waitFor(() => skills.open && !!skills.querySelector('.skill-row'), 'skills listed');
    await tabTo((e) => e?.tagName === 'BUTTON' && txt(e) === 'Edit weather-report', 'Edit weather-report');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !skills.open && internals(el).editor.editing === 'weather-report', 'editing');
    includes(txt($(el, '[part="edit-banner"]')), 'Editing weather-report');
  });

  it('shows a visible focus ring on keyboard focus', async () => {
    const { el } = await mountBuilder();
    (document.activeElement as HTMLElement | null)?.blur();
    const b = await tabTo(isButton('Skills'), 'the Skills button');
    const style = getComputedStyle(b);
    ok(style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2, `outline ${style.outlineStyle} ${style.outlineWidth}`);
    void el;
  });

  it('Esc closes the name field of a new script and Tab stays inside open dialogs', async () => {
    const { el } = await mountBuilder();
    (document.activeElement as HTMLElement | null)?.blur();
    await tabTo(isButton('New skill'), 'New skill');
    await tabTo(isButton('Start from a blank'), 'Start from a blank SKILL.md');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !!$(el, '#editor'), 'blank draft');
    await tabTo((e) => e?.getAttribute('aria-label') === 'Add file', 'Add file');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => focused()?.id === 'file-name', 'name field focused');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '#file-name'), 'name field closed');

    // New skill with unsaved work: the confirm dialog traps Tab.
    await tabTo(isButton('New skill'), 'New skill', { back: true });
    await sendKeys({ press: 'Enter' });
    const confirm = $<HTMLDialogElement>(el, 'dialog[data-name="confirm"]')!;
    await waitFor(() => confirm.open && confirm.contains(focused()), 'confirm focused');
    for (let i = 0; i < 5; i++) {
      await sendKeys({ press: 'Tab' });
      ok(confirm.contains(focused()), `Tab ${i + 1} stays in the dialog`);
    }
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !confirm.open, 'closed by Esc');
    ok(el.draft, 'Esc keeps the work');
  });
});
