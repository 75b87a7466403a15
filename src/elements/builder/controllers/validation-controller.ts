// The live checks of the draft as a reactive controller of
// <forge-skill-builder>: each change is validated on the server after a short
// pause (an older request is aborted and its late answer ignored), giving the
// validation result and the review (script syntax, risk under the agent's
// policy). Also whether the risk details are open in the Checks panel.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { ValidationResult } from '../../../core/diagnostics.js';
import { copyDraft, isBlank } from '../draft.js';
import type { DraftReview } from '../../api/review.js';
import type { Draft } from '../../types.js';
import type { BuilderContext } from './context.js';

/** What is checked: the draft, and in edit mode the skill it replaces (the draft controller gives them). */
export interface CheckedDraft {
  readonly draft: Draft | null;
  readonly editing: string | null;
}

export class ValidationController implements ReactiveController {
  result: ValidationResult | null = null;
  /** A check is running (the previous result, if any, is still shown). */
  checking = false;
  /** Why the draft could not be checked ('' when it could). */
  error = '';
  review: DraftReview | null = null;
  riskOpen = false;
  private timer?: ReturnType<typeof setTimeout>;
  private seq = 0;
  private abort: AbortController | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: BuilderContext,
    private readonly editor: CheckedDraft,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.abort?.abort();
    clearTimeout(this.timer);
  }

  /** Checks the draft after `delay` ms, replacing any check scheduled before. */
  schedule(delay = 350): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.run(), delay);
  }

  /** A result that arrived another way (the save route's answer). */
  setResult(result: ValidationResult): void {
    this.result = result;
    this.host.requestUpdate();
  }

  toggleRisk(open: boolean): void {
    this.riskOpen = open;
    this.host.requestUpdate();
  }

  reset(): void {
    this.result = null;
    this.review = null;
    this.error = '';
    this.host.requestUpdate();
  }

  private async run(): Promise<void> {
    const { draft, editing } = this.editor;
    if (!draft || isBlank(draft)) {
      this.result = null;
      this.host.requestUpdate();
      return;
    }
    const seq = ++this.seq;
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    this.checking = true;
    this.host.requestUpdate();
    try {
      const { review, ...result } = await this.ctx
        .api()
        .validate({ ...copyDraft(draft), ...(editing ? { mode: 'edit' as const, editingName: editing } : {}) }, this.ctx.targetAgent(), abort.signal);
      if (seq !== this.seq) return;
      this.result = result;
      this.review = review;
      this.error = '';
    } catch (e) {
      if (seq !== this.seq || abort.signal.aborted) return;
      this.error = this.ctx.error('validate', e);
    } finally {
      if (seq === this.seq) this.checking = false;
      this.host.requestUpdate();
    }
  }
}
