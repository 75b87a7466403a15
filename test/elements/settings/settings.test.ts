// <forge-skill-settings>: the workspace LLM settings form, inline and as a
// dialog (issue 6: provider select from the server, env-var placeholder per
// provider, key field with show/hide hidden for ollama, "a key is saved" with
// empty meaning keep, client checks, server field errors, Save disabled while
// saving, forge-settings-saved without the key).

import { sendKeys } from '@web/test-runner-commands';
import { deepEqual, equal, includes, notIncludes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, focused, mount, mountSettings, recordEvents, textOf, typeInto, waitFor } from '../helpers/dom.js';
import { errorResponse, FakeApi } from '../helpers/fake-api.js';

afterEach(cleanup);

const field = <T extends HTMLElement = HTMLInputElement>(el: Element, id: string) => $<T>(el, `#${id}`) as T;

describe('settings: form', () => {
  it('offers the server providers and shows the provider default key variable as placeholder', async () => {
    const { el } = await mountSettings();
    deepEqual(
      $$<HTMLOptionElement>(el, '#provider option').map((o) => o.value),
      ['openai', 'anthropic', 'gemini', 'ollama'],
    );
    equal(field<HTMLSelectElement>(el, 'provider').value, 'openai');
    equal(field(el, 'model').value, 'gpt-4.1');
    equal(field(el, 'apiKeyEnv').placeholder, 'OPENAI_API_KEY');
    equal(field(el, 'apiKeyEnv').value, '', 'the default name is the placeholder, not a value');
    includes(textOf(el), '.forge/.env');
    includes(textOf(el), '0600');
    includes(textOf(el), 'ui.yaml');
  });

  it('offers the four known providers when the server lists none', async () => {
    const api = new FakeApi();
    api.providers = [];
    const { el } = await mountSettings(api);
    deepEqual(
      $$<HTMLOptionElement>(el, '#provider option').map((o) => o.value),
      ['openai', 'anthropic', 'gemini', 'ollama'],
    );
  });

  it('switching provider moves the placeholder and does not keep the old default name', async () => {
    const api = new FakeApi();
    const { el } = await mountSettings(api);
    typeInto(field(el, 'apiKeyEnv'), 'OPENAI_API_KEY');
    typeInto(field<HTMLSelectElement>(el, 'provider'), 'anthropic');
    await el.updateComplete;
    equal(field(el, 'apiKeyEnv').placeholder, 'ANTHROPIC_API_KEY');
    equal(field(el, 'apiKeyEnv').value, '');
    // A custom name is the operator's choice and stays.
    typeInto(field(el, 'apiKeyEnv'), 'WORKSPACE_LLM_KEY');
    typeInto(field<HTMLSelectElement>(el, 'provider'), 'gemini');
    await el.updateComplete;
    equal(field(el, 'apiKeyEnv').value, 'WORKSPACE_LLM_KEY');
  });

  it('hides the key fields for ollama', async () => {
    const { el } = await mountSettings();
    ok(field(el, 'apiKey'), 'key field for openai');
    typeInto(field<HTMLSelectElement>(el, 'provider'), 'ollama');
    await el.updateComplete;
    equal(field(el, 'apiKey'), null);
    equal(field(el, 'apiKeyEnv'), null);
    notIncludes(textOf(el), '.forge/.env');
  });

  it('shows/hides the key with a toggle button', async () => {
    const { el } = await mountSettings();
    const key = field(el, 'apiKey');
    equal(key.type, 'password');
    const toggle = button(el, 'Show');
    equal(toggle.getAttribute('aria-pressed'), 'false');
    toggle.click();
    await el.updateComplete;
    equal(field(el, 'apiKey').type, 'text');
    equal(button(el, 'Hide').getAttribute('aria-pressed'), 'true');
  });

  it('says a key is saved, and an empty key field keeps it (no api_key sent)', async () => {
    const api = new FakeApi();
    const { el } = await mountSettings(api);
    includes(textOf(el), 'A key is saved under OPENAI_API_KEY');
    includes(field(el, 'apiKey').placeholder, '(saved)');
    includes(textOf(el), 'Leave empty to keep it');
    const events = recordEvents(el, ['forge-settings-saved']);
    typeInto(field(el, 'model'), 'gpt-4.1-mini');
    button(el, 'Save settings').click();
    await waitFor(() => events.length === 1, 'saved event');
    deepEqual(api.lastCall('PUT', '/settings/skill-builder')!.body, { provider: 'openai', model: 'gpt-4.1-mini' });
    equal(events[0]!.detail.hasKey, true);
    ok(events[0]!.bubbles && events[0]!.composed, 'bubbles and composed');
  });

  it('sends a new key once, clears the field and never puts the key in the event', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, has_key: false, source: 'unset', model: '' };
    const { el } = await mountSettings(api);
    includes(textOf(el), 'No key saved under OPENAI_API_KEY');
    const events = recordEvents(el, ['forge-settings-saved']);
    typeInto(field(el, 'model'), 'gpt-4.1');
    typeInto(field(el, 'apiKey'), 'sk-test-secret-123');
    button(el, 'Save settings').click();
    await waitFor(() => events.length === 1, 'saved event');
    equal(api.lastCall('PUT', '/settings/skill-builder')!.body.api_key, 'sk-test-secret-123');
    await el.updateComplete;
    equal(field(el, 'apiKey').value, '', 'the key does not linger in the form');
    notIncludes(JSON.stringify(events[0]!.detail), 'sk-test-secret');
    includes(textOf(el), 'A key is saved under OPENAI_API_KEY');
    includes(textOf(el), 'Settings saved');
  });

  it('asks for the key again when the base URL moves to another server (issue 21: a saved key is bound to its origin)', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, base_url: 'https://llm.example.com/v1' };
    const { el } = await mountSettings(api);
    includes(textOf(el), 'A key is saved under OPENAI_API_KEY');
    typeInto(field(el, 'baseUrl'), 'https://other.example.net/v1');
    await el.updateComplete;
    includes(textOf(el, '#apiKey-hint'), 'paste the key again');
    button(el, 'Save settings').click();
    await el.updateComplete;
    equal(api.callsTo('PUT', '/settings/skill-builder').length, 0, 'nothing sent without the key');
    includes(textOf(el, '#apiKey-error'), 'https://other.example.net: paste the API key again');
    await waitFor(() => focused() === field(el, 'apiKey'), 'focus on the key field');
    typeInto(field(el, 'apiKey'), 'sk-typed-again-123');
    button(el, 'Save settings').click();
    await waitFor(() => textOf(el).includes('Settings saved'), 'saved with the key');
    equal(api.lastCall('PUT', '/settings/skill-builder')!.body.api_key, 'sk-typed-again-123');
    // Same server, another path: the saved key still fits, nothing to retype.
    typeInto(field(el, 'baseUrl'), 'https://other.example.net/v2');
    await el.updateComplete;
    notIncludes(textOf(el, '#apiKey-hint'), 'paste the key again');
  });

  it('checks the form like the server before sending and focuses the first bad field', async () => {
    const api = new FakeApi();
    const { el } = await mountSettings(api);
    typeInto(field(el, 'model'), '');
    typeInto(field(el, 'baseUrl'), 'localhost:11434');
    typeInto(field(el, 'apiKeyEnv'), 'MY-KEY');
    button(el, 'Save settings').click();
    await el.updateComplete;
    equal(api.callsTo('PUT', '/settings/skill-builder').length, 0, 'nothing sent');
    equal(field(el, 'model').getAttribute('aria-invalid'), 'true');
    includes(textOf(el, '#model-error'), 'Enter the model');
    includes(textOf(el, '#baseUrl-error'), 'http://');
    includes(textOf(el, '#apiKeyEnv-error'), 'letters, digits and _');
    includes(field(el, 'baseUrl').getAttribute('aria-describedby') ?? '', 'baseUrl-error');
    await waitFor(() => focused() === field(el, 'model'), 'focus on the model field');
  });

  it('shows a server field error next to the field it names', async () => {
    const api = new FakeApi();
    api.override = (c) => (c.method === 'PUT' ? errorResponse(400, 'base_url: host is not reachable from this machine', { field: 'base_url' }) : undefined);
    const errors = recordEvents(document, ['forge-error']);
    const { el } = await mountSettings(api);
    typeInto(field(el, 'baseUrl'), 'https://llm.internal.example/v1');
    typeInto(field(el, 'apiKey'), 'sk-for-the-new-server'); // a new origin needs the key again
    button(el, 'Save settings').click();
    await waitFor(() => !!$(el, '#baseUrl-error'), 'field error');
    includes(textOf(el, '#baseUrl-error'), 'host is not reachable');
    equal(errors.at(-1)?.detail.status, 400);
  });

  it('marks the field the error names as data, never one read out of the message', async () => {
    const api = new FakeApi();
    // The message does not start with the field: only the structured `field` says which input it is.
    api.override = (c) => (c.method === 'PUT' ? errorResponse(400, 'that variable name cannot hold a key', { field: 'api_key_env' }) : undefined);
    const { el } = await mountSettings(api);
    typeInto(field(el, 'apiKeyEnv'), 'MY_KEY');
    button(el, 'Save settings').click();
    await waitFor(() => !!$(el, '#apiKeyEnv-error'), 'field error from `field`');
    includes(textOf(el, '#apiKeyEnv-error'), 'cannot hold a key');
    equal(field(el, 'apiKeyEnv').getAttribute('aria-invalid'), 'true');

    // A message that begins with a field name but carries no `field` is a form error: the message is not parsed.
    api.override = (c) => (c.method === 'PUT' ? errorResponse(400, 'base_url: the gateway refused the request') : undefined);
    button(el, 'Save settings').click();
    await waitFor(() => !!$(el, '.notice.error'), 'form error');
    includes(textOf(el, '.notice.error'), 'gateway refused');
    equal($(el, '#baseUrl-error'), null);
  });

  it('shows other server errors above the buttons', async () => {
    const api = new FakeApi();
    api.override = (c) => (c.method === 'PUT' ? errorResponse(500, 'could not write .forge/ui.yaml: read-only file system') : undefined);
    const { el } = await mountSettings(api);
    button(el, 'Save settings').click();
    await waitFor(() => !!$(el, '.notice.error'), 'form error');
    includes(textOf(el, '.notice.error'), 'read-only file system');
  });

  it('disables Save while saving', async () => {
    const api = new FakeApi();
    let finish!: () => void;
    api.override = (c) =>
      c.method === 'PUT'
        ? new Promise<Response>((r) => (finish = () => r(new Response(JSON.stringify({ ...api.settings, providers: api.providers })))))
        : undefined;
    const { el } = await mountSettings(api);
    const save = $<HTMLButtonElement>(el, 'button[type="submit"]')!;
    save.click();
    await waitFor(() => save.disabled, 'save disabled');
    includes(save.textContent, 'Saving');
    save.click();
    equal(api.callsTo('PUT', '/settings/skill-builder').length, 1, 'a second click sends nothing');
    finish();
    await waitFor(() => !save.disabled, 'save enabled again');
  });

  it('explains where the values come from: user tier, agent fallback, untrusted base URL', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, source: 'user' };
    let { el } = await mountSettings(api);
    includes(textOf(el), '~/.forge/ui.yaml');
    cleanup();
    api.settings = { ...api.settings, source: 'agent_fallback', warning: 'Using agent ops-bot forge.yaml (deprecated).' };
    ({ el } = await mountSettings(api));
    includes(textOf(el), 'Using agent ops-bot forge.yaml (deprecated).');
    cleanup();
    api.settings = { ...api.settings, source: 'workspace', warning: '', base_url: 'https://evil.example/v1', trusted: false };
    ({ el } = await mountSettings(api));
    includes(textOf(el), 'Untrusted base URL');
    includes(textOf(el), 'https://evil.example/v1');
  });

  it('has no accessibility violations', async () => {
    const { el } = await mountSettings();
    await expectAccessible(el, 'the inline settings form');
  });
});

describe('settings: as a dialog', () => {
  it('opens modally with a labelled close, traps Tab, closes on Esc and returns focus', async () => {
    const opener = mount(document.createElement('button'));
    opener.textContent = 'Open settings';
    const { el } = await mountSettings(new FakeApi(), { modal: '' });
    opener.focus();
    el.show();
    const dialog = $<HTMLDialogElement>(el, 'dialog')!;
    await waitFor(() => dialog.open && !!$(el, 'form'), 'dialog open with the form');
    equal(dialog.getAttribute('aria-modal'), 'true');
    equal(dialog.getAttribute('aria-labelledby'), 'title');
    ok($(el, 'button[aria-label="Close settings"]'), 'labelled close button');
    await waitFor(() => dialog.contains(focused()), 'focus moved into the dialog');
    // Tab from the last control wraps to the first.
    const submit = $<HTMLButtonElement>(el, 'button[type="submit"]')!;
    submit.focus();
    await sendKeys({ press: 'Tab' });
    equal(focused(), $(el, 'button[aria-label="Close settings"]'), 'Tab wraps to the first control');
    await sendKeys({ press: 'Shift+Tab' });
    equal(focused(), submit, 'Shift+Tab wraps to the last control');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !dialog.open, 'closed by Esc');
    // The element's `open` follows the dialog's close event, which comes a task after the dialog closes.
    await waitFor(() => el.open === false, 'open is false again');
    await waitFor(() => focused() === opener, 'focus back on the opener');
  });

  it('closes after a successful save', async () => {
    const { el } = await mountSettings(new FakeApi(), { modal: '' });
    el.show();
    await waitFor(() => !!$(el, 'form'), 'form');
    button(el, 'Save settings').click();
    await waitFor(() => !el.open, 'closed');
  });

  it('has no accessibility violations when open', async () => {
    const { el } = await mountSettings(new FakeApi(), { modal: '' });
    el.show();
    await waitFor(() => !!$(el, 'form'), 'form');
    await expectAccessible(el, 'the settings dialog');
  });
});
