// The draft panel: tabs for SKILL.md and every script (ARIA tabs with arrow-key
// navigation), adding/renaming/deleting scripts with checked names, the
// monospace editor with a line-number gutter that marks lines with findings,
// the validation list (click a finding to jump to its line), and the actions:
// copy, download SKILL.md, save.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { Diagnostic } from '../../../core/diagnostics.js';
import { checkNewScriptName, freshScriptName, isBlank, sameDraft, SCRIPT_TEMPLATE, SKILL_MD } from '../draft.js';
import type { ForgeSkillBuilder } from '../forge-skill-builder.component.js';
import { renderPartialDraft } from './partial-draft-view.js';
import { lazyView } from '../../internal/lazy-view.js';

export interface ScriptNameEdit {
  mode: 'add' | 'rename';
  /** The script being renamed. */
  from?: string;
  value: string;
  error: string;
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

/** The file a diagnostic points at, as a tab name (`SKILL.md` or a script name). */
export function diagTab(d: Diagnostic): string {
  if (!d.file || d.file === SKILL_MD) return SKILL_MD;
  return d.file.replace(/^scripts\//, '');
}

export function renderDraft(b: ForgeSkillBuilder) {
  const d = b._draft;
  return html`<section part="draft" class="panel draft" aria-labelledby="draft-title">
    <div class="panel-head">
      <h3 id="draft-title" class="panel-title">Draft</h3>
      ${receiving(b) ?? (d && b._skillName ? html`<code class="skill-name" title="name: in the frontmatter">${b._skillName}</code>` : nothing)}
    </div>
    ${b._partial
      ? renderPartialDraft(b._partial, (tab) => (b._partial = { ...b._partial!, tab }))
      : !d
        ? renderNoDraft(b)
        : html`${renderTabs(b)} ${renderFile(b)} ${renderValidation(b)} ${toolRuns(b)} ${renderFooter(b)}`}
  </section>`;
}

/** While a reply is drafting the skill: how much of it has arrived. */
function receiving(b: ForgeSkillBuilder) {
  const e = b._entries[b._entries.length - 1];
  if (!b._busy || e?.status !== 'pending' || e.phase !== 'skill') return null;
  return html`<span class="receiving"><span class="spinner" aria-hidden="true"></span>Receiving the draft · ${(e.chars ?? 0).toLocaleString('en-US')} characters</span>`;
}

function renderNoDraft(b: ForgeSkillBuilder) {
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
    <button @click=${b._startBlank}>Start from a blank SKILL.md</button>
  </div>`;
}

function files(b: ForgeSkillBuilder): string[] {
  return b._draft ? [SKILL_MD, ...Object.keys(b._draft.scripts)] : [];
}

function countFor(b: ForgeSkillBuilder, tab: string): [number, number] {
  const v = b._validation;
  if (!v) return [0, 0];
  return [v.errors.filter((x) => diagTab(x) === tab).length, v.warnings.filter((x) => diagTab(x) === tab).length];
}

function selectTab(b: ForgeSkillBuilder, tab: string, focus = false): void {
  b._tab = tab;
  b._nameEdit = null;
  b._confirmDelete = null;
  if (focus) void b.updateComplete.then(() => b.renderRoot.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus());
}

function renderTabs(b: ForgeSkillBuilder) {
  const list = files(b);
  const onKey = (e: KeyboardEvent) => {
    const i = list.indexOf(b._tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: list.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    selectTab(b, list[(next + list.length) % list.length]!, true);
  };
  return html`<div class="tabs-row">
      <div role="tablist" aria-label="Draft files" part="tabs" class="tabs" @keydown=${onKey}>
        ${list.map((f, i) => {
          const [errs, warns] = countFor(b, f);
          const sel = f === b._tab;
          return html`<button role="tab" id="tab-${i}" class="tab" aria-selected=${sel ? 'true' : 'false'} aria-controls="file-panel"
            tabindex=${sel ? '0' : '-1'} @click=${() => selectTab(b, f)}>
            <span class="mono">${f}</span>
            ${errs ? html`<span class="tab-count err" title="errors"><span aria-hidden="true">✕</span>${errs}<span class="sr-only"> ${plural(errs, 'error')}</span></span>` : nothing}
            ${!errs && warns ? html`<span class="tab-count warn" title="warnings"><span aria-hidden="true">⚠</span>${warns}<span class="sr-only"> ${plural(warns, 'warning')}</span></span>` : nothing}
          </button>`;
        })}
      </div>
      <button class="small ghost" aria-label="Add script" @click=${() => (b._nameEdit = { mode: 'add', value: freshScriptName(b._draft!.scripts), error: '' })}>
        <span aria-hidden="true">+</span><span class="add-label">Add script</span>
      </button>
    </div>
    ${b._nameEdit ? renderNameEdit(b, b._nameEdit) : nothing}`;
}

function renderNameEdit(b: ForgeSkillBuilder, edit: ScriptNameEdit) {
  const submit = (e: Event) => {
    e.preventDefault();
    // Read the live state: an input event may not have re-rendered yet.
    edit = b._nameEdit ?? edit;
    const d = b._draft!;
    const name = edit.value.trim();
    const error = checkNewScriptName(name, d.scripts, edit.from);
    if (error) {
      b._nameEdit = { ...edit, error };
      return;
    }
    const scripts: Record<string, string> = {};
    if (edit.mode === 'add') Object.assign(scripts, d.scripts, { [name]: SCRIPT_TEMPLATE });
    // Rename keeps the tab order: rebuild the map with the new key in the old place.
    else for (const [k, v] of Object.entries(d.scripts)) scripts[k === edit.from ? name : k] = v;
    b._setDraft({ skillMd: d.skillMd, scripts });
    b._say(edit.mode === 'add' ? `Added ${name}.` : `Renamed ${edit.from} to ${name}.`);
    selectTab(b, name, true);
  };
  const label = edit.mode === 'add' ? 'New script file name' : `Rename ${edit.from} to`;
  return html`<form class="name-edit" @submit=${submit} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.stopPropagation(), (b._nameEdit = null))}>
    <label for="script-name">${label}</label>
    <div class="name-row">
      <input id="script-name" class="mono" .value=${live(edit.value)} autocomplete="off" spellcheck="false" autofocus
        aria-invalid=${edit.error ? 'true' : 'false'} aria-describedby=${edit.error ? 'script-name-error' : 'script-name-hint'}
        @input=${(e: Event) => (b._nameEdit = { ...edit, value: (e.target as HTMLInputElement).value, error: '' })} />
      <button type="submit" class="small primary">${edit.mode === 'add' ? 'Add' : 'Rename'}</button>
      <button type="button" class="small" @click=${() => (b._nameEdit = null)}>Cancel</button>
    </div>
    ${edit.error
      ? html`<p class="field-error" id="script-name-error">${edit.error}</p>`
      : html`<p class="hint" id="script-name-hint">A plain file name in scripts/: .sh and .bash run with bash, .py with python3, .js with node.</p>`}
  </form>`;
}

function renderFile(b: ForgeSkillBuilder) {
  const d = b._draft!;
  const tab = b._tab;
  const isScript = tab !== SKILL_MD;
  const text = isScript ? (d.scripts[tab] ?? '') : d.skillMd;
  const idx = files(b).indexOf(tab);
  const marks = new Map<number, string>();
  for (const x of [...(b._validation?.warnings ?? []), ...(b._validation?.errors ?? [])])
    if (x.line && diagTab(x) === tab) marks.set(x.line, x.severity);
  const lineCount = text.split('\n').length;
  const onInput = (e: Event) => {
    const v = (e.target as HTMLTextAreaElement).value;
    b._setDraft(isScript ? { skillMd: d.skillMd, scripts: { ...d.scripts, [tab]: v } } : { skillMd: v, scripts: d.scripts });
  };
  const onScroll = (e: Event) => {
    const g = (e.target as HTMLElement).previousElementSibling as HTMLElement | null;
    if (g) g.scrollTop = (e.target as HTMLElement).scrollTop;
  };
  const del = () => {
    const scripts = { ...d.scripts };
    delete scripts[tab];
    b._setDraft({ skillMd: d.skillMd, scripts });
    b._say(`Deleted ${tab}.`);
    selectTab(b, SKILL_MD, true);
  };
  return html`<div role="tabpanel" id="file-panel" aria-labelledby="tab-${idx}" class="file">
    <div class="file-bar">
      <span class="path mono">${isScript ? `scripts/${tab}` : SKILL_MD}</span>
      ${isScript
        ? b._confirmDelete === tab
          ? html`<span class="confirm-del" role="group" aria-label="Confirm delete">Delete ${tab}?
              <button class="small danger" @click=${del}>Delete</button>
              <button class="small" @click=${() => (b._confirmDelete = null)}>Keep</button></span>`
          : html`<span class="file-actions">
              <button class="small ghost" @click=${() => (b._nameEdit = { mode: 'rename', from: tab, value: tab, error: '' })}>Rename<span class="sr-only"> ${tab}</span></button>
              <button class="small ghost danger" @click=${() => (b._confirmDelete = tab)}>Delete<span class="sr-only"> ${tab}</span></button>
            </span>`
        : nothing}
    </div>
    <div class="editor" part="editor">
      <div class="gutter" aria-hidden="true" style=${styleMap({ '--digits': String(String(lineCount).length) })}>
        <div class="gutter-lines">${Array.from({ length: lineCount }, (_, i) => html`<div class=${marks.get(i + 1) ?? ''}>${i + 1}</div>`)}</div>
      </div>
      <textarea id="editor" class="code" part="editor-text" aria-label="${isScript ? `scripts/${tab}` : SKILL_MD} content" spellcheck="false" wrap="off"
        autocapitalize="off" autocomplete="off" .value=${live(text)} @input=${onInput} @scroll=${onScroll}></textarea>
    </div>
  </div>`;
}

/** Puts the cursor on `line` of `tab` and scrolls it into view. */
export function jumpTo(b: ForgeSkillBuilder, tab: string, line: number): void {
  selectTab(b, tab);
  void b.updateComplete.then(() => {
    const ta = b.renderRoot.querySelector<HTMLTextAreaElement>('#editor');
    if (!ta) return;
    const lines = ta.value.split('\n');
    const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
    ta.focus();
    ta.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
    const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
    ta.scrollTop = Math.max(0, (line - 1) * lh - ta.clientHeight / 3);
  });
}

function renderValidation(b: ForgeSkillBuilder) {
  const v = b._validation;
  const all = v ? [...v.errors, ...v.warnings, ...(riskView(b)?.reviewDiagnostics(b._review) ?? [])] : [];
  const ne = v?.errors.length ?? 0;
  const nw = v?.warnings.length ?? 0;
  const count = (n: number, w: string) => `${n} ${plural(n, w)}`;
  let summary;
  if (b._validationError)
    summary = html`<span class="vs err"><span aria-hidden="true">!</span> Couldn't check the draft: ${b._validationError}</span>`;
  else if (!v) summary = html`<span class="vs muted"><span class="spinner" aria-hidden="true"></span> Checking…</span>`;
  else if (ne === 0 && nw === 0) summary = html`<span class="vs ok"><span aria-hidden="true">✓</span> No problems found</span>`;
  else
    summary = html`<span class="vs ${ne ? 'err' : 'warn'}">${ne ? html`<span aria-hidden="true">✕</span> ${count(ne, 'error')}` : nothing}${ne && nw ? ' · ' : ''}${nw
      ? html`<span aria-hidden="true">⚠</span> ${count(nw, 'warning')}`
      : nothing}</span>`;
  return html`<section part="validation" class="validation" aria-labelledby="val-title">
    <div class="val-head">
      <h4 id="val-title">Checks</h4>
      <span role="status" class="val-status">${summary}${b._validating && v ? html`<span class="spinner" aria-hidden="true"></span><span class="sr-only"> Checking again…</span>` : nothing}</span>
    </div>
    ${riskView(b)?.renderRisk(b) ?? nothing}
    ${all.length
      ? html`<ul class="diags">
          ${all.map((x) => {
            const tab = diagTab(x);
            const loc = x.line ? `${tab === SKILL_MD ? SKILL_MD : `scripts/${tab}`}:${x.line}` : tab === SKILL_MD ? SKILL_MD : `scripts/${tab}`;
            const body = html`<span class="sev">${x.severity === 'error' ? html`<span aria-hidden="true">✕</span> Error` : html`<span aria-hidden="true">⚠</span> Warning`}</span>
              <span class="loc mono">${x.line ? `line ${x.line}` : loc}</span>
              <span class="dmsg">${x.field ? html`<code>${x.field}</code>: ` : nothing}${x.message}</span>`;
            return html`<li class="diag ${x.severity}">
              ${x.line
                ? html`<button class="diag-btn" title="Go to ${loc}" @click=${() => jumpTo(b, tab, x.line!)}>${body}</button>`
                : html`<div class="diag-btn static">${body}</div>`}
            </li>`;
          })}
        </ul>`
      : nothing}
  </section>`;
}

/** Why the draft cannot be saved right now, or '' when it can. */
export function saveBlocker(b: ForgeSkillBuilder): string {
  const d = b._draft;
  const v = b._validation;
  if (!d || isBlank(d)) return 'Nothing to save yet';
  if (!b._skillName) return 'Add a name: to the frontmatter to save';
  if (v && v.errors.length) return `Fix ${v.errors.length} ${plural(v.errors.length, 'error')} to save`;
  if (!v && b._validating) return 'Checking the draft…';
  if (b._editing && sameDraft(d, b._original)) return 'No changes to save';
  return '';
}

const toolRunView = lazyView(() => import('./tool-run-view.js'));
const reviewView = lazyView(() => import('./review-view.js'));

/** "Run a tool", loaded on first use. */
const toolRuns = (b: ForgeSkillBuilder) => toolRunView(b, b._draft?.skillMd.includes('## Tool:'))?.renderToolRuns(b) ?? nothing;

/** The review's views (risk badge, its findings in the Checks list, the save dialog's part), loaded once there is a review to show. */
export const riskView = (b: ForgeSkillBuilder) => reviewView(b, b._review);

function renderFooter(b: ForgeSkillBuilder) {
  const blocker = saveBlocker(b);
  const copied = b._copied;
  return html`<footer part="footer" class="draft-foot">
    <button class="small" @click=${b._copy}>${copied === 'ok' ? '✓ Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}<span class="sr-only"> ${b._tab}</span></button>
    <button class="small" @click=${b._download}><span>Download<span class="dl-what"> SKILL.md</span></span></button>
    ${b.agent ? html`<button class="small" aria-haspopup="dialog" @click=${() => void b._openRouting()}>Check routing</button>` : nothing}
    <span class="grow save-hint" id="save-hint">${blocker}</span>
    <button class="primary" ?disabled=${!!blocker} aria-describedby="save-hint" aria-haspopup="dialog" @click=${b._openSave}>
      ${b._editing ? 'Review & save' : 'Save skill'}
    </button>
  </footer>`;
}
