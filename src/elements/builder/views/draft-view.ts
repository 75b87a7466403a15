// The draft panel: tabs for SKILL.md and every script (ARIA tabs with arrow-key
// navigation), adding/renaming/deleting scripts with checked names, the
// monospace editor with a line-number gutter that marks lines with findings,
// the validation list (click a finding to jump to its line), and the actions:
// copy, download SKILL.md, save.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { Diagnostic, ValidationResult } from '../../../core/diagnostics.js';
import { checkNewScriptName, freshScriptName, isBlank, sameDraft, SCRIPT_TEMPLATE, SKILL_MD } from '../draft.js';
import type { DraftReview } from '../review.js';
import type { ChatEntry, PartialDraftState } from '../controllers/chat-controller.js';
import type { BuilderContext } from '../controllers/context.js';
import type { ScriptNameEdit, ToolRunState } from '../controllers/draft-controller.js';
import type { Draft } from '../../types.js';
import { renderPartialDraft } from './partial-draft-view.js';
import { lazyView } from '../../internal/lazy-view.js';

/** The draft in the editor (the draft controller gives it). */
export interface DraftEditor {
  readonly draft: Draft | null;
  readonly tab: string;
  readonly nameEdit: ScriptNameEdit | null;
  readonly confirmDelete: string | null;
  /** '' | 'ok' | 'failed': the last copy. */
  readonly copied: string;
  readonly skillName: string;
  /** Edit mode: the saved skill the draft replaces, and its saved text. */
  readonly editing: string | null;
  readonly original: Draft | null;
  edit(d: Draft): void;
  startBlank(): void;
  selectTab(tab: string, focus?: boolean): void;
  jumpTo(tab: string, line: number): void;
  setNameEdit(edit: ScriptNameEdit | null): void;
  askDelete(tab: string | null): void;
  copy(): Promise<void>;
  download(): void;
  readonly toolRun: ToolRunState | null;
  setToolRun(s: ToolRunState): void;
}

/** The draft's checks (the validation controller gives them). */
export interface DraftChecks {
  readonly result: ValidationResult | null;
  readonly checking: boolean;
  readonly error: string;
  readonly review: DraftReview | null;
  readonly riskOpen: boolean;
  toggleRisk(open: boolean): void;
}

/** What the draft panel needs: the editor, its checks, the turn in flight, and the actions around it. */
export interface DraftPanel {
  editor: DraftEditor;
  checks: DraftChecks;
  chat: { readonly busy: boolean; readonly entries: readonly ChatEntry[]; readonly partial: PartialDraftState | null; showPartial(tab: string): void; send(text: string): void };
  /** Re-renders when a view loaded on demand arrives. */
  host: { requestUpdate(): void };
  /** The element's `agent` (Check routing needs one). */
  agent: string | undefined;
  ctx: BuilderContext;
  openSave(): void;
  openRouting(): void;
}

const plural = (n: number, word: string) => (n === 1 ? word : `${word}s`);

/** The file a diagnostic points at, as a tab name (`SKILL.md` or a script name). */
export function diagTab(d: Diagnostic): string {
  if (!d.file || d.file === SKILL_MD) return SKILL_MD;
  return d.file.replace(/^scripts\//, '');
}

export function renderDraft(b: DraftPanel) {
  const d = b.editor.draft;
  return html`<section part="draft" class="panel draft" aria-labelledby="draft-title">
    <div class="panel-head">
      <h3 id="draft-title" class="panel-title">Draft</h3>
      ${receiving(b) ?? (d && b.editor.skillName ? html`<code class="skill-name" title="name: in the frontmatter">${b.editor.skillName}</code>` : nothing)}
    </div>
    ${b.chat.partial
      ? renderPartialDraft(b.chat.partial, (tab) => b.chat.showPartial(tab))
      : !d
        ? renderNoDraft(b)
        : html`${renderTabs(b)} ${renderFile(b)} ${renderValidation(b)} ${toolRuns(b)} ${renderFooter(b)}`}
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
  </div>`;
}

function files(d: Draft | null): string[] {
  return d ? [SKILL_MD, ...Object.keys(d.scripts)] : [];
}

function countFor(v: ValidationResult | null, tab: string): [number, number] {
  if (!v) return [0, 0];
  return [v.errors.filter((x) => diagTab(x) === tab).length, v.warnings.filter((x) => diagTab(x) === tab).length];
}

function renderTabs(b: DraftPanel) {
  const ed = b.editor;
  const list = files(ed.draft);
  const onKey = (e: KeyboardEvent) => {
    const i = list.indexOf(ed.tab);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: list.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    ed.selectTab(list[(next + list.length) % list.length]!, true);
  };
  return html`<div class="tabs-row">
      <div role="tablist" aria-label="Draft files" part="tabs" class="tabs" @keydown=${onKey}>
        ${list.map((f, i) => {
          const [errs, warns] = countFor(b.checks.result, f);
          const sel = f === ed.tab;
          return html`<button role="tab" id="tab-${i}" class="tab" aria-selected=${sel ? 'true' : 'false'} aria-controls="file-panel"
            tabindex=${sel ? '0' : '-1'} @click=${() => ed.selectTab(f)}>
            <span class="mono">${f}</span>
            ${errs ? html`<span class="tab-count err" title="errors"><span aria-hidden="true">✕</span>${errs}<span class="sr-only"> ${plural(errs, 'error')}</span></span>` : nothing}
            ${!errs && warns ? html`<span class="tab-count warn" title="warnings"><span aria-hidden="true">⚠</span>${warns}<span class="sr-only"> ${plural(warns, 'warning')}</span></span>` : nothing}
          </button>`;
        })}
      </div>
      <button class="small ghost" aria-label="Add script" @click=${() => ed.setNameEdit({ mode: 'add', value: freshScriptName(ed.draft!.scripts), error: '' })}>
        <span aria-hidden="true">+</span><span class="add-label">Add script</span>
      </button>
    </div>
    ${ed.nameEdit ? renderNameEdit(b, ed.nameEdit) : nothing}`;
}

function renderNameEdit(b: DraftPanel, edit: ScriptNameEdit) {
  const ed = b.editor;
  const submit = (e: Event) => {
    e.preventDefault();
    // Read the live state: an input event may not have re-rendered yet.
    edit = ed.nameEdit ?? edit;
    const d = ed.draft!;
    const name = edit.value.trim();
    const error = checkNewScriptName(name, d.scripts, edit.from);
    if (error) {
      ed.setNameEdit({ ...edit, error });
      return;
    }
    const scripts: Record<string, string> = {};
    if (edit.mode === 'add') Object.assign(scripts, d.scripts, { [name]: SCRIPT_TEMPLATE });
    // Rename keeps the tab order: rebuild the map with the new key in the old place.
    else for (const [k, v] of Object.entries(d.scripts)) scripts[k === edit.from ? name : k] = v;
    ed.edit({ skillMd: d.skillMd, scripts });
    b.ctx.say(edit.mode === 'add' ? `Added ${name}.` : `Renamed ${edit.from} to ${name}.`);
    ed.selectTab(name, true);
  };
  const label = edit.mode === 'add' ? 'New script file name' : `Rename ${edit.from} to`;
  return html`<form class="name-edit" @submit=${submit} @keydown=${(e: KeyboardEvent) => e.key === 'Escape' && (e.stopPropagation(), ed.setNameEdit(null))}>
    <label for="script-name">${label}</label>
    <div class="name-row">
      <input id="script-name" class="mono" .value=${live(edit.value)} autocomplete="off" spellcheck="false" autofocus
        aria-invalid=${edit.error ? 'true' : 'false'} aria-describedby=${edit.error ? 'script-name-error' : 'script-name-hint'}
        @input=${(e: Event) => ed.setNameEdit({ ...edit, value: (e.target as HTMLInputElement).value, error: '' })} />
      <button type="submit" class="small primary">${edit.mode === 'add' ? 'Add' : 'Rename'}</button>
      <button type="button" class="small" @click=${() => ed.setNameEdit(null)}>Cancel</button>
    </div>
    ${edit.error
      ? html`<p class="field-error" id="script-name-error">${edit.error}</p>`
      : html`<p class="hint" id="script-name-hint">A plain file name in scripts/: .sh and .bash run with bash, .py with python3, .js with node.</p>`}
  </form>`;
}

function renderFile(b: DraftPanel) {
  const ed = b.editor;
  const d = ed.draft!;
  const tab = ed.tab;
  const isScript = tab !== SKILL_MD;
  const text = isScript ? (d.scripts[tab] ?? '') : d.skillMd;
  const idx = files(d).indexOf(tab);
  const marks = new Map<number, string>();
  for (const x of [...(b.checks.result?.warnings ?? []), ...(b.checks.result?.errors ?? [])])
    if (x.line && diagTab(x) === tab) marks.set(x.line, x.severity);
  const lineCount = text.split('\n').length;
  const onInput = (e: Event) => {
    const v = (e.target as HTMLTextAreaElement).value;
    ed.edit(isScript ? { skillMd: d.skillMd, scripts: { ...d.scripts, [tab]: v } } : { skillMd: v, scripts: d.scripts });
  };
  const onScroll = (e: Event) => {
    const g = (e.target as HTMLElement).previousElementSibling as HTMLElement | null;
    if (g) g.scrollTop = (e.target as HTMLElement).scrollTop;
  };
  const del = () => {
    const scripts = { ...d.scripts };
    delete scripts[tab];
    ed.edit({ skillMd: d.skillMd, scripts });
    b.ctx.say(`Deleted ${tab}.`);
    ed.selectTab(SKILL_MD, true);
  };
  return html`<div role="tabpanel" id="file-panel" aria-labelledby="tab-${idx}" class="file">
    <div class="file-bar">
      <span class="path mono">${isScript ? `scripts/${tab}` : SKILL_MD}</span>
      ${isScript
        ? ed.confirmDelete === tab
          ? html`<span class="confirm-del" role="group" aria-label="Confirm delete">Delete ${tab}?
              <button class="small danger" @click=${del}>Delete</button>
              <button class="small" @click=${() => ed.askDelete(null)}>Keep</button></span>`
          : html`<span class="file-actions">
              <button class="small ghost" @click=${() => ed.setNameEdit({ mode: 'rename', from: tab, value: tab, error: '' })}>Rename<span class="sr-only"> ${tab}</span></button>
              <button class="small ghost danger" @click=${() => ed.askDelete(tab)}>Delete<span class="sr-only"> ${tab}</span></button>
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

function renderValidation(b: DraftPanel) {
  const c = b.checks;
  const v = c.result;
  const all = v ? [...v.errors, ...v.warnings, ...(riskView(b.host, c.review)?.reviewDiagnostics(c.review) ?? [])] : [];
  const ne = v?.errors.length ?? 0;
  const nw = v?.warnings.length ?? 0;
  const count = (n: number, w: string) => `${n} ${plural(n, w)}`;
  let summary;
  if (c.error)
    summary = html`<span class="vs err"><span aria-hidden="true">!</span> Couldn't check the draft: ${c.error}</span>`;
  else if (!v) summary = html`<span class="vs muted"><span class="spinner" aria-hidden="true"></span> Checking…</span>`;
  else if (ne === 0 && nw === 0) summary = html`<span class="vs ok"><span aria-hidden="true">✓</span> No problems found</span>`;
  else
    summary = html`<span class="vs ${ne ? 'err' : 'warn'}">${ne ? html`<span aria-hidden="true">✕</span> ${count(ne, 'error')}` : nothing}${ne && nw ? ' · ' : ''}${nw
      ? html`<span aria-hidden="true">⚠</span> ${count(nw, 'warning')}`
      : nothing}</span>`;
  return html`<section part="validation" class="validation" aria-labelledby="val-title">
    <div class="val-head">
      <h4 id="val-title">Checks</h4>
      <span role="status" class="val-status">${summary}${c.checking && v ? html`<span class="spinner" aria-hidden="true"></span><span class="sr-only"> Checking again…</span>` : nothing}</span>
    </div>
    ${riskView(b.host, c.review)?.renderRisk(c) ?? nothing}
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
                ? html`<button class="diag-btn" title="Go to ${loc}" @click=${() => b.editor.jumpTo(tab, x.line!)}>${body}</button>`
                : html`<div class="diag-btn static">${body}</div>`}
            </li>`;
          })}
        </ul>`
      : nothing}
  </section>`;
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

const toolRunView = lazyView(() => import('./tool-run-view.js'));
const reviewView = lazyView(() => import('./review-view.js'));

/** "Run a tool", loaded on first use. */
const toolRuns = (b: DraftPanel) => toolRunView(b.host, b.editor.draft?.skillMd.includes('## Tool:'))?.renderToolRuns(b) ?? nothing;

/** The review's views (risk badge, its findings in the Checks list, the save dialog's part), loaded once there is a review to show. */
export const riskView = (host: { requestUpdate(): void }, review: DraftReview | null) => reviewView(host, review);

function renderFooter(b: DraftPanel) {
  const ed = b.editor;
  const blocker = saveBlocker(ed, b.checks);
  const copied = ed.copied;
  return html`<footer part="footer" class="draft-foot">
    <button class="small" @click=${() => void ed.copy()}>${copied === 'ok' ? '✓ Copied' : copied === 'failed' ? 'Copy failed' : 'Copy'}<span class="sr-only"> ${ed.tab}</span></button>
    <button class="small" @click=${() => ed.download()}><span>Download<span class="dl-what"> SKILL.md</span></span></button>
    ${b.agent ? html`<button class="small" aria-haspopup="dialog" @click=${() => b.openRouting()}>Check routing</button>` : nothing}
    <span class="grow save-hint" id="save-hint">${blocker}</span>
    <button class="primary" ?disabled=${!!blocker} aria-describedby="save-hint" aria-haspopup="dialog" @click=${() => b.openSave()}>
      ${ed.editing ? 'Review & save' : 'Save skill'}
    </button>
  </footer>`;
}
