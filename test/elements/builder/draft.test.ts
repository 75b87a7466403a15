// The draft panel of <forge-skill-builder> (issue 6: tabs for SKILL.md and
// every script, add/rename/delete with checked names, editable, validation run
// automatically — debounced — on every draft and edit with line numbers, Copy
// with feedback, SKILL.md download, Save blocked while there are errors).

import { sendKeys } from '@web/test-runner-commands';
import { deepEqual, equal, includes, ok } from '../helpers/assert.js';
import { $, $$, button, cleanup, focused, mountBuilder, mountWithDraft, textOf, typeInto, waitFor, internals } from '../helpers/dom.js';
import { FakeApi, WEATHER_SKILL_MD } from '../helpers/fake-api.js';

afterEach(cleanup);

const tabs = (el: Element) => $$(el, '.tabs [role="tab"]').map((t) => t.querySelector('.mono')!.textContent);

describe('builder: validation', () => {
  it('validates every draft and edit (debounced) and lists errors and warnings with line numbers', async () => {
    const api = new FakeApi();
    api.validate = (body) =>
      body.skill_md.includes('BROKEN')
        ? {
            valid: false,
            errors: [{ code: 'frontmatter-yaml', field: 'frontmatter', message: 'YAML does not parse: bad indentation', severity: 'error', line: 3 }],
            warnings: [
              {
                code: 'script-no-strict',
                field: 'scripts/weather-current.sh',
                message: 'add set -euo pipefail',
                severity: 'warning',
                line: 2,
                file: 'scripts/weather-current.sh',
              },
            ],
          }
        : { valid: true, errors: [], warnings: [] };
    const el = await mountWithDraft(api);
    await waitFor(() => api.callsTo('POST', '/validate').length === 1, 'validated on draft');
    equal(api.lastCall('POST', '/validate')!.path, '/api/agents/ops-bot/skill-builder/validate');
    equal(api.lastCall('POST', '/validate')!.body.skill_md, WEATHER_SKILL_MD);
    await waitFor(() => textOf(el, '[part="validation"]').includes('No problems found'), 'valid');
    ok(!button(el, 'Save skill').disabled, 'Save enabled');

    // Three quick edits: one request after the pause, with the last text.
    const editor = $<HTMLTextAreaElement>(el, '#editor')!;
    typeInto(editor, editor.value + 'B');
    typeInto(editor, editor.value + 'R');
    typeInto(editor, editor.value.replace('name: weather-report', 'name: weather-report\nBROKEN'));
    await waitFor(() => textOf(el, '[part="validation"]').includes('1 error'), 'errors shown');
    equal(api.callsTo('POST', '/validate').length, 2, 'debounced into one request');
    const v = textOf(el, '[part="validation"]');
    includes(v, '1 error');
    includes(v, '1 warning');
    includes(v, 'line 3');
    includes(v, 'YAML does not parse: bad indentation');
    includes(v, 'add set -euo pipefail');
    const save = button(el, 'Save skill');
    ok(save.disabled, 'Save blocked while there are errors');
    includes(textOf(el, '#save-hint'), 'Fix 1 error to save');
    // Each tab counts the findings of its own file (the script's warning on the script's tab), and the gutter marks the error line.
    equal(textOf(el, '.tabs [role="tab"]:nth-of-type(1)'), 'SKILL.md ✕1 error');
    equal(textOf(el, '.tabs [role="tab"]:nth-of-type(2)'), 'weather-current.sh ⚠1 warning');
    equal($(el, '.gutter .error')?.textContent, '3');
  });

  it('jumps to the line of a finding, switching to its file', async () => {
    const api = new FakeApi();
    api.validate = () => ({
      valid: true,
      errors: [],
      warnings: [
        { code: 'w', field: 'scripts/weather-current.sh', message: 'quote "$INPUT"', severity: 'warning', line: 3, file: 'scripts/weather-current.sh' },
      ],
    });
    const el = await mountWithDraft(api);
    await waitFor(() => !!$(el, '.diag-btn'), 'finding listed');
    $<HTMLButtonElement>(el, '.diag-btn')!.click();
    await waitFor(() => internals(el).editor.tab === 'weather-current.sh', 'script tab selected');
    const editor = $<HTMLTextAreaElement>(el, '#editor')!;
    await waitFor(() => focused() === editor, 'editor focused');
    equal(editor.value.slice(editor.selectionStart, editor.selectionEnd), 'INPUT="${1:-}"');
  });

  it('workspace-level validation uses the workspace route', async () => {
    const api = new FakeApi();
    await mountWithDraft(api, {});
    await waitFor(() => api.callsTo('POST', '/validate').length > 0, 'validated');
    equal(api.lastCall('POST', '/validate')!.path, '/api/skill-builder/validate');
  });
});

describe('builder: scripts', () => {
  it('adds a script with a checked name, renames it and deletes it after confirming', async () => {
    const api = new FakeApi();
    const el = await mountWithDraft(api);
    button(el, 'Add file').click();
    await el.updateComplete;
    const name = $<HTMLInputElement>(el, '#file-name')!;
    await waitFor(() => focused() === name, 'name field focused');
    typeInto(name, '../escape.sh');
    button(el, 'Add', '.name-edit').click();
    await el.updateComplete;
    includes(textOf(el, '#file-name-error'), 'contains ".." and would land outside the skill folder');
    typeInto($<HTMLInputElement>(el, '#file-name')!, 'weather-current.sh');
    button(el, 'Add', '.name-edit').click();
    await el.updateComplete;
    includes(textOf(el, '#file-name-error'), 'already exists');
    typeInto($<HTMLInputElement>(el, '#file-name')!, 'forecast.py');
    button(el, 'Add', '.name-edit').click();
    await el.updateComplete;
    deepEqual(tabs(el), ['SKILL.md', 'weather-current.sh', 'forecast.py']);
    equal($(el, '.tabs [role="tab"][aria-selected="true"] .mono')!.textContent, 'forecast.py');
    includes($<HTMLTextAreaElement>(el, '#editor')!.value, 'set -euo pipefail');

    button(el, 'Rename', '.file-bar').click();
    await el.updateComplete;
    typeInto($<HTMLInputElement>(el, '#file-name')!, 'forecast-daily.py');
    button(el, 'Rename', '.name-edit').click();
    await el.updateComplete;
    deepEqual(tabs(el), ['SKILL.md', 'weather-current.sh', 'forecast-daily.py']);

    button(el, 'Delete', '.file-bar').click();
    await el.updateComplete;
    includes(textOf(el, '.file-bar'), 'Delete forecast-daily.py?');
    button(el, 'Delete', '.confirm-del').click();
    await el.updateComplete;
    deepEqual(tabs(el), ['SKILL.md', 'weather-current.sh']);
    await waitFor(() => Object.keys(api.lastCall('POST', '/validate')!.body.scripts).join() === 'weather-current.sh', 'revalidated');
  });

  it('tabs follow the ARIA pattern and move with the arrow keys', async () => {
    const el = await mountWithDraft();
    const list = $(el, '[role="tablist"]')!;
    equal(list.getAttribute('aria-label'), 'Draft files');
    const [first, second] = $$(el, '.tabs [role="tab"]');
    equal(first!.getAttribute('aria-selected'), 'true');
    equal(first!.getAttribute('tabindex'), '0');
    equal(second!.getAttribute('tabindex'), '-1');
    equal($(el, '[role="tabpanel"]')!.getAttribute('aria-labelledby'), first!.id);
    first!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => internals(el).editor.tab === 'weather-current.sh', 'second tab');
    equal(focused()?.textContent?.trim(), 'weather-current.sh');
    await sendKeys({ press: 'ArrowRight' });
    await waitFor(() => internals(el).editor.tab === 'SKILL.md', 'wraps around');
  });
});

describe('builder: copy and download', () => {
  it('copies the current file with feedback', async () => {
    const el = await mountWithDraft();
    let copied = '';
    const original = navigator.clipboard.writeText;
    navigator.clipboard.writeText = async (t: string) => void (copied = t);
    try {
      button(el, 'Copy', '[part="footer"]').click();
      await waitFor(() => textOf(el, '[part="footer"]').includes('✓ Copied'), 'feedback');
      equal(copied, WEATHER_SKILL_MD);
    } finally {
      navigator.clipboard.writeText = original;
    }
  });

  it('says so when copying fails', async () => {
    const el = await mountWithDraft();
    const original = navigator.clipboard.writeText;
    navigator.clipboard.writeText = async () => {
      throw new Error('denied');
    };
    try {
      button(el, 'Copy', '[part="footer"]').click();
      await waitFor(() => textOf(el, '[part="footer"]').includes('Copy failed'), 'failure feedback');
    } finally {
      navigator.clipboard.writeText = original;
    }
  });

  it('downloads SKILL.md', async () => {
    const el = await mountWithDraft();
    let blob: Blob | null = null;
    let name = '';
    const create = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    URL.createObjectURL = (b: Blob) => ((blob = b), 'blob:test');
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      name = this.download;
    };
    try {
      button(el, 'Download SKILL.md').click();
      equal(name, 'SKILL.md');
      equal(await blob!.text(), WEATHER_SKILL_MD);
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
  });

  it('a blank SKILL.md can be started without the chat', async () => {
    const { el } = await mountBuilder();
    button(el, 'Start from a blank SKILL.md').click();
    await el.updateComplete;
    includes($<HTMLTextAreaElement>(el, '#editor')!.value, 'name: my-skill');
    equal(internals(el).editor.skillName, 'my-skill');
  });
});
