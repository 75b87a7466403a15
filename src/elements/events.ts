// The DOM events the elements fire, with their detail types. All bubble and
// are composed (they cross shadow roots), and fire only on a user action or an
// async result — never because the host set a property.

import { ApiError } from './api/client.js';
import type { Draft, ProviderInfo, SaveSkillResult } from './types.js';

/** `forge-settings-saved`: the resolved configuration after a save (provider, model, baseUrl, apiKeyEnv, hasKey, source, warning). Never carries the key. */
export type SettingsSavedDetail = Omit<ProviderInfo, 'trusted'>;

/** `forge-skill-draft`: a draft arrived from the model. */
export interface SkillDraftDetail extends Draft {
  /** Set when the builder is editing an existing skill. */
  editingName?: string;
}

/** `forge-skill-saved`: a skill was written to an agent's skills folder. */
export interface SkillSavedDetail extends SaveSkillResult {
  agent: string;
  name: string;
  /** True when an existing skill was updated (edit mode). */
  updated: boolean;
}

/** `forge-error`: a request failed; the element shows it too. */
export interface ForgeErrorDetail {
  /** What the element was doing: `settings`, `provider`, `chat`, `validate`, `save`, `skills`, `agents`, `import`, `export`. */
  action: string;
  message: string;
  /** HTTP status, 0 when the server could not be reached; absent for in-stream errors. */
  status?: number;
}

export interface ForgeEventMap {
  'forge-settings-saved': CustomEvent<SettingsSavedDetail>;
  'forge-skill-draft': CustomEvent<SkillDraftDetail>;
  'forge-skill-saved': CustomEvent<SkillSavedDetail>;
  'forge-error': CustomEvent<ForgeErrorDetail>;
}

export function fire<K extends keyof ForgeEventMap>(target: EventTarget, type: K, detail: ForgeEventMap[K]['detail']): void {
  target.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
}

/** Fires `forge-error` for a failed `action` (with the HTTP status of an ApiError) and returns the message to show. */
export function fireError(target: EventTarget, action: string, e: unknown): string {
  const message = (e as Error | null)?.message || String(e);
  fire(target, 'forge-error', { action, message, ...(ApiError.isInstance(e) ? { status: e.status } : {}) });
  return message;
}

// They bubble and are composed, so listeners on document and window get them too.
declare global {
  interface HTMLElementEventMap extends ForgeEventMap {}
  interface DocumentEventMap extends ForgeEventMap {}
  interface WindowEventMap extends ForgeEventMap {}
}
