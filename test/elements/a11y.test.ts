// axe-core checks (WCAG 2.1 A/AA + best practices: roles, names, labels,
// contrast) of <forge-skill-builder> in each of its states, light and dark,
// plus the structural ARIA the issue names (log live region, dialogs).

import { equal, ok } from './helpers/assert.js';
import { expectAccessible } from './helpers/axe.js';
import { $, button, cleanup, mountBuilder, typeInto, waitFor, internals } from './helpers/dom.js';
import { errorResponse, FakeApi, requiredEnv, WEATHER_SCRIPT, WEATHER_SKILL_MD } from './helpers/fake-api.js';

afterEach(cleanup);

async function busyApi() {
  const api = new FakeApi();
  api.skills['ops-bot'] = { 'weather-report': { skill_md: WEATHER_SKILL_MD, scripts: { 'weather-current.sh': WEATHER_SCRIPT } } };
  api.validate = () => ({
    valid: false,
    errors: [{ code: 'e', field: 'name', message: 'name must be kebab-case', severity: 'error', line: 2 }],
    warnings: [{ code: 'w', field: 'description', message: 'list more trigger phrases', severity: 'warning' }],
  });
  return api;
}

async function withConversation(theme?: 'dark') {
  const api = await busyApi();
  const { el } = await mountBuilder(api, theme ? { agent: 'ops-bot', theme } : { agent: 'ops-bot' });
  typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'Weather skill');
  await el.updateComplete;
  button(el, 'Send', '[part="composer"]').click();
  await waitFor(() => !!$(el, '#editor') && !internals(el).chat.busy && !!internals(el).checks.result, 'draft validated');
  await el.updateComplete;
  return { el, api };
}

describe('builder: accessibility', () => {
  it('a draft being checked again (previous result still shown)', async () => {
    const { el } = await withConversation();
    internals(el).checks.checking = true;
    el.requestUpdate();
    await el.updateComplete;
    ok($(el, '.val-status .spinner'), 'the re-check spinner is shown');
    await expectAccessible(el, 'the draft while it is checked again');
  });

  it('empty state', async () => {
    const { el } = await mountBuilder();
    const log = $(el, '[role="log"]')!;
    equal(log.getAttribute('aria-live'), 'polite');
    await expectAccessible(el, 'the empty builder');
  });

  for (const theme of [undefined, 'dark'] as const) {
    it(`conversation, draft and findings (${theme ?? 'light'})`, async () => {
      const { el } = await withConversation(theme);
      await expectAccessible(el, `the builder with a draft (${theme ?? 'light'})`);
    });
  }

  it('banner with every problem, and the unset state', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, source: 'agent_fallback', warning: 'deprecated fallback', has_key: false, base_url: 'https://x.example', trusted: false };
    let { el } = await mountBuilder(api);
    await expectAccessible(el, 'the banner with problems');
    cleanup();
    api.settings = { ...api.settings, source: 'unset', provider: '', model: '' };
    ({ el } = await mountBuilder(api));
    await expectAccessible(el, 'the unset builder');
  });

  it('error bubble with Retry', async () => {
    const api = new FakeApi();
    api.chat = () => errorResponse(500, 'provider unreachable');
    const { el } = await mountBuilder(api);
    typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'Hi');
    await el.updateComplete;
    button(el, 'Send', '[part="composer"]').click();
    await waitFor(() => !!$(el, '.msg.assistant.error') && !internals(el).chat.busy, 'error');
    await expectAccessible(el, 'the error state');
  });

  it('dialogs: save result, skills, confirm, settings', async () => {
    const api = new FakeApi();
    api.envMissing = [requiredEnv('WEATHER_API_KEY'), { name: 'GH_TOKEN', kind: 'one_of' }, { name: 'GITHUB_TOKEN', kind: 'one_of' }];
    api.skills['ops-bot'] = { 'incident-triage': { skill_md: '---\nname: incident-triage\ndescription: x\n---\n', scripts: {} } };
    const { el } = await mountBuilder(api);
    typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'Weather skill');
    await el.updateComplete;
    button(el, 'Send', '[part="composer"]').click();
    await waitFor(() => !!$(el, '#editor') && !internals(el).chat.busy && !!internals(el).checks.result, 'draft');
    await el.updateComplete;
    button(el, 'Save skill').click();
    const save = $<HTMLDialogElement>(el, 'dialog[data-name="save"]')!;
    await waitFor(() => !!$(el, '#env-WEATHER_API_KEY'), 'result');
    equal(save.getAttribute('aria-modal'), 'true');
    ok(save.getAttribute('aria-labelledby'), 'labelled');
    await expectAccessible(el, 'the save result dialog');
    button(el, 'Done', 'dialog[data-name="save"]').click();

    // Edit-mode diff.
    const editor = $<HTMLTextAreaElement>(el, '#editor')!;
    typeInto(editor, editor.value + '\nmore\n');
    await waitFor(() => !internals(el).checks.checking, 'validated');
    await el.updateComplete;
    button(el, 'Review & save').click();
    await waitFor(() => !!$(el, '.diff'), 'diff');
    await expectAccessible(el, 'the diff dialog');
    internals(el).dialogs.close();

    el['_openSkills']();
    await waitFor(() => !!$(el, '.skill-row'), 'skills');
    await expectAccessible(el, 'the skills dialog');
    internals(el).dialogs.close();

    el.newSkill();
    await waitFor(() => $<HTMLDialogElement>(el, 'dialog[data-name="confirm"]')!.open, 'confirm');
    await expectAccessible(el, 'the confirm dialog');
    internals(el).dialogs.confirm(false);

    el['_openSettings']();
    const settings = $(el, 'forge-skill-settings')!;
    await waitFor(() => !!settings.shadowRoot!.querySelector('form'), 'settings');
    await expectAccessible(settings, 'the settings dialog inside the builder');
  });
});
