// The resolved-LLM banner of <forge-skill-builder> (seed: "Status banner
// semantics"; issue 6: source shown, agent_fallback warning as visible text,
// "API key not configured (env: NAME)", untrusted base_url explained,
// Configure opens the settings dialog and the banner refreshes on save).

import { equal, includes, notIncludes, ok } from '../helpers/assert.js';
import { $, button, cleanup, mountBuilder, recordEvents, textOf, typeInto, waitFor } from '../helpers/dom.js';
import { errorResponse, FakeApi } from '../helpers/fake-api.js';

afterEach(cleanup);

const banner = (el: Element) => textOf(el, '[part="banner"]');

describe('builder: banner', () => {
  it('workspace settings: provider, model and source, no problems listed', async () => {
    const { el, api } = await mountBuilder();
    includes(banner(el), 'OpenAI');
    includes(banner(el), 'gpt-4.1');
    includes(banner(el), 'Workspace settings');
    equal($(el, '.issues'), null);
    ok(api.callsTo('GET', '/api/agents/ops-bot/skill-builder/provider').length === 1, 'asks the agent route (agent fallback consulted)');
  });

  it('user settings are named as such', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, source: 'user', provider: 'anthropic', model: 'claude-sonnet-4-5', api_key_env: 'ANTHROPIC_API_KEY' };
    const { el } = await mountBuilder(api);
    includes(banner(el), 'Anthropic');
    includes(banner(el), 'claude-sonnet-4-5');
    includes(banner(el), 'User settings');
    includes(banner(el), '~/.forge/ui.yaml');
  });

  it('agent fallback shows the deprecation warning as text', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, source: 'agent_fallback', warning: "Using agent ops-bot's forge.yaml model; this fallback is deprecated." };
    const { el } = await mountBuilder(api);
    includes(banner(el), 'Agent fallback');
    includes(banner(el), "Using agent ops-bot's forge.yaml model; this fallback is deprecated.");
    includes(banner(el), 'Deprecated fallback');
  });

  it('unset: says it is not configured, offers Configure and disables the composer', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, source: 'unset', provider: '', model: '', has_key: false };
    const { el } = await mountBuilder(api, {});
    includes(banner(el), 'Workspace skill-builder LLM is not configured');
    ok(button(el, 'Configure', '[part="banner"]'), 'Configure button');
    ok($<HTMLTextAreaElement>(el, '#composer')!.disabled, 'composer disabled');
    includes(textOf(el, '.empty'), 'Connect an LLM');
    ok(api.callsTo('GET', '/api/skill-builder/provider').length === 1, 'workspace route without an agent');
  });

  it('missing key names the real env var', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, has_key: false, api_key_env: 'WORKSPACE_LLM_KEY' };
    const { el } = await mountBuilder(api);
    includes(banner(el), 'API key not configured (env: WORKSPACE_LLM_KEY)');
  });

  it('ollama needs no key', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, provider: 'ollama', model: 'llama3.1', has_key: false, api_key_env: '' };
    const { el } = await mountBuilder(api);
    notIncludes(banner(el), 'API key not configured');
  });

  it('untrusted base URL is explained with the URL and the fix', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, base_url: 'https://gateway.attacker.example/v1', trusted: false };
    const { el } = await mountBuilder(api);
    includes(banner(el), 'Untrusted base URL');
    includes(banner(el), 'https://gateway.attacker.example/v1');
    includes(banner(el), 'save to trust it on this machine');
  });

  it('a failed load is shown with a retry', async () => {
    const api = new FakeApi();
    let fail = true;
    api.override = (c) => (fail && c.path.endsWith('/provider') ? errorResponse(500, 'workspace is not readable') : undefined);
    const errors = recordEvents(document, ['forge-error']);
    const { el } = await mountBuilder(api);
    includes(banner(el), 'workspace is not readable');
    equal(errors[0]?.detail.action, 'provider');
    fail = false;
    button(el, 'Try again', '[part="banner"]').click();
    await waitFor(() => banner(el).includes('gpt-4.1'), 'banner after retry');
  });

  it('Configure opens the settings dialog, and saving refreshes the banner', async () => {
    const api = new FakeApi();
    api.settings = { ...api.settings, source: 'unset', provider: '', model: '', has_key: false };
    const { el } = await mountBuilder(api);
    const saved = recordEvents(document, ['forge-settings-saved']);
    button(el, 'Configure', '[part="banner"]').click();
    const settings = $(el, 'forge-skill-settings')!;
    await waitFor(() => !!settings.shadowRoot?.querySelector('form'), 'settings form in the dialog');
    ok(settings.shadowRoot!.querySelector('dialog')!.open, 'dialog open');
    const model = settings.shadowRoot!.querySelector<HTMLInputElement>('#model')!;
    typeInto(model, 'gpt-4.1-mini');
    typeInto(settings.shadowRoot!.querySelector<HTMLInputElement>('#apiKey')!, 'sk-abc');
    settings.shadowRoot!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
    await waitFor(() => banner(el).includes('gpt-4.1-mini'), 'banner refreshed');
    includes(banner(el), 'Workspace settings');
    equal(saved.length, 1, 'forge-settings-saved bubbles out of the builder');
    notIncludes(JSON.stringify(saved[0]!.detail), 'sk-abc');
    ok(!settings.shadowRoot!.querySelector('dialog')!.open, 'dialog closed');
  });
});
