// <forge-skill-builder>: the whole skill-building loop in one element — the
// resolved-LLM banner, the interview chat (streamed), the editable draft with
// live validation, saving into an agent (with env vars), and editing existing
// skills with a diff. This file holds the state and the actions; the views
// (banner-view, chat-view, draft-view, save-view, skills-view) render it.

import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import type { ValidationResult } from '../../core/diagnostics.js';
import { ApiError, createApiClient, type ApiClient } from '../api/client.js';
import { renderBanner } from './views/banner-view.js';
import { renderChat, type ChatEntry } from './views/chat-view.js';
import { closeModal, openModal, returnFocus } from '../internal/dialog.js';
import { copyDraft, frontmatterName, isBlank, sameDraft, SKILL_MD, SKILL_TEMPLATE } from './draft.js';
import { renderDraft, type ScriptNameEdit } from './views/draft-view.js';
import { nextPartial, type PartialDraftState } from './views/partial-draft-view.js';
import { fire, fireError } from '../events.js';
import { builderStyles } from './forge-skill-builder.styles.js';
import type { ForgeSkillSettings } from '../settings/forge-skill-settings.component.js';
import { onSettingsChanged } from '../internal/settings-sync.js';
import { riskBlocksSave, type DraftReview } from './review.js';
import { renderConfirmDialog, renderSaveDialog, type SaveState } from './views/save-view.js';
import { renderSkillsDialog } from './views/skills-view.js';
import { themeStyles } from '../internal/theme.styles.js';
import type { ToolRunState } from './views/tool-run-view.js';
import type { AgentInfo, ChatMessage, Draft, ProviderInfo, SkillSummary } from '../types.js';

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

type DialogName = 'save' | 'skills' | 'confirm' | 'routing';

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
 * @fires {CustomEvent<SkillDraftDetail>} forge-skill-draft - A draft arrived from the model and was loaded into the editor.
 * @fires {CustomEvent<SkillSavedDetail>} forge-skill-saved - A skill was saved (path, egress added, env vars configured/missing).
 * @fires {CustomEvent<SettingsSavedDetail>} forge-settings-saved - The LLM settings were saved from the Configure dialog (never the key).
 * @fires {CustomEvent<ForgeErrorDetail>} forge-error - A request failed (it is shown in the element too).
 *
 * @csspart base - The outer frame.
 * @csspart header - The title bar with the Skills and New skill buttons.
 * @csspart banner - The resolved-LLM banner.
 * @csspart edit-banner - The "Editing <name>" bar in edit mode.
 * @csspart chat - The conversation panel.
 * @csspart log - The message list.
 * @csspart composer - The message input and send/stop button.
 * @csspart draft - The draft panel.
 * @csspart tabs - The file tabs.
 * @csspart editor - The code editor of the current file.
 * @csspart editor-text - The editor's textarea itself (it inherits colour and caret from `editor`; style it for caret, selection or font).
 * @csspart validation - The validation results.
 * @csspart risk - The risk badge (score as `forge skills audit` computes it) in the Checks panel.
 * @csspart runs - "Run a tool": run a tool of the draft on the server with an example input.
 * @csspart run-result - The result of a tool run.
 * @csspart footer - The draft actions (copy, download, save).
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
 * @cssprop --forge-panel-height - Height of the chat and draft panels side by side (default 640px; from 360px up the editor and the Checks share it without overlapping).
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

  /** @internal */ @state() _provider: ProviderInfo | null = null;
  /** @internal */ @state() _providerError = '';
  /** @internal */ @state() _entries: ChatEntry[] = [];
  /** @internal */ @state() _composer = '';
  /** @internal */ @state() _busy = false;
  /** @internal */ @state() _now = Date.now();
  /** @internal */ @state() _draft: Draft | null = null;
  /** @internal The draft as far as the model has written it (read-only, never saved). */ @state() _partial: PartialDraftState | null = null;
  /** @internal */ @state() _tab = SKILL_MD;
  /** @internal */ @state() _nameEdit: ScriptNameEdit | null = null;
  /** @internal */ @state() _validation: ValidationResult | null = null;
  /** @internal */ @state() _validating = false;
  /** @internal */ @state() _validationError = '';
  /** @internal */ @state() _review: DraftReview | null = null;
  /** @internal */ @state() _riskOpen = false;
  /** @internal */ @state() _editing: string | null = null;
  /** @internal */ @state() _editAgent: string | null = null;
  /** @internal */ @state() _original: Draft | null = null;
  /** @internal */ @state() _skills: SkillSummary[] | null = null;
  /** @internal */ @state() _skillsAgent = '';
  /** @internal */ @state() _skillsError = '';
  /** @internal */ @state() _agents: AgentInfo[] | null = null;
  /** @internal */ @state() _agentsError = '';
  /** @internal */ @state() _dialog: DialogName | null = null;
  /** @internal */ @state() _save: SaveState | null = null;
  /** @internal */ @state() _confirmText = '';
  /** @internal */ @state() _copied = '';
  /** @internal */ @state() _confirmDelete: string | null = null;
  /** @internal */ @state() _announce = '';
  /** @internal */ @state() _toolRun: ToolRunState | null = null;
  /** @internal Renders the "Check routing" dialog once its module is loaded (routing-view.ts); opening it sets `_dialog`, which renders. */ _routing?: () => unknown;

  @query('forge-skill-settings') private _settingsEl?: ForgeSkillSettings;
  private _unsync?: () => void;

  private _client?: ApiClient;
  private _abort: AbortController | null = null;
  private _timer?: ReturnType<typeof setInterval>;
  private _validateTimer?: ReturnType<typeof setTimeout>;
  private _validateSeq = 0;
  private _validateAbort: AbortController | null = null;
  private _baseline: Draft | null = null;
  private _talked = false;
  private _nextId = 1;
  private _pendingConfirm: (() => void) | null = null;
  private _copyTimer?: ReturnType<typeof setTimeout>;
  private _follow = true;

  // ---- public API -------------------------------------------------------

  /** Reloads the LLM banner and the agent's skills. */
  async refresh(): Promise<void> {
    await Promise.all([this._loadProvider(), this.agent ? this._loadSkills(this.agent) : Promise.resolve()]);
  }

  /** The current draft (a copy), or null when there is none. */
  get draft(): Draft | null {
    return this._draft ? copyDraft(this._draft) : null;
  }

  /** True when the draft or the conversation has changes that were not saved. */
  get dirty(): boolean {
    return (this._talked && this._entries.length > 0) || !sameDraft(this._draft, this._baseline);
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
    this._unsync = onSettingsChanged(this, () => this.endpoint, () => void this._loadProvider());
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._unsync?.();
    this._abort?.abort();
    this._validateAbort?.abort();
    clearInterval(this._timer);
    clearTimeout(this._validateTimer);
    clearTimeout(this._copyTimer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Follow a growing conversation, unless the user scrolled up to read.
    const log = this.renderRoot?.querySelector?.('.log');
    this._follow = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 80;
    if (changed.has('endpoint') || changed.has('fetcher')) this._client = undefined;
    if (this.hasUpdated && (changed.has('agent') || changed.has('endpoint'))) {
      this._skills = null;
      void this.refresh();
    }
  }

  protected override updated(changed: PropertyValues): void {
    if (changed.has('_entries')) {
      const log = this.renderRoot.querySelector('.log');
      const last = this._entries[this._entries.length - 1];
      if (log && (this._follow || (last?.role === 'user' && changed.get('_entries') !== undefined))) log.scrollTop = log.scrollHeight;
    }
    if (changed.has('_nameEdit') && this._nameEdit && !changed.get('_nameEdit')) {
      const input = this.renderRoot.querySelector<HTMLInputElement>('#script-name');
      input?.focus();
      input?.select();
    }
    if (changed.has('_dialog')) {
      for (const d of this.renderRoot.querySelectorAll<HTMLDialogElement>('dialog[data-name]')) {
        if (d.dataset.name === this._dialog && !d.open) openModal(d);
        else if (d.dataset.name !== this._dialog && d.open) closeModal(d, this._focusFallback);
      }
    }
  }

  /** @internal */
  _api(): ApiClient {
    return (this._client ??= createApiClient({ endpoint: this.endpoint, ...(this.fetcher ? { fetch: this.fetcher } : {}) }));
  }

  /** The agent requests about the current skill go to (the attribute, or the agent of the skill being edited). */
  /** @internal */
  get _targetAgent(): string | undefined {
    return this.agent || this._editAgent || undefined;
  }

  /** @internal */
  _error(action: string, e: unknown): string {
    return fireError(this, action, e);
  }

  /** @internal */
  _say(text: string): void {
    // Re-announce identical messages by toggling a trailing space.
    this._announce = this._announce === text ? `${text} ` : text;
  }

  // ---- banner and settings ---------------------------------------------

  /** @internal */
  async _loadProvider(): Promise<void> {
    this._providerError = '';
    try {
      this._provider = await this._api().getProvider(this.agent);
    } catch (e) {
      this._provider = null;
      this._providerError = this._error('provider', e);
    }
  }

  /** @internal */
  _openSettings(): void {
    this._settingsEl?.show();
  }

  private _onSettingsSaved(): void {
    void this._loadProvider();
    this._say('Settings saved. The banner shows the new configuration.');
  }

  // ---- chat -------------------------------------------------------------

  /** @internal */
  _send(text: string): void {
    const content = text.trim();
    if (!content || this._busy) return;
    this._entries = [...this._entries, { id: this._nextId++, role: 'user', content, status: 'done' }];
    this._composer = '';
    this._talked = true;
    void this._runTurn();
  }

  /** @internal */
  _retry(id: number): void {
    if (this._busy) return;
    this._entries = this._entries.filter((e) => e.id !== id);
    void this._runTurn();
  }

  /** @internal */
  _stop(): void {
    this._abort?.abort();
  }

  /** The conversation as the model should see it: finished turns only, consecutive same-role turns joined. */
  private _history(): ChatMessage[] {
    const out: ChatMessage[] = [];
    for (const e of this._entries) {
      if (e.status !== 'done' || !e.content) continue;
      const last = out[out.length - 1];
      if (last?.role === e.role) last.content += `\n\n${e.content}`;
      else out.push({ role: e.role, content: e.content });
    }
    return out;
  }

  private async _runTurn(): Promise<void> {
    const entry: ChatEntry = { id: this._nextId++, role: 'assistant', content: '', status: 'pending', startedAt: Date.now(), chars: 0 };
    const messages = this._history();
    this._entries = [...this._entries, entry];
    const update = (patch: Partial<ChatEntry>) => {
      Object.assign(entry, patch);
      this._entries = this._entries.map((e) => (e.id === entry.id ? { ...entry } : e));
    };
    const abort = new AbortController();
    this._abort = abort;
    this._busy = true;
    this._now = Date.now();
    this._timer = setInterval(() => (this._now = Date.now()), 1000);
    let finished = false;
    try {
      const stream = this._api().chat(
        {
          messages,
          ...(this._editing ? { mode: 'edit' as const, editingName: this._editing } : {}),
          ...(this._draft && !isBlank(this._draft) ? { draft: copyDraft(this._draft) } : {}),
        },
        { agent: this._targetAgent, signal: abort.signal },
      );
      for await (const ev of stream) {
        switch (ev.type) {
          case 'progress':
            // Progress is throttled: never show fewer characters than have visibly arrived.
            update({ chars: Math.max(ev.chars, entry.chars ?? 0), phase: ev.phase });
            break;
          case 'message_delta': {
            const content = entry.content + ev.delta;
            update({ content, chars: Math.max(entry.chars ?? 0, content.length) });
            break;
          }
          case 'message':
            update({ content: ev.content });
            break;
          case 'skill_draft_partial':
            this._partial = nextPartial(this._partial, ev);
            break;
          case 'skill_draft':
            this._partial = null;
            this._applyDraft({ skillMd: ev.skillMd, scripts: ev.scripts });
            update({ draftFiles: 1 + Object.keys(ev.scripts).length });
            break;
          case 'done':
            finished = true;
            update({ status: 'done', truncated: ev.truncated, notice: ev.notice });
            this._say(entry.draftFiles ? 'The Skill Designer replied and updated the draft.' : 'The Skill Designer replied.');
            break;
          case 'error':
            finished = true;
            update({ status: 'error', error: ev.error });
            this._error('chat', new Error(ev.error));
            break;
        }
        if (finished) break; // exactly one done/error ends a turn
      }
      if (!finished) throw new Error('The connection closed before the reply was complete.');
    } catch (e) {
      if (abort.signal.aborted) update({ status: 'stopped', error: 'Stopped before the reply was complete.' });
      else update({ status: 'error', error: this._error('chat', e) });
    } finally {
      clearInterval(this._timer);
      this._partial = null;
      this._abort = null;
      this._busy = false;
    }
  }

  // ---- draft ------------------------------------------------------------

  private _applyDraft(d: Draft): void {
    this._draft = copyDraft(d);
    if (this._tab !== SKILL_MD && !(this._tab in d.scripts)) this._tab = SKILL_MD;
    this._nameEdit = null;
    fire(this, 'forge-skill-draft', { ...copyDraft(d), ...(this._editing ? { editingName: this._editing } : {}) });
    this._scheduleValidate(0);
  }

  /** @internal */
  _setDraft(d: Draft): void {
    this._draft = d;
    this._scheduleValidate();
  }

  /** @internal */
  _startBlank(): void {
    this._setDraft({ skillMd: SKILL_TEMPLATE, scripts: {} });
    this._tab = SKILL_MD;
  }

  /** @internal */
  _scheduleValidate(delay = 350): void {
    clearTimeout(this._validateTimer);
    this._validateTimer = setTimeout(() => void this._validate(), delay);
  }

  private async _validate(): Promise<void> {
    const d = this._draft;
    if (!d || isBlank(d)) {
      this._validation = null;
      return;
    }
    const seq = ++this._validateSeq;
    this._validateAbort?.abort();
    const abort = (this._validateAbort = new AbortController());
    this._validating = true;
    try {
      const result = await this._api().validate(
        { ...copyDraft(d), ...(this._editing ? { mode: 'edit' as const, editingName: this._editing } : {}) },
        this._targetAgent,
        abort.signal,
      );
      if (seq !== this._validateSeq) return;
      const { review, ...validation } = result;
      this._validation = validation;
      this._review = review;
      this._validationError = '';
    } catch (e) {
      if (seq !== this._validateSeq || abort.signal.aborted) return;
      this._validationError = this._error('validate', e);
    } finally {
      if (seq === this._validateSeq) this._validating = false;
    }
  }

  /** @internal */
  async _copy(): Promise<void> {
    const d = this._draft;
    if (!d) return;
    const text = this._tab === SKILL_MD ? d.skillMd : (d.scripts[this._tab] ?? '');
    let ok = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      ok = false;
    }
    this._copied = ok ? 'ok' : 'failed';
    this._say(ok ? `Copied ${this._tab} to the clipboard.` : 'Copy failed: select the text and press Ctrl+C.');
    clearTimeout(this._copyTimer);
    this._copyTimer = setTimeout(() => (this._copied = ''), 2000);
  }

  /** @internal */
  _download(): void {
    const d = this._draft;
    if (!d) return;
    const url = URL.createObjectURL(new Blob([d.skillMd], { type: 'text/markdown;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'SKILL.md';
    a.style.display = 'none';
    this.renderRoot.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    this._say('SKILL.md downloaded.');
  }

  // ---- save -------------------------------------------------------------

  /** @internal */
  get _skillName(): string {
    return this._draft ? frontmatterName(this._draft.skillMd) : '';
  }

  /** @internal */
  _openSave(): void {
    const d = this._draft;
    if (!d || isBlank(d) || this._validation?.valid === false || !this._skillName) return;
    const target = this._targetAgent;
    this._save = { phase: 'confirm', agent: target ?? '', error: '', envValues: {} };
    if (!target) void this._loadAgents();
    // A policy violation keeps the dialog open until the operator confirms it.
    if (target && !this._editing && !riskBlocksSave(this._review, this._save)) void this._doSave();
    this._dialog = 'save';
  }

  /** @internal */
  async _loadAgents(): Promise<void> {
    this._agentsError = '';
    try {
      const agents = await this._api().listAgents();
      this._agents = agents;
      if (this._save && !this._save.agent && agents[0]) this._save = { ...this._save, agent: agents[0].id };
      if (!this._skillsAgent && agents[0]) {
        this._skillsAgent = agents[0].id;
        if (this._dialog === 'skills') void this._loadSkills(agents[0].id);
      }
    } catch (e) {
      this._agentsError = this._error('agents', e);
    }
  }

  /** @internal */
  async _doSave(): Promise<void> {
    const s = this._save;
    const d = this._draft;
    if (!s || !d || !s.agent || riskBlocksSave(this._review, s)) return;
    const name = this._skillName;
    const editing = this._editing && this._editAgent === s.agent ? this._editing : null;
    this._save = { ...s, phase: 'saving', error: '' };
    try {
      const result = await this._api().save(s.agent, {
        skillName: name,
        ...copyDraft(d),
        ...(editing ? { overwrite: true, editingName: editing } : {}),
      });
      this._save = { ...s, phase: 'done', name, result, updated: !!editing, error: '' };
      this._afterSave(s.agent, name, d);
      fire(this, 'forge-skill-saved', { agent: s.agent, name, updated: !!editing, ...result });
      this._say(`Saved ${name} to ${result.path}.`);
    } catch (e) {
      const conflict = ApiError.isInstance(e) && e.status === 409;
      if (ApiError.isInstance(e) && e.validation) this._validation = e.validation;
      this._save = { ...s, phase: 'error', name, conflict, error: this._error('save', e), ...(ApiError.isInstance(e) && e.validation ? { validation: e.validation } : {}) };
    }
  }

  /** After a save, the saved skill is what is being edited: further saves update it (after a diff). */
  private _afterSave(agent: string, name: string, d: Draft): void {
    this._baseline = copyDraft(d);
    this._original = copyDraft(d);
    this._editing = name;
    this._editAgent = agent;
    this._talked = false;
    if (agent === this.agent || agent === this._skillsAgent) void this._loadSkills(agent);
  }

  /** Saves the values typed for missing env vars through the same save route (re-saving the same files). */
  /** @internal */
  async _saveEnv(): Promise<void> {
    const s = this._save;
    const d = this._original;
    if (!s?.result || !s.name || !d) return;
    const envVars = Object.fromEntries(Object.entries(s.envValues).filter(([, v]) => v.trim() !== ''));
    if (Object.keys(envVars).length === 0) {
      this._save = { ...s, envError: 'Enter a value for at least one variable.' };
      return;
    }
    this._save = { ...s, envSaving: true, envError: '' };
    try {
      const result = await this._api().save(s.agent, { skillName: s.name, ...copyDraft(d), envVars, overwrite: true, editingName: s.name });
      const configured = [...new Set([...s.result.envConfigured, ...result.envConfigured, ...Object.keys(envVars)])];
      // The server re-checks the agent's .env: a one_of group is gone once any member is set.
      const missing = result.envMissing;
      this._save = { ...s, envSaving: false, envValues: {}, envSaved: Object.keys(envVars), result: { ...s.result, envConfigured: configured, envMissing: missing } };
      fire(this, 'forge-skill-saved', { agent: s.agent, name: s.name, updated: true, ...result, envConfigured: configured, envMissing: missing });
      this._say(`Saved ${Object.keys(envVars).join(', ')}.`);
    } catch (e) {
      this._save = { ...s, envSaving: false, envError: this._error('save', e) };
    }
  }

  // ---- skills and edit mode ---------------------------------------------

  /** @internal */
  async _loadSkills(agent: string): Promise<void> {
    this._skillsError = '';
    this._skillsAgent = agent;
    try {
      const skills = await this._api().listSkills(agent);
      if (this._skillsAgent === agent) this._skills = skills;
    } catch (e) {
      this._skills = null;
      this._skillsError = this._error('skills', e);
    }
  }

  /** @internal */
  _openSkills(): void {
    this._dialog = 'skills';
    const agent = this.agent || this._skillsAgent;
    if (agent) void this._loadSkills(agent);
    if (!this.agent) void this._loadAgents();
  }

  private async _loadForEdit(name: string, agent: string | undefined): Promise<void> {
    if (!agent) return;
    try {
      const skill = await this._api().getSkill(agent, name);
      const d: Draft = { skillMd: skill.skillMd, scripts: skill.scripts };
      this._reset();
      this._editing = skill.name || name;
      this._editAgent = agent;
      this._original = copyDraft(d);
      this._baseline = copyDraft(d);
      this._draft = copyDraft(d);
      if (this._dialog === 'skills') this._dialog = null;
      this._scheduleValidate(0);
      this._say(`Editing ${this._editing}.`);
    } catch (e) {
      this._skillsError = this._error('skills', e);
    }
  }

  /** Runs `action` now, or after the user confirms discarding unsaved work. */
  private _guard(force: boolean, action: () => void, cancelled?: () => void): void {
    if (force || !this.dirty) return action();
    this._confirmText = this._editing
      ? `Your changes to ${this._editing} have not been saved. Discard them?`
      : 'Your draft and conversation have not been saved. Discard them?';
    this._pendingConfirm = action;
    this._cancelConfirm = cancelled ?? null;
    this._dialog = 'confirm';
  }

  private _cancelConfirm: (() => void) | null = null;

  /** @internal */
  _confirm(ok: boolean): void {
    const action = ok ? this._pendingConfirm : this._cancelConfirm;
    this._pendingConfirm = this._cancelConfirm = null;
    this._dialog = null;
    action?.();
  }

  private _reset(): void {
    this._abort?.abort();
    this._entries = [];
    this._composer = '';
    this._draft = null;
    this._baseline = null;
    this._original = null;
    this._editing = null;
    this._editAgent = null;
    this._validation = null;
    this._review = null;
    this._validationError = '';
    this._tab = SKILL_MD;
    this._nameEdit = null;
    this._talked = false;
    this._save = null;
    this._toolRun = null;
  }

  /** @internal Opens "Check routing", loading its module the first time. */
  async _openRouting(): Promise<void> {
    if (!this._routing) {
      const view = await import('./views/routing-view.js');
      const check = new view.RoutingCheck(this);
      this._routing = () => view.renderRoutingDialog(this, check);
    }
    this._dialog = 'routing';
  }

  /** @internal */
  _closeDialog(): void {
    if (this._dialog === 'confirm') return this._confirm(false);
    this._dialog = null;
  }

  /** A dialog closed by the browser (Esc): sync the state and give focus back. */
  /** @internal */
  _onDialogClosed(e: Event): void {
    const d = e.target as HTMLDialogElement;
    // A close event can arrive after the same dialog was reopened: ignore it then.
    if (!(d instanceof HTMLDialogElement) || !d.dataset.name || d.open) return;
    if (this._dialog === d.dataset.name) this._closeDialog();
    returnFocus(d, this._focusFallback);
  }

  /** Where focus goes when the control that opened a dialog is gone or disabled: the editor, else the composer. */
  private _focusFallback = () => this.renderRoot.querySelector<HTMLElement>('#editor') ?? this.renderRoot.querySelector<HTMLElement>('#composer');

  // ---- render -----------------------------------------------------------

  protected override render() {
    const where = this.agent ? html`for agent <code>${this.agent}</code>` : html`workspace level`;
    return html`<div part="base" class="base">
      <header part="header" class="top">
        <div class="brand">
          <span class="logo" aria-hidden="true">✦</span>
          <div><h2>Skill Builder</h2><p class="muted small">${where}</p></div>
        </div>
        <div class="top-actions">
          <button class="small" @click=${this._openSkills} aria-haspopup="dialog">
            Skills${this._skills && this.agent ? html` <span class="count">${this._skills.length}</span>` : nothing}
          </button>
          <button class="small" @click=${() => this.newSkill()}>New skill</button>
        </div>
      </header>
      ${renderBanner(this)}
      ${this._editing
        ? html`<div part="edit-banner" class="edit-banner" role="status">
            <span><span aria-hidden="true">✎</span> Editing <strong>${this._editing}</strong>${this._editAgent ? html` in <code>${this._editAgent}</code>` : nothing}
              <span class="muted">— saving updates it after you review the changes.</span></span>
            <button class="small" @click=${() => this.newSkill()}>Start a new skill</button>
          </div>`
        : nothing}
      <div class="main">
        ${renderChat(this, this._editing ? EDIT_STARTERS : this.starters)} ${renderDraft(this)}
      </div>
      <forge-skill-settings modal endpoint=${this.endpoint} .fetcher=${this.fetcher} theme=${this.theme ?? nothing}
        @forge-settings-saved=${this._onSettingsSaved}></forge-skill-settings>
      ${renderSaveDialog(this)} ${renderSkillsDialog(this)} ${renderConfirmDialog(this)} ${this._routing?.()}
      <div class="sr-only" role="status" aria-live="polite">${this._announce}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'forge-skill-builder': ForgeSkillBuilder;
  }
}
