// The Checks analysis: the validator's errors and warnings and the risk
// review's findings in one list (click a finding to jump to its line; a
// finding `validate --fix` repairs has a Fix with its diff: code/fix-view.ts),
// under a header whose counts are those of the list itself, and the risk badge.

import { html, nothing } from 'lit';
import type { Diagnostic } from '../../../core/diagnostics.js';
import { diagTab, tabPath } from '../draft.js';
import type { DraftReview } from '../../api/review.js';
import { lazyView } from '../../internal/lazy-view.js';
import { codeAids } from '../code/aids.js';
import type { DraftPanel } from './draft-panel.js';

const reviewView = lazyView(() => import('./review-view.js'));

/** The review's views (risk badge, its findings in the Checks list, the save dialog's part), loaded once there is a review to show. */
export const riskView = (host: { requestUpdate(): void }, review: DraftReview | null) => reviewView(host, review);

const plural = (n: number, word: string) => `${n} ${n === 1 ? word : `${word}s`}`;

function summaryOf(b: DraftPanel, all: readonly Diagnostic[]) {
  const c = b.checks;
  if (c.error) return html`<span class="vs err"><span aria-hidden="true">!</span> Couldn't check the draft: ${c.error}</span>`;
  if (!c.result) return html`<span class="vs muted"><span class="spinner" aria-hidden="true"></span> Checking…</span>`;
  // Counted from the list shown below, so the header and the list always agree.
  const ne = all.filter((x) => x.severity === 'error').length;
  const nw = all.length - ne;
  if (ne === 0 && nw === 0) return html`<span class="vs ok"><span aria-hidden="true">✓</span> No problems found</span>`;
  return html`<span class="vs ${ne ? 'err' : 'warn'}">${ne ? html`<span aria-hidden="true">✕</span> ${plural(ne, 'error')}` : nothing}${ne && nw ? ' · ' : ''}${
    nw ? html`<span aria-hidden="true">⚠</span> ${plural(nw, 'warning')}` : nothing
  }</span>`;
}

function finding(b: DraftPanel, x: Diagnostic) {
  const tab = diagTab(x);
  const loc = tabPath(tab) + (x.line ? `:${x.line}` : '');
  const body = html`<span class="sev">${x.severity === 'error' ? html`<span aria-hidden="true">✕</span> Error` : html`<span aria-hidden="true">⚠</span> Warning`}</span>
    <span class="loc mono">${x.line ? `line ${x.line}` : loc}</span>
    <span class="dmsg">${x.field ? html`<code>${x.field}</code>: ` : nothing}${x.message}</span>`;
  return html`<li class="diag ${x.severity}">
    ${
      x.line
        ? html`<button class="diag-btn" title="Go to ${loc}" @click=${() => b.editor.jumpTo(tab, x.line!)}>${body}</button>`
        : html`<div class="diag-btn static">${body}</div>`
    }
    ${codeAids(b.host, 1)?.renderFix(b, x) ?? nothing}
  </li>`;
}

export function renderValidation(b: DraftPanel) {
  const c = b.checks;
  const v = c.result;
  const all = v ? [...v.errors, ...v.warnings, ...(riskView(b.host, c.review)?.reviewDiagnostics(c.review) ?? [])] : [];
  return html`<section part="validation" class="validation" aria-labelledby="val-title">
    <div class="val-head">
      <h4 id="val-title">Checks</h4>
      <span role="status" class="val-status">${summaryOf(b, all)}${
        c.checking && v ? html`<span class="spinner" aria-hidden="true"></span><span class="sr-only"> Checking again…</span>` : nothing
      }</span>
    </div>
    ${riskView(b.host, c.review)?.renderRisk(c) ?? nothing}
    ${all.length ? html`<ul class="diags">${all.map((x) => finding(b, x))}</ul>` : nothing}
  </section>`;
}
