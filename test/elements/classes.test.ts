// The side-effect-free entry `forge-skill-builder/elements/classes` (issue 12):
// importing it gives the element classes and defines no tag, so a page can
// register them under its own names; the `./elements` entry registers the
// standard tags. (Each browser test file runs in a fresh page.)

import { ForgeSkillBuilder, ForgeSkillSettings } from '../../src/elements/classes.js';
import { FakeApi } from './helpers/fake-api.js';
import { equal, ok } from './helpers/assert.js';

describe('elements/classes', () => {
  it('defines no custom element on import', () => {
    equal(customElements.get('forge-skill-builder'), undefined);
    equal(customElements.get('forge-skill-settings'), undefined);
  });

  it('lets the page register a class under its own tag', async () => {
    customElements.define('acme-llm-settings', class extends ForgeSkillSettings {});
    const el = document.createElement('acme-llm-settings') as ForgeSkillSettings;
    el.fetcher = new FakeApi().fetch;
    document.body.appendChild(el);
    await el.updateComplete;
    ok(el.shadowRoot?.querySelector('[part="base"], form'), 'the settings form renders under the custom tag');
    el.remove();
    equal(customElements.get('forge-skill-settings'), undefined, 'the standard tag is still free');
  });

  it('registers both standard tags through the ./elements entry', async () => {
    const entry = await import('../../src/elements/index.js');
    equal(customElements.get('forge-skill-builder'), entry.ForgeSkillBuilder);
    equal(customElements.get('forge-skill-settings'), entry.ForgeSkillSettings);
    equal(entry.ForgeSkillBuilder, ForgeSkillBuilder, 'one class behind both entries');
  });
});
