// The element events typed on document and window too (they bubble and are
// composed): `document.addEventListener('forge-skill-saved', (e) => e.detail…)`
// type-checks without a cast. `npm run check` (tsc over test/) is the type
// test: before DocumentEventMap/WindowEventMap were extended, the listeners
// below did not compile. At run time they see the event from inside a shadow root.

import { fire } from '../../src/elements/events.js';
import { equal } from './helpers/assert.js';

describe('element events on document and window', () => {
  it('reach typed listeners on document and window from inside a shadow root', () => {
    const host = document.createElement('div');
    const inner = document.createElement('span');
    host.attachShadow({ mode: 'open' }).appendChild(inner);
    document.body.appendChild(host);
    const seen: string[] = [];
    const onDoc = (e: DocumentEventMap['forge-skill-saved']) => {
      const name: string = e.detail.name;
      const updated: boolean = e.detail.updated;
      seen.push(`document:${name}:${updated}`);
    };
    const onWin = (e: WindowEventMap['forge-error']) => {
      const action: string = e.detail.action;
      seen.push(`window:${action}:${e.detail.message}`);
    };
    const onSettings = (e: DocumentEventMap['forge-settings-saved']) => seen.push(`settings:${e.detail.provider}`);
    // The user's exact shape: an inline listener reading e.detail.
    const onDraft = (e: DocumentEventMap['forge-skill-draft']) => seen.push(`draft:${e.detail.skillMd}`);
    document.addEventListener('forge-skill-draft', onDraft);
    document.addEventListener('forge-skill-draft', (e) => void e.detail.scripts, { once: true });
    document.addEventListener('forge-skill-saved', onDoc);
    document.addEventListener('forge-settings-saved', onSettings);
    window.addEventListener('forge-error', onWin);
    try {
      fire(inner, 'forge-skill-saved', {
        agent: 'a',
        name: 'weather',
        updated: false,
        path: 'skills/weather',
        egressAdded: [],
        envConfigured: [],
        envMissing: [],
        warnings: [],
      });
      fire(inner, 'forge-error', { action: 'save', message: 'boom' });
      fire(inner, 'forge-skill-draft', { skillMd: 'md', scripts: {} });
      fire(inner, 'forge-settings-saved', {
        provider: 'openai',
        model: 'm',
        baseUrl: '',
        apiKeyEnv: 'OPENAI_API_KEY',
        hasKey: true,
        source: 'workspace',
        warning: '',
      });
    } finally {
      document.removeEventListener('forge-skill-saved', onDoc);
      document.removeEventListener('forge-settings-saved', onSettings);
      document.removeEventListener('forge-skill-draft', onDraft);
      window.removeEventListener('forge-error', onWin);
      host.remove();
    }
    equal(seen.join(' | '), 'document:weather:false | window:save:boom | draft:md | settings:openai');
  });
});
