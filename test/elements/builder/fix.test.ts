// One-click fixes in the Checks analysis: a finding that `validate --fix`
// repairs has a Fix button that shows the change as a diff (before and after)
// and applies it only on confirm; the checks run again (here with the real
// core validator, as the server does) and the finding is gone. Cancel leaves
// the draft alone and gives focus back; findings the fixer cannot repair have
// no Fix; axe finds nothing with the diff open.

import { fixForRuntime } from '../../../src/core/runtime-form/fix.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';
import { equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, internals, mountWithDraft, txt, waitFor } from '../helpers/dom.js';
import { draftReply, FakeApi, WEATHER_SCRIPT } from '../helpers/fake-api.js';
import type { ForgeSkillBuilder } from '../../../src/elements/builder/forge-skill-builder.component.js';

afterEach(cleanup);

const TABLE_ONLY = `---
name: weather-report
description: When the user asks about the weather ("what's the weather in Paris?"), fetch it.
---
# Weather report

## Tool: weather_current

Gets the current weather.

**Input:**

| Parameter | Type | Required | Description |
|---|---|---|---|
| city | string | yes | The city |
| days | integer | no | How many days |
`;

/** A fake server whose validate answers the real validator's findings on the draft. */
function validatingApi(skillMd: string): FakeApi {
  const api = new FakeApi();
  api.chat = () => draftReply({ skillMd, scripts: { 'weather-current.sh': WEATHER_SCRIPT } });
  api.validate = (body: any) => validateSkillMd(body.skill_md, { scripts: body.scripts ?? {} }) as any;
  return api;
}

const findingRow = (el: ForgeSkillBuilder, code: string) =>
  $$<HTMLLIElement>(el, '.diags li').find((li) => txt(li).includes(code === 'runtime-input-table-only' ? 'gets no parameters from its table' : code));

describe('builder: one-click fixes', () => {
  it('shows the diff of a fix, applies it on confirm, and the finding goes away', async () => {
    const el = await mountWithDraft(validatingApi(TABLE_ONLY), undefined, { validated: true });
    await waitFor(() => findingRow(el, 'runtime-input-table-only')?.querySelector('button[aria-controls^="fix-"]'), 'the Fix button of the table-only Input');
    const fixButton = findingRow(el, 'runtime-input-table-only')!.querySelector<HTMLButtonElement>('button[aria-controls^="fix-"]')!;
    equal(fixButton.getAttribute('aria-expanded'), 'false');
    fixButton.click();
    await waitFor(() => $(el, '.fix-diff'), 'the diff');
    const diff = $(el, '.fix-diff')!;
    const expected = fixForRuntime(TABLE_ONLY).changes.find((c) => c.kind === 'input-spec')!;
    includes(txt(diff.querySelector('.dl.del')), `${expected.line}`);
    includes(txt(diff.querySelector('.dl.del')), '**Input:**');
    includes(txt(diff.querySelector('.dl.add')), expected.after);
    equal(internals(el).editor.draft!.skillMd, TABLE_ONLY, 'nothing applied before the confirm');
    await waitFor(() => el.shadowRoot!.activeElement === button(el, 'Apply fix', '.fix-diff'), 'focus on Apply');
    await expectAccessible(el, 'the Checks list with a fix diff open');
    button(el, 'Apply fix', '.fix-diff').click();
    await waitFor(() => internals(el).editor.draft!.skillMd.includes(expected.after), 'the fix in the draft');
    const lines = internals(el).editor.draft!.skillMd.split('\n');
    equal(lines.length, TABLE_ONLY.split('\n').length);
    TABLE_ONLY.split('\n').forEach((l, i) => i + 1 !== expected.line && equal(lines[i], l, `line ${i + 1} unchanged`));
    ok(el.dirty, 'a fix is an unsaved change');
    await waitFor(() => !findingRow(el, 'runtime-input-table-only') && !internals(el).checks.checking, 'the finding gone after the checks ran again');
  });

  it('Cancel closes the diff without touching the draft; a finding the fixer cannot repair has no Fix', async () => {
    const md = TABLE_ONLY.replace('name: weather-report', 'name: Weather_Report');
    const el = await mountWithDraft(validatingApi(md), undefined, { validated: true });
    await waitFor(() => $(el, '.diags button[aria-controls^="fix-"]'), 'a Fix button');
    const nameRow = $$<HTMLLIElement>(el, '.diags li').find((li) => txt(li).includes('name'));
    ok(nameRow, 'the name finding is listed');
    equal(nameRow!.querySelector('button[aria-controls^="fix-"]'), null, 'no Fix for the name');
    equal($$(el, '.diags button[aria-controls^="fix-"]').length, 1, 'one fixable finding, one Fix');
    const fixButton = $<HTMLButtonElement>(el, '.diags button[aria-controls^="fix-"]')!;
    fixButton.click();
    await waitFor(() => $(el, '.fix-diff'), 'the diff');
    button(el, 'Cancel', '.fix-diff').click();
    await waitFor(() => !$(el, '.fix-diff'), 'the diff closed');
    await waitFor(() => el.shadowRoot!.activeElement === $(el, '.diags button[aria-controls^="fix-"]'), 'focus back on Fix');
    equal(internals(el).editor.draft!.skillMd, md, 'the draft untouched');
  });
});
