// Layout under the host's theme (issue 14): with any --forge-panel-height from
// 360px up, the draft editor never paints over the "Checks" section (nor the
// footer) — measured in Chromium — and `::part(editor-text)` reaches the
// textarea itself, so a dark editor themed through parts has readable text.

import { equal, ok } from './helpers/assert.js';
import { $, cleanup, mountWithDraft, waitFor } from './helpers/dom.js';
import { FakeApi } from './helpers/fake-api.js';

afterEach(cleanup);

const warnings = Array.from({ length: 8 }, (_, i) => ({
  severity: 'warning',
  code: 'w',
  field: 'description',
  message: `warning number ${i + 1} about the draft`,
  line: i + 2,
}));

const rect = (el: Element, selector: string) => {
  const node = $(el, selector);
  if (!node) throw new Error(`no ${selector}`);
  return node.getBoundingClientRect();
};

describe('layout: the draft panel at any panel height', () => {
  it('keeps the editor, the Checks section and the footer apart from 360px to 900px', async () => {
    const api = new FakeApi();
    api.validate = () => ({ valid: true, errors: [], warnings });
    const el = await mountWithDraft(api, undefined, { validated: true });
    el.style.width = '1200px';
    for (const h of [360, 400, 460, 520, 560, 640, 900]) {
      el.style.setProperty('--forge-panel-height', `${h}px`);
      await el.updateComplete;
      const editor = rect(el, '[part="editor"]');
      const checks = rect(el, '#val-title');
      const validation = rect(el, '[part="validation"]');
      const footer = rect(el, '[part="footer"]');
      const draft = rect(el, '[part="draft"]');
      equal(Math.round(draft.height), h, `the draft panel is the panel height at ${h}px`);
      ok(editor.bottom <= validation.top + 0.5, `at ${h}px the editor (bottom ${editor.bottom}) ends above the Checks section (top ${validation.top})`);
      ok(checks.bottom <= validation.bottom + 0.5 && checks.top >= validation.top, `at ${h}px the Checks header is inside its section`);
      ok(validation.bottom <= footer.top + 0.5, `at ${h}px the Checks section ends above the footer`);
      ok(footer.bottom <= draft.bottom + 0.5, `at ${h}px the footer is inside the panel`);
      ok(editor.height >= 80, `at ${h}px the editor keeps room to type (${editor.height}px)`);
      if (h >= 640) ok(editor.height >= 220, `at ${h}px the editor keeps its full 220px minimum (${editor.height}px)`);
    }
  });
});

describe('layout: ::part(editor-text)', () => {
  it('styles the textarea itself: a dark editor has light text and caret', async () => {
    const style = document.createElement('style');
    style.textContent = `
      forge-skill-builder.dark::part(editor) { background: rgb(17, 17, 17); color: rgb(238, 238, 238); }
      forge-skill-builder.dark::part(editor-text) { caret-color: rgb(255, 200, 0); }`;
    document.head.append(style);
    try {
      const el = await mountWithDraft();
      el.classList.add('dark');
      await waitFor(() => $(el, 'textarea.code'), 'the editor', 20_000);
      const ta = $<HTMLTextAreaElement>(el, 'textarea.code')!;
      equal(ta.getAttribute('part'), 'editor-text');
      const cs = getComputedStyle(ta);
      equal(cs.color, 'rgb(238, 238, 238)', 'the colour set on ::part(editor) reaches the text');
      equal(cs.caretColor, 'rgb(255, 200, 0)', '::part(editor-text) styles the textarea');
    } finally {
      style.remove();
    }
  });
});
