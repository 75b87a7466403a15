// Layout of the draft workspace, measured in Chromium (issues 14 and 26): at a
// 1280×800 and a 400×800 page, with each analysis open (Checks, As the agent
// sees it, Run, Routing, Evals, and in edit mode History too — every entry of
// ANALYSES is measured), the editor shows at least 20 lines, every control
// has at most one scrollable ancestor below the page, the primary buttons of
// the open analysis and the Save button are visible without scrolling anything
// inside the element, nothing overflows sideways at 400 px (one column), and
// axe finds nothing in each analysis. `::part(editor-text)` reaches the
// textarea itself, so a dark editor themed through parts has readable text.

import { setViewport } from '@web/test-runner-commands';
import { equal, ok } from './helpers/assert.js';
import { expectAccessible } from './helpers/axe.js';
import { $, $$, cleanup, internals, mountBuilder, mountWithDraft, waitFor } from './helpers/dom.js';
import { FakeApi } from './helpers/fake-api.js';
import { savedSkillApi } from './helpers/saved-skill-api.js';
import { ANALYSES } from '../../src/elements/builder/views/analyses.js';
import type { ForgeSkillBuilder } from '../../src/elements/builder/forge-skill-builder.component.js';

afterEach(cleanup);
after(() => setViewport({ width: 800, height: 600 }));

const warnings = Array.from({ length: 12 }, (_, i) => ({
  severity: 'warning',
  code: 'w',
  field: 'description',
  message: `warning number ${i + 1} about the draft`,
  line: i + 2,
}));
// A finding whose field and message hold long unbroken words (a rail too narrow for them must wrap, not cut them off).
warnings.push({
  severity: 'warning',
  code: 'w',
  field: 'tools.weather_current_conditions_for_a_city.output_schema',
  message: 'Tool weather_current_conditions_for_a_city has no Output JSON schema; add one under **Output:**.',
  line: 14,
});

const CONTROLS = 'button, input, select, textarea, a[href], summary, [tabindex]';

/** Ancestors of `node` (crossing shadow roots) up to the page, that can scroll: overflow auto or scroll on either axis. */
function scrollers(node: Element): Element[] {
  const out: Element[] = [];
  let n: Node | null = node.parentNode;
  while (n) {
    if (n instanceof ShadowRoot) n = n.host;
    if (!(n instanceof Element) || n === document.documentElement || n === document.body) break;
    const cs = getComputedStyle(n);
    if (/auto|scroll/.test(cs.overflowX + cs.overflowY)) out.push(n);
    n = n.parentNode;
  }
  return out;
}

const describeEl = (e: Element) => `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${[...e.classList].join('.')}`;

/** `el` is inside the viewport and not clipped by any scrolling ancestor (so the user sees it without inner scrolling). */
function visibleWithoutInnerScroll(el: Element): boolean {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return false;
  for (const s of scrollers(el)) {
    const box = s.getBoundingClientRect();
    if (r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) return false;
  }
  return true;
}

async function openAnalysis(el: ForgeSkillBuilder, id: string): Promise<void> {
  $<HTMLButtonElement>(el, `#analysis-tab-${id}`)!.click();
  await el.updateComplete;
  if (id === 'agent') await waitFor(() => $(el, '.agent-body'), 'the agent view');
  if (id === 'run') await waitFor(() => $(el, '[part="runs"]'), 'the run view');
  if (id === 'routing')
    await waitFor(() => $(el, '#analysis-panel .routing-note') && $(el, '#analysis-panel .catalog-budget'), 'the routing view with the catalog budget', 20_000);
  if (id === 'evals') await waitFor(() => $(el, '#analysis-panel [part="evals"]'), 'the evals view');
  if (id === 'history') await waitFor(() => $$(el, '#analysis-panel .history .version').length > 0, 'the history view with its versions', 20_000);
  await waitFor(() => $(el, `#analysis-tab-${id}`)?.getAttribute('aria-selected') === 'true', `${id} open`);
  await el.updateComplete;
}

/** The primary buttons of each analysis (History: the newest version's first action). */
const PRIMARY: Record<string, string[]> = {
  checks: [],
  agent: [],
  run: ['Run'],
  routing: ['Check routing'],
  evals: ['Run evals'],
  history: ['Compare with saved'],
};
/** The analyses of a new draft (History is offered only in edit mode). */
const OPENED = Object.keys(PRIMARY).filter((id) => id !== 'history');

async function measure(el: ForgeSkillBuilder, size: string, opened = OPENED): Promise<void> {
  for (const id of opened) {
    await openAnalysis(el, id);
    const where = `${size}, ${id} open`;
    const ta = $<HTMLTextAreaElement>(el, '#editor')!;
    const lines = Math.floor((ta.clientHeight - 20) / parseFloat(getComputedStyle(ta).lineHeight));
    ok(lines >= 20, `${where}: the editor shows ${lines} lines (at least 20)`);
    for (const c of $$(el, CONTROLS)) {
      if (c.closest('dialog') || (c as HTMLElement).offsetParent === null) continue;
      const s = scrollers(c);
      ok(s.length <= 1, `${where}: ${describeEl(c)} sits in ${s.length} scrollable ancestors (${s.map(describeEl).join(' > ')})`);
    }
    const panel = $(el, '#analysis-panel')!;
    if (id === 'checks') {
      const right = panel.getBoundingClientRect().right;
      for (const m of panel.querySelectorAll('.dmsg')) {
        const r = m.getBoundingClientRect();
        ok(
          r.right <= right + 0.5 && m.scrollWidth <= m.clientWidth + 1,
          `${where}: the finding "${m.textContent!.slice(0, 40)}…" fits the rail (ends at ${Math.round(r.right)}px of ${Math.round(right)}px)`,
        );
      }
    }
    const wanted = [
      ...PRIMARY[id]!.map((t) => [...panel.querySelectorAll('button')].find((b) => b.textContent!.trim().startsWith(t))),
      $(el, '[part="footer"] .primary'),
    ];
    for (const b of wanted) {
      ok(b, `${where}: the primary button is there`);
      ok(visibleWithoutInnerScroll(b!), `${where}: "${b!.textContent!.trim()}" is visible without scrolling inside the element`);
    }
    await expectAccessible(el, `${where}`);
  }
}

/** At 400 px: with each analysis open, neither the page nor any element inside the builder reaches past the right edge. */
async function noSidewaysOverflow(el: ForgeSkillBuilder, opened: string[]): Promise<void> {
  for (const id of opened) {
    await openAnalysis(el, id);
    equal(document.documentElement.scrollWidth <= 400, true, `${id} open: the page does not scroll sideways (${document.documentElement.scrollWidth}px)`);
    for (const n of [el, ...$$(el, '*')]) {
      const r = n.getBoundingClientRect();
      if (r.width === 0 || n.closest('dialog') || n.closest('.code, .tabs, .gutter')) continue;
      ok(r.right <= 400.5, `${id} open: ${describeEl(n)} reaches ${Math.round(r.right)}px, past the 400px page`);
    }
  }
}

/** A builder editing the saved skill weather-report (so History is offered), checked with the long findings. */
async function mountEditing(): Promise<ForgeSkillBuilder> {
  const api = savedSkillApi();
  api.validate = () => ({ valid: true, errors: [], warnings });
  const { el } = await mountBuilder(api);
  await el.editSkill('weather-report');
  await waitFor(() => !!internals(el).checks.result && !!$(el, '#editor'), 'the saved skill loaded and checked', 20_000);
  await waitFor(() => $(el, '#analysis-tab-history'), 'the History tab (edit mode)', 20_000);
  return el;
}

describe('layout: the draft workspace with each analysis open', () => {
  it('at 1280×800: 20 editor lines, one scroller at most, primary buttons in view', async () => {
    await setViewport({ width: 1280, height: 800 });
    const api = new FakeApi();
    api.validate = () => ({ valid: true, errors: [], warnings });
    const el = await mountWithDraft(api, undefined, { validated: true });
    el.style.width = '100%';
    await el.updateComplete;
    await measure(el, '1280×800');
  });

  it('at 400×800: one column, no horizontal overflow, 20 editor lines, buttons in view', async () => {
    await setViewport({ width: 400, height: 800 });
    const api = new FakeApi();
    api.validate = () => ({ valid: true, errors: [], warnings });
    const el = await mountWithDraft(api, undefined, { validated: true });
    await el.updateComplete;
    const chat = $(el, '[part="chat"]')!.getBoundingClientRect();
    const draft = $(el, '[part="draft"]')!.getBoundingClientRect();
    ok(draft.top >= chat.bottom - 0.5, 'one column: the draft is below the chat');
    const editor = $(el, '[part="editor"]')!.getBoundingClientRect();
    const analyses = $(el, '[part="analyses"]')!.getBoundingClientRect();
    ok(analyses.top >= editor.bottom - 0.5, 'one column: the analyses are below the editor');
    await measure(el, '400×800');
    await noSidewaysOverflow(el, OPENED);
  });

  it('keeps the editor, the analyses and the footer apart at panel heights from 360px to 900px', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await mountWithDraft(new FakeApi(), undefined, { validated: true });
    for (const h of [360, 460, 640, 900]) {
      el.style.setProperty('--forge-panel-height', `${h}px`);
      await el.updateComplete;
      const editor = $(el, '[part="editor"]')!.getBoundingClientRect();
      const analyses = $(el, '[part="analyses"]')!.getBoundingClientRect();
      const footer = $(el, '[part="footer"]')!.getBoundingClientRect();
      const draft = $(el, '[part="draft"]')!.getBoundingClientRect();
      equal(Math.round(draft.height), h, `the draft panel is the panel height at ${h}px`);
      ok(editor.right <= analyses.left + 0.5, `at ${h}px the analyses rail is beside the editor`);
      ok(editor.bottom <= footer.top + 0.5 && analyses.bottom <= footer.top + 0.5, `at ${h}px the footer is below both`);
      ok(footer.bottom <= draft.bottom + 0.5, `at ${h}px the footer is inside the panel`);
      ok(editor.height >= 120, `at ${h}px the editor keeps room to type (${editor.height}px)`);
    }
  });
});

describe('layout: edit mode, every analysis open (History included)', () => {
  it('offers every analysis for a saved skill with a tool', async () => {
    const el = await mountEditing();
    const tabs = $$(el, '.analysis-tabs [role="tab"]').map((t) => t.id.replace('analysis-tab-', ''));
    equal(tabs.join(','), ANALYSES.map((a) => a.id).join(','), 'every analysis has its tab');
    equal(Object.keys(PRIMARY).sort().join(','), [...tabs].sort().join(','), 'and its primary buttons listed here');
  });

  it('at 1280×800: 20 editor lines, one scroller at most, primary buttons in view', async () => {
    await setViewport({ width: 1280, height: 800 });
    const el = await mountEditing();
    el.style.width = '100%';
    await el.updateComplete;
    await measure(
      el,
      '1280×800 editing',
      ANALYSES.map((a) => a.id),
    );
  });

  it('at 400×800: one column, no horizontal overflow, 20 editor lines, buttons in view', async () => {
    await setViewport({ width: 400, height: 800 });
    const el = await mountEditing();
    const editor = $(el, '[part="editor"]')!.getBoundingClientRect();
    const analyses = $(el, '[part="analyses"]')!.getBoundingClientRect();
    ok(analyses.top >= editor.bottom - 0.5, 'one column: the analyses are below the editor');
    const ids = ANALYSES.map((a) => a.id);
    await measure(el, '400×800 editing', ids);
    await noSidewaysOverflow(el, ids);
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
