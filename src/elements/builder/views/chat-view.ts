// The conversation panel: the message log (a polite live region; the reply
// being streamed is aria-busy so screen readers read it once, whole), the
// progress of a reply in flight (characters arrived, elapsed time, phase),
// errors with Retry, a cut-off reply's notice with Continue (a continuation
// turn), starter prompts on the empty state, and the composer
// (Enter sends, Shift+Enter adds a line, Stop while a reply streams).

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import type { DraftPhase } from '../../../core/builder/events.js';
import type { ForgeSkillBuilder } from '../forge-skill-builder.component.js';
import { markdown } from '../../internal/markdown/markdown.js';
import { CONTINUE_MESSAGE } from '../../../core/builder/continue-turn.js';

export interface ChatEntry {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  status: 'pending' | 'done' | 'error' | 'stopped';
  error?: string;
  startedAt?: number;
  chars?: number;
  phase?: DraftPhase;
  /** Files in the draft this reply delivered (SKILL.md + scripts). */
  draftFiles?: number;
  truncated?: boolean;
  /** Set when the reply was cut off at the output limit: shown with a Continue button. */
  notice?: string;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function renderChat(b: ForgeSkillBuilder, starters: string[]) {
  const unset = b._provider?.source === 'unset';
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      b._send((e.target as HTMLTextAreaElement).value);
    }
  };
  const empty = b._entries.length === 0;
  return html`<section part="chat" class="panel chat" aria-labelledby="chat-title">
    <h3 id="chat-title" class="panel-title">Conversation</h3>
    <div part="log" class="log ${empty ? 'is-empty' : ''}" role="log" aria-live="polite" aria-labelledby="chat-title" tabindex=${empty ? '-1' : '0'}>
      ${repeat(b._entries, (e) => e.id, (e) => renderEntry(b, e))}
    </div>
    ${empty ? renderEmpty(b, starters, unset) : nothing}
    <form part="composer" class="composer" @submit=${(e: Event) => (e.preventDefault(), b._send(b._composer))}>
      <label for="composer" class="sr-only">Message to the Skill Designer</label>
      <textarea
        id="composer"
        rows="2"
        .value=${live(b._composer)}
        placeholder=${unset ? 'Configure the skill-builder LLM to start' : b._editing ? `Describe what to change in ${b._editing}…` : 'Describe the skill you want…'}
        aria-describedby="composer-hint"
        ?disabled=${unset}
        @input=${(e: Event) => (b._composer = (e.target as HTMLTextAreaElement).value)}
        @keydown=${onKey}
      ></textarea>
      <div class="composer-bar">
        <span id="composer-hint" class="hint">Enter to send · Shift+Enter for a new line</span>
        ${b._busy
          ? html`<button type="button" class="stop" @click=${b._stop}><span class="stop-square" aria-hidden="true"></span>Stop</button>`
          : html`<button type="submit" class="primary" ?disabled=${unset || !b._composer.trim()}>Send</button>`}
      </div>
    </form>
  </section>`;
}

function renderEmpty(b: ForgeSkillBuilder, starters: string[], unset: boolean) {
  if (unset)
    return html`<div class="empty">
      <p class="empty-title">Connect an LLM to get started</p>
      <p class="muted">The Skill Builder uses one workspace-wide model. Pick a provider and model, and paste a key if it needs one.</p>
      <button class="primary" aria-haspopup="dialog" @click=${b._openSettings}>Configure the LLM</button>
    </div>`;
  return html`<div class="empty">
    <p class="empty-title">${b._editing ? `What should change in ${b._editing}?` : 'What should your agent be able to do?'}</p>
    <p class="muted">
      ${b._editing
        ? 'Describe the change. The Skill Designer returns the whole updated skill and keeps every tool name.'
        : 'Describe the task in your own words. The Skill Designer asks at most one question at a time and drafts SKILL.md and its scripts as soon as it knows enough.'}
    </p>
    <ul class="starters" aria-label="Suggestions">
      ${starters.map((s) => html`<li><button class="starter" ?disabled=${b._busy} @click=${() => b._send(s)}>${s}</button></li>`)}
    </ul>
  </div>`;
}

function renderEntry(b: ForgeSkillBuilder, e: ChatEntry) {
  if (e.role === 'user')
    return html`<article class="msg user" aria-label="You">
      <div class="who" aria-hidden="true">You</div>
      <div class="bubble"><p class="plain">${e.content}</p></div>
    </article>`;
  const pending = e.status === 'pending';
  return html`<article class="msg assistant ${e.status}" aria-label="Skill Designer" aria-busy=${pending ? 'true' : 'false'}>
    <div class="who" aria-hidden="true">Skill Designer</div>
    <div class="bubble">
      ${e.content ? markdown(e.content, !pending) : nothing}
      ${pending ? renderProgress(b, e) : nothing}
      ${e.draftFiles
        ? html`<p class="draft-note"><span aria-hidden="true">✎</span> Draft ${e.status === 'pending' ? 'received' : 'updated'}: SKILL.md${e.draftFiles > 1
              ? ` + ${e.draftFiles - 1} script${e.draftFiles > 2 ? 's' : ''}`
              : ''}.
            <button class="link" @click=${() => showDraft(b)}>Review the draft</button></p>`
        : nothing}
      ${e.notice
        ? html`<p class="notice warn small-notice"><span class="ico" aria-hidden="true">⚠</span><span>${e.notice}</span><button class="small" ?disabled=${b._busy} @click=${() => b._send(CONTINUE_MESSAGE)}>Continue</button></p>`
        : nothing}
      ${e.status === 'error' || e.status === 'stopped'
        ? html`<div class="notice ${e.status === 'error' ? 'error' : ''} small-notice" role=${e.status === 'error' ? 'alert' : 'status'}>
            <span class="ico" aria-hidden="true">${e.status === 'error' ? '!' : '■'}</span>
            <span class="grow">${e.status === 'error' ? html`<strong>No reply:</strong> ` : nothing}${e.error}</span>
            <button class="small" ?disabled=${b._busy} @click=${() => b._retry(e.id)}>Retry</button>
          </div>`
        : nothing}
    </div>
  </article>`;
}

/** Brings the draft panel into view (it is below the chat on narrow screens) and focuses its current tab. */
function showDraft(b: ForgeSkillBuilder): void {
  const tab = b.renderRoot.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  tab?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  tab?.focus();
}

function renderProgress(b: ForgeSkillBuilder, e: ChatEntry) {
  const secs = Math.max(0, Math.floor((b._now - (e.startedAt ?? b._now)) / 1000));
  const chars = e.chars ?? 0;
  const what = !chars ? 'Waiting for the model' : e.phase === 'skill' ? 'Drafting the skill' : 'Writing the reply';
  return html`<div class="progress">
    <span class="spinner" aria-hidden="true"></span>
    <span>${what}…</span>
    <span class="muted">${chars ? html`${fmt(chars)} characters · ` : nothing}${secs} s</span>
    <span class="bar" aria-hidden="true"><span></span></span>
  </div>`;
}
