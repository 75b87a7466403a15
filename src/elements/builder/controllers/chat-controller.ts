// The interview as a reactive controller of <forge-skill-builder>: the
// conversation entries, the composer text, the turn in flight (streamed over
// SSE: progress, message deltas, the partial draft while the model writes it,
// the final draft, done/error, Stop), Retry, and following the log's end while
// the reader is there. The draft a turn delivers goes to `onDraft`.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DraftPhase } from '../../../core/envelope/events.js';
import { mergeSkillDraft } from '../../../core/envelope/merge-draft.js';
import { copyDraft, isBlank, SKILL_MD } from '../draft.js';
import type { ChatMessage, Draft } from '../../types.js';
import type { BuilderContext } from './context.js';

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

/** The draft as far as the model has written it (read-only, never saved). */
export interface PartialDraftState {
  draft: Draft;
  /** The file shown: SKILL.md or a script name. */
  tab: string;
}

/** The state after a `skill_draft_partial` event (the file the reader picked stays picked while it exists). */
export function nextPartial(prev: PartialDraftState | null, draft: Draft): PartialDraftState {
  const tab = prev && (prev.tab === SKILL_MD || prev.tab in draft.scripts) ? prev.tab : SKILL_MD;
  return { draft: { skillMd: draft.skillMd, scripts: { ...draft.scripts } }, tab };
}

/** The draft a turn sends along and receives (the draft controller gives it). */
export interface ChatDraft {
  readonly draft: Draft | null;
  /** The skill being edited (edit mode), or null. */
  readonly editing: string | null;
  /** The operator shares the draft's reference files' content with the model (else it sees their names). */
  readonly shareFiles?: boolean;
  /** A complete draft arrived from the model. */
  apply(d: Draft): void;
}

/** The element: it renders the message list the controller keeps following. */
export type ChatHost = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };

/** The conversation as the model should see it: finished turns only, consecutive same-role turns joined. */
export function chatHistory(entries: readonly ChatEntry[]): ChatMessage[] {
  const out: ChatMessage[] = [];
  for (const e of entries) {
    if (e.status !== 'done' || !e.content) continue;
    const last = out[out.length - 1];
    if (last?.role === e.role) last.content += `\n\n${e.content}`;
    else out.push({ role: e.role, content: e.content });
  }
  return out;
}

export class ChatController implements ReactiveController {
  entries: ChatEntry[] = [];
  composer = '';
  busy = false;
  /** The clock the progress line reads (ticks every second while a reply streams). */
  now = Date.now();
  partial: PartialDraftState | null = null;
  /** The operator has talked since the last save or reset. */
  private talked = false;
  private nextId = 1;
  private abort: AbortController | null = null;
  private timer?: ReturnType<typeof setInterval>;
  private follow = true;
  private seen?: ChatEntry[];

  constructor(
    private readonly host: ChatHost,
    private readonly ctx: BuilderContext,
    private readonly editor: ChatDraft,
  ) {
    host.addController(this);
  }

  /** True when the conversation has turns that were not saved. */
  get dirty(): boolean {
    return this.talked && this.entries.length > 0;
  }

  private log(): Element | null | undefined {
    return this.host.renderRoot?.querySelector?.('.log');
  }

  hostUpdate(): void {
    // Follow a growing conversation, unless the user scrolled up to read.
    const log = this.log();
    this.follow = !log || log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  }

  hostUpdated(): void {
    if (this.entries === this.seen) return;
    const first = this.seen === undefined;
    this.seen = this.entries;
    const log = this.log();
    const last = this.entries[this.entries.length - 1];
    if (log && (this.follow || (last?.role === 'user' && !first))) log.scrollTop = log.scrollHeight;
  }

  hostDisconnected(): void {
    this.abort?.abort();
    clearInterval(this.timer);
  }

  private set(patch: Partial<Pick<ChatController, 'entries' | 'composer' | 'busy' | 'now' | 'partial'>>): void {
    Object.assign(this, patch);
    this.host.requestUpdate();
  }

  setComposer(text: string): void {
    this.set({ composer: text });
  }

  /** Shows another file of the partial draft. */
  showPartial(tab: string): void {
    if (this.partial) this.set({ partial: { ...this.partial, tab } });
  }

  send(text: string): void {
    const content = text.trim();
    if (!content || this.busy) return;
    this.set({ entries: [...this.entries, { id: this.nextId++, role: 'user', content, status: 'done' }], composer: '' });
    this.talked = true;
    void this.runTurn();
  }

  retry(id: number): void {
    if (this.busy) return;
    this.set({ entries: this.entries.filter((e) => e.id !== id) });
    void this.runTurn();
  }

  stop(): void {
    this.abort?.abort();
  }

  /** After a save: the conversation so far is part of the saved skill. */
  markSaved(): void {
    this.talked = false;
  }

  reset(): void {
    this.abort?.abort();
    this.talked = false;
    this.set({ entries: [], composer: '' });
  }

  private async runTurn(): Promise<void> {
    const entry: ChatEntry = { id: this.nextId++, role: 'assistant', content: '', status: 'pending', startedAt: Date.now(), chars: 0 };
    const messages = chatHistory(this.entries);
    const update = (patch: Partial<ChatEntry>) => {
      Object.assign(entry, patch);
      this.set({ entries: this.entries.map((e) => (e.id === entry.id ? { ...entry } : e)) });
    };
    const abort = (this.abort = new AbortController());
    this.set({ entries: [...this.entries, entry], busy: true, now: Date.now() });
    this.timer = setInterval(() => this.set({ now: Date.now() }), 1000);
    try {
      if (!(await this.stream(entry, messages, update, abort.signal))) throw new Error('The connection closed before the reply was complete.');
    } catch (e) {
      if (abort.signal.aborted) update({ status: 'stopped', error: 'Stopped before the reply was complete.' });
      else update({ status: 'error', error: this.ctx.error('chat', e) });
    } finally {
      clearInterval(this.timer);
      this.abort = null;
      this.set({ partial: null, busy: false });
    }
  }

  /** Reads the turn's events into `entry`; true when exactly one done/error ended it. */
  private async stream(entry: ChatEntry, messages: ChatMessage[], update: (patch: Partial<ChatEntry>) => void, signal: AbortSignal): Promise<boolean> {
    const { editing, draft, shareFiles } = this.editor;
    const sendsDraft = !!draft && !isBlank(draft);
    const events = this.ctx.api().chat(
      {
        messages,
        ...(editing ? { mode: 'edit' as const, editingName: editing } : {}),
        ...(sendsDraft ? { draft: copyDraft(draft) } : {}),
        ...(sendsDraft && shareFiles && Object.keys(draft.files ?? {}).length > 0 ? { shareFiles: 'all' as const } : {}),
      },
      { agent: this.ctx.targetAgent(), signal },
    );
    for await (const ev of events) {
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
          this.set({ partial: nextPartial(this.partial, ev) });
          break;
        case 'skill_draft': {
          this.set({ partial: null });
          // A folder draft keeps its other files; the ones the model created or changed this turn are merged in.
          this.editor.apply(mergeSkillDraft(this.editor.draft ?? undefined, ev));
          update({ draftFiles: 1 + Object.keys(ev.scripts).length });
          break;
        }
        case 'done':
          update({ status: 'done', truncated: ev.truncated, notice: ev.notice });
          this.ctx.say(entry.draftFiles ? 'The Skill Designer replied and updated the draft.' : 'The Skill Designer replied.');
          return true;
        case 'error':
          update({ status: 'error', error: ev.error });
          this.ctx.error('chat', new Error(ev.error));
          return true;
      }
    }
    return false;
  }
}
