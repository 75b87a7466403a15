// The draft's files as tabs grouped by folder: one ARIA tablist
// (arrow keys, Home/End) of SKILL.md, scripts/, references/, assets/ …, each
// tab counting its file's findings; the form that adds a file or renames one
// (folder and name, checked by folder-files.ts before anything changes); the
// Rename/Delete actions of the open file; the read-only panel of a binary.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { diagTab, folderTab } from '../draft.js';
import { fileGroups, folderChoices, folderLabel, folderOf, formatSize, nameIn, type FileTab } from './folder-files.js';
import { filesOf, type FilesController, type FilesPanel, type NameEdit } from './files-controller.js';

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

function counts(p: FilesPanel, tab: string): [number, number] {
  const v = p.checks.result;
  return v ? [v.errors.filter((x) => diagTab(x) === tab).length, v.warnings.filter((x) => diagTab(x) === tab).length] : [0, 0];
}

function tabButton(p: FilesPanel, c: FilesController, t: FileTab, folder: string) {
  const [errs, warns] = counts(p, t.tab);
  const sel = t.tab === p.editor.tab;
  return html`<button role="tab" id=${sel ? 'selected-tab' : nothing} class="tab" aria-selected=${sel ? 'true' : 'false'} aria-controls="file-panel"
    tabindex=${sel ? '0' : '-1'} title=${folder ? `${folder}/${t.label}` : nothing} @click=${() => c.select(t.tab)}>
    <span class="mono">${t.label}</span>
    ${t.binary ? html`<span class="tab-size">${formatSize(t.binary.size)}</span>` : nothing}
    ${errs ? html`<span class="tab-count err" title="errors"><span aria-hidden="true">✕</span>${errs}<span class="sr-only"> ${plural(errs, 'error')}</span></span>` : nothing}
    ${!errs && warns ? html`<span class="tab-count warn" title="warnings"><span aria-hidden="true">⚠</span>${warns}<span class="sr-only"> ${plural(warns, 'warning')}</span></span>` : nothing}
  </button>`;
}

/** New files go to the open file's folder when files can be added there, else to scripts/. */
const addTo = (p: FilesPanel) => (folderChoices(p.editor.draft!).includes(folderOf(p.editor.tab)) ? folderOf(p.editor.tab) : 'scripts');

export function renderFileTabs(p: FilesPanel) {
  const c = filesOf(p);
  const groups = fileGroups(p.editor.draft!);
  const list = groups.flatMap((g) => g.tabs.map((t) => t.tab));
  const onKey = (e: KeyboardEvent) => {
    const i = list.indexOf(p.editor.tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: list.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    c.select(list[(next + list.length) % list.length]!, true);
  };
  return html`<div class="tabs-row">
      <div role="tablist" aria-label="Draft files" part="tabs" class="tabs" @keydown=${onKey}>
        ${groups.map((g) => html`${g.folder ? html`<span class="tab-group" aria-hidden="true">${g.folder}/</span>` : nothing}${g.tabs.map((t) => tabButton(p, c, t, g.folder))}`)}
      </div>
      <button class="small ghost" aria-label="Add file" @click=${() => c.startAdd(addTo(p))}><span aria-hidden="true">+</span><span class="add-label">Add file</span></button>
    </div>
    ${c.edit ? renderNameEdit(p, c, c.edit) : nothing}`;
}

function renderNameEdit(p: FilesPanel, c: FilesController, edit: NameEdit) {
  const submit = (e: Event) => {
    e.preventDefault();
    c.submitEdit();
  };
  const change = (patch: Partial<NameEdit>) => {
    c.edit = { ...c.edit!, ...patch, error: '' };
    p.host.requestUpdate();
  };
  const label = edit.mode === 'add' ? 'New file' : `Rename ${nameIn(edit.from!)} to`;
  const hint =
    edit.folder === 'scripts' && !edit.value.includes('/')
      ? 'A plain file name in scripts/, named after its tool (tool my_tool runs my-tool.sh); the extension picks the interpreter.'
      : `A text file in ${folderLabel(edit.folder)} (Markdown, templates, data; "x/y.md" makes a sub-folder) that SKILL.md points the agent to.`;
  return html`<form class="name-edit" @submit=${submit} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.stopPropagation(), c.select(p.editor.tab))}>
    <label for="file-name">${label}</label>
    <div class="name-row">
      <select aria-label="Folder" class="mono folder-pick" .value=${live(edit.folder)} @change=${(e: Event) => change({ folder: (e.target as HTMLSelectElement).value })}>
        ${folderChoices(p.editor.draft!).map((f) => html`<option value=${f} ?selected=${f === edit.folder}>${folderLabel(f)}</option>`)}
      </select>
      <input id="file-name" class="mono" .value=${live(edit.value)} autocomplete="off" spellcheck="false"
        aria-invalid=${edit.error ? 'true' : 'false'} aria-describedby=${edit.error ? 'file-name-error' : 'file-name-hint'}
        @input=${(e: Event) => change({ value: (e.target as HTMLInputElement).value })} />
      <button type="submit" class="small primary">${edit.mode === 'add' ? 'Add' : 'Rename'}</button>
      <button type="button" class="small" @click=${() => c.select(p.editor.tab)}>Cancel</button>
    </div>
    ${edit.error ? html`<p class="field-error" id="file-name-error" role="alert">${edit.error}</p>` : html`<p class="hint" id="file-name-hint">${hint}</p>`}
  </form>`;
}

/** The operator's switch for letting the model read the draft's text files, whatever their folder (shown once the draft has some). */
export function renderShareFiles(p: FilesPanel) {
  const files = Object.keys(p.editor.draft?.files ?? {});
  if (files.length === 0) return nothing;
  const toggle = (e: Event) => p.editor.setShareFiles((e.target as HTMLInputElement).checked);
  return html`<label class="share-files">
    <input type="checkbox" .checked=${p.editor.shareFiles} @change=${toggle} />
    Let the model read the ${files.length === 1 ? 'text file' : `${files.length} text files`} (otherwise it sees only their names)
  </label>`;
}

/** Rename / Delete for the open file (none for SKILL.md; a saved skill's binary can only be deleted). */
export function renderFileActions(p: FilesPanel) {
  const c = filesOf(p);
  const tab = p.editor.tab;
  const name = nameIn(tab);
  if (tab === 'SKILL.md') return nothing;
  if (c.confirmDelete === tab)
    return html`<span class="confirm-del" role="group" aria-label="Confirm delete">Delete ${name}?
      <button class="small danger" @click=${() => c.remove(tab)}>Delete</button>
      <button class="small" @click=${() => c.select(tab, true)}>Keep</button></span>`;
  const binary = p.editor.draft?.binaries?.some((b) => folderTab(b.path) === tab);
  return html`<span class="file-actions">
    ${binary ? nothing : html`<button class="small ghost" @click=${() => c.startRename(tab)}>Rename<span class="sr-only"> ${name}</span></button>`}
    <button class="small ghost danger" @click=${() => ((c.confirmDelete = tab), p.host.requestUpdate())}>Delete<span class="sr-only"> ${name}</span></button>
  </span>`;
}

/** The panel of a file kept byte for byte: what it is, never its bytes. */
export function renderBinary(p: FilesPanel) {
  const b = p.editor.draft?.binaries?.find((x) => folderTab(x.path) === p.editor.tab);
  if (!b) return nothing;
  return html`<div role="tabpanel" id="file-panel" aria-labelledby="selected-tab" class="file">
    <div class="file-bar"><span class="path mono">${b.path}</span>${renderFileActions(p)}</div>
    <div class="binary-file">
      <span class="binary-ico" aria-hidden="true">▤</span>
      <dl>
        <dt>Size</dt><dd>${formatSize(b.size)} <span class="muted">(${b.size.toLocaleString('en-US')} bytes)</span></dd>
        ${b.sha256 ? html`<dt>SHA-256</dt><dd class="mono sha">${b.sha256}</dd>` : nothing}
      </dl>
      <p class="muted">Kept byte for byte when the skill is saved or exported. It is not text the builder can edit, and it is never sent to the model.</p>
    </div>
  </div>`;
}
