// The Optimise mode of the "Check routing" dialog: the candidates of a
// routing optimisation as they arrive (train and held-out score each, the
// chosen one marked), the chosen text as a SKILL.md diff against the draft,
// and Accept. Loaded with the routing dialog; state in routing-controller.ts.
import { html, nothing } from 'lit';
import { renderDraftDiff } from '../../internal/diff/diff-view.js';
import type { RoutingCheck } from '../controllers/routing-controller.js';
import type { OptimizeCandidateView } from '../../api/routing.js';

const pct = (r: number | null) => (r === null ? 'n/a' : `${Math.round(r * 100)}%`);

const row = (c: OptimizeCandidateView, chosen: boolean) =>
  html`<tr class=${chosen ? 'chosen' : ''} aria-current=${chosen ? 'true' : 'false'}>
    <th scope="row">${c.index === 0 ? 'Current' : `Candidate ${c.index}`}${chosen ? html` <strong class="chosen-mark">✓ chosen</strong>` : nothing}</th>
    <td>${pct(c.train.score)}</td>
    <td>${pct(c.heldOut.score)}</td>
    <td>${c.rationale}</td>
  </tr>`;

export function renderOptimise(c: RoutingCheck) {
  const { done, planned, stopped } = c.calls;
  const best = c.chosen === null ? undefined : c.candidates.find((x) => x.index === c.chosen);
  return html`<section class="route-optimise" aria-label="Optimise the description">
    <p class="muted">The requests are split into a train set, which the proposer sees, and a held-out set it never sees; the text that scores best on the
      held-out requests wins.</p>
    <p role="status">${c.phase === 'optimising' ? `Optimising… ${done} of ${planned} model calls` : stopped ? `Stopped early: ${stopped}` : ''}</p>
    ${
      c.candidates.length
        ? html`<table class="route-iterations">
            <caption>Candidates</caption>
            <thead><tr><th scope="col">Text</th><th scope="col">Train</th><th scope="col">Held-out</th><th scope="col">Why</th></tr></thead>
            <tbody>${c.candidates.map((x) => row(x, x.index === c.chosen))}</tbody>
          </table>`
        : nothing
    }
    ${
      best && best.index !== 0
        ? html`<section class="route-proposal" aria-label="Chosen description"><h3>Chosen description</h3>
            ${renderDraftDiff({ skillMd: c.optimisedFrom, scripts: {} }, { skillMd: best.skillMd, scripts: {} })}
            <button class="primary small" @click=${() => c.acceptChosen()}>Accept</button></section>`
        : best
          ? html`<p>The current description scored best on the held-out requests: nothing to change.</p>`
          : nothing
    }
  </section>`;
}
