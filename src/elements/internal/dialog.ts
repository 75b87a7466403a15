// Modal dialogs on the native <dialog> (showModal makes the page behind inert
// and gives Esc): these helpers add what it leaves to us — Tab and Shift+Tab
// cycle inside the dialog (a real focus trap, also through the browser chrome),
// the first field or [autofocus] gets focus on open, and focus returns to the
// control that opened the dialog, even inside another shadow root.

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]):not([type="hidden"]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

/** The focused element, looking through open shadow roots. */
export function deepActiveElement(): HTMLElement | null {
  let el = document.activeElement as HTMLElement | null;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement as HTMLElement;
  return el;
}

export function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((e) => e.getClientRects().length > 0 && !e.closest('[inert]'));
}

const opener = new WeakMap<HTMLDialogElement, HTMLElement | null>();

/** Opens `dialog` modally, remembering what had focus, and focuses its first control. */
export function openModal(dialog: HTMLDialogElement): void {
  if (dialog.open) return;
  opener.set(dialog, deepActiveElement());
  dialog.showModal();
  const first = dialog.querySelector<HTMLElement>('[autofocus]') ?? tabbables(dialog)[0];
  first?.focus();
}

/** Closes `dialog` and gives focus back to the control that opened it (or to `fallback` when that control is gone or disabled). */
export function closeModal(dialog: HTMLDialogElement, fallback?: () => HTMLElement | null | undefined): void {
  if (dialog.open) dialog.close();
  returnFocus(dialog, fallback);
}

/** For a dialog closed by the browser (Esc): give focus back. */
export function returnFocus(dialog: HTMLDialogElement, fallback?: () => HTMLElement | null | undefined): void {
  if (!opener.has(dialog)) return;
  const back = opener.get(dialog);
  opener.delete(dialog);
  if (back?.isConnected && !(back as HTMLButtonElement).disabled) back.focus();
  // The fallback (e.g. the editor) keeps its scroll position: focus alone must not jump to its caret.
  else {
    const el = fallback?.();
    const top = el?.scrollTop ?? 0;
    el?.focus({ preventScroll: true });
    if (el) el.scrollTop = top;
  }
}

/** keydown handler for a dialog: keeps Tab inside it. */
export function trapTab(e: KeyboardEvent): void {
  if (e.key !== 'Tab') return;
  const dialog = e.currentTarget as HTMLDialogElement;
  const items = tabbables(dialog);
  if (items.length === 0) return e.preventDefault();
  const root = dialog.getRootNode() as Document | ShadowRoot;
  const active = root.activeElement;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (e.shiftKey && (active === first || !dialog.contains(active))) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && (active === last || !dialog.contains(active))) {
    e.preventDefault();
    first.focus();
  }
}
