// The settings form checks: every field error names the field and the fix.

import { checkSettingsForm } from '../../../src/elements/settings/settings-form.js';
import { deepEqual } from '../helpers/assert.js';

describe('settings form checks', () => {
  const base = { provider: 'openai', model: 'gpt-4.1', baseUrl: '', apiKeyEnv: '', apiKey: '' };
  it('accepts a complete form', () => deepEqual(checkSettingsForm(base), {}));
  it('names each bad field', () => {
    const errors = checkSettingsForm({ provider: 'mystery', model: ' ', baseUrl: 'ftp://x', apiKeyEnv: '1BAD', apiKey: 'a\nb' });
    deepEqual(Object.keys(errors).sort(), ['apiKey', 'apiKeyEnv', 'baseUrl', 'model', 'provider']);
  });
  it("applies the server's base URL rules: a URL with credentials is refused before the round trip", () => {
    deepEqual(Object.keys(checkSettingsForm({ ...base, baseUrl: 'https://user:pw@llm.example/v1' })), ['baseUrl']);
    deepEqual(Object.keys(checkSettingsForm({ ...base, baseUrl: 'not a url' })), ['baseUrl']);
    deepEqual(checkSettingsForm({ ...base, baseUrl: ' https://llm.example/v1/ ' }), {});
  });
  it('wants the key again when the base URL moves a saved key to another origin (issue 21)', () => {
    deepEqual(Object.keys(checkSettingsForm({ ...base, baseUrl: 'https://evil.example/v1' }, undefined, 'https://llm.example/v1')), ['apiKey']);
    deepEqual(Object.keys(checkSettingsForm({ ...base, baseUrl: 'https://evil.example/v1' }, undefined, '')), ['apiKey']);
    deepEqual(checkSettingsForm({ ...base, baseUrl: 'https://llm.example/v2' }, undefined, 'https://llm.example/v1'), {});
    deepEqual(checkSettingsForm({ ...base, baseUrl: '' }, undefined, 'https://llm.example/v1'), {});
    deepEqual(checkSettingsForm({ ...base, baseUrl: 'https://evil.example/v1', apiKey: 'sk-new' }, undefined, 'https://llm.example/v1'), {});
    deepEqual(checkSettingsForm({ ...base, baseUrl: 'https://evil.example/v1' }, undefined, null), {});
  });
});
