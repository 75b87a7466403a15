// What every controller of <forge-skill-builder> gets from the element besides
// its ReactiveControllerHost: the API client, the polite live region and error
// reporting. Each controller names the rest of what it needs in its own small
// dependency interface, so none of them (and no view) knows the element class.

import type { ApiClient } from '../../api/client.js';

export interface BuilderContext {
  /** The client for the element's current `endpoint` and `fetcher`. */
  api(): ApiClient;
  /** Announces `text` in the element's polite live region. */
  say(text: string): void;
  /** Fires `forge-error` for `action` and returns the message to show. */
  error(action: string, e: unknown): string;
  /** The agent requests about the current skill go to: the element's `agent`, else the agent of the skill being edited. */
  targetAgent(): string | undefined;
}
