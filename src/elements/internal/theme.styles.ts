// Shared look of both elements: the `--forge-*` design tokens (light and dark),
// the spacing scale, and the base styles of buttons, fields, badges, notices
// and dialogs. Each token falls back to a built-in default, so a host sets only
// what it wants. Dark applies with `theme="dark"`, or with the OS preference
// unless the host pins `theme="light"`.
//
// Spacing: every padding, gap and margin of both elements is a step of
// `--forge-space` (default 4px): `--_space-N` is N × that unit, with `_` for a
// decimal point (`--_space-2_5` = 10px by default). Setting `--forge-space:
// 8px` on the element doubles them all. Left fixed on purpose: sizes that
// are not spacing (control heights, widths, borders, radii), offsets that line
// an icon up with a line of text, and the drawing of the empty-draft picture.

import { css, unsafeCSS } from 'lit';

const light = {
  bg: '#ffffff',
  surface: '#f6f7f9',
  'surface-2': '#eceff3',
  border: '#d5dae2',
  text: '#1a1e26',
  muted: '#566070',
  accent: '#4f46e5',
  'accent-contrast': '#ffffff',
  'accent-soft': '#eef0ff',
  danger: '#b42318',
  'danger-soft': '#fdeceb',
  warning: '#8a5a00',
  'warning-soft': '#fff4d6',
  success: '#17703a',
  'success-soft': '#e6f5eb',
  focus: '#4f46e5',
};
const dark: typeof light = {
  bg: '#11141a',
  surface: '#181c24',
  'surface-2': '#212734',
  border: '#323a4a',
  text: '#e7eaf0',
  muted: '#9ba4b4',
  accent: '#8d88ff',
  'accent-contrast': '#0d0f14',
  'accent-soft': '#25254a',
  danger: '#ff8a80',
  'danger-soft': '#3b1d1f',
  warning: '#f0b849',
  'warning-soft': '#33290f',
  success: '#5cd47c',
  'success-soft': '#15301e',
  focus: '#a5a1ff',
};

const tokens = (t: typeof light) =>
  Object.entries(t)
    .map(([k, v]) => `--_${k}:var(--forge-color-${k},${v});`)
    .join('');

/** The steps of the spacing scale the styles use, in units of `--forge-space`. */
const SPACE_STEPS = [0.25, 0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 3.25, 3.5, 4, 4.5, 5, 5.5, 6, 8];
const spaceTokens = SPACE_STEPS.map((n) => `--_space-${String(n).replace('.', '_')}:calc(var(--_space)*${n});`).join('');

export const themeStyles = css`
  :host {
    ${unsafeCSS(tokens(light))}
    --_radius: var(--forge-radius, 10px);
    --_radius-sm: var(--forge-radius-sm, 6px);
    --_space: var(--forge-space, 4px);
    ${unsafeCSS(spaceTokens)}
    --_font: var(--forge-font-family, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_mono: var(--forge-font-mono, ui-monospace, 'SFMono-Regular', 'JetBrains Mono', Menlo, Consolas, monospace);
    --_font-size: var(--forge-font-size, 14px);
    --_shadow: var(--forge-shadow, 0 1px 2px rgb(16 24 40 / 6%), 0 8px 24px rgb(16 24 40 / 8%));
    display: block;
    color: var(--_text);
    font-family: var(--_font);
    font-size: var(--_font-size);
    line-height: 1.5;
    color-scheme: light;
  }
  :host([hidden]) { display: none; }
  :host([theme='dark']) { ${unsafeCSS(tokens(dark))} color-scheme: dark; }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) { ${unsafeCSS(tokens(dark))} color-scheme: dark; }
  }
  *, *::before, *::after { box-sizing: border-box; }
  [hidden] { display: none !important; }
  :focus-visible { outline: 2px solid var(--_focus); outline-offset: 2px; }
  .sr-only {
    position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
    clip: rect(0 0 0 0); white-space: nowrap; border: 0;
  }
  h2, h3, p { margin: 0; }
  .muted { color: var(--_muted); }
  code, .mono { font-family: var(--_mono); font-size: 0.92em; }

  button, .btn {
    font: inherit; font-weight: 550; color: var(--_text); cursor: pointer;
    display: inline-flex; align-items: center; justify-content: center; gap: var(--_space-1_5);
    min-height: 34px; padding: 0 var(--_space-3); border-radius: var(--_radius-sm);
    border: 1px solid var(--_border); background: var(--_bg); white-space: nowrap;
    text-decoration: none; transition: background 0.12s, border-color 0.12s;
  }
  button:hover:not(:disabled) { background: var(--_surface-2); }
  button:disabled { cursor: not-allowed; opacity: 0.55; }
  button.primary { background: var(--_accent); border-color: var(--_accent); color: var(--_accent-contrast); }
  button.primary:hover:not(:disabled) { background: var(--_accent); filter: brightness(1.08); }
  button.ghost { border-color: transparent; background: transparent; }
  button.ghost:hover:not(:disabled) { background: var(--_surface-2); }
  button.danger { color: var(--_danger); }
  button.small { min-height: 28px; padding: 0 var(--_space-2); font-size: 0.9em; }
  button.icon { padding: 0; width: 34px; }

  label { font-weight: 600; display: block; }
  input, select, textarea {
    font: inherit; color: var(--_text); background: var(--_bg);
    border: 1px solid var(--_border); border-radius: var(--_radius-sm);
    padding: var(--_space-1_75) var(--_space-2_5); width: 100%; min-height: 36px;
  }
  input::placeholder, textarea::placeholder { color: var(--_muted); opacity: 0.8; }
  input:focus-visible, select:focus-visible, textarea:focus-visible { outline-offset: 0; border-color: var(--_focus); }
  [aria-invalid='true'] { border-color: var(--_danger); }
  .hint { color: var(--_muted); font-size: 0.88em; margin-top: var(--_space-1); }
  .field-error { color: var(--_danger); font-size: 0.9em; margin-top: var(--_space-1); font-weight: 550; }
  .field-error::before { content: '⚠ '; }

  .badge {
    display: inline-flex; align-items: center; gap: var(--_space-1); padding: var(--_space-0_25) var(--_space-2); border-radius: 999px;
    font-size: 0.8em; font-weight: 600; border: 1px solid var(--_border); background: var(--_surface);
    color: var(--_muted); white-space: nowrap;
  }
  .notice {
    display: flex; gap: var(--_space-2); align-items: flex-start; padding: var(--_space-2) var(--_space-3); border-radius: var(--_radius-sm);
    border: 1px solid var(--_border); background: var(--_surface);
  }
  .notice.warn { background: var(--_warning-soft); border-color: color-mix(in srgb, var(--_warning) 35%, transparent); }
  .notice.error { background: var(--_danger-soft); border-color: color-mix(in srgb, var(--_danger) 35%, transparent); }
  .notice.ok { background: var(--_success-soft); border-color: color-mix(in srgb, var(--_success) 35%, transparent); }
  .notice > .ico { flex: none; font-weight: 700; }
  .notice.warn > .ico { color: var(--_warning); }
  .notice.error > .ico { color: var(--_danger); }
  .notice.ok > .ico { color: var(--_success); }

  dialog {
    color: var(--_text); background: var(--_bg); border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) + 2px); box-shadow: 0 24px 60px rgb(0 0 0 / 28%);
    padding: 0; width: min(560px, calc(100vw - 24px)); max-height: calc(100vh - 32px);
    /* A focused field is scrolled clear of the sticky title and actions. */
    scroll-padding-block: calc(var(--_space) * 24) calc(var(--_space) * 22);
  }
  dialog.wide { width: min(900px, calc(100vw - 24px)); }
  dialog::backdrop { background: rgb(10 12 18 / 55%); }
  .dialog-head {
    display: flex; align-items: center; justify-content: space-between; gap: var(--_space-3);
    padding: var(--_space-3_5) var(--_space-4) var(--_space-2_5) var(--_space-5); border-bottom: 1px solid var(--_border);
    position: sticky; top: 0; z-index: 1; background: var(--_bg);
  }
  .dialog-head h2 { font-size: 1.1em; }
  .dialog-body { padding: var(--_space-4) var(--_space-5); display: grid; gap: var(--_space-3_5); }
  .dialog-foot {
    display: flex; justify-content: flex-end; flex-wrap: wrap; gap: var(--_space-2); padding: var(--_space-3) var(--_space-5) var(--_space-4);
    border-top: 1px solid var(--_border);
    /* Long dialogs (a diff, many env vars) scroll between a fixed title and fixed actions. */
    position: sticky; bottom: 0; z-index: 1; background: var(--_bg);
  }
  .spinner {
    width: 14px; height: 14px; border-radius: 50%; flex: none;
    border: 2px solid color-mix(in srgb, currentColor 25%, transparent); border-top-color: currentColor;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { .spinner { animation-duration: 2.4s; } }
`;
