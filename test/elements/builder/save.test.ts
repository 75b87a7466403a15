// Saving and editing in <forge-skill-builder> (issue 6: name from the
// frontmatter, 409 explained, result with path/egress/env, missing env vars
// saved through the same API, forge-skill-saved, workspace level asks for the
// agent, skills list with Edit, edit mode banner + mode/editing_name + a line
// diff before saving, New skill asks before discarding unsaved work).

import { deepEqual, equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, focused, mountBuilder, mountWithDraft, recordEvents, textOf, txt, typeInto, waitFor, internals } from '../helpers/dom.js';
import { FakeApi, questionReply, requiredEnv, WEATHER_SCRIPT, WEATHER_SKILL_MD } from '../helpers/fake-api.js';

afterEach(cleanup);

const dialog = (el: Element, name: string) => $<HTMLDialogElement>(el, `dialog[data-name="${name}"]`)!;

const withDraft = (api = new FakeApi(), attrs?: Record<string, string>) => mountWithDraft(api, attrs, { validated: true });

describe('builder: save', () => {
  it('saves under the frontmatter name and shows path, egress and env vars', async () => {
    const api = new FakeApi();
    const el = await withDraft(api);
    const saved = recordEvents(el, ['forge-skill-saved']);
    button(el, 'Save skill').click();
    await waitFor(() => saved.length === 1, 'saved');
    deepEqual(api.lastCall('POST', '/save')!.body, {
      skill_name: 'weather-report',
      skill_md: WEATHER_SKILL_MD,
      scripts: { 'weather-current.sh': WEATHER_SCRIPT },
    });
    equal(api.lastCall('POST', '/save')!.path, '/api/agents/ops-bot/skill-builder/save');
    ok(dialog(el, 'save').open, 'result dialog open');
    // The result view loads on demand (lazy-view.ts): wait for it, as for any render.
    await waitFor(() => txt(dialog(el, 'save')).includes('weather-report saved'), 'result view');
    const text = txt(dialog(el, 'save'));
    includes(text, 'weather-report saved');
    includes(text, 'agents/ops-bot/skills/weather-report');
    includes(text, 'api.weather.example');
    deepEqual(saved[0]!.detail, {
      agent: 'ops-bot',
      name: 'weather-report',
      updated: false,
      path: 'agents/ops-bot/skills/weather-report',
      egressAdded: ['api.weather.example'],
      envConfigured: [],
      envMissing: [],
      warnings: [],
    });
    ok(saved[0]!.bubbles && saved[0]!.composed);
    // The saved skill is now what is being edited, and the list knows it.
    includes(textOf(el, '[part="edit-banner"]'), 'Editing weather-report');
    await waitFor(() => internals(el).skills.skills?.some((s) => s.name === 'weather-report') === true, 'skills list refreshed');
    button(el, 'Done', 'dialog[data-name="save"]').click();
    await waitFor(() => !dialog(el, 'save').open, 'closed');
  });

  it('explains a 409 conflict', async () => {
    const api = new FakeApi();
    api.skills['ops-bot'] = { 'weather-report': { skill_md: 'old', scripts: {} } };
    const el = await withDraft(api);
    button(el, 'Save skill').click();
    await waitFor(() => txt(dialog(el, 'save')).includes('already exists'), 'conflict shown');
    const text = txt(dialog(el, 'save'));
    includes(text, 'A skill named weather-report already exists in ops-bot');
    includes(text, 'never overwrites');
    includes(text, 'name:');
    equal(api.skills['ops-bot']!['weather-report']!.skill_md, 'old', 'nothing overwritten');
  });

  it('asks for missing env vars with password inputs and saves them through the same route', async () => {
    const api = new FakeApi();
    api.envMissing = [requiredEnv('WEATHER_API_KEY'), requiredEnv('WEATHER_REGION')];
    const el = await withDraft(api);
    const saved = recordEvents(el, ['forge-skill-saved']);
    button(el, 'Save skill').click();
    await waitFor(() => !!$(el, '#env-WEATHER_API_KEY'), 'env inputs');
    const key = $<HTMLInputElement>(el, '#env-WEATHER_API_KEY')!;
    equal(key.type, 'password');
    equal($(el, 'label[for="env-WEATHER_API_KEY"]')!.textContent, 'WEATHER_API_KEY');
    typeInto(key, 'owm-123');
    button(el, 'Save values').click();
    await waitFor(() => saved.length === 2, 'second save');
    deepEqual(api.lastCall('POST', '/save')!.body, {
      skill_name: 'weather-report',
      skill_md: WEATHER_SKILL_MD,
      scripts: { 'weather-current.sh': WEATHER_SCRIPT },
      env_vars: { WEATHER_API_KEY: 'owm-123' },
      overwrite: true,
      editing_name: 'weather-report',
    });
    const text = txt(dialog(el, 'save'));
    includes(text, 'Saved WEATHER_API_KEY for ops-bot');
    ok(!$(el, '#env-WEATHER_API_KEY'), 'the configured one is no longer asked for');
    ok($(el, '#env-WEATHER_REGION'), 'the other one still is');
    deepEqual(saved[1]!.detail.envMissing, [requiredEnv('WEATHER_REGION')]);
  });

  it('shows a one_of group as "set at least one of" and takes any one member', async () => {
    // Issue 4: env_missing is [{name, kind}]; kind one_of means any one member of the group is enough.
    const api = new FakeApi();
    api.envMissing = [requiredEnv('WEATHER_API_KEY'), { name: 'GH_TOKEN', kind: 'one_of' }, { name: 'GITHUB_TOKEN', kind: 'one_of' }];
    const el = await withDraft(api);
    const saved = recordEvents(el, ['forge-skill-saved']);
    button(el, 'Save skill').click();
    await waitFor(() => !!$(el, '#env-GITHUB_TOKEN'), 'env inputs');
    const group = $<HTMLFieldSetElement>(el, 'fieldset.env-group')!;
    equal(txt(group.querySelector('legend')), 'Set at least one of GH_TOKEN, GITHUB_TOKEN');
    deepEqual(
      [...group.querySelectorAll('input')].map((i) => [i.id, i.type]),
      [
        ['env-GH_TOKEN', 'password'],
        ['env-GITHUB_TOKEN', 'password'],
      ],
    );
    ok(!group.contains($(el, '#env-WEATHER_API_KEY')), 'the required var stands outside the group');
    typeInto($<HTMLInputElement>(el, '#env-GITHUB_TOKEN')!, 'ghp-1');
    button(el, 'Save values').click();
    await waitFor(() => saved.length === 2, 'second save');
    deepEqual(api.lastCall('POST', '/save')!.body.env_vars, { GITHUB_TOKEN: 'ghp-1' });
    ok(!$(el, 'fieldset.env-group'), 'the group is satisfied by one member');
    ok($(el, '#env-WEATHER_API_KEY'), 'the required var is still asked for');
    deepEqual(saved[1]!.detail.envMissing, [requiredEnv('WEATHER_API_KEY')]);
  });

  it('at workspace level asks for the target agent', async () => {
    const api = new FakeApi();
    const el = await withDraft(api, {});
    button(el, 'Save skill').click();
    await waitFor(() => !!$(el, '#save-agent'), 'agent select');
    equal(api.callsTo('POST', '/save').length, 0, 'nothing saved before choosing');
    const select = $<HTMLSelectElement>(el, '#save-agent')!;
    deepEqual(
      [...select.options].map((o) => o.value),
      ['ops-bot', 'support-bot'],
    );
    typeInto(select, 'support-bot');
    await el.updateComplete;
    includes(txt(dialog(el, 'save')), 'support-bot/skills/weather-report/');
    button(el, 'Save skill', 'dialog[data-name="save"]').click();
    await waitFor(() => api.callsTo('POST', '/save').length === 1, 'saved');
    equal(api.lastCall('POST', '/save')!.path, '/api/agents/support-bot/skill-builder/save');
  });

  it('at workspace level creates an agent from the dialog: the list refreshes and picks it; a taken id is refused', async () => {
    const api = new FakeApi();
    const el = await withDraft(api, {});
    button(el, 'Save skill').click();
    await waitFor(() => !!$(el, '#save-agent'), 'agent select');
    typeInto($<HTMLInputElement>(el, '#new-agent')!, 'ops-bot');
    button(el, 'Create agent', 'dialog[data-name="save"]').click();
    await waitFor(() => !!$(el, '.new-agent [role="alert"]'), 'the refusal');
    includes(txt($(el, '.new-agent [role="alert"]')), 'already has an agent');
    typeInto($<HTMLInputElement>(el, '#new-agent')!, 'helpdesk');
    button(el, 'Create agent', 'dialog[data-name="save"]').click();
    await waitFor(() => [...$<HTMLSelectElement>(el, '#save-agent')!.options].some((o) => o.value === 'helpdesk'), 'the list refreshed');
    await el.updateComplete;
    equal($<HTMLSelectElement>(el, '#save-agent')!.value, 'helpdesk', 'the new agent is picked');
    deepEqual(api.lastCall('POST', '/agents')!.body, { agent_id: 'helpdesk' });
    await expectAccessible(dialog(el, 'save')!, 'the save dialog with the new-agent form');
  });

  it('is blocked without a name in the frontmatter', async () => {
    const el = await withDraft();
    typeInto($<HTMLTextAreaElement>(el, '#editor')!, '---\ndescription: x\n---\n');
    await el.updateComplete;
    ok(button(el, 'Save skill').disabled);
    includes(textOf(el, '#save-hint'), 'Add a name: to the frontmatter');
  });
});

describe('builder: edit mode', () => {
  function seed(api: FakeApi) {
    api.skills['ops-bot'] = {
      'weather-report': { skill_md: WEATHER_SKILL_MD, scripts: { 'weather-current.sh': WEATHER_SCRIPT, 'old-helper.sh': 'echo old\n' } },
    };
  }

  it('lists the skills with Edit, edits with mode/editing_name and shows a diff before saving', async () => {
    const api = new FakeApi();
    seed(api);
    api.chat = () => questionReply('What should change?');
    const { el } = await mountBuilder(api);
    button(el, 'Skills', '[part="header"]').click();
    await waitFor(() => $$(el, '.skill-row').length === 1, 'skills listed');
    ok(dialog(el, 'skills').open);
    includes(txt(dialog(el, 'skills')), 'weather-report');
    button(el, 'Edit', '.skill-row').click();
    await waitFor(() => !!$(el, '[part="edit-banner"]'), 'edit banner');
    includes(textOf(el, '[part="edit-banner"]'), 'Editing weather-report');
    ok(!dialog(el, 'skills').open, 'skills dialog closed');
    equal($<HTMLTextAreaElement>(el, '#editor')!.value, WEATHER_SKILL_MD);

    typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'Add Celsius');
    await el.updateComplete;
    button(el, 'Send', '[part="composer"]').click();
    await waitFor(() => api.callsTo('POST', '/chat').length === 1, 'chat');
    const chat = api.lastCall('POST', '/chat')!.body;
    equal(chat.mode, 'edit');
    equal(chat.editing_name, 'weather-report');
    await waitFor(() => !internals(el).chat.busy, 'turn finished');

    // Change SKILL.md, add a script, drop one; then review.
    const editor = $<HTMLTextAreaElement>(el, '#editor')!;
    typeInto(editor, editor.value.replace('# Weather report', '# Weather report (Celsius)'));
    internals(el).editor.edit({ ...internals(el).editor.draft!, scripts: { 'weather-current.sh': WEATHER_SCRIPT, 'units.sh': 'echo c\n' } });
    await waitFor(() => !!internals(el).checks.result && !internals(el).checks.checking, 'validated');
    await el.updateComplete;
    button(el, 'Review & save').click();
    await waitFor(() => !!$(el, '.diff'), 'diff shown');
    equal(api.callsTo('POST', '/save').length, 0, 'nothing saved before confirming');
    const summaries = $$(el, '.diff-file summary').map(txt);
    deepEqual(summaries, [
      'SKILL.md Changed +1 −1',
      'scripts/old-helper.sh Removed +0 −1',
      'scripts/units.sh New file +1 −0',
      'scripts/weather-current.sh Unchanged',
    ]);
    const del = $(el, '.diff-file .dl.del')!;
    includes(del.textContent, '# Weather report');
    includes(del.textContent, 'removed:');
    const add = $(el, '.diff-file .dl.add')!;
    includes(add.textContent, '# Weather report (Celsius)');
    includes(add.textContent, 'added:');

    const saved = recordEvents(el, ['forge-skill-saved']);
    button(el, 'Save changes', 'dialog[data-name="save"]').click();
    await waitFor(() => saved.length === 1, 'saved');
    const body = api.lastCall('POST', '/save')!.body;
    equal(body.overwrite, true);
    equal(body.editing_name, 'weather-report');
    deepEqual(Object.keys(body.scripts).sort(), ['units.sh', 'weather-current.sh']);
    equal(saved[0]!.detail.updated, true);
    includes(txt(dialog(el, 'save')), 'weather-report updated');
  });

  it('New skill asks before discarding unsaved work', async () => {
    const api = new FakeApi();
    const { el } = await mountBuilder(api);
    button(el, 'Start from a blank SKILL.md').click();
    await el.updateComplete;
    ok(el.dirty, 'a draft nobody saved is unsaved work');
    button(el, 'New skill', '[part="header"]').click();
    await waitFor(() => dialog(el, 'confirm').open, 'confirm dialog');
    equal(dialog(el, 'confirm').getAttribute('role'), 'alertdialog');
    includes(txt(dialog(el, 'confirm')), 'have not been saved');
    await waitFor(() => focused()?.textContent?.trim() === 'Keep working', 'the safe choice has focus');
    button(el, 'Keep working', 'dialog[data-name="confirm"]').click();
    await waitFor(() => !dialog(el, 'confirm').open, 'closed');
    ok(el.draft, 'draft kept');

    button(el, 'New skill', '[part="header"]').click();
    await waitFor(() => dialog(el, 'confirm').open, 'confirm dialog again');
    button(el, 'Discard', 'dialog[data-name="confirm"]').click();
    await waitFor(() => el.draft === null, 'draft discarded');
    ok(!el.dirty);
  });

  it('Edit from the list also asks first when there is unsaved work', async () => {
    const api = new FakeApi();
    seed(api);
    const { el } = await mountBuilder(api);
    button(el, 'Start from a blank SKILL.md').click();
    await el.updateComplete;
    button(el, 'Skills', '[part="header"]').click();
    await waitFor(() => $$(el, '.skill-row').length === 1, 'skills listed');
    button(el, 'Edit', '.skill-row').click();
    await waitFor(() => dialog(el, 'confirm').open, 'confirm');
    button(el, 'Discard', 'dialog[data-name="confirm"]').click();
    await waitFor(() => internals(el).editor.editing === 'weather-report', 'editing');
  });

  it('at workspace level the skills list asks for the agent and edits in it', async () => {
    const api = new FakeApi();
    seed(api);
    api.skills['support-bot'] = { 'refund-policy': { skill_md: '---\nname: refund-policy\ndescription: refunds\n---\n', scripts: {} } };
    const { el } = await mountBuilder(api, {});
    button(el, 'Skills', '[part="header"]').click();
    await waitFor(() => $$(el, '.skill-row').length === 1, 'first agent listed');
    includes(txt(dialog(el, 'skills')), 'weather-report');
    typeInto($<HTMLSelectElement>(el, '#skills-agent')!, 'support-bot');
    await waitFor(() => txt(dialog(el, 'skills')).includes('refund-policy'), 'second agent listed');
    button(el, 'Edit', '.skill-row').click();
    await waitFor(() => internals(el).editor.editing === 'refund-policy', 'editing');
    includes(textOf(el, '[part="edit-banner"]'), 'in support-bot');
    // Requests about the skill go to its agent.
    await waitFor(() => api.callsTo('POST', '/validate').length > 0, 'validated');
    equal(api.lastCall('POST', '/validate')!.path, '/api/agents/support-bot/skill-builder/validate');
  });

  it('without changes there is nothing to save', async () => {
    const api = new FakeApi();
    seed(api);
    const { el } = await mountBuilder(api);
    await el.editSkill('weather-report');
    await waitFor(() => !!internals(el).checks.result, 'validated');
    await el.updateComplete;
    ok(button(el, 'Review & save').disabled);
    includes(textOf(el, '#save-hint'), 'No changes to save');
  });
});
