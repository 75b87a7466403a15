// Elements of one page that talk to the same API stay in step: when
// any <forge-skill-settings> saves the skill-builder settings, every other
// element with the same endpoint reloads what it shows — a builder its banner
// (and with it the composer), another settings form its values — without host
// code. The news travels as a window event, so it also reaches elements from
// another copy of this package on the page (the standalone bundle next to an
// npm import). Endpoints are compared as absolute URLs.

import { trimEndOf } from '../../core/trim-run.js';

const EVENT = 'forge-skill-builder:settings-changed';

interface ChangeDetail {
  endpoint: string;
  source: EventTarget;
}

function absolute(endpoint: string): string {
  try {
    return trimEndOf(new URL(endpoint || '/api', document.baseURI).href, '/');
  } catch {
    return endpoint;
  }
}

/** Tells the page that `source` saved the settings behind `endpoint`. */
export function announceSettingsChanged(source: EventTarget, endpoint: string): void {
  const detail: ChangeDetail = { endpoint: absolute(endpoint), source };
  window.dispatchEvent(new CustomEvent(EVENT, { detail }));
}

/**
 * Calls `reload` when another element saves the settings of `endpoint()` — not
 * `self`, nor an element inside `self`'s shadow root (the builder's own
 * settings dialog, which it already listens to). Returns the unsubscribe.
 */
export function onSettingsChanged(self: Element, endpoint: () => string, reload: () => void): () => void {
  const listener = (e: Event) => {
    const d = (e as CustomEvent<ChangeDetail>).detail;
    if (!d || d.source === self || (d.source instanceof Node && self.shadowRoot?.contains(d.source))) return;
    if (d.endpoint === absolute(endpoint())) reload();
  };
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}
