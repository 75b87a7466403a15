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
  dialog .actions { position: sticky; bottom: 0; z-index: 1; background: var(--_bg); margin: 0 -20px -20px; padding: 12px 20px 16px; border-top: 1px solid var(--_border); }
  header {
    display: flex; justify-content: space-between; align-items: flex-start; gap: 12px;
    padding: 18px 20px 12px; border-bottom: 1px solid var(--_border);
  }
  header h2 { font-size: 1.15em; display: flex; align-items: center; gap: 8px; flex-wrap: wrap; }
  header p { margin-top: 2px; }
  .content { padding: 16px 20px 20px; display: grid; gap: 16px; }
  form { display: grid; gap: 16px; }
  .grid { display: grid; grid-template-columns: 1fr 1fr; gap: 14px 16px; }
  .full { grid-column: 1 / -1; }
  @container (max-width: 520px) { .grid { grid-template-columns: 1fr; } }
  .field label { margin-bottom: 5px; }
  .field .opt { font-weight: 400; color: var(--_muted); }
  .key-row { display: flex; gap: 8px; }
  .key-row input { flex: 1; min-width: 0; }
  .key-state.saved { color: var(--_success); font-weight: 550; }
  .note { font-size: 0.9em; color: var(--_muted); display: flex; gap: 8px; align-items: flex-start; }
  .note svg { flex: none; margin-top: 2px; color: var(--_text); }
  .note strong { color: var(--_text); font-weight: 600; }
  .actions { display: flex; align-items: center; gap: 10px; justify-content: flex-end; flex-wrap: wrap; }
  .actions .status { margin-right: auto; color: var(--_success); font-weight: 550; }
  .loading { display: flex; align-items: center; gap: 10px; color: var(--_muted); padding: 24px 20px; }
  select { appearance: auto; }
`;
