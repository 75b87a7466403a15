// Elements on one page with the same endpoint stay in sync (issue 14): saving
// in a separate <forge-skill-settings> updates a <forge-skill-builder>'s banner
// and enables its composer, and another settings form shows the new values —
// with no host code. Elements of another endpoint are left alone, and a form
// with unsaved edits keeps them.

import { equal, ok } from '../helpers/assert.js';
import { $, button, cleanup, mountBuilder, mountSettings, textOf, typeInto, waitFor } from '../helpers/dom.js';
import { FakeApi } from '../helpers/fake-api.js';

afterEach(cleanup);

const WAIT = 20_000;
const unset = (api: FakeApi) => {
  api.settings = { ...api.settings, source: 'unset', provider: '', model: '', has_key: false };
  return api;
};
const providerCalls = (api: FakeApi) => api.calls.filter((c) => c.path.endsWith('/provider')).length;

async function saveIn(settings: HTMLElement, model: string) {
  await waitFor(() => $(settings, '#model'), 'the settings form', WAIT);
  typeInto($<HTMLSelectElement>(settings, '#provider')!, 'openai');
  typeInto($<HTMLInputElement>(settings, '#model')!, model);
  typeInto($<HTMLInputElement>(settings, '#apiKey')!, 'sk-sync-test-0123456789');
  await (settings as any).updateComplete;
  button(settings, 'Save settings').click();
}

describe('settings sync between elements on one page', () => {
  it('a save in <forge-skill-settings> updates the builder banner and enables its composer', async () => {
    const api = unset(new FakeApi());
    const { el: builder } = await mountBuilder(api, { agent: 'ops-bot', endpoint: '/api' });
    ok($<HTMLTextAreaElement>(builder, '#composer')!.disabled, 'composer disabled while not configured');
    const { el: settings } = await mountSettings(api, { endpoint: '/api' });
    await saveIn(settings, 'gpt-4.1-mini');
    await waitFor(() => !$<HTMLTextAreaElement>(builder, '#composer')!.disabled, 'the composer enabled without a reload', WAIT);
    await waitFor(() => textOf(builder, '[part="banner"]').includes('gpt-4.1-mini'), 'the banner shows the new model', WAIT);
  });

  it('leaves an element of another endpoint alone', async () => {
    const api = unset(new FakeApi());
    const { el: builder } = await mountBuilder(api, { agent: 'ops-bot', endpoint: '/other-api' });
    const before = providerCalls(api);
    const { el: settings } = await mountSettings(api, { endpoint: '/api' });
    await saveIn(settings, 'gpt-4.1-mini');
    await waitFor(() => api.settings.model === 'gpt-4.1-mini', 'the save', WAIT);
    await new Promise((r) => setTimeout(r, 100));
    equal(providerCalls(api), before, 'no reload for another endpoint');
    ok(builder.isConnected);
  });

  it('another settings form shows the saved values, unless it has edits of its own', async () => {
    const api = new FakeApi();
    const { el: first } = await mountSettings(api, { endpoint: '/api' });
    const { el: second } = await mountSettings(api, { endpoint: '/api' });
    const { el: edited } = await mountSettings(api, { endpoint: '/api' });
    await waitFor(() => $(edited, '#model'), 'the third form', WAIT);
    typeInto($<HTMLInputElement>(edited, '#model')!, 'my-unsaved-edit');
    await saveIn(first, 'gpt-4.1-nano');
    await waitFor(() => $<HTMLInputElement>(second, '#model')?.value === 'gpt-4.1-nano', 'the second form reloaded', WAIT);
    equal($<HTMLInputElement>(edited, '#model')!.value, 'my-unsaved-edit', 'unsaved edits are kept');
  });
});
