// When a turn sends `skill_draft_partial`: at most once per interval (100 ms by
// default, so ~10 a second), never more often than twenty times the cost of the
// last read (reading re-parses the reply so far, which grows), and only when
// the draft changed since the last one sent. Secrets are redacted, and the end
// of each file is held back while it could be the start of one (the next
// partial, or the final draft, shows it).

import type { EnvelopeStream } from '../envelope/stream.js';
import type { BuilderEvent } from '../envelope/events.js';
import { createStreamRedactor } from '../safe-text/redact-stream.js';

export const DEFAULT_PARTIAL_DRAFT_INTERVAL_MS = 100;
/** A read may take at most 1/COST_FACTOR of the time between reads (5%). */
const COST_FACTOR = 20;

export class PartialDraftEvents {
  private nextAt = -Infinity;
  private lastMd = '';
  private lastScripts = '';

  constructor(
    private readonly now: () => number,
    private readonly intervalMs: number,
    private readonly secrets: readonly string[] = [],
  ) {}

  /** `text` with secrets redacted and a possible start of one held back. */
  private safe(text: string): string {
    return this.secrets.length === 0 ? text : createStreamRedactor(this.secrets).push(text);
  }

  /** The event to send after the latest chunk, or null (too soon, no draft yet, or unchanged). */
  after(stream: EnvelopeStream): BuilderEvent | null {
    if (stream.phase !== 'skill') return null;
    const start = this.now();
    if (start < this.nextAt) return null;
    const draft = stream.partialDraft();
    const end = this.now();
    this.nextAt = end + Math.max(this.intervalMs, (end - start) * COST_FACTOR);
    if (!draft) return null;
    const skillMd = this.safe(draft.skillMd);
    const scripts = this.safeMap(draft.scripts);
    const files = draft.files ? this.safeMap(draft.files) : undefined;
    const scriptsKey = JSON.stringify([scripts, files ?? null]);
    if (skillMd === this.lastMd && scriptsKey === this.lastScripts) return null;
    this.lastMd = skillMd;
    this.lastScripts = scriptsKey;
    return files ? { type: 'skill_draft_partial', skillMd, scripts, files } : { type: 'skill_draft_partial', skillMd, scripts };
  }

  private safeMap(map: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, content] of Object.entries(map)) out[this.safe(name)] = this.safe(content);
    return out;
  }
}
