// The risk review in the element: the badge (score, level, policy
// verdict) in the Checks panel, opening to its factors and policy
// violations — its findings and the script syntax findings join the Checks
// list — and in the save dialog the badge plus the confirmation that a policy
// violation requires before saving. Written small: the standalone bundle has
// a size budget, so it reuses the panel's classes and is loaded on first use
// (forge-skill-builder.review-view.js beside the bundle; see lazy-view.ts).

import { html, nothing } from 'lit';
import type { Diagnostic } from '../../../core/diagnostics.js';
import { blockingViolations, type DraftReview } from '../../api/review.js';

const UNSCORED = 'script-not-scored';

/** The review and whether its details are open in the Checks panel (the validation controller gives them). */
export interface RiskView {
  readonly review: DraftReview | null;
  readonly riskOpen: boolean;
  toggleRisk(open: boolean): void;
}

/** The save dialog's confirmation box: its state and how to change it. */
interface RiskAck {
  riskAck?: boolean;
  set(ack: boolean): void;
}

/** The badge (a toggle in the Checks panel when `toggle` is given), and when `open` the factors and violations. */
function risk(review: DraftReview, toggle: ((open: boolean) => void) | null, open: boolean, ack?: RiskAck) {
  const r = review.risk!;
  const n = blockingViolations(review).length;
  const text = `Risk ${r.score}/100 · ${r.level} · ${n ? `${n} policy violation(s)` : 'policy passed'}`;
  const cls = `vs risk-badge ${n || r.score > 50 ? 'err' : r.score > 25 ? 'warn' : 'ok'}`;
  return html`<div part="risk">${toggle ? html`<button class=${cls} aria-expanded=${String(open)} @click=${() => toggle(!open)}>${text}</button>` : html`<b class=${cls}>${text}</b>`}
    ${
      open
        ? html`<ul class="plain-list">${toggle ? r.factors.map((f) => html`<li>${f.points} ${f.category}: ${f.description}</li>`) : nothing}${r.violations.map((v) => html`<li>${v.severity} <code>${v.rule}</code>: ${v.message}</li>`)}${
            toggle && r.findings.some((f) => f.rule === UNSCORED)
              ? html`<li>Note: the score leaves this skill's scripts out (Forge's audit scores only <code>scripts/&lt;skill name&gt;.sh</code>); the findings still read them.</li>`
              : nothing
          }</ul>`
        : nothing
    }${
      ack
        ? html`<label><input type="checkbox" style="width:auto;min-height:0" .checked=${!!ack.riskAck} @change=${(e: Event) => ack.set((e.target as HTMLInputElement).checked)} />
          I have reviewed the policy violations and want to save anyway</label>`
        : nothing
    }</div>`;
}

/** The Checks panel part. */
export function renderRisk(c: RiskView) {
  const review = c.review;
  return review?.risk
    ? risk(review, (open) => c.toggleRisk(open), c.riskOpen)
    : review?.riskError
      ? html`<p class="field-error">No risk review: ${review.riskError}</p>`
      : nothing;
}

/** The save dialog's part: the badge, and for a violation its list and the confirmation box. */
export function renderSaveRisk(review: DraftReview | null, s: { phase: string; riskAck?: boolean }, setAck: (ack: boolean) => void) {
  const asks = s.phase === 'confirm' && blockingViolations(review).length > 0;
  return review?.risk ? risk(review, null, asks, asks ? { riskAck: s.riskAck, set: setAck } : undefined) : nothing;
}

/** Syntax and risk findings as Checks-list entries (`field` is their code or rule; critical is an error, info a warning). */
export function reviewDiagnostics(review: DraftReview | null): Diagnostic[] {
  if (!review) return [];
  const sev = (s: string): Diagnostic['severity'] => (s === 'critical' || s === 'error' ? 'error' : 'warning');
  return [
    ...review.syntax.map((f) => ({ ...f, field: f.code, severity: sev(f.severity) })),
    // A note about how the score is counted is nothing to fix: it is in the risk details, not the Checks list.
    ...(review.risk?.findings ?? []).filter((f) => f.rule !== UNSCORED).map((f) => ({ ...f, code: f.rule, field: f.rule, severity: sev(f.severity) })),
  ];
}
