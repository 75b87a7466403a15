// The resolved-LLM banner of the builder: provider/model and where the config
// came from, with every problem spelled out as text (agent fallback, missing
// key with its variable name, untrusted base URL, not configured) and a
// Configure/Settings button that opens <forge-skill-settings> in a dialog.

import { html, nothing } from 'lit';
import type { ProviderInfo } from '../../types.js';
import { PROVIDER_LABELS } from '../../settings/settings-form.js';

const SOURCES: Record<string, [label: string, where: string]> = {
  workspace: ['Workspace settings', '.forge/ui.yaml'],
  user: ['User settings', '~/.forge/ui.yaml'],
  agent_fallback: ['Agent fallback', "the agent's forge.yaml"],
};

const issue = (kind: 'warn' | 'error', title: string, body: unknown) =>
  html`<li class="issue ${kind}"><span class="ico" aria-hidden="true">${kind === 'error' ? '✕' : '⚠'}</span><span><strong>${title}</strong> ${body}</span></li>`;

/** What the banner shows (the provider controller gives it), and how it acts. */
export interface BannerView {
  readonly provider: ProviderInfo | null;
  /** Why the configuration could not be loaded ('' when it could). */
  readonly error: string;
  load(): Promise<void>;
}

export function renderBanner(b: BannerView, openSettings: () => void) {
  const p = b.provider;
  const configure = (primary: boolean, label: string) =>
    html`<button class="small ${primary ? 'primary' : ''}" aria-haspopup="dialog" @click=${openSettings}>${label}</button>`;

  if (!p) {
    return html`<div part="banner" class="banner" role="region" aria-label="Skill-builder LLM">
      ${
        b.error
          ? html`<div class="banner-main"><span class="state error"><span aria-hidden="true">✕</span> Could not load the LLM configuration: ${b.error}</span>
            <span class="banner-actions"><button class="small" @click=${() => b.load()}>Try again</button>${configure(false, 'Settings')}</span></div>`
          : html`<div class="banner-main"><span class="state muted"><span class="spinner" aria-hidden="true"></span> Checking the skill-builder LLM…</span></div>`
      }
    </div>`;
  }

  if (p.source === 'unset' || !p.provider) {
    return html`<div part="banner" class="banner unset" role="region" aria-label="Skill-builder LLM">
      <div class="banner-main">
        <span class="state"><span class="dot off" aria-hidden="true"></span><span><strong>Workspace skill-builder LLM is not configured.</strong>
          <span class="muted">Choose a provider and model to start building skills.</span></span></span>
        <span class="banner-actions">${configure(true, 'Configure')}</span>
      </div>
    </div>`;
  }

  const [label, where] = SOURCES[p.source] ?? [p.source, ''];
  const issues = [];
  if (p.source === 'agent_fallback')
    issues.push(
      issue(
        'warn',
        'Deprecated fallback:',
        html`${p.warning || "the builder is borrowing this agent's model from forge.yaml."} Configure workspace settings to keep it working.`,
      ),
    );
  else if (p.warning) issues.push(issue('warn', 'Note:', p.warning));
  if (!p.hasKey && p.provider !== 'ollama')
    issues.push(
      issue(
        'error',
        `API key not configured (env: ${p.apiKeyEnv || 'unknown'}).`,
        html`Add it in Settings, or set <code>${p.apiKeyEnv}</code> before starting the server.`,
      ),
    );
  if (p.trusted === false && p.baseUrl)
    issues.push(
      issue(
        'warn',
        'Untrusted base URL:',
        html`<code>${p.baseUrl}</code> comes from the workspace's <code>ui.yaml</code> (it may have arrived with a cloned repository), so your key
          is not sent there. Open Settings and save to trust it on this machine, or remove it.`,
      ),
    );
  const ok = issues.length === 0;

  return html`<div part="banner" class="banner ${ok ? '' : 'has-issues'}" role="region" aria-label="Skill-builder LLM">
    <div class="banner-main">
      <span class="state">
        <span class="dot ${ok ? 'on' : 'warn'}" aria-hidden="true"></span>
        <span class="provider"><strong>${PROVIDER_LABELS[p.provider]?.replace(/ \(.*\)$/, '') ?? p.provider}</strong>
          <span aria-hidden="true">·</span> <code class="model">${p.model}</code></span>
        <span class="badge" title=${where ? `From ${where}` : ''}>${label}<span class="sr-only">${where ? ` (from ${where})` : ''}</span></span>
        ${p.baseUrl ? html`<span class="muted base-url">via <code>${p.baseUrl}</code></span>` : nothing}
      </span>
      <span class="banner-actions">${configure(false, p.source === 'workspace' ? 'Settings' : 'Configure')}</span>
    </div>
    ${issues.length ? html`<ul class="issues">${issues}</ul>` : nothing}
  </div>`;
}

/** "Restore the unsaved draft?" after a reload or a crash (controllers/persist-controller.ts keeps it). */
export function renderRestoreOffer(p: {
  readonly offer: { draft: { skillMd: string }; editing: string | null; at: number } | null;
  restore(): void;
  discard(): void;
}) {
  const k = p.offer;
  if (!k) return nothing;
  const what = k.editing ? html`your unsaved changes to <strong>${k.editing}</strong>` : html`an unsaved draft`;
  return html`<div class="notice warn restore" role="alert"><span class="ico" aria-hidden="true">↺</span>
    <span class="grow">This page was left with ${what} (${new Date(k.at).toLocaleString()}). Restore it?</span>
    <button class="small primary" @click=${() => p.restore()}>Restore the draft</button><button class="small" @click=${() => p.discard()}>Discard it</button></div>`;
}
