// The conversation panel: the message log (a polite live region; the reply
// being streamed is aria-busy so screen readers read it once, whole), the
// progress of a reply in flight (characters arrived, elapsed time, phase),
// errors with Retry, a cut-off reply's notice with Continue (a continuation
// turn), starter prompts on the empty state, and the composer
// (Enter sends, Shift+Enter adds a line, Stop while a reply streams).
// The Markdown renderer is its own chunk, loaded when the first reply needs
// it: until it arrives the reply shows as plain text.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';
import { lazyView } from '../../internal/lazy-view.js';
import { CONTINUE_MESSAGE } from '../../../core/builder/continue-turn.js';
import type { ChatEntry } from '../controllers/chat-controller.js';

/** The conversation (the chat controller gives it). */
export interface ChatView {
  readonly entries: readonly ChatEntry[];
  readonly composer: string;
  readonly busy: boolean;
  /** The clock the progress line reads. */
  readonly now: number;
  send(text: string): void;
  retry(id: number): void;
  stop(): void;
  setComposer(text: string): void;
}

/** What the panel needs from around the conversation. */
export interface ChatPanel {
  /** No LLM is configured: the composer is off and the empty state offers Configure. */
  unset: boolean;
  /** The skill being edited, or null. */
  editing: string | null;
  starters: readonly string[];
  openSettings(): void;
  /** Scrolls the draft panel into view and focuses its current tab. */
  showDraft(): void;
  /** Re-renders when the Markdown chunk arrives. */
  host: { requestUpdate(): void };
}

const markdownView = lazyView(() => import('../../internal/markdown/markdown.js'));

/** A reply as Markdown, or as plain text while the renderer's chunk loads. */
function replyBody(p: ChatPanel, text: string, done: boolean) {
  const md = markdownView(p.host, true);
  return md ? md.markdown(text, done) : html`<div class="md"><p class="plain">${text}</p></div>`;
}

const fmt = (n: number) => n.toLocaleString('en-US');

export function renderChat(c: ChatView, p: ChatPanel) {
  const unset = p.unset;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      c.send((e.target as HTMLTextAreaElement).value);
    }
  };
  const empty = c.entries.length === 0;
  return html`<section part="chat" class="panel chat" aria-labelledby="chat-title">
    <h3 id="chat-title" class="panel-title">Conversation</h3>
    <div part="log" class="log ${empty ? 'is-empty' : ''}" role="log" aria-live="polite" aria-labelledby="chat-title" tabindex=${empty ? '-1' : '0'}>
      ${repeat(
        c.entries,
        (e) => e.id,
        (e) => renderEntry(c, p, e),
      )}
    </div>
    ${empty ? renderEmpty(c, p) : nothing}
    <form part="composer" class="composer" @submit=${(e: Event) => (e.preventDefault(), c.send(c.composer))}>
      <label for="composer" class="sr-only">Message to the Skill Designer</label>
      <textarea
        id="composer"
        rows="2"
        .value=${live(c.composer)}
        placeholder=${unset ? 'Configure the skill-builder LLM to start' : p.editing ? `Describe what to change in ${p.editing}…` : 'Describe the skill you want…'}
        aria-describedby="composer-hint"
        ?disabled=${unset}
        @input=${(e: Event) => c.setComposer((e.target as HTMLTextAreaElement).value)}
        @keydown=${onKey}
      ></textarea>
      <div class="composer-bar">
        <span id="composer-hint" class="hint">Enter to send · Shift+Enter for a new line</span>
        ${
          c.busy
            ? html`<button type="button" class="stop" @click=${() => c.stop()}><span class="stop-square" aria-hidden="true"></span>Stop</button>`
            : html`<button type="submit" class="primary" ?disabled=${unset || !c.composer.trim()}>Send</button>`
        }
      </div>
    </form>
  </section>`;
}

function renderEmpty(c: ChatView, p: ChatPanel) {
  if (p.unset)
    return html`<div class="empty">
      <p class="empty-title">Connect an LLM to get started</p>
      <p class="muted">The Skill Builder uses one workspace-wide model. Pick a provider and model, and paste a key if it needs one.</p>
      <button class="primary" aria-haspopup="dialog" @click=${() => p.openSettings()}>Configure the LLM</button>
    </div>`;
  return html`<div class="empty">
    <p class="empty-title">${p.editing ? `What should change in ${p.editing}?` : 'What should your agent be able to do?'}</p>
    <p class="muted">
      ${
        p.editing
          ? 'Describe the change. The Skill Designer returns the whole updated skill and keeps every tool name.'
          : 'Describe the task in your own words. The Skill Designer asks at most one question at a time and drafts SKILL.md and its scripts as soon as it knows enough.'
      }
    </p>
    <ul class="starters" aria-label="Suggestions">
      ${p.starters.map((s) => html`<li><button class="starter" ?disabled=${c.busy} @click=${() => c.send(s)}>${s}</button></li>`)}
    </ul>
  </div>`;
}

function renderEntry(c: ChatView, p: ChatPanel, e: ChatEntry) {
  if (e.role === 'user')
    return html`<article class="msg user" aria-label="You">
      <div class="who" aria-hidden="true">You</div>
      <div class="bubble"><p class="plain">${e.content}</p></div>
    </article>`;
  const pending = e.status === 'pending';
  return html`<article class="msg assistant ${e.status}" aria-label="Skill Designer" aria-busy=${pending ? 'true' : 'false'}>
    <div class="who" aria-hidden="true">Skill Designer</div>
    <div class="bubble">
      ${e.content ? replyBody(p, e.content, !pending) : nothing}
      ${pending ? renderProgress(c.now, e) : nothing}
      ${
        e.draftFiles
          ? html`<p class="draft-note"><span aria-hidden="true">✎</span> Draft ${e.status === 'pending' ? 'received' : 'updated'}: SKILL.md${
              e.draftFiles > 1 ? ` + ${e.draftFiles - 1} script${e.draftFiles > 2 ? 's' : ''}` : ''
            }.
            <button class="link" @click=${() => p.showDraft()}>Review the draft</button></p>`
          : nothing
      }
      ${
        e.notice
          ? html`<p class="notice warn small-notice"><span class="ico" aria-hidden="true">⚠</span><span>${e.notice}</span><button class="small" ?disabled=${c.busy} @click=${() => c.send(CONTINUE_MESSAGE)}>Continue</button></p>`
          : nothing
      }
      ${
        e.status === 'error' || e.status === 'stopped'
          ? html`<div class="notice ${e.status === 'error' ? 'error' : ''} small-notice" role=${e.status === 'error' ? 'alert' : 'status'}>
            <span class="ico" aria-hidden="true">${e.status === 'error' ? '!' : '■'}</span>
            <span class="grow">${e.status === 'error' ? html`<strong>No reply:</strong> ` : nothing}${e.error}</span>
            <button class="small" ?disabled=${c.busy} @click=${() => c.retry(e.id)}>Retry</button>
          </div>`
          : nothing
      }
    </div>
  </article>`;
}

function renderProgress(now: number, e: ChatEntry) {
  const secs = Math.max(0, Math.floor((now - (e.startedAt ?? now)) / 1000));
  const chars = e.chars ?? 0;
  const what = !chars ? 'Waiting for the model' : e.phase === 'skill' ? 'Drafting the skill' : 'Writing the reply';
  return html`<div class="progress">
    <span class="spinner" aria-hidden="true"></span>
    <span>${what}…</span>
    <span class="muted">${chars ? html`${fmt(chars)} characters · ` : nothing}${secs} s</span>
    <span class="bar" aria-hidden="true"><span></span></span>
  </div>`;
}
