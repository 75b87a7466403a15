// The draft panel: the file tabs (files/, loaded with the first render: ARIA
// tabs grouped by folder, adding/renaming/deleting files with checked names),
// the monospace editor with a line-number gutter that marks lines with
// findings, the validation list (click a finding to jump to its line), and the
// actions: copy, download SKILL.md, export the saved skill, save.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { styleMap } from 'lit/directives/style-map.js';
import type { ValidationResult } from '../../../core/diagnostics.js';
import { diagTab, fileText, isBlank, isFolderTab, sameDraft, SKILL_MD, tabPath, withFileText } from '../draft.js';
import type { FilesPanel } from '../files/files-controller.js';
import type { DraftReview } from '../../api/review.js';
import type { ChatEntry, PartialDraftState } from '../controllers/chat-controller.js';
import type { BuilderContext } from '../controllers/context.js';
import type { ToolRunState } from '../controllers/draft-controller.js';
import type { Draft } from '../../types.js';
import { renderPartialDraft } from './partial-draft-view.js';
import { lazyView } from '../../internal/lazy-view.js';

/** The draft in the editor (the draft controller gives it). */
export interface DraftEditor {
  readonly draft: Draft | null;
  readonly tab: string;
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
  copy(): Promise<void>;
  download(): void;
  readonly toolRun: ToolRunState | null;
  setToolRun(s: ToolRunState): void;
  /** "As the agent sees it" is open. */
  readonly agentViewOpen: boolean;
  showAgentView(open: boolean): void;
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
  chat: {
    readonly busy: boolean;
    readonly entries: readonly ChatEntry[];
    readonly partial: PartialDraftState | null;
    showPartial(tab: string): void;
    send(text: string): void;
  };
  /** Re-renders when a view loaded on demand arrives. */
  host: { requestUpdate(): void };
  /** The element's `agent` (Check routing needs one). */
  agent: string | undefined;
  ctx: BuilderContext;
  /** The skill-folder UI's view of the builder (file tabs, import, export). */
  files: FilesPanel;
  openSave(): void;
  openRouting(): void;
}

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
          : html`${filesView(b.host, 1)?.renderTabs(b.files) ?? nothing} ${renderFile(b)} ${renderValidation(b)} <div class="draft-extras">${agentView(b)} ${toolRuns(b)}</div> ${renderFooter(b)}`
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
  if (isFolderTab(tab) && d.files?.[tab] === undefined) return files?.renderBinary(b.files) ?? nothing;
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
      <div class="gutter" aria-hidden="true" style=${styleMap({ '--digits': String(String(lineCount).length) })}>
        <div class="gutter-lines">${Array.from({ length: lineCount }, (_, i) => html`<div class=${marks.get(i + 1) ?? ''}>${i + 1}</div>`)}</div>
      </div>
      <textarea id="editor" class="code" part="editor-text" aria-label="${tabPath(tab)} content" spellcheck="false" wrap="off"
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
  if (c.error) summary = html`<span class="vs err"><span aria-hidden="true">!</span> Couldn't check the draft: ${c.error}</span>`;
  else if (!v) summary = html`<span class="vs muted"><span class="spinner" aria-hidden="true"></span> Checking…</span>`;
  else if (ne === 0 && nw === 0) summary = html`<span class="vs ok"><span aria-hidden="true">✓</span> No problems found</span>`;
  else
    summary = html`<span class="vs ${ne ? 'err' : 'warn'}">${ne ? html`<span aria-hidden="true">✕</span> ${count(ne, 'error')}` : nothing}${ne && nw ? ' · ' : ''}${
      nw ? html`<span aria-hidden="true">⚠</span> ${count(nw, 'warning')}` : nothing
    }</span>`;
  return html`<section part="validation" class="validation" aria-labelledby="val-title">
    <div class="val-head">
      <h4 id="val-title">Checks</h4>
      <span role="status" class="val-status">${summary}${c.checking && v ? html`<span class="spinner" aria-hidden="true"></span><span class="sr-only"> Checking again…</span>` : nothing}</span>
    </div>
    ${riskView(b.host, c.review)?.renderRisk(c) ?? nothing}
    ${
      all.length
        ? html`<ul class="diags">
          ${all.map((x) => {
            const tab = diagTab(x);
            const loc = tabPath(tab) + (x.line ? `:${x.line}` : '');
            const body = html`<span class="sev">${x.severity === 'error' ? html`<span aria-hidden="true">✕</span> Error` : html`<span aria-hidden="true">⚠</span> Warning`}</span>
              <span class="loc mono">${x.line ? `line ${x.line}` : loc}</span>
              <span class="dmsg">${x.field ? html`<code>${x.field}</code>: ` : nothing}${x.message}</span>`;
            return html`<li class="diag ${x.severity}">
              ${
                x.line
                  ? html`<button class="diag-btn" title="Go to ${loc}" @click=${() => b.editor.jumpTo(tab, x.line!)}>${body}</button>`
                  : html`<div class="diag-btn static">${body}</div>`
              }
            </li>`;
          })}
        </ul>`
        : nothing
    }
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
/** The folder's files as tabs, adding/renaming/deleting files, import and export (files/): loaded with the builder's first render. */
export const filesView = lazyView(() => import('../files/files-view.js'));

const agentViewChunk = lazyView(() => import('./agent-view.js'));

/** "As the agent sees it": the draft as Forge's runtime reads it, loaded and computed only while open. */
function agentView(b: DraftPanel) {
  const d = b.editor.draft!;
  const open = b.editor.agentViewOpen;
  const toggle = (e: Event) => b.editor.showAgentView((e.target as HTMLDetailsElement).open);
  const findings = [...(b.checks.result?.errors ?? []), ...(b.checks.result?.warnings ?? [])];
  const body = agentViewChunk(b.host, open)?.renderAgentView({
    skillMd: d.skillMd,
    scripts: Object.keys(d.scripts),
    findings,
    onLine: (n) => b.editor.jumpTo(SKILL_MD, n),
  });
  return html`<details class="agent-view" part="agent-view" ?open=${open} @toggle=${toggle}><summary>As the agent sees it</summary>${open ? (body ?? html`<p class="muted">Loading…</p>`) : nothing}</details>`;
}

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
    ${filesView(b.host, 1)?.renderExport(b.files) ?? nothing}
    ${b.agent ? html`<button class="small" aria-haspopup="dialog" @click=${() => b.openRouting()}>Check routing</button>` : nothing}
    <span class="grow save-hint" id="save-hint">${blocker}</span>
    <button class="primary" ?disabled=${!!blocker} aria-describedby="save-hint" aria-haspopup="dialog" @click=${() => b.openSave()}>
      ${ed.editing ? 'Review & save' : 'Save skill'}
    </button>
  </footer>`;
}
