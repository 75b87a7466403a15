// Styles of <forge-skill-settings>: a card with a two-column form that folds
// to one column in narrow containers, and the same content inside a dialog.

import { css } from 'lit';

export const settingsStyles = css`
  :host { container-type: inline-size; }
  .card {
    background: var(--_bg); border: 1px solid var(--_border); border-radius: var(--_radius);
    box-shadow: var(--_shadow);
  }
  dialog .card { border: 0; box-shadow: none; border-radius: 0; background: transparent; }
  /* In the dialog the title and the Save button stay in view while a short screen scrolls the form. */
  dialog header { position: sticky; top: 0; z-index: 1; background: var(--_bg); }
  dialog .actions { position: sticky; bottom: 0; z-index: 1; background: var(--_bg); margin: 0 calc(-1 * var(--_space-5)) calc(-1 * var(--_space-5)); padding: var(--_space-3) var(--_space-5) var(--_space-4); border-top: 1px solid var(--_border); }
  header {
    display: flex; justify-content: space-between; align-items: flex-start; gap: var(--_space-3);
    padding: var(--_space-4_5) var(--_space-5) var(--_space-3); border-bottom: 1px solid var(--_border);
  }
  header h2 { font-size: 1.15em; display: flex; align-items: center; gap: var(--_space-2); flex-wrap: wrap; }
  header p { margin-top: var(--_space-0_5); }
  .content { padding: var(--_space-4) var(--_space-5) var(--_space-5); display: grid; gap: var(--_space-4); }
  form { display: grid; gap: var(--_space-4); }
  .grid { display: grid; grid-template-columns: 1fr 1fr; gap: var(--_space-3_5) var(--_space-4); }
  .full { grid-column: 1 / -1; }
  @container (max-width: 520px) { .grid { grid-template-columns: 1fr; } }
  .field label { margin-bottom: var(--_space-1_25); }
  .field .opt { font-weight: 400; color: var(--_muted); }
  .key-row { display: flex; gap: var(--_space-2); }
  .key-row input { flex: 1; min-width: 0; }
  .key-state.saved { color: var(--_success); font-weight: 550; }
  .note { font-size: 0.9em; color: var(--_muted); display: flex; gap: var(--_space-2); align-items: flex-start; }
  .note svg { flex: none; margin-top: 2px; color: var(--_text); }
  .note strong { color: var(--_text); font-weight: 600; }
  .actions { display: flex; align-items: center; gap: var(--_space-2_5); justify-content: flex-end; flex-wrap: wrap; }
  .actions .status { margin-right: auto; color: var(--_success); font-weight: 550; }
  .loading { display: flex; align-items: center; gap: var(--_space-2_5); color: var(--_muted); padding: var(--_space-6) var(--_space-5); }
  select { appearance: auto; }
`;
