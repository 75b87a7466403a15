// The Routing analysis beside the editor, loaded on first open: the way into
// "Check routing" (and its Optimise mode), and how much of the agent's skill
// catalog budget the agent's skills use with this draft in it — the size
// against the budget, the draft's own share, and the skills a client that
// cuts the list at the budget would drop. The figures come from
// POST …/catalog-budget (no model call) against the budget the operator sets
// (8,000 characters unless changed), fetched a moment after the draft or the
// budget stops changing; the state lives here, per element.
import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { catalogBudgetBodyToWire, catalogBudgetFromWire, type CatalogBudgetView } from '../../../core/protocol/catalog-budget-wire.js';
import type { DraftPanel } from './draft-panel.js';

interface BudgetState {
  key: string;
  /** The budget asked about, in characters. */
  budgetChars: number;
  report: CatalogBudgetView | null;
  error: string;
  timer?: ReturnType<typeof setTimeout>;
  abort?: AbortController;
}

const states = new WeakMap<object, BudgetState>();
/** Wait after the last edit before asking again. */
const SETTLE_MS = 400;
/** The budget until the operator sets one: about what a client that caps the skill list keeps. */
const DEFAULT_BUDGET_CHARS = 8000;
/** The largest budget the server accepts. */
const MAX_BUDGET_CHARS = 1_000_000;

async function load(b: DraftPanel, s: BudgetState, key: string): Promise<void> {
  const d = b.editor.draft;
  if (!d || !b.agent) return;
  s.abort?.abort();
  const abort = (s.abort = new AbortController());
  const body = catalogBudgetBodyToWire({ skillMd: d.skillMd, scripts: d.scripts, editingName: b.editor.editing ?? undefined, budgetChars: s.budgetChars });
  try {
    const res = await b.ctx.api().post(`/agents/${encodeURIComponent(b.agent)}/skill-builder/catalog-budget`, body, abort.signal);
    const report = catalogBudgetFromWire(await res.json());
    if (s.key === key) Object.assign(s, { report, error: '' });
  } catch (e) {
    if (!abort.signal.aborted && s.key === key) Object.assign(s, { report: null, error: e instanceof Error ? e.message : String(e) });
  }
  b.host.requestUpdate();
}

/** The budget figures for the draft as it is now, asked for again when it changed. */
function budgetOf(b: DraftPanel): BudgetState {
  let s = states.get(b.host);
  if (!s) states.set(b.host, (s = { key: '', budgetChars: DEFAULT_BUDGET_CHARS, report: null, error: '' }));
  const d = b.editor.draft;
  const key = `${s.budgetChars}\n${b.agent}\n${b.editor.editing ?? ''}\n${d?.skillMd ?? ''}\n${Object.keys(d?.scripts ?? {}).join('\n')}`;
  if (s.key !== key) {
    s.key = key;
    clearTimeout(s.timer);
    const state = s;
    s.timer = setTimeout(() => void load(b, state, key), SETTLE_MS);
  }
  return s;
}

const n = (x: number) => x.toLocaleString('en');
const names = (list: string[]) => list.map((x, i) => html`${i ? ', ' : ''}<code>${x}</code>`);

/** The budget input: a whole number of characters in range; anything else keeps the budget as it was. */
function setBudget(b: DraftPanel, s: BudgetState, text: string): void {
  const v = Math.round(Number(text));
  if (text.trim() !== '' && Number.isFinite(v) && v >= 1) s.budgetChars = Math.min(v, MAX_BUDGET_CHARS);
  b.host.requestUpdate();
}

const budgetInput = (b: DraftPanel, s: BudgetState) =>
  html`<label class="setting">Catalog budget (characters)
    <input type="number" name="budgetChars" min="1" max=${MAX_BUDGET_CHARS} step="100" .value=${live(String(s.budgetChars))}
      @change=${(e: Event) => setBudget(b, s, (e.target as HTMLInputElement).value)} /></label>`;

function renderBudget(b: DraftPanel, s: BudgetState) {
  const r = s.report;
  if (!r)
    return html`${budgetInput(b, s)}
      <p class="muted" role="status">${s.error ? `Catalog budget unavailable: ${s.error}` : 'Measuring the catalog…'}</p>`;
  const own = r.lineChars + r.toolChars;
  return html`<section class="catalog-budget" aria-label="Catalog budget">
    <h3>Catalog budget</h3>
    ${budgetInput(b, s)}
    <p>
      <meter min="0" max=${r.budgetChars} value=${Math.min(r.chars, r.budgetChars)} aria-label="Catalog budget used"></meter>
      The agent's skill catalog with <code>${r.skill}</code> is <strong>${n(r.chars)}</strong> of ${n(r.budgetChars)} characters (about ${n(r.tokens)}
      tokens)${r.overBudget ? html` — <strong class="miss">over the budget</strong>` : nothing}.
    </p>
    <p class="muted">
      This skill's share: ${r.lineChars ? `${n(r.lineChars)} characters of catalog line` : 'no catalog line (its tools all have scripts)'}${
        r.toolChars ? `, ${n(r.toolChars)} of tool names and descriptions` : ''
      } — ${n(own)} characters sent with every request.
    </p>
    ${r.truncated.length ? html`<p class="budget-cut">Cut off by a client that keeps the list to the budget: ${names(r.truncated)}.</p>` : nothing}
    ${r.pushedOut.length ? html`<p class="budget-cut"><strong>Adding this skill pushes out</strong> ${names(r.pushedOut)}.</p>` : nothing}
  </section>`;
}

export function renderRoutingAnalysis(b: DraftPanel) {
  if (!b.agent)
    return html`<section class="routing-note"><p><strong>Routing needs an agent.</strong> The check asks the model which skill it would load for
      each request, with the agent's other skills competing for it — at workspace level there are none to compete with.</p>
      <p class="muted">Open the builder for an agent (its <code>agent</code> attribute), or save this skill into one and edit it there.</p></section>`;
  return html`<section class="routing-note"><p>Will the agent use this skill? Send requests a user would type and see which of the agent's skills the model
      picks, or let it optimise the description on requests it holds out.</p>
      <button class="primary small" aria-haspopup="dialog" @click=${() => b.openRouting()}>Check routing</button></section>
    ${renderBudget(b, budgetOf(b))}`;
}
