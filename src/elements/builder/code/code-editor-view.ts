// The code editor of the draft panel, loaded on demand (code-aids.ts):
// CodeMirror in place of the plain textarea for the current file, with
// highlighting, line numbers, search (Ctrl-F) and the validator's findings on
// that file as inline marks; edits go into the draft as the textarea's do.
// Its element keeps the textarea's id, `editor`, and the part of its API the
// builder uses (value, setSelectionRange, focus), so a click on a finding
// puts the cursor on its line whichever editor is shown.

import { html } from 'lit';
import { diagTab, hasTab, tabPath, withFileText } from '../draft.js';
import type { DraftPanel } from '../views/draft-panel.js';
import { codeMirror } from './code-mirror.js';

/** The editor of `tab` (its text is `text`), inside the panel's `editor` part. */
export function renderCodeEditor(b: DraftPanel, tab: string, text: string) {
  const v = b.checks.result;
  const findings = v ? [...v.errors, ...v.warnings].filter((x) => diagTab(x) === tab) : [];
  const file = {
    tab,
    text,
    label: `${tabPath(tab)} content`,
    findings,
    hasTab: (t: string) => !!b.editor.draft && hasTab(b.editor.draft, t),
    onText: (t: string) => b.editor.draft && b.editor.edit(withFileText(b.editor.draft, tab, t)),
  };
  return html`<div id="editor" class="code-editor" ${codeMirror(file)}></div>`;
}
