// The "Check routing" dialog of <forge-skill-builder>: the request
// list (generated or typed, editable, each with what should happen), results
// as they arrive, recall, precision and the competing skills, and a proposed
// description shown as a diff with Accept / Discard; or, in the Optimise mode
// (optimise-view.ts), an optimisation over the same requests. State lives in
// routing-controller.ts; this file only renders it. The builder loads this
// module (and the controller with it) on the first "Check routing", so the
// standalone bundle's initial download does not carry it.
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { trapTab } from '../../internal/dialog.js';
import { RoutingCheck } from '../controllers/routing-controller.js';
import { planOptimize, type RoutingExpect, type RoutingResultItem } from '../../api/routing.js';
import { renderDraftDiff } from '../../internal/diff/diff-view.js';
import { renderOptimise, renderSetting } from './optimise-view.js';

const pct = (r: number | null) => (r === null ? 'n/a' : `${Math.round(r * 100)}%`);

const select = (value: RoutingExpect, label: string, set: (v: RoutingExpect) => void, off: boolean) =>
  html`<select aria-label=${label} .value=${live(value)} ?disabled=${off} @change=${(e: Event) => set((e.target as HTMLSelectElement).value as RoutingExpect)}>
    <option value="this">this skill</option><option value="other">another skill</option><option value="none">no skill</option>
  </select>`;

const outcome = (r: RoutingResultItem | undefined) =>
  r
    ? html`<span class=${r.ok ? 'ok' : 'miss'}>${r.ok ? '✓' : '✕'}<span class="sr-only">${r.ok ? ' as expected:' : ' not as expected:'}</span>
        went to ${r.chose ? html`<code>${r.chose.skill}</code>${r.chose.tool ? html` (<code>${r.chose.tool}</code>)` : nothing}` : 'no skill'}${
          r.runs
            ? html` <span class="muted rate">· trigger rate ${pct(r.rate ?? (r.hits ?? 0) / r.runs)} (this skill ${r.hits ?? 0} of ${r.runs} runs)</span>`
            : nothing
        }</span>`
    : nothing;

function renderBody(b: RoutingDialog, c: RoutingCheck) {
  const off = !!c.phase;
  const mode = (m: RoutingCheck['mode'], label: string) =>
    html`<button class="small" aria-pressed=${c.mode === m ? 'true' : 'false'} ?disabled=${off} @click=${() => c.setMode(m)}>${label}</button>`;
  return html`<div role="group" aria-label="Mode">${mode('check', 'Check the requests')} ${mode('optimise', 'Optimise the description')}</div>
    <p class="muted">Each request goes ${c.settings.runsPerQuery} times to the skill-builder model (its answers vary), shown what <code>${b.agent}</code>'s
      runtime shows: the skill catalog, <code>read_skill</code> and its other skills' tools. A request counts as routed to this skill when its
      trigger rate (the share of runs that picked it) reaches the threshold.</p>
    <fieldset class="route-settings" aria-label="Runs and threshold"><legend>Runs and threshold</legend>
      ${renderSetting(c, 'runsPerQuery', 'Runs per request')} ${renderSetting(c, 'threshold', 'Trigger threshold (share of runs)')}
    </fieldset>
    <button class="small" ?disabled=${off} @click=${() => void c.generate()}>${c.phase === 'generating' ? 'Writing requests…' : 'Generate requests'}</button>
    <ol class="route-list" aria-label="Requests to check">
      ${c.requests.map(
        (r, i) => html`<li class="route-row">
          <input aria-label="Request ${i + 1}" .value=${live(r.text)} ?disabled=${off} @change=${(e: Event) => c.update(i, { text: (e.target as HTMLInputElement).value })} />
          ${select(r.expect, `Request ${i + 1} should go to`, (v) => c.update(i, { expect: v }), off)}
          <button class="small ghost" aria-label="Remove request ${i + 1}" ?disabled=${off} @click=${() => c.update(i, null)}>✕</button>
          ${outcome(c.results[i])}
        </li>`,
      )}
    </ol>
    <form class="route-row" @submit=${(e: Event) => (e.preventDefault(), c.add())}>
      <input id="route-new" aria-label="New request" placeholder="What a user might ask…" .value=${live(c.draftText)} ?disabled=${off}
        @input=${(e: Event) => (c.draftText = (e.target as HTMLInputElement).value)} />
      ${select(c.draftExpect, 'New request should go to', (v) => (c.draftExpect = v), off)}
      <button type="submit" class="small" ?disabled=${off}>Add</button>
    </form>
    <p role="status">${c.phase === 'running' ? `Checked ${c.results.filter(Boolean).length} of ${c.progress}…` : c.phase === 'improving' ? 'Proposing a description…' : ''}</p>
    ${c.error ? html`<div class="notice error" role="alert"><span class="ico" aria-hidden="true">!</span><div>${c.error}</div></div>` : nothing}
    ${c.mode === 'optimise' ? renderOptimise(c) : renderResults(c)}`;
}

function renderResults(c: RoutingCheck) {
  const s = c.summary;
  const p = c.proposal;
  return html`${
    s
      ? html`<div class="route-summary"><p><strong>Recall ${pct(s.recall)}</strong> · <strong>Precision ${pct(s.precision)}</strong> · ${s.passed} of ${s.total} as expected</p>
          <ul class="plain-list">${s.overlaps.map((o) => html`<li>Competes with <code>${o.skill}</code> for “${o.requests.join('”, “')}”</li>`)}</ul>
          ${c.stale ? html`<p class="hint">The description changed since this run: run the check again.</p>` : nothing}</div>`
      : nothing
  }
    ${
      p
        ? html`<section class="route-proposal" aria-label="Proposed description"><h3>Proposed description</h3><p>${p.rationale}</p>
          ${p.skillMd ? renderDraftDiff({ skillMd: p.before, scripts: {} }, { skillMd: p.skillMd, scripts: {} }) : html`<blockquote>${p.description}</blockquote>`}
          <button class="primary small" ?disabled=${!p.skillMd} @click=${() => c.accept()}>Accept</button> <button class="small" @click=${() => c.discard()}>Discard</button></section>`
        : nothing
    }`;
}

export { RoutingCheck };

/** What the dialog needs from around the check. */
export interface RoutingDialog {
  /** The agent whose runtime the requests are routed in. */
  agent: string | undefined;
  /** The dialog is the open one (its body renders only then). */
  open: boolean;
  close(): void;
  onClosed(e: Event): void;
}

const STYLE = html`<style>
  .route-list { list-style: none; padding: 0; display: grid; gap: var(--_space-1_5); max-height: 40vh; overflow-y: auto; }
  .route-row { display: grid; grid-template-columns: 1fr auto auto; gap: var(--_space-2); align-items: center; }
  .route-row > span { grid-column: 1 / -1; font-size: 0.85em; }
  .route-row .ok { color: var(--_success); }
  .route-row .miss { color: var(--_danger); }
  .route-iterations { border-collapse: collapse; width: 100%; }
  .route-iterations th, .route-iterations td { text-align: left; padding: var(--_space-1) var(--_space-2); border-bottom: 1px solid var(--_border); }
  .route-iterations tr.chosen { font-weight: 600; }
  .route-settings { display: flex; flex-wrap: wrap; gap: var(--_space-2) var(--_space-3); border: 1px solid var(--_border); padding: var(--_space-2); }
  .route-settings input { width: 8em; }
  .route-split { display: grid; grid-template-columns: 1fr 1fr; gap: var(--_space-2); }
  .route-split h3 { font-size: 0.95em; margin: 0; }
</style>`;

/** The calls the run will make with the dialog's settings (the optimisation states its own plan when it starts). */
function cost(c: RoutingCheck): string {
  const n = c.requests.length;
  const { runsPerQuery: runs, iterations, maxCalls } = c.settings;
  if (!n) return '';
  if (c.mode === 'check') return `${n} requests × ${runs} runs · ${n * runs} model calls`;
  const full = planOptimize({ requests: n, iterations, runsPerQuery: runs });
  return `up to ${full} model calls${maxCalls !== null && maxCalls < full ? ` · stops at ${maxCalls} (max calls)` : ''}`;
}

export function renderRoutingDialog(b: RoutingDialog, c: RoutingCheck) {
  const n = c.requests.length;
  return html`<dialog data-name="routing" part="dialog" class="wide" aria-modal="true" aria-labelledby="routing-title" @keydown=${trapTab}
    @close=${(e: Event) => (c.stop(), b.onClosed(e))}>
    <div class="dialog-head">
      <h2 id="routing-title">Will the agent use it?</h2>
      <button class="ghost icon" aria-label="Close" title="Close" @click=${() => b.close()}>✕</button>
    </div>
    ${STYLE}
    <div class="dialog-body">${b.open ? renderBody(b, c) : nothing}</div>
    <div class="dialog-foot">
      <span class="grow hint" id="route-cost">${cost(c)}</span>
      ${c.mode === 'check' && c.results.length && !c.phase && !c.proposal ? html`<button @click=${() => void c.improve()}>Improve description</button>` : nothing}
      ${
        c.phase === 'running' || c.phase === 'optimising'
          ? html`<button @click=${() => c.stop()}>Stop</button>`
          : c.mode === 'optimise'
            ? html`<button class="primary" ?disabled=${!n || !!c.phase} @click=${() => void c.optimise()}>Optimise</button>`
            : html`<button class="primary" ?disabled=${!n || !!c.phase} aria-describedby="route-cost" @click=${() => void c.run()}>Run check</button>`
      }
    </div>
  </dialog>`;
}
