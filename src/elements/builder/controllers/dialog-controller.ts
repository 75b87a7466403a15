// Which dialog of <forge-skill-builder> is open, as a reactive controller:
// it opens and closes the <dialog data-name> elements to match (as modals,
// giving focus back when one closes), follows a dialog the browser closed
// (Esc), and runs the "discard unsaved work?" confirmation.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { closeModal, openModal, returnFocus } from '../../internal/dialog.js';

export type DialogName = 'save' | 'skills' | 'confirm' | 'routing';

export type DialogHost = ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };

export class DialogController implements ReactiveController {
  open: DialogName | null = null;
  /** The question of the confirm dialog. */
  confirmText = '';
  private pending: (() => void) | null = null;
  private cancelled: (() => void) | null = null;
  private synced?: DialogName | null;

  constructor(private readonly host: DialogHost) {
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.synced === this.open) return;
    this.synced = this.open;
    for (const d of this.host.renderRoot.querySelectorAll<HTMLDialogElement>('dialog[data-name]')) {
      if (d.dataset.name === this.open && !d.open) openModal(d);
      else if (d.dataset.name !== this.open && d.open) closeModal(d, this.focusFallback);
    }
  }

  show(name: DialogName | null): void {
    this.open = name;
    this.host.requestUpdate();
  }

  /** Closes the open dialog (closing the confirmation counts as "keep working"). */
  close(): void {
    if (this.open === 'confirm') return this.confirm(false);
    this.show(null);
  }

  /** Runs `action` after the operator confirms `question`, or `cancelled` when they keep working. */
  ask(question: string, action: () => void, cancelled?: () => void): void {
    this.confirmText = question;
    this.pending = action;
    this.cancelled = cancelled ?? null;
    this.show('confirm');
  }

  confirm(ok: boolean): void {
    const action = ok ? this.pending : this.cancelled;
    this.pending = this.cancelled = null;
    this.show(null);
    action?.();
  }

  /** A dialog closed by the browser (Esc): sync the state and give focus back. */
  onClosed(e: Event): void {
    const d = e.target as HTMLDialogElement;
    // A close event can arrive after the same dialog was reopened: ignore it then.
    if (!(d instanceof HTMLDialogElement) || !d.dataset.name || d.open) return;
    if (this.open === d.dataset.name) this.close();
    returnFocus(d, this.focusFallback);
  }

  /** Where focus goes when the control that opened a dialog is gone or disabled: the editor, else the composer. */
  private focusFallback = () => this.host.renderRoot.querySelector<HTMLElement>('#editor') ?? this.host.renderRoot.querySelector<HTMLElement>('#composer');
}
