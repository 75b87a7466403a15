// The Optimise mode of the "Check routing" dialog: the budget and split the
// operator sets (iterations, held-out share, call and token limits); once it
// starts, the plan the server states before any call (the calls, what it
// tunes: the skill description, or the tool descriptions of a skill Forge
// leaves out of the catalog), the self-test's outcome and which requests are
// held out; then the candidates as they arrive (train and held-out score
// each, the chosen one marked, partial when a limit or Stop ended it early),
// the chosen text as a SKILL.md diff against the draft, and Accept. Loaded
// with the routing dialog; state in routing-controller.ts.
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { renderDraftDiff } from '../../internal/diff/diff-view.js';
import type { RoutingCheck } from '../controllers/routing-controller.js';
import { SETTING_RANGES, type RoutingSettings } from '../controllers/routing-settings.js';
import type { OptimizeCandidateView, RoutingRequestItem } from '../../api/routing.js';

const pct = (r: number | null) => (r === null ? 'n/a' : `${Math.round(r * 100)}%`);
const n = (x: number) => x.toLocaleString('en');

/** A number input for one of the dialog's settings (empty means no limit for the limits). */
export function renderSetting(c: RoutingCheck, key: keyof RoutingSettings, label: string, placeholder = '') {
  const { min, max, step } = SETTING_RANGES[key];
  const v = c.settings[key];
  return html`<label class="setting">${label}
    <input type="number" name=${key} min=${min} max=${max} step=${step} placeholder=${placeholder} .value=${live(v === null ? '' : String(v))}
      ?disabled=${!!c.phase} @change=${(e: Event) => c.configure(key, (e.target as HTMLInputElement).value)} /></label>`;
}

const row = (c: OptimizeCandidateView, chosen: boolean) =>
  html`<tr class=${chosen ? 'chosen' : ''} aria-current=${chosen ? 'true' : 'false'}>
    <th scope="row">${c.index === 0 ? 'Current' : `Candidate ${c.index}`}${chosen ? html` <strong class="chosen-mark">✓ chosen</strong>` : nothing}</th>
    <td>${pct(c.train.score)}</td>
    <td>${pct(c.heldOut.score)}</td>
    <td>${c.rationale}</td>
  </tr>`;

/** What the run tunes, in the operator's words. */
function targetText(c: RoutingCheck) {
  if (c.plan?.target !== 'tools') return html`It tunes the skill's <strong>description</strong>, the line the agent's skill catalog lists.`;
  const tools = Object.keys(c.candidates[0]?.texts ?? {});
  return html`It tunes the <strong>tool description${tools.length === 1 ? '' : 's'}</strong>${
    tools.length ? html` of ${tools.map((t, i) => html`${i ? ', ' : ''}<code>${t}</code>`)}` : nothing
  }: every tool of this skill has a script, so Forge leaves the skill out of the catalog and the model chooses by the tools' descriptions.`;
}

function renderSelfTest(c: RoutingCheck) {
  const t = c.selfTest;
  if (!t) return html`<p class="self-test">Self-test: ${c.phase === 'optimising' ? 'running (2 model calls)…' : 'not run'}</p>`;
  if (t.ok)
    return html`<p class="self-test ok">Self-test: <strong>✓ passed</strong> — a request naming the skill reached it and one needing no skill did not.</p>`;
  return html`<div class="notice error self-test" role="alert"><span class="ico" aria-hidden="true">!</span>
    <div><strong>Self-test failed: stopped before spending on the scoring.</strong> ${t.detail}</div></div>`;
}

const requestList = (list: RoutingRequestItem[]) =>
  html`<ul class="plain-list">${list.map((r) => html`<li>${r.text} <span class="muted">(${r.expect === 'this' ? 'this skill' : r.expect === 'other' ? 'another skill' : 'no skill'})</span></li>`)}</ul>`;

function renderPlan(c: RoutingCheck) {
  const p = c.plan;
  if (!p) return nothing;
  const limits = [p.maxCalls !== undefined ? `${n(p.maxCalls)} calls` : '', p.maxTokens !== undefined ? `${n(p.maxTokens)} tokens` : ''].filter(Boolean);
  return html`<section class="route-plan" aria-label="Plan">
    <p><strong>Planned: ${n(p.calls)} model calls</strong> (${p.runsPerQuery} runs per request, ${p.train} train and ${p.heldOut} held-out
      requests)${limits.length ? `; hard limit ${limits.join(' and ')}` : ''}. ${targetText(c)}</p>
    ${renderSelfTest(c)}
    ${
      c.split
        ? html`<div class="route-split">
            <section aria-label="Train requests"><h3>Train (${c.split.train.length}) — the proposer sees these</h3>${requestList(c.split.train)}</section>
            <section aria-label="Held-out requests"><h3>Held out (${c.split.heldOut.length}) — never shown to the proposer</h3>${requestList(c.split.heldOut)}</section>
          </div>`
        : nothing
    }
  </section>`;
}

function status(c: RoutingCheck): string {
  const { done, planned, stopped } = c.calls;
  if (c.phase === 'optimising') return `Optimising… ${done} of ${planned} model calls`;
  if (!c.partial) return '';
  const limit = stopped === 'calls' ? 'the call limit was reached' : stopped === 'tokens' ? 'the token limit was reached' : 'the run ended early';
  return `Partial result: ${limit} after ${done} of ${planned} model calls; the chosen text is the best of the candidates scored so far.`;
}

function renderChosen(c: RoutingCheck) {
  const best = c.chosen === null ? undefined : c.candidates.find((x) => x.index === c.chosen);
  const what = c.plan?.target === 'tools' ? 'tool descriptions' : 'description';
  if (!best) return nothing;
  if (best.index === 0) return html`<p>The current ${what} scored best on the held-out requests: nothing to change.</p>`;
  return html`<section class="route-proposal" aria-label="Chosen ${what}"><h3>Chosen ${what}${c.partial ? ' (partial)' : ''}</h3>
    ${renderDraftDiff({ skillMd: c.optimisedFrom, scripts: {} }, { skillMd: best.skillMd, scripts: {} })}
    <button class="primary small" @click=${() => c.acceptChosen()}>Accept</button></section>`;
}

export function renderOptimise(c: RoutingCheck) {
  return html`<section class="route-optimise" aria-label="Optimise">
    <p class="muted">The requests are split into a train set, which the proposer sees, and a held-out set it never sees; the text that scores best on the
      held-out requests wins. The limits are hard: the run stops at them with the candidates scored so far.</p>
    <fieldset class="route-settings" aria-label="Budget and split"><legend>Budget and split</legend>
      ${renderSetting(c, 'iterations', 'Iterations')} ${renderSetting(c, 'holdout', 'Held-out share')}
      ${renderSetting(c, 'maxCalls', 'Max model calls', 'server cap 2,000')} ${renderSetting(c, 'maxTokens', 'Max tokens', 'no limit')}
    </fieldset>
    ${renderPlan(c)}
    <p role="status" class=${c.partial ? 'partial' : ''}>${status(c)}</p>
    ${
      c.candidates.length
        ? html`<table class="route-iterations">
            <caption>Candidates${c.partial ? html` <strong class="partial-mark">(partial)</strong>` : nothing}</caption>
            <thead><tr><th scope="col">Text</th><th scope="col">Train</th><th scope="col">Held-out</th><th scope="col">Why</th></tr></thead>
            <tbody>${c.candidates.map((x) => row(x, x.index === c.chosen))}</tbody>
          </table>`
        : nothing
    }
    ${renderChosen(c)}
  </section>`;
}
