// The state of the "Check routing" dialog, as a Lit reactive
// controller of <forge-skill-builder>: the editable request list (generated
// or typed), the running check with results as they arrive, recall/precision
// and overlaps, and the proposed description waiting for Accept; in the
// Optimise mode, the candidates of an optimisation (train and held-out
// scores, the chosen one) and Accept for the chosen text. Every API
// call is abortable; closing the dialog or a new draft stops a running check.
// The state belongs to one skill of one agent: when the builder moves to
// another, the list starts empty again.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import {
  improveDescription,
  routeCheck,
  routeOptimize,
  routeRequests,
  type OptimizeCandidateView,
  type OptimizePlanView,
  type OptimizeUiEvent,
  type DescriptionProposal,
  type RoutingExpect,
  type RoutingRequestItem,
  type RoutingResultItem,
  type RoutingSummary,
  type RoutingTarget,
} from '../../api/routing.js';
import { isAbortError } from '../../api/sse.js';
import type { Draft } from '../../types.js';
import type { BuilderContext } from './context.js';
import { DEFAULT_ROUTING_SETTINGS, readSetting, type RoutingSettings } from './routing-settings.js';

/** The draft the check is about, and how an accepted description goes into it (the draft controller gives them). */
export interface RoutedDraft {
  readonly draft: Draft | null;
  /** The draft's frontmatter name. */
  readonly skillName: string;
  /** The skill being edited (edit mode), or null. */
  readonly editing: string | null;
  edit(d: Draft): void;
}

/** '' when idle. */
export type RoutingPhase = '' | 'generating' | 'running' | 'improving' | 'optimising';

/** The dialog's mode: check the requests once, or optimise the description over them. */
export type RoutingMode = 'check' | 'optimise';

/** Requests generated at once (the server's cap is 12). */
export const GENERATE_COUNT = 8;

/** The optimisation's self-test: passed, or why it stopped the run before the scoring spent anything. */
export interface SelfTestView {
  ok: boolean;
  detail: string;
}

/** The best candidate by held-out score (ties: the earlier one), as the server chooses. */
function bestHeldOut(candidates: readonly OptimizeCandidateView[]): number | null {
  let best: OptimizeCandidateView | undefined;
  for (const c of candidates) if (!best || (c.heldOut.score ?? -1) > (best.heldOut.score ?? -1)) best = c;
  return best ? best.index : null;
}

export class RoutingCheck implements ReactiveController {
  phase: RoutingPhase = '';
  requests: RoutingRequestItem[] = [];
  results: Array<RoutingResultItem | undefined> = [];
  summary: RoutingSummary | null = null;
  /** Requests in the running check. */
  progress = 0;
  error = '';
  proposal: (DescriptionProposal & { before: string }) | null = null;
  /** The draft changed since the results: they describe the old description. */
  stale = false;
  draftText = '';
  draftExpect: RoutingExpect = 'this';
  mode: RoutingMode = 'check';
  /** The optimisation's candidates as they arrive (0 is the current text). */
  candidates: OptimizeCandidateView[] = [];
  /** The candidate the optimisation chose (best held-out score), once done. */
  chosen: number | null = null;
  /** The optimisation's calls so far and planned, and why it stopped early ('' when it did not). */
  calls = { done: 0, planned: 0, stopped: '' };
  /** The SKILL.md the optimisation started from. */
  optimisedFrom = '';
  /** What the operator set: runs per request and threshold (both modes), the optimisation's iterations, held-out share and limits. */
  settings: RoutingSettings = { ...DEFAULT_ROUTING_SETTINGS };
  /** The optimisation's stated plan (its `plan` event), before any call is made. */
  plan: OptimizePlanView | null = null;
  /** The requests the optimisation trains on (shown to the proposer) and holds out (never shown to it). */
  split: { train: RoutingRequestItem[]; heldOut: RoutingRequestItem[] } | null = null;
  selfTest: SelfTestView | null = null;
  /** The optimisation ended before its last iteration (a limit, a failure, Stop): the candidates are a partial result. */
  partial = false;
  private abort: AbortController | null = null;
  /** The agent and skill the state is about. */
  private subject = '';

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly ctx: BuilderContext,
    /** The element's `agent`: the runtime the requests are routed in. */
    private readonly agent: () => string | undefined,
    private readonly editor: RoutedDraft,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  /** Before each render: another skill (or agent) than the one the state is about starts from an empty list. */
  hostUpdate(): void {
    const subject = `${this.agent() ?? ''}\n${this.editor.editing || this.editor.skillName}`;
    if (subject === this.subject) return;
    const first = this.subject === '';
    this.subject = subject;
    if (first) return;
    this.stop();
    Object.assign(this, {
      phase: '',
      requests: [],
      results: [],
      summary: null,
      progress: 0,
      error: '',
      proposal: null,
      stale: false,
      draftText: '',
      candidates: [],
      chosen: null,
      plan: null,
      split: null,
      selfTest: null,
      partial: false,
    });
  }

  private set(patch: Partial<RoutingCheck>): void {
    Object.assign(this, patch);
    this.host.requestUpdate();
  }

  private target(): RoutingTarget | null {
    const { draft, editing } = this.editor;
    const agent = this.agent();
    if (!draft || !agent) return null;
    return { agent, draft, ...(editing ? { editingName: editing } : {}) };
  }

  /** Runs `work` as the current phase, turning failures into the dialog's error. */
  private async step(phase: RoutingPhase, action: string, work: (signal: AbortSignal) => Promise<void>): Promise<void> {
    this.stop();
    const abort = (this.abort = new AbortController());
    this.set({ phase, error: '' });
    try {
      await work(abort.signal);
    } catch (e) {
      if (!isAbortError(e)) this.set({ error: this.ctx.error(action, e) });
    } finally {
      if (this.abort === abort) this.abort = null;
      this.set({ phase: '' });
    }
  }

  stop(): void {
    this.abort?.abort();
    this.abort = null;
  }

  generate(): Promise<void> {
    const t = this.target();
    if (!t) return Promise.resolve();
    return this.step('generating', 'generate routing requests', async (signal) => {
      const fresh = await routeRequests(this.ctx.api(), t, GENERATE_COUNT, signal);
      const known = new Set(this.requests.map((r) => r.text.toLowerCase()));
      this.set({ requests: [...this.requests, ...fresh.filter((r) => !known.has(r.text.toLowerCase()))], results: [], summary: null });
      this.ctx.say(`${fresh.length} requests written. Review them, then run the check.`);
    });
  }

  add(): void {
    const text = this.draftText.trim();
    if (!text) return;
    this.set({ requests: [...this.requests, { text, expect: this.draftExpect, source: 'user' }], draftText: '', results: [], summary: null });
  }

  /** Changes request `index`; `null` removes it. Old results no longer apply. */
  update(index: number, patch: Partial<RoutingRequestItem> | null): void {
    const requests = this.requests.flatMap((r, i) => (i !== index ? [r] : patch ? [{ ...r, ...patch }] : []));
    this.set({ requests, results: [], summary: null });
  }

  run(): Promise<void> {
    const t = this.target();
    const requests = this.requests.filter((r) => r.text.trim());
    if (!t || requests.length === 0) return Promise.resolve();
    this.set({ results: [], summary: null, proposal: null, stale: false, progress: requests.length });
    return this.step('running', 'check routing', async (signal) => {
      for await (const ev of routeCheck(this.ctx.api(), t, requests, this.settings, signal)) {
        if (ev.type === 'route_result') {
          const results = [...this.results];
          results[ev.index] = ev.result;
          this.set({ results });
        } else if (ev.type === 'done') {
          this.set({ summary: ev.summary });
          this.ctx.say(`Routing checked: ${ev.summary.passed} of ${ev.summary.total} as expected.`);
        } else if (ev.type === 'error') this.set({ error: ev.error });
      }
    });
  }

  improve(): Promise<void> {
    const t = this.target();
    const results = this.results.filter((r): r is RoutingResultItem => r !== undefined);
    if (!t || results.length === 0) return Promise.resolve();
    return this.step('improving', 'propose a description', async (signal) => {
      const proposal = await improveDescription(this.ctx.api(), t, results, signal);
      this.set({ proposal: { ...proposal, before: t.draft.skillMd } });
      this.ctx.say('A new description is proposed. Review the change, then accept or discard it.');
    });
  }

  setMode(mode: RoutingMode): void {
    if (!this.phase) this.set({ mode });
  }

  /** Sets one of the dialog's settings from what was typed (clamped to its range; unreadable text keeps the old value). */
  configure(key: keyof RoutingSettings, text: string): void {
    if (this.phase) return;
    this.set({ settings: { ...this.settings, [key]: readSetting(this.settings, key, text) } });
  }

  /** Streams an optimisation over the request list; Stop aborts it, keeping the candidates scored so far as a partial result. */
  async optimise(): Promise<void> {
    const t = this.target();
    const requests = this.requests.filter((r) => r.text.trim());
    if (!t || requests.length === 0) return;
    this.set({
      candidates: [],
      chosen: null,
      calls: { done: 0, planned: 0, stopped: '' },
      optimisedFrom: t.draft.skillMd,
      plan: null,
      split: null,
      selfTest: null,
      partial: false,
    });
    let ended = false;
    await this.step('optimising', 'optimise the description', async (signal) => {
      for await (const ev of routeOptimize(this.ctx.api(), t, requests, this.settings, signal)) ended = this.onOptimise(ev) || ended;
    });
    if (!ended && this.candidates.length) this.set({ partial: true, chosen: bestHeldOut(this.candidates) });
  }

  /** Applies one optimisation event; true when it ended the run. */
  private onOptimise(ev: OptimizeUiEvent): boolean {
    if (ev.type === 'plan') {
      const { type: _type, ...plan } = ev;
      this.set({ plan, calls: { ...this.calls, planned: ev.calls } });
    } else if (ev.type === 'split') this.set({ split: { train: ev.train, heldOut: ev.heldOut } });
    else if (ev.type === 'selfTest') this.set({ selfTest: { ok: ev.ok, detail: '' } });
    else if (ev.type === 'progress') this.set({ calls: { ...this.calls, done: ev.calls, planned: ev.planned } });
    else if (ev.type === 'candidate') this.set({ candidates: [...this.candidates, ev.candidate] });
    else if (ev.type === 'done') {
      const untested =
        !this.selfTest && ev.stopped
          ? { ok: false, detail: `the ${ev.stopped === 'tokens' ? 'token' : 'call'} limit was reached before the self-test finished` }
          : this.selfTest;
      this.set({ chosen: ev.chosen, partial: !!ev.stopped, selfTest: untested, calls: { ...this.calls, done: ev.calls, stopped: ev.stopped ?? '' } });
      this.ctx.say(
        ev.chosen
          ? `Optimisation done${ev.stopped ? ' (partial: a limit was reached)' : ''}: candidate ${ev.chosen} scored best on the held-out requests.`
          : 'Optimisation done: the current text scored best.',
      );
      return true;
    } else if (ev.code === 'routing_self_test') {
      this.set({ selfTest: { ok: false, detail: ev.error } });
      return true;
    } else {
      this.set({ error: ev.error, partial: this.candidates.length > 0, chosen: ev.chosen ?? bestHeldOut(this.candidates) });
      return true;
    }
    return false;
  }

  /** The chosen candidate's SKILL.md into the draft (through the editor, so the draft is checked again). */
  acceptChosen(): void {
    const c = this.candidates.find((x) => x.index === this.chosen);
    const d = this.editor.draft;
    if (!c?.skillMd || !d) return;
    // The candidate is the starting SKILL.md with only its text changed; edits made since would be lost.
    if (d.skillMd !== this.optimisedFrom) return this.set({ error: 'The draft changed since the optimisation started: run it again to accept a candidate.' });
    const skillMd = c.skillMd;
    this.editor.edit({ skillMd, scripts: d.scripts });
    this.set({ chosen: null, stale: true });
    this.ctx.say(this.plan?.target === 'tools' ? 'Tool descriptions updated in the draft.' : 'Description updated in the draft.');
  }

  /** Drops the proposed description. */
  discard(): void {
    this.set({ proposal: null });
  }

  /** Puts the proposed description into the draft (the operator's decision). */
  accept(): void {
    const p = this.proposal;
    const d = this.editor.draft;
    if (!p?.skillMd || !d) return;
    this.editor.edit({ skillMd: p.skillMd, scripts: d.scripts });
    this.set({ proposal: null, stale: true });
    this.ctx.say('Description updated in the draft. Run the check again to see whether it helped.');
  }
}
