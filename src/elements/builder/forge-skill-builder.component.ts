// <forge-skill-builder>: the whole skill-building loop in one element — the
// resolved-LLM banner, the interview chat (streamed), the editable draft with
// live validation, saving into an agent (with env vars), and editing existing
// skills with a diff. The state and its actions live in reactive controllers
// (controllers/: provider, chat, draft, validation, save, skills, dialogs,
// routing), each told only what it needs; the views (views/) take narrow
// interfaces. This class wires them together and keeps the public API.

import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { createApiClient, type ApiClient } from '../api/client.js';
import { fireError } from '../events.js';
import { onSettingsChanged } from '../internal/settings-sync.js';
import { themeStyles } from '../internal/theme.styles.js';
import type { ForgeSkillSettings } from '../settings/forge-skill-settings.component.js';
import type { Draft } from '../types.js';
import { ChatController } from './controllers/chat-controller.js';
import type { BuilderContext } from './controllers/context.js';
import { DialogController } from './controllers/dialog-controller.js';
import { DraftController } from './controllers/draft-controller.js';
import { PersistController } from './controllers/persist-controller.js';
import { ProviderController } from './controllers/provider-controller.js';
import { SaveController } from './controllers/save-controller.js';
import { SkillsController } from './controllers/skills-controller.js';
import { ValidationController } from './controllers/validation-controller.js';
import { copyDraft } from './draft.js';
import { builderStyles } from './forge-skill-builder.styles.js';
import { renderBanner, renderRestoreOffer } from './views/banner-view.js';
import { renderChat } from './views/chat-view.js';
import { filesView, renderDraft, type DraftPanel } from './views/draft-view.js';
import type { FilesPanel } from './files/files-controller.js';
import { renderConfirmDialog, renderSaveDialog } from './views/save-view.js';
import { renderSkillsDialog } from './views/skills-view.js';

export const DEFAULT_STARTERS = [
  'Summarise new GitHub issues in a repository every morning',
  'Check whether a website is up and how fast it answers',
  'Turn a CSV export into a JSON summary with totals per column',
  'Tell the user the current time in any city, in German',
];

const EDIT_STARTERS = [
  'Make the description trigger on more ways of asking',
  'Add safety constraints for anything that changes data',
  'Add more request → input examples to every tool',
];

/**
 * The Skill Builder: an operator describes a skill, an LLM interviews them and drafts
 * `SKILL.md` plus helper scripts, and the operator reviews, edits, validates and saves it
 * into an agent's `skills/` folder — or opens an existing skill, changes it and saves it
 * after reviewing a line diff.
 *
 * Without `agent` it works at workspace level and asks for the target agent when saving.
 *
 * @tagname forge-skill-builder
 * @summary Build agent skills (SKILL.md + scripts) by talking to an LLM.
 *
 * @attr plain-editor - Edit in the plain textarea: the code editor (CodeMirror, otherwise loaded with the first draft) is never loaded. Read when the draft renders.
 *
 * @fires {CustomEvent<SkillDraftDetail>} forge-skill-draft - A draft arrived from the model or an import and was loaded into the editor.
 * @fires {CustomEvent<SkillSavedDetail>} forge-skill-saved - A skill was saved (path, egress added, env vars configured/missing).
 * @fires {CustomEvent<SettingsSavedDetail>} forge-settings-saved - The LLM settings were saved from the Configure dialog (never the key).
 * @fires {CustomEvent<ForgeErrorDetail>} forge-error - A request failed (it is shown in the element too).
 *
 * @csspart base - The outer frame.
 * @csspart header - The title bar with the Skills, Import and New skill buttons.
 * @csspart banner - The resolved-LLM banner.
 * @csspart edit-banner - The "Editing <name>" bar in edit mode.
 * @csspart chat - The conversation panel.
 * @csspart log - The message list.
 * @csspart composer - The message input and send/stop button.
 * @csspart draft - The draft panel.
 * @csspart tabs - The file tabs, grouped by folder.
 * @csspart editor - The editor of the current file: the code editor (CodeMirror, loaded with the first draft), or the plain textarea while it loads and with `plain-editor`.
 * @csspart editor-text - The editable text itself: the code editor's content, or the plain textarea (it inherits colour and caret from `editor`; style it for caret, selection or font).
 * @csspart analyses - The analyses beside the editor (a side rail; below the editor on a narrow element): one tab per analysis, one open.
 * @csspart validation - The validation results (the Checks analysis).
 * @csspart risk - The risk badge (score as `forge skills audit` computes it) in the Checks panel.
 * @csspart agent-view - The "As the agent sees it" analysis: the draft as Forge's runtime registers it (loaded when first opened).
 * @csspart agent-tool - One tool of that view.
 * @csspart runs - The Run analysis: run a tool of the draft on the server with an example input.
 * @csspart run-result - The result of a tool run.
 * @csspart capability-profile - Declared versus observed after a tool run (under Run) or an eval run with observed tool calls (under Evals): the profile, its findings and the declaration fixes.
 * @csspart evals - The Evals analysis: the skill's cases run with and without it, graded.
 * @csspart evals-summary - The benchmark table of an eval run.
 * @csspart eval-case - One eval case: its with-skill and without-skill runs and the feedback box.
 * @csspart history - The History analysis of a saved skill being edited: its kept versions, a diff, restore (loaded when first opened).
 * @csspart trust-badge - What a skill's signatures say: at the top of the History analysis and in an import's notice.
 * @csspart footer - The draft actions (copy, download, export, save).
 * @csspart dialog - Each dialog (save, skills, confirm).
 *
 * @cssprop --forge-color-bg - Background.
 * @cssprop --forge-color-surface - Panels and raised surfaces.
 * @cssprop --forge-color-surface-2 - Hover and secondary surfaces.
 * @cssprop --forge-color-border - Borders.
 * @cssprop --forge-color-text - Text.
 * @cssprop --forge-color-muted - Secondary text.
 * @cssprop --forge-color-accent - Primary buttons, user messages, focus.
 * @cssprop --forge-color-accent-contrast - Text on the accent colour.
 * @cssprop --forge-color-accent-soft - Tinted accent backgrounds.
 * @cssprop --forge-color-danger - Errors and removed lines.
 * @cssprop --forge-color-danger-soft - Error notices, error counts and removed-line backgrounds.
 * @cssprop --forge-color-warning - Warnings.
 * @cssprop --forge-color-warning-soft - Warning notices and warning counts.
 * @cssprop --forge-color-success - Success and added lines.
 * @cssprop --forge-color-success-soft - Success notices and added-line backgrounds.
 * @cssprop --forge-color-focus - Focus ring.
 * @cssprop --forge-radius - Corner radius of panels and dialogs.
 * @cssprop --forge-radius-sm - Corner radius of buttons and fields.
 * @cssprop --forge-space - Spacing unit (default 4px): the paddings, gaps and margins are multiples of it, so `8px` doubles them.
 * @cssprop --forge-font-family - Text font.
 * @cssprop --forge-font-mono - Editor and code font.
 * @cssprop --forge-font-size - Base font size.
 * @cssprop --forge-shadow - Shadow of the outer frame.
 * @cssprop --forge-panel-height - Height of the chat and draft panels (default 640px; from 360px up the editor and the analyses rail beside it both take its full height).
 * @cssprop --forge-analyses-width - Width of the analyses rail beside the editor (default 38% of the draft panel, at least 260px).
 */
export class ForgeSkillBuilder extends LitElement {
  static override styles = [themeStyles, builderStyles];

  /** Base path or URL of the skill-builder API. */
  @property() endpoint = '/api';

  /** The agent whose skills are built and edited. Without it the builder works workspace-level. */
  @property() agent?: string;

  /** `light` or `dark` to pin the colour scheme; unset follows the OS. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** A fetch to use instead of the global one (e.g. to add auth headers). */
  @property({ attribute: false }) fetcher?: typeof fetch;

  /** Suggestions shown on the empty conversation. */
  @property({ attribute: false }) starters: string[] = DEFAULT_STARTERS;

  @state() private _announce = '';
  @query('forge-skill-settings') private _settingsEl?: ForgeSkillSettings;
  private _client?: ApiClient;
  private _unsync?: () => void;
  /** Renders the "Check routing" dialog once its module is loaded (routing-view.ts). */
  private _routing?: () => unknown;

  private readonly _ctx: BuilderContext = {
    api: () => (this._client ??= createApiClient({ endpoint: this.endpoint, ...(this.fetcher ? { fetch: this.fetcher } : {}) })),
    // Re-announce identical messages by toggling a trailing space.
    say: (text) => (this._announce = this._announce === text ? `${text} ` : text),
    error: (action, e) => fireError(this, action, e),
    targetAgent: () => this.agent || this._editor.editAgent || undefined,
  };

  private readonly _provider = new ProviderController(this, this._ctx, () => this.agent);
  private readonly _dialogs = new DialogController(this);
  private readonly _editor: DraftController = new DraftController(this, this._ctx, (delay) => this._checks.schedule(delay));
  private readonly _checks = new ValidationController(this, this._ctx, this._editor);
  private readonly _chat = new ChatController(this, this._ctx, this._editor);
  private readonly _skills = new SkillsController(this, this._ctx, () => this._dialogs.open === 'skills');
  private readonly _save = new SaveController(this, this._ctx, this._editor, this._checks, {
    loadAgents: () => this._skills.loadAgents(),
    openDialog: () => this._dialogs.show('save'),
    saved: (agent, name, d) => {
      this._editor.saved(agent, name, d);
      this._chat.markSaved();
      if (agent === this.agent || agent === this._skills.agent) void this._skills.load(agent);
    },
  });

  /** The unsaved draft kept in sessionStorage per endpoint and agent, offered back after a reload. */
  private readonly _persist = new PersistController(this, {
    scope: () => `${this.endpoint}|${this.agent ?? ''}`,
    unsaved: () => {
      const ed = this._editor;
      return ed.draft && ed.dirty ? { draft: ed.draft, editing: ed.editing, editAgent: ed.editAgent, original: ed.original } : null;
    },
    restore: (k) => {
      this._reset();
      if (k.editing && k.editAgent && k.original) this._editor.open(k.editing, k.editAgent, k.original);
      this._editor.edit(copyDraft(k.draft));
      this._ctx.say('The unsaved draft is back in the editor.');
    },
  });

  /** The skill-folder UI (files/, loaded on demand): file tabs, import — a new, unsaved skill — and export. */
  private readonly _files: FilesPanel = {
    host: this,
    editor: this._editor,
    checks: this._checks,
    ctx: this._ctx,
    load: (d, then) => this._guard(false, () => (this._reset(), this._editor.apply(d), then())),
  };

  // ---- public API -------------------------------------------------------

  /** Reloads the LLM banner and the agent's skills. */
  async refresh(): Promise<void> {
    await Promise.all([this._provider.load(), this.agent ? this._skills.load(this.agent) : Promise.resolve()]);
  }

  /** The current draft (a copy), or null when there is none. */
  get draft(): Draft | null {
    return this._editor.draft ? copyDraft(this._editor.draft) : null;
  }

  /** True when the draft or the conversation has changes that were not saved. */
  get dirty(): boolean {
    return this._chat.dirty || this._editor.dirty;
  }

  /** Starts over with an empty conversation and draft (asks first when there is unsaved work, unless `force`). */
  newSkill(force = false): void {
    this._guard(force, () => this._reset());
  }

  /** Opens an existing skill for editing (asks first when there is unsaved work, unless `force`). */
  editSkill(name: string, agent = this.agent, force = false): Promise<void> {
    return new Promise((resolve) => this._guard(force, () => void this._loadForEdit(name, agent).then(resolve), resolve));
  }

  // ---- lifecycle --------------------------------------------------------

  override connectedCallback(): void {
    super.connectedCallback();
    void this.refresh();
    this._unsync = onSettingsChanged(
      this,
      () => this.endpoint,
      () => void this._provider.load(),
    );
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._unsync?.();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('endpoint') || changed.has('fetcher')) this._client = undefined;
    if (this.hasUpdated && (changed.has('agent') || changed.has('endpoint'))) {
      this._skills.clear();
      void this.refresh();
    }
  }

  // ---- actions across controllers ----------------------------------------

  /** Runs `action` now, or after the user confirms discarding unsaved work. */
  private _guard(force: boolean, action: () => void, cancelled?: () => void): void {
    if (force || !this.dirty) return action();
    const editing = this._editor.editing;
    const question = editing
      ? `Your changes to ${editing} have not been saved. Discard them?`
      : 'Your draft and conversation have not been saved. Discard them?';
    this._dialogs.ask(question, action, cancelled);
  }

  private _reset(): void {
    this._chat.reset();
    this._editor.reset();
    this._checks.reset();
    this._save.reset();
  }

  private async _loadForEdit(name: string, agent: string | undefined): Promise<void> {
    if (!agent) return;
    try {
      const skill = await this._ctx.api().getSkill(agent, name);
      this._reset();
      this._editor.open(skill.name || name, agent, copyDraft(skill));
      if (this._dialogs.open === 'skills') this._dialogs.show(null);
      this._ctx.say(`Editing ${this._editor.editing}.`);
    } catch (e) {
      this._skills.fail(this._ctx.error('skills', e));
    }
  }

  private _openSkills(): void {
    this._dialogs.show('skills');
    const agent = this.agent || this._skills.agent;
    if (agent) void this._skills.load(agent);
    if (!this.agent) void this._skills.loadAgents();
  }

  /** Opens "Check routing", loading its module the first time. */
  private async _openRouting(): Promise<void> {
    if (!this._routing) {
      const view = await import('./views/routing-view.js');
      const check = new view.RoutingCheck(this, this._ctx, () => this.agent, this._editor);
      const d = this._dialogs;
      this._routing = () =>
        view.renderRoutingDialog({ agent: this.agent, open: d.open === 'routing', close: () => d.close(), onClosed: (e) => d.onClosed(e) }, check);
    }
    this._dialogs.show('routing');
  }

  private _openSettings(): void {
    this._settingsEl?.show();
  }

  private _onSettingsSaved(): void {
    void this._provider.load();
    this._ctx.say('Settings saved. The banner shows the new configuration.');
  }

  // ---- render -----------------------------------------------------------

  private _draftPanel(): DraftPanel {
    return {
      editor: this._editor,
      checks: this._checks,
      chat: this._chat,
      host: this,
      agent: this.agent,
      ctx: this._ctx,
      openSave: () => this._save.open(),
      openRouting: () => void this._openRouting(),
      files: this._files,
    };
  }

  protected override render() {
    const where = this.agent ? html`for agent <code>${this.agent}</code>` : html`workspace level`;
    const ed = this._editor;
    const d = this._dialogs;
    const dialog = { close: () => d.close(), onClosed: (e: Event) => d.onClosed(e) };
    const skills = this._skills.skills;
    // A skill folder or package dropped anywhere on the builder is imported (files/); the browser must not open it.
    const drag = (e: DragEvent) => e.dataTransfer?.types.includes('Files') && (e.preventDefault(), filesView(this, 1)?.onDrag(this._files, e));
    return html`<div part="base" class="base" @dragenter=${drag} @dragover=${drag} @dragleave=${drag} @drop=${drag}>
      <header part="header" class="top">
        <div class="brand">
          <span class="logo" aria-hidden="true">✦</span>
          <div><h2>Skill Builder</h2><p class="muted small">${where}</p></div>
        </div>
        <div class="top-actions">
          <button class="small" @click=${() => this._openSkills()} aria-haspopup="dialog">
            Skills${skills && this.agent ? html` <span class="count">${skills.length}</span>` : nothing}
          </button>
          ${filesView(this, 1)?.renderImport(this._files)}
          <button class="small" @click=${() => this.newSkill()}>New skill</button>
        </div>
      </header>
      ${renderBanner(this._provider, () => this._openSettings())}
      ${
        ed.editing
          ? html`<div part="edit-banner" class="edit-banner" role="status">
            <span><span aria-hidden="true">✎</span> Editing <strong>${ed.editing}</strong>${ed.editAgent ? html` in <code>${ed.editAgent}</code>` : nothing}
              <span class="muted">— saving updates it after you review the changes.</span></span>
            <button class="small" @click=${() => this.newSkill()}>Start a new skill</button>
          </div>`
          : nothing
      }
      ${renderRestoreOffer(this._persist)}
      <div class="main">
        ${renderChat(this._chat, {
          unset: this._provider.unset,
          editing: ed.editing,
          starters: ed.editing ? EDIT_STARTERS : this.starters,
          openSettings: () => this._openSettings(),
          showDraft: () => ed.reveal(),
          host: this,
        })}
        ${renderDraft(this._draftPanel())}
      </div>
      <forge-skill-settings modal endpoint=${this.endpoint} .fetcher=${this.fetcher} theme=${this.theme ?? nothing}
        @forge-settings-saved=${this._onSettingsSaved}></forge-skill-settings>
      ${renderSaveDialog({ save: this._save, agent: this.agent, editor: ed, agents: this._skills, review: this._checks.review, host: this, ...dialog })}
      ${renderSkillsDialog({ host: this, list: this._skills, agent: this.agent, editing: ed.editing, editAgent: ed.editAgent, edit: (n, a) => void this.editSkill(n, a), ...dialog })}
      ${renderConfirmDialog(d)} ${this._routing?.()}
      <div class="sr-only" role="status" aria-live="polite">${this._announce}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'forge-skill-builder': ForgeSkillBuilder;
  }
}
