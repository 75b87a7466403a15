// The analyses beside the editor: Checks, As the agent sees it, Run, Routing, Evals, History.
// One is open at a time, in its own panel — a side rail next to the editor on
// a wide element, below it on a narrow one — so the editor keeps its height
// whichever is open, and the open panel is the only thing that scrolls.
//
// Adding an analysis is one entry in ANALYSES: an id, a tab label, whether it
// applies to the draft, and a render function. Load its view on demand with
// lazyView (as agentView and toolRuns below do), so the first bundle does not
// grow; its styles travel with the view. Nothing else changes: the tab strip,
// keyboard handling and the layout measurements cover every entry.

import { html, nothing } from 'lit';
import { SKILL_MD } from '../draft.js';
import { lazyView } from '../../internal/lazy-view.js';
import { renderValidation } from './checks-view.js';
import type { DraftPanel } from './draft-panel.js';

export interface AnalysisEntry {
  id: string;
  label: string;
  /** Whether the tab is offered for this draft (Run only when the draft has a tool). */
  applies(b: DraftPanel): boolean;
  render(b: DraftPanel): unknown;
}

const toolRunView = lazyView(() => import('./tool-run-view.js'));
const agentViewChunk = lazyView(() => import('./agent-view.js'));
const evals = lazyView(() => import('./evals-view.js'));
const routingChunk = lazyView(() => import('./routing-analysis-view.js'));
const historyView = lazyView(() => import('./history-view.js'));
const loading = html`<p class="muted">Loading…</p>`;

/** "As the agent sees it": the draft as Forge's runtime reads it, loaded and computed only while open. */
function agentView(b: DraftPanel) {
  const d = b.editor.draft!;
  const findings = [...(b.checks.result?.errors ?? []), ...(b.checks.result?.warnings ?? [])];
  const body = agentViewChunk(b.host, true)?.renderAgentView({
    skillMd: d.skillMd,
    scripts: Object.keys(d.scripts),
    findings,
    onLine: (n) => b.editor.jumpTo(SKILL_MD, n),
  });
  return html`<section class="agent-view" part="agent-view" aria-label="As the agent sees it">${body ?? loading}</section>`;
}

export const ANALYSES: readonly AnalysisEntry[] = [
  { id: 'checks', label: 'Checks', applies: () => true, render: renderValidation },
  { id: 'agent', label: 'As the agent sees it', applies: () => true, render: agentView },
  {
    id: 'run',
    label: 'Run',
    applies: (b) => !!b.editor.draft?.skillMd.includes('## Tool:'),
    render: (b) => toolRunView(b.host, true)?.renderToolRuns(b) ?? loading,
  },
  { id: 'routing', label: 'Routing', applies: () => true, render: (b) => routingChunk(b.host, true)?.renderRoutingAnalysis(b) ?? loading },
  { id: 'evals', label: 'Evals', applies: () => true, render: (b) => evals(b.host, true)?.renderEvals(b) ?? loading },
  { id: 'history', label: 'History', applies: (b) => !!b.editor.editing, render: (b) => historyView(b.host, true)?.renderHistory(b) ?? loading },
];

/** Arrow keys, Home and End move between the analysis tabs (and open the one reached). */
function onKey(b: DraftPanel, shown: readonly AnalysisEntry[], e: KeyboardEvent) {
  const i = shown.findIndex((a) => a.id === b.editor.analysis);
  const to = e.key === 'ArrowRight' ? i + 1 : e.key === 'ArrowLeft' ? i - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? shown.length - 1 : null;
  if (to === null) return;
  e.preventDefault();
  const next = shown[(to + shown.length) % shown.length]!;
  b.editor.showAnalysis(next.id);
  const root = (e.currentTarget as HTMLElement).getRootNode() as ShadowRoot;
  void Promise.resolve().then(() => root.querySelector<HTMLElement>(`#analysis-tab-${next.id}`)?.focus());
}

export function renderAnalyses(b: DraftPanel) {
  const shown = ANALYSES.filter((a) => a.applies(b));
  const open = shown.find((a) => a.id === b.editor.analysis) ?? shown[0]!;
  return html`<aside class="analyses" part="analyses" aria-label="Analyses">
    <div class="analysis-tabs" role="tablist" aria-label="Analyses" @keydown=${(e: KeyboardEvent) => onKey(b, shown, e)}>
      ${shown.map(
        (a) => html`<button role="tab" class="analysis-tab" id="analysis-tab-${a.id}" aria-selected=${a === open ? 'true' : 'false'}
          aria-controls="analysis-panel" tabindex=${a === open ? '0' : '-1'} @click=${() => b.editor.showAnalysis(a.id)}>${a.label}</button>`,
      )}
    </div>
    <div class="analysis-panel" id="analysis-panel" role="tabpanel" aria-labelledby="analysis-tab-${open.id}" tabindex="0">${open.render(b) ?? nothing}</div>
  </aside>`;
}
