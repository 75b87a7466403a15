// DOM helpers for the element tests: mounting with a fake API, waiting for a
// condition, querying inside shadow roots, typing, and cleanup.

import '../../../src/elements/index.js';
import type { ForgeSkillBuilder } from '../../../src/elements/builder/forge-skill-builder.component.js';
import type { ForgeSkillSettings } from '../../../src/elements/settings/forge-skill-settings.component.js';
import { FakeApi } from './fake-api.js';

const mounted: HTMLElement[] = [];

/**
 * The builder's reactive controllers, for tests that wait on its state. They are
 * private fields of the element; TypeScript's bracket access reaches them with
 * their types, so a renamed field fails `npm run check` here.
 */
export function internals(el: ForgeSkillBuilder) {
  return {
    provider: el['_provider'],
    chat: el['_chat'],
    editor: el['_editor'],
    checks: el['_checks'],
    save: el['_save'],
    skills: el['_skills'],
    dialogs: el['_dialogs'],
  };
}

/** Creates one of the elements talking to `api`, with attributes, and adds it to the page. */
function create<K extends 'forge-skill-builder' | 'forge-skill-settings'>(tag: K, api: FakeApi, attrs: Record<string, string>): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.fetcher = api.fetch;
  // The suite types into the plain textarea (#editor); the code editor's own tests (builder/code-editor.test.ts) remove this.
  if (tag === 'forge-skill-builder') el.setAttribute('plain-editor', '');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return mount(el);
}

export async function mountBuilder(
  api = new FakeApi(),
  attrs: Record<string, string> = { agent: 'ops-bot' },
): Promise<{ el: ForgeSkillBuilder; api: FakeApi }> {
  const el = create('forge-skill-builder', api, attrs);
  await el.updateComplete;
  await waitFor(() => internals(el).provider.provider !== null || internals(el).provider.error !== '', 'the banner loaded');
  await el.updateComplete;
  return { el, api };
}

/** Mounts a builder and gets a draft into it through a chat turn; with `validated`, also waits for its checks. */
export async function mountWithDraft(api = new FakeApi(), attrs?: Record<string, string>, opts: { validated?: boolean } = {}): Promise<ForgeSkillBuilder> {
  const { el } = await mountBuilder(api, attrs);
  typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'Weather skill');
  await el.updateComplete;
  button(el, 'Send', '[part="composer"]').click();
  await waitFor(() => !!$(el, '#editor') && !internals(el).chat.busy && !!$(el, '.tabs [role="tab"]'), 'draft loaded with its file tabs');
  if (opts.validated) {
    await waitFor(() => !!internals(el).checks.result, 'validated');
    await el.updateComplete;
  }
  return el;
}

export async function mountSettings(api = new FakeApi(), attrs: Record<string, string> = {}): Promise<{ el: ForgeSkillSettings; api: FakeApi }> {
  const el = create('forge-skill-settings', api, attrs);
  await el.updateComplete;
  if (!el.modal) await waitFor(() => !!$(el, 'form') || !!$(el, '[role="alert"]'), 'the settings form loaded');
  return { el, api };
}

export function mount<T extends HTMLElement>(el: T): T {
  document.body.appendChild(el);
  mounted.push(el);
  return el;
}

export function cleanup(): void {
  for (const el of mounted.splice(0)) el.remove();
  // A dirty draft a test left behind is kept for the next element: each test starts without one.
  sessionStorage.clear();
}

/**
 * How long a browser test waits for a condition before failing. A passing
 * wait returns as soon as the condition holds, so the bound only matters on a
 * busy machine: 20 s lets the suite pass with two CPU-bound processes beside
 * it (scripts/busy-load.sh). Mocha's per-test timeout (web-test-runner.config.mjs)
 * is kept well above it.
 */
export const WAIT_MS = 20_000;

export async function waitFor(cond: () => unknown, what = 'condition', timeout = WAIT_MS): Promise<void> {
  const start = performance.now();
  while (!cond()) {
    if (performance.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function $<T extends Element = HTMLElement>(el: Element, selector: string): T | null {
  return el.shadowRoot!.querySelector<T>(selector as any) as T | null;
}

export function $$<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return [...el.shadowRoot!.querySelectorAll<T>(selector as any)] as T[];
}

/** The visible text of an element's shadow root (or of a part of it), whitespace collapsed. */
export function textOf(el: Element, selector?: string): string {
  const node = selector ? $(el, selector) : el.shadowRoot!;
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The text of any node, whitespace collapsed. */
export function txt(node: Node | null | undefined): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The first button whose text (collapsed) includes `label`. */
export function button(el: Element, label: string, within?: string): HTMLButtonElement {
  const scope = within ? $(el, within)! : el.shadowRoot!;
  const b = [...scope.querySelectorAll('button')].find((x) => (x.textContent ?? '').replace(/\s+/g, ' ').includes(label));
  if (!b) throw new Error(`no button "${label}"`);
  return b;
}

/** Sets a field's value as a user would and fires input/change. */
export function typeInto(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void {
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  field.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

/** Records events of the given types fired on `target`. */
export function recordEvents(target: EventTarget, types: string[]): CustomEvent[] {
  const seen: CustomEvent[] = [];
  for (const t of types) target.addEventListener(t, (e) => seen.push(e as CustomEvent));
  return seen;
}

/** The deepest focused element (through shadow roots). */
export function focused(): Element | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}
