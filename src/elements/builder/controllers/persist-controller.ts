// Nothing lost on a reload or a crash: while the draft has unsaved changes it
// is kept in the tab's sessionStorage under one key per endpoint and agent
// (written a moment after the last change; when the agent changes, the copy
// moves to the new agent's key, where a reload looks for it); when the element connects and
// finds one, it offers to restore it (a banner: restore or discard) instead of
// replacing anything by itself. Leaving the page with unsaved work asks first
// (beforeunload). A save, a discard or a clean draft removes the copy.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Draft } from '../../types.js';

/** What is kept: the draft and, in edit mode, the saved skill it changes. */
export interface KeptDraft {
  draft: Draft;
  editing: string | null;
  editAgent: string | null;
  original: Draft | null;
  /** When it was written (ms since the epoch). */
  at: number;
}

export interface PersistDeps {
  /** The storage key's scope: the endpoint and the agent (or the workspace level). */
  scope(): string;
  /** The unsaved draft to keep, or null when there is nothing unsaved. */
  unsaved(): Omit<KeptDraft, 'at'> | null;
  restore(kept: KeptDraft): void;
}

const PREFIX = 'forge-skill-builder:unsaved:';

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export class PersistController implements ReactiveController {
  /** A kept draft found when the element connected, offered for restoring. */
  offer: KeptDraft | null = null;
  private timer?: ReturnType<typeof setTimeout>;
  private key = '';
  private readonly onLeave = (e: BeforeUnloadEvent): void => {
    if (!this.deps.unsaved()) return;
    this.flush();
    e.preventDefault();
    // Older browsers ask only when returnValue is set.
    e.returnValue = '';
  };

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly deps: PersistDeps,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('beforeunload', this.onLeave);
    this.key = PREFIX + this.deps.scope();
    try {
      const raw = storage()?.getItem(this.key);
      const kept = raw ? (JSON.parse(raw) as KeptDraft) : null;
      this.offer = kept && typeof kept.draft?.skillMd === 'string' ? kept : null;
    } catch {
      this.offer = null;
    }
  }

  hostDisconnected(): void {
    window.removeEventListener('beforeunload', this.onLeave);
    this.flush();
  }

  hostUpdated(): void {
    // Another agent or endpoint: the draft (now theirs) moves to their key; a pending offer stays kept under the old one.
    const key = PREFIX + this.deps.scope();
    if (key !== this.key) {
      if (!this.offer) storage()?.removeItem(this.key);
      this.key = key;
      this.offer = null;
    }
    if (this.offer) return; // never overwrite a kept draft before the operator chose
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.flush(), 400);
  }

  /** Writes the unsaved draft now (or removes the copy when there is none). */
  flush(): void {
    clearTimeout(this.timer);
    const s = storage();
    if (!s || this.offer) return;
    const now = this.deps.unsaved();
    try {
      if (now) s.setItem(this.key, JSON.stringify({ ...now, at: Date.now() }));
      else s.removeItem(this.key);
    } catch {
      // Full or unavailable storage: the beforeunload prompt still guards the work.
    }
  }

  restore(): void {
    const kept = this.offer;
    this.offer = null;
    if (kept) this.deps.restore(kept);
    this.host.requestUpdate();
  }

  discard(): void {
    this.offer = null;
    storage()?.removeItem(this.key);
    this.host.requestUpdate();
  }
}
