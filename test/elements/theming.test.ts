// Spacing theme (issue 6: "Theming: CSS custom properties `--forge-*` (colours,
// radius, font, spacing)"): `--forge-space` is the unit of the paddings, gaps
// and margins of both elements. Unset, the layout keeps its built-in sizes;
// set on the element or an ancestor, every measured spacing scales with it,
// while control heights keep their own size.

import { builderStyles } from '../../src/elements/builder/forge-skill-builder.styles.js';
import { settingsStyles } from '../../src/elements/settings/forge-skill-settings.styles.js';
import { themeStyles } from '../../src/elements/internal/theme.styles.js';
import { deepEqual, equal } from './helpers/assert.js';
import { $, cleanup, mount, mountBuilder, mountSettings } from './helpers/dom.js';

afterEach(cleanup);

/** A computed length of a part inside `el`'s shadow root, in px. */
function px(el: Element, selector: string, property: 'paddingTop' | 'paddingLeft' | 'rowGap' | 'columnGap' | 'minHeight'): number {
  const node = $(el, selector);
  if (!node) throw new Error(`no ${selector} in <${el.localName}>`);
  const value = getComputedStyle(node)[property];
  if (!value.endsWith('px')) throw new Error(`${selector} ${property} is ${JSON.stringify(value)}, not a length`);
  return Number.parseFloat(value);
}

/** The spacings the builder test measures; none of them changes with the container width. */
const BUILDER: Array<[selector: string, property: 'paddingTop' | 'paddingLeft' | 'rowGap', defaultPx: number]> = [
  ['[part="banner"]', 'paddingTop', 9],
  ['[part="log"]', 'rowGap', 14],
  ['[part="composer"]', 'paddingTop', 10],
  ['[part="composer"]', 'paddingLeft', 12],
];

const SETTINGS: Array<[selector: string, property: 'paddingTop' | 'paddingLeft' | 'rowGap', defaultPx: number]> = [
  ['[part="header"]', 'paddingTop', 18],
  ['[part="header"]', 'paddingLeft', 20],
  ['[part="form"]', 'rowGap', 16],
];

describe('theming: --forge-space', () => {
  it('leaves the builder at its built-in spacing when unset (4px unit)', async () => {
    const { el } = await mountBuilder();
    for (const [selector, property, expected] of BUILDER) equal(px(el, selector, property), expected, `${selector} ${property}`);
  });

  it('scales the builder spacing in proportion when set to 8px on the element', async () => {
    const { el } = await mountBuilder();
    const before = BUILDER.map(([selector, property]) => px(el, selector, property));
    const header = $(el, '[part="header"]')!.getBoundingClientRect().height;
    el.style.setProperty('--forge-space', '8px');
    BUILDER.forEach(([selector, property], i) => equal(px(el, selector, property), before[i]! * 2, `${selector} ${property} at 8px`));
    // The layout really moves (not only the computed values), and controls keep their height.
    const grown = $(el, '[part="header"]')!.getBoundingClientRect().height;
    equal(grown > header, true, `the header grew from ${header}px (got ${grown}px)`);
    equal(px(el, '[part="composer"] button', 'minHeight'), 34, 'button min-height is not spacing');
  });

  it('follows --forge-space set on an ancestor, at any unit', async () => {
    const host = mount(document.createElement('div'));
    host.style.setProperty('--forge-space', '6px');
    const { el } = await mountBuilder();
    host.append(el);
    await el.updateComplete;
    for (const [selector, property, at4] of BUILDER) equal(px(el, selector, property), (at4 / 4) * 6, `${selector} ${property} at 6px`);
  });

  it('scales the settings form the same way', async () => {
    const { el } = await mountSettings();
    for (const [selector, property, expected] of SETTINGS) equal(px(el, selector, property), expected, `${selector} ${property} unset`);
    el.style.setProperty('--forge-space', '8px');
    for (const [selector, property, at4] of SETTINGS) equal(px(el, selector, property), at4 * 2, `${selector} ${property} at 8px`);
  });

  it('is the unit of every padding, gap and margin in the styles, but for the listed fixed ones', () => {
    // Fixed on purpose (see theme.styles.ts): offsets that line an icon up with a line of
    // text, the screen-reader-only clip, and the drawing of the empty-draft picture.
    const FIXED = ['.sr-only margin', '.banner.unset .dot margin-top', '.note svg margin-top', '.doc-art padding', '.doc-art gap'];
    const fixedPx: string[] = [];
    for (const sheet of [themeStyles, builderStyles, settingsStyles]) {
      for (const [, selector, body] of sheet.cssText.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
        for (const [, property, value] of body!.matchAll(/(?:^|;)\s*((?:padding|margin|gap|row-gap|column-gap)(?:-[a-z]+)*)\s*:([^;]*)/g)) {
          if (/\d+(\.\d+)?px/.test(value!)) fixedPx.push(`${selector!.trim()} ${property}`);
        }
      }
    }
    deepEqual(fixedPx.sort(), [...FIXED].sort());
  });
});
