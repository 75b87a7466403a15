// The draft panel: the file tabs (files/, loaded with the first render: ARIA
// tabs grouped by folder, adding/renaming/deleting files with checked names),
// the code editor (CodeMirror, loaded on demand: code/) or, while it loads,
// when it cannot and with `plain-editor`, the monospace textarea with a
// line-number gutter that marks lines with findings, the analyses beside it
// (analyses.ts: Checks, As the agent sees it, Run, Routing), and the actions:
// copy, download SKILL.md, export the saved skill, save.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { diagTab, fileText, isBlank, isFolderTab, sameDraft, tabPath, withFileText } from '../draft.js';
import { renderPartialDraft } from './partial-draft-view.js';
import { lazyView } from '../../internal/lazy-view.js';
import { renderAnalyses } from './analyses.js';
import { codeAids } from '../code/aids.js';
import type { DraftChecks, DraftEditor, DraftPanel } from './draft-panel.js';

export type { DraftChecks, DraftEditor, DraftPanel };

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

export function renderDraft(b: DraftPanel) {
  const d = b.editor.draft;
  return html`<section part="draft" class="panel draft" aria-labelledby="draft-title">
    <div class="panel-head">
      <h3 id="draft-title" class="panel-title">Draft</h3>
      ${receiving(b) ?? (d && b.editor.skillName ? html`<code class="skill-name" title="name: in the frontmatter">${b.editor.skillName}</code>` : nothing)}
    </div>
    ${
      b.chat.partial
        ? renderPartialDraft(b.chat.partial, (tab) => b.chat.showPartial(tab))
        : !d
          ? renderNoDraft(b)
          : html`<div class="workspace"><div class="files-col">${filesView(b.host, 1)?.renderTabs(b.files) ?? nothing} ${renderFile(b)}</div>${renderAnalyses(b)}</div>
              ${renderFooter(b)}`
    }
  </section>`;
}

/** While a reply is drafting the skill: how much of it has arrived. */
function receiving(b: DraftPanel) {
  const e = b.chat.entries[b.chat.entries.length - 1];
  if (!b.chat.busy || e?.status !== 'pending' || e.phase !== 'skill') return null;
  return html`<span class="receiving"><span class="spinner" aria-hidden="true"></span>Receiving the draft · ${(e.chars ?? 0).toLocaleString('en-US')} characters</span>`;
}

function renderNoDraft(b: DraftPanel) {
  if (receiving(b))
    return html`<div class="empty draft-empty">
      <div class="doc-art arriving" aria-hidden="true"><span></span><span></span><span></span></div>
      <p class="empty-title">The draft is on its way</p>
      <p class="muted">SKILL.md and its scripts open here, ready to edit, as soon as the reply is complete.</p>
    </div>`;
  return html`<div class="empty draft-empty">
    <div class="doc-art" aria-hidden="true"><span></span><span></span><span></span></div>
    <p class="empty-title">No draft yet</p>
    <p class="muted">The skill appears here as soon as the Skill Designer has enough to write it: SKILL.md and any helper scripts, ready to edit.</p>
    <button @click=${() => b.editor.startBlank()}>Start from a blank SKILL.md</button>
    ${filesView(b.host, 1)?.renderImportHint(b.files) ?? nothing}
  </div>`;
}

function renderFile(b: DraftPanel) {
  const ed = b.editor;
  const d = ed.draft!;
  const tab = ed.tab;
  const files = filesView(b.host, 1);
  if (isFolderTab(tab) && d.files?.[tabPath(tab)] === undefined) return files?.renderBinary(b.files) ?? nothing;
  const text = fileText(d, tab);
  const marks = new Map<number, string>();
  for (const x of [...(b.checks.result?.warnings ?? []), ...(b.checks.result?.errors ?? [])]) if (x.line && diagTab(x) === tab) marks.set(x.line, x.severity);
  const lineCount = text.split('\n').length;
  const onInput = (e: Event) => ed.edit(withFileText(d, tab, (e.target as HTMLTextAreaElement).value));
  const onScroll = (e: Event) => {
    const g = (e.target as HTMLElement).previousElementSibling as HTMLElement | null;
    if (g) g.scrollTop = (e.target as HTMLElement).scrollTop;
  };
  return html`<div role="tabpanel" id="file-panel" aria-labelledby="selected-tab" class="file">
    <div class="file-bar">
      <span class="path mono">${tabPath(tab)}</span>
      ${files?.renderFileActions(b.files) ?? nothing}
    </div>
    <div class="editor" part="editor">
      ${
        codeAids(b.host, 1)?.renderCodeEditor(b, tab, text) ??
        html`<div class="gutter" aria-hidden="true" style="--digits:${String(lineCount).length}">
        <div class="gutter-lines">${Array.from({ length: lineCount }, (_, i) => html`<div class=${marks.get(i + 1) ?? ''}>${i + 1}</div>`)}</div>
      </div>
      <textarea id="editor" class="code" part="editor-text" aria-label="${tabPath(tab)} content" spellcheck="false" wrap="off"
        autocapitalize="off" autocomplete="off" .value=${live(text)} @input=${onInput} @scroll=${onScroll}></textarea>`
      }
    </div>
  </div>`;
}

/** Why the draft cannot be saved right now, or '' when it can. */
export function saveBlocker(ed: DraftEditor, checks: DraftChecks): string {
  const d = ed.draft;
  const v = checks.result;
  if (!d || isBlank(d)) return 'Nothing to save yet';
  if (!ed.skillName) return 'Add a name: to the frontmatter to save';
  if (v && v.errors.length) return `Fix ${v.errors.length} ${plural(v.errors.length, 'error')} to save`;
  if (!v && checks.checking) return 'Checking the draft…';
  if (ed.editing && sameDraft(d, ed.original)) return 'No changes to save';
  return '';
}

/** The folder's files as tabs, adding/renaming/deleting files, import and export (files/): loaded with the builder's first render. */
export const filesView = lazyView(() => import('../files/files-view.js'));

function renderFooter(b: DraftPanel) {
  const ed = b.editor;
  const blocker = saveBlocker(ed, b.checks);
  const copied = ed.copied;
  return html`<footer part="footer" class="draft-foot">
    <button class="small" @click=${() => void ed.copy()}>${copied === 'ok' ? '✓ Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}<span class="sr-only"> ${ed.tab}</span></button>
    <button class="small" @click=${() => ed.download()}><span>Download<span class="dl-what"> SKILL.md</span></span></button>
    ${filesView(b.host, 1)?.renderExport(b.files) ?? nothing}
    <span class="grow save-hint" id="save-hint">${blocker}</span>
    <button class="primary" ?disabled=${!!blocker} aria-describedby="save-hint" aria-haspopup="dialog" @click=${() => b.openSave()}>
      ${ed.editing ? 'Review & save' : 'Save skill'}
    </button>
  </footer>`;
}
