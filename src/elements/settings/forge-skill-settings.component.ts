// <forge-skill-settings>: the workspace skill-builder LLM settings form
// (provider, model, base URL, API-key variable, API key). Inline by default;
// with `modal` it lives in a <dialog> opened by show(). It loads and saves
// through the API client and never holds on to, or emits, the key.

import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { property, query, state } from 'lit/decorators.js';
import { live } from 'lit/directives/live.js';
import { ApiError, createApiClient, type ApiClient } from '../api/client.js';
import { closeModal, openModal, returnFocus, trapTab } from '../internal/dialog.js';
import { fire, fireError, type SettingsSavedDetail } from '../events.js';
import { announceSettingsChanged, onSettingsChanged } from '../internal/settings-sync.js';
import { settingsStyles } from './forge-skill-settings.styles.js';
import {
  BASE_URL_EXAMPLES,
  checkSettingsForm,
  defaultKeyEnv,
  effectiveKeyEnv,
  formFieldOf,
  MODEL_EXAMPLES,
  movedOrigin,
  needsKey,
  PROVIDER_LABELS,
  providerChoices,
  type SettingsField,
  type SettingsForm,
} from './settings-form.js';
import { themeStyles } from '../internal/theme.styles.js';
import { renderSourceNote } from './source-note-view.js';
import type { SettingsInfo } from '../types.js';

const LOCK = html`<svg width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" stroke-width="1.6">
  <rect x="3" y="7" width="10" height="7" rx="1.5" /><path d="M5.5 7V5a2.5 2.5 0 0 1 5 0v2" /></svg>`;

const SOURCE_TEXT: Record<string, string> = {
  workspace: 'Workspace settings',
  user: 'User settings',
  agent_fallback: 'Agent fallback',
  unset: 'Not configured',
};

/** Attributes of one text field of the form. */
type InputOptions = Partial<{ placeholder: string; type: string; autocomplete: string; required: boolean }>;

/**
 * The settings form for the workspace-level skill-builder LLM: provider, model,
 * optional base URL, the environment variable that holds the API key, and the key
 * itself (written to `.forge/.env`, never to `ui.yaml`, never sent back).
 *
 * Use it inline, or add `modal` and call `show()` to open it in an accessible dialog
 * (focus trap, Esc, labelled close button, focus returned to the opener).
 *
 * @tagname forge-skill-settings
 * @summary Workspace skill-builder LLM settings form.
 *
 * @fires {CustomEvent<SettingsSavedDetail>} forge-settings-saved - After a successful save, with the resolved configuration (never the key).
 * @fires {CustomEvent<ForgeErrorDetail>} forge-error - When loading or saving fails (also shown in the form).
 *
 * @csspart base - The card around the form.
 * @csspart header - The title area.
 * @csspart form - The form.
 * @csspart footer - The row with the save button.
 * @csspart dialog - The <dialog> (only with `modal`).
 *
 * @cssprop --forge-color-bg - Background.
 * @cssprop --forge-color-surface - Raised surfaces (notices, badges).
 * @cssprop --forge-color-surface-2 - Hover and secondary surfaces.
 * @cssprop --forge-color-border - Borders.
 * @cssprop --forge-color-text - Text.
 * @cssprop --forge-color-muted - Secondary text.
 * @cssprop --forge-color-accent - Primary buttons, focus, links.
 * @cssprop --forge-color-accent-contrast - Text on the accent colour.
 * @cssprop --forge-color-danger - Errors.
 * @cssprop --forge-color-danger-soft - Error notice background.
 * @cssprop --forge-color-warning - Warnings.
 * @cssprop --forge-color-warning-soft - Warning notice background.
 * @cssprop --forge-color-success - Success states.
 * @cssprop --forge-color-focus - Focus ring.
 * @cssprop --forge-radius - Corner radius of cards and dialogs.
 * @cssprop --forge-radius-sm - Corner radius of buttons, fields and notices.
 * @cssprop --forge-space - Spacing unit (default 4px): the paddings, gaps and margins are multiples of it, so `8px` doubles them.
 * @cssprop --forge-font-family - Text font.
 * @cssprop --forge-font-mono - Monospace font.
 * @cssprop --forge-font-size - Base font size.
 * @cssprop --forge-shadow - Shadow of the inline card.
 */
export class ForgeSkillSettings extends LitElement {
  static override styles = [themeStyles, settingsStyles];

  /** Base path or URL of the skill-builder API. */
  @property() endpoint = '/api';

  /** Render inside a modal dialog opened with `show()`. */
  @property({ type: Boolean, reflect: true }) modal = false;

  /** Whether the dialog is open (with `modal`). */
  @property({ type: Boolean, reflect: true }) open = false;

  /** `light` or `dark` to pin the colour scheme; unset follows the OS. */
  @property({ reflect: true }) theme?: 'light' | 'dark';

  /** A fetch to use instead of the global one (e.g. to add auth headers). */
  @property({ attribute: false }) fetcher?: typeof fetch;

  @state() private _info: SettingsInfo | null = null;
  @state() private _loadError = '';
  @state() private _form: SettingsForm = { provider: 'openai', model: '', baseUrl: '', apiKeyEnv: '', apiKey: '' };
  @state() private _errors: Partial<Record<SettingsField, string>> = {};
  @state() private _formError = '';
  @state() private _saving = false;
  @state() private _showKey = false;
  @state() private _saved = false;

  @query('dialog') private _dialog?: HTMLDialogElement;

  private _client?: ApiClient;
  private _loadSeq = 0;
  private _unsync?: () => void;
  /** The form as last loaded or saved (JSON), to tell edits apart. */
  private _loaded = '';

  /** Opens the dialog (with `modal`) and reloads the settings. */
  show(): void {
    this.open = true;
  }

  /** Closes the dialog (with `modal`). */
  close(): void {
    this.open = false;
  }

  /** Reloads the settings from the server, discarding unsaved edits. */
  async reload(): Promise<void> {
    const seq = ++this._loadSeq;
    this._loadError = '';
    this._info = null;
    try {
      const info = await this._api().getSettings();
      if (seq !== this._loadSeq) return;
      this._info = info;
      this._resetForm(info);
    } catch (e) {
      if (seq !== this._loadSeq) return;
      this._loadError = fireError(this, 'settings', e);
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.modal || this.open) void this.reload();
    // Another element saved: show the new values, unless this form has edits of its own (or is a closed dialog, which reloads when opened).
    this._unsync = onSettingsChanged(this, () => this.endpoint, () => {
      if ((this.modal && !this.open) || this._saving || !this._pristine()) return;
      void this.reload();
    });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this._unsync?.();
  }

  /** True when the form still shows what was loaded (no unsaved edits). */
  private _pristine(): boolean {
    return this._loaded === JSON.stringify(this._form);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('endpoint') || changed.has('fetcher')) this._client = undefined;
    if (changed.has('open') && this.open && this.modal && changed.get('open') === false) {
      this._saved = false;
      void this.reload();
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    const d = this._dialog;
    if (!d || !changed.has('open')) return;
    if (this.open && !d.open) openModal(d);
    else if (!this.open && d.open) closeModal(d);
  }

  private _api(): ApiClient {
    return (this._client ??= createApiClient({ endpoint: this.endpoint, ...(this.fetcher ? { fetch: this.fetcher } : {}) }));
  }

  private _resetForm(info: SettingsInfo): void {
    const provider = info.provider || info.providers[0] || 'openai';
    this._form = {
      provider,
      model: info.model,
      baseUrl: info.baseUrl,
      // The provider's default is shown as the placeholder, so switching provider moves with it.
      apiKeyEnv: info.apiKeyEnv === defaultKeyEnv(provider) ? '' : info.apiKeyEnv,
      apiKey: '',
    };
    this._loaded = JSON.stringify(this._form);
    this._errors = {};
    this._formError = '';
    this._showKey = false;
  }

  /** Whether the saved key applies to what the form would save (same provider and variable). */
  private get _keySaved(): boolean {
    const i = this._info;
    if (!i?.hasKey) return false;
    return i.provider === this._form.provider && effectiveKeyEnv(this._form) === (i.apiKeyEnv || defaultKeyEnv(i.provider));
  }

  private _set(field: SettingsField, value: string): void {
    const next = { ...this._form, [field]: value };
    if (field === 'provider') {
      const old = this._form.provider;
      // A default variable name belongs to its provider: never carry it over.
      if (next.apiKeyEnv === defaultKeyEnv(old)) next.apiKeyEnv = '';
      if (next.model === this._info?.model || next.model === MODEL_EXAMPLES[old]) next.model = '';
    }
    this._form = next;
    this._saved = false;
    if (this._errors[field]) this._errors = { ...this._errors, [field]: undefined };
  }

  private async _onSubmit(e: Event): Promise<void> {
    e.preventDefault();
    if (this._saving) return;
    this._formError = '';
    const errors = checkSettingsForm(this._form, this._info?.providers, this._keySaved ? (this._info?.baseUrl ?? '') : null);
    this._errors = errors;
    const firstBad = (['provider', 'model', 'baseUrl', 'apiKeyEnv', 'apiKey'] as const).find((f) => errors[f]);
    if (firstBad) {
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>(`#${firstBad}`)?.focus();
      return;
    }
    const f = this._form;
    this._saving = true;
    try {
      const info = await this._api().saveSettings({
        provider: f.provider,
        model: f.model.trim(),
        baseUrl: f.baseUrl.trim(),
        apiKeyEnv: f.apiKeyEnv.trim(),
        ...(needsKey(f.provider) && f.apiKey ? { apiKey: f.apiKey } : {}),
      });
      this._info = info;
      this._resetForm(info);
      this._saved = true;
      const { provider, model, baseUrl, apiKeyEnv, hasKey, source, warning } = info;
      const detail: SettingsSavedDetail = { provider, model, baseUrl, apiKeyEnv, hasKey, source, warning };
      fire(this, 'forge-settings-saved', detail);
      announceSettingsChanged(this, this.endpoint);
      if (this.modal) this.open = false;
    } catch (err) {
      const message = fireError(this, 'settings', err);
      const field = ApiError.isInstance(err) ? formFieldOf(err.field) : null;
      if (field) this._errors = { ...this._errors, [field]: message };
      else this._formError = message;
    } finally {
      this._saving = false;
    }
  }

  private _onDialogClose(): void {
    if (this._dialog?.open) return; // a late close event after a reopen
    this.open = false;
    if (this._dialog) returnFocus(this._dialog);
  }

  protected override render() {
    const body = this._renderBody();
    if (!this.modal) return html`<section part="base" class="card" aria-labelledby="title">${body}</section>`;
    return html`<dialog part="dialog" aria-modal="true" aria-labelledby="title" @keydown=${trapTab} @close=${this._onDialogClose}>
      <section part="base" class="card">${body}</section>
    </dialog>`;
  }

  private _renderBody() {
    const i = this._info;
    return html`
      <header part="header">
        <div>
          <h2 id="title">Skill Builder LLM ${i ? html`<span class="badge">${SOURCE_TEXT[i.source] ?? i.source}</span>` : nothing}</h2>
          <p class="muted">One model for building skills with every agent in this workspace.</p>
        </div>
        ${this.modal ? html`<button class="ghost icon" aria-label="Close settings" title="Close" @click=${() => this.close()}>✕</button>` : nothing}
      </header>
      ${this._loadError
        ? html`<div class="content"><div class="notice error" role="alert"><span class="ico" aria-hidden="true">!</span>
            <div><strong>Could not load the settings.</strong> ${this._loadError}
              <div><button class="small" @click=${() => this.reload()}>Try again</button></div></div></div></div>`
        : i
          ? this._renderForm(i)
          : html`<div class="loading" role="status"><span class="spinner"></span>Loading settings…</div>`}
    `;
  }

  private _renderForm(i: SettingsInfo) {
    const f = this._form;
    const providers = providerChoices(i.providers);
    const keyEnv = effectiveKeyEnv(f);
    const keyed = needsKey(f.provider);
    const err = (field: SettingsField) =>
      this._errors[field] ? html`<p class="field-error" id="${field}-error">${this._errors[field]}</p>` : nothing;
    const described = (field: SettingsField, hint = true) =>
      [hint ? `${field}-hint` : '', this._errors[field] ? `${field}-error` : ''].filter(Boolean).join(' ') || nothing;
    const input = (field: SettingsField, extra: InputOptions) => html`<input
      id=${field}
      type=${extra.type ?? 'text'}
      .value=${live(f[field])}
      placeholder=${extra.placeholder ?? ''}
      autocomplete=${extra.autocomplete ?? 'off'}
      spellcheck="false"
      ?required=${extra.required ?? false}
      aria-invalid=${this._errors[field] ? 'true' : 'false'}
      aria-describedby=${described(field)}
      @input=${(e: Event) => this._set(field, (e.target as HTMLInputElement).value)}
    />`;
    return html`<div class="content">
      ${renderSourceNote(i)}
      <form part="form" novalidate @submit=${this._onSubmit} aria-labelledby="title">
        <div class="grid">
          <div class="field">
            <label for="provider">Provider</label>
            <select id="provider" .value=${live(f.provider)} aria-invalid=${this._errors.provider ? 'true' : 'false'} aria-describedby=${described('provider')}
              @change=${(e: Event) => this._set('provider', (e.target as HTMLSelectElement).value)}>
              ${providers.map((p) => html`<option value=${p} ?selected=${p === f.provider}>${PROVIDER_LABELS[p] ?? p}</option>`)}
            </select>
            <p class="hint" id="provider-hint">${f.provider === 'ollama' ? 'Runs locally or on your own host; no key needed.' : 'Any model this provider serves.'}</p>
            ${err('provider')}
          </div>
          <div class="field">
            <label for="model">Model</label>
            ${input('model', { placeholder: `e.g. ${MODEL_EXAMPLES[f.provider] ?? ''}`, required: true })}
            <p class="hint" id="model-hint">Used exactly as written, never swapped for another.</p>
            ${err('model')}
          </div>
          <div class="field full">
            <label for="baseUrl">Base URL <span class="opt">(optional)</span></label>
            ${input('baseUrl', { type: 'url', placeholder: BASE_URL_EXAMPLES[f.provider] ?? 'https://…' })}
            <p class="hint" id="baseUrl-hint">Leave empty for the provider's own endpoint. Set it for OpenAI-compatible servers, gateways or a remote Ollama.</p>
            ${err('baseUrl')}
          </div>
          ${keyed ? this._renderKeyFields(input, err) : nothing}
        </div>
        ${keyed
          ? html`<p class="note">${LOCK}<span>The key is written to <strong><code>.forge/.env</code></strong>
              (file mode 0600, kept out of git by <code>.forge/.gitignore</code>) under <code>${keyEnv}</code>. It never goes into
              <code>ui.yaml</code> and the server never sends it back.</span></p>`
          : nothing}
        ${this._formError ? html`<div class="notice error" role="alert"><span class="ico" aria-hidden="true">!</span><div>${this._formError}</div></div>` : nothing}
        <div class="actions" part="footer">
          <span class="status" role="status">${this._saved ? '✓ Settings saved' : ''}</span>
          ${this.modal ? html`<button type="button" @click=${() => this.close()}>Cancel</button>` : nothing}
          <button type="submit" class="primary" ?disabled=${this._saving} aria-disabled=${this._saving ? 'true' : 'false'}>
            ${this._saving ? html`<span class="spinner" aria-hidden="true"></span>Saving…` : 'Save settings'}
          </button>
        </div>
      </form>
    </div>`;
  }

  /** The API-key variable and the key itself (providers that take a key). */
  private _renderKeyFields(input: (field: SettingsField, extra: InputOptions) => unknown, err: (field: SettingsField) => unknown) {
    const f = this._form;
    const keyEnv = effectiveKeyEnv(f);
    const saved = this._keySaved;
    return html`<div class="field">
      <label for="apiKeyEnv">API key variable <span class="opt">(optional)</span></label>
      ${input('apiKeyEnv', { placeholder: defaultKeyEnv(f.provider) ?? '' })}
      <p class="hint" id="apiKeyEnv-hint">The environment variable that holds the key. Default: <code>${defaultKeyEnv(f.provider)}</code>.</p>
      ${err('apiKeyEnv')}
    </div>
    <div class="field">
      <label for="apiKey">API key</label>
      <div class="key-row">
        ${input('apiKey', { type: this._showKey ? 'text' : 'password', placeholder: saved ? '•••••••• (saved)' : 'Paste your API key', autocomplete: 'new-password' })}
        <button type="button" class="small" aria-pressed=${this._showKey ? 'true' : 'false'} aria-controls="apiKey"
          @click=${() => (this._showKey = !this._showKey)}>${this._showKey ? 'Hide' : 'Show'}<span class="sr-only"> API key</span></button>
      </div>
      <p class="hint" id="apiKey-hint">
        ${saved && movedOrigin(this._info?.baseUrl ?? '', f.baseUrl)
          ? html`<span class="key-state">The base URL moved to another server: paste the key again for it.</span>`
          : saved
          ? html`<span class="key-state saved">✓ A key is saved under <code>${keyEnv}</code>.</span> Leave empty to keep it; paste a new one to replace it.`
          : html`<span class="key-state">No key saved under <code>${keyEnv || '…'}</code> yet.</span>`}
      </p>
      ${err('apiKey')}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'forge-skill-settings': ForgeSkillSettings;
  }
}
