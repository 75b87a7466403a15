// "Evals" in the analyses rail: does the agent do the job better with the
// draft than without it? Shows the cases first, editable (evals-cases-view:
// the draft's evals/evals.json, the Examples cases, the designer's
// proposals), runs them over POST …/skill-builder/evals with live progress
// and cost, then shows the benchmark summary and, per case, a chosen run with
// and without the skill side by side with the whole transcripts
// (evals-runs-view). A feedback box per case is saved to
// the skill's evals/feedback.json (a saved skill only), and "Ask the designer
// to improve" sends the failed expectations and the feedback as the next chat
// turn — never a tool's output or an env value. A run joins the editing
// session of the Run analysis: it sends the session's observed runs, and its
// observed tool calls and the report's capability profile become the
// session's (the profile shown under Run), shown here too with its fixes.
// Loaded on first use; its state lives here, per element, and its styles
// travel with it.

import { html, nothing } from 'lit';
import { evalSessionRuns } from '../../../core/evals/eval-session.js';
import type { EvalCase, EvalPlan, EvalRun } from '../../../core/evals/types.js';
import { MAX_SESSION_RUNS } from '../../../core/observe/session.js';
import { loadFeedback, runEvals, saveFeedback, type EvalReportView } from '../../api/evals.js';
import type { DraftPanel } from './draft-panel.js';
import { listProblem, newCaseBook, runCases, syncCases, type CaseBook } from './evals-cases.js';
import { renderCases } from './evals-cases-view.js';
import { caseResults, pct, RUN_STYLE } from './evals-runs-view.js';
import { renderSessionProfile } from './profile-view.js';

interface EvalsState {
  running: AbortController | null;
  plan: EvalPlan | null;
  cases: EvalCase[];
  runs: EvalRun[];
  progress: { done: number; total: number; calls: number; tokens: number } | null;
  selfTest: { ok: boolean; detail: string } | null;
  report: EvalReportView | null;
  error: string;
  feedback: Record<number, string>;
  /** The skill whose saved feedback was loaded into `feedback`. */
  feedbackOf: string | null;
  saved: string;
  runsPerConfiguration: number;
  maxCalls: number;
  /** The cases as edited before a run. */
  book: CaseBook;
  /** The run shown per case. */
  pick: Record<number, number>;
  /** How many tool calls of the last run were observed (they joined the session's profile). */
  observed: number;
}

const STATES = new WeakMap<object, EvalsState>();

/** What a run fills in, empty: before the first run and when a new one starts. */
const noRun = () => ({
  plan: null,
  cases: [],
  runs: [],
  progress: null,
  selfTest: null,
  report: null,
  error: '',
  saved: '',
  pick: {},
  observed: 0,
});

function stateOf(b: DraftPanel): EvalsState {
  let s = STATES.get(b.host);
  if (!s) {
    s = {
      running: null,
      ...noRun(),
      feedback: {},
      feedbackOf: null,
      runsPerConfiguration: 1,
      maxCalls: 60,
      book: newCaseBook(),
    };
    STATES.set(b.host, s);
  }
  return s;
}

async function start(b: DraftPanel, s: EvalsState, agent: string): Promise<void> {
  const draft = b.editor.draft;
  if (!draft || s.running) return;
  const cases = runCases(s.book, draft);
  if (!cases.length || listProblem(s.book.list)) return;
  const controller = new AbortController();
  Object.assign(s, {
    running: controller,
    ...noRun(),
  });
  b.host.requestUpdate();
  const session = b.editor.toolRun?.runs;
  const target = {
    agent,
    draft,
    editingName: b.editor.editing ?? undefined,
    runsPerConfiguration: s.runsPerConfiguration,
    maxCalls: s.maxCalls,
    cases,
    runs: session,
  };
  try {
    for await (const ev of runEvals(b.ctx.api(), target, controller.signal)) {
      if (ev.type === 'plan') s.plan = ev.plan;
      else if (ev.type === 'cases') s.cases = ev.cases;
      else if (ev.type === 'self_test') s.selfTest = { ok: ev.ok, detail: ev.detail };
      else if (ev.type === 'run_result') s.runs = [...s.runs, ev.run];
      else if (ev.type === 'progress') s.progress = ev;
      else if (ev.type === 'done') s.report = ev.report;
      else if (ev.type === 'error') {
        s.error = ev.error;
        if (ev.report) s.report = ev.report;
      }
      if (s.report && (ev.type === 'done' || ev.type === 'error')) joinSession(b, s, s.report, draft.skillMd);
      b.host.requestUpdate();
    }
    b.ctx.say(s.error ? `Evals failed: ${s.error}` : 'Evals finished.');
  } catch (e) {
    if (!controller.signal.aborted) s.error = b.ctx.error('evals', e);
    else s.error = 'Stopped.';
  } finally {
    s.running = null;
    b.host.requestUpdate();
  }
}

/** The run's observed tool calls join the editing session, and the report's profile (over both) becomes the session's. */
function joinSession(b: DraftPanel, s: EvalsState, report: EvalReportView, ran: string): void {
  const profile = report.capabilityProfile;
  if (!profile) return;
  const was = b.editor.toolRun;
  const before = was?.runs ?? [];
  const runs = evalSessionRuns(before, s.runs, report.skill);
  s.observed = runs.length - before.length;
  b.editor.setToolRun({ ...(was ?? { tool: '', input: '{}' }), runs: runs.slice(-MAX_SESSION_RUNS), profile, ran, preview: false });
}

async function syncFeedback(b: DraftPanel, s: EvalsState, agent: string, name: string): Promise<void> {
  s.feedbackOf = name;
  try {
    for (const f of await loadFeedback(b.ctx.api(), agent, name)) s.feedback[f.evalId] ??= f.feedback;
    b.host.requestUpdate();
  } catch {
    // no saved feedback to show: the boxes start empty
  }
}

async function persist(b: DraftPanel, s: EvalsState, agent: string, name: string): Promise<void> {
  const entries = Object.entries(s.feedback)
    .filter(([, text]) => text.trim())
    .map(([id, feedback]) => ({ evalId: Number(id), feedback }));
  try {
    await saveFeedback(b.ctx.api(), agent, name, entries);
    s.saved = `Feedback saved in ${name}/evals/feedback.json.`;
  } catch (e) {
    s.saved = b.ctx.error('evals-feedback', e);
  }
  b.ctx.say(s.saved);
  b.host.requestUpdate();
}

/** The chat turn for the designer: each case's failed with-skill expectations and the operator's feedback. */
export function improveRequest(cases: readonly EvalCase[], runs: readonly EvalRun[], feedback: Readonly<Record<number, string>>): string {
  const parts: string[] = [];
  for (const c of cases) {
    const failed = [
      ...new Set(
        runs.filter((r) => r.evalId === c.id && r.configuration === 'with_skill').flatMap((r) => r.expectations.filter((v) => !v.passed).map((v) => v.text)),
      ),
    ];
    const note = feedback[c.id]?.trim();
    if (!failed.length && !note) continue;
    parts.push(
      [`Case ${c.id}: "${c.prompt}"`, ...failed.map((t) => `- failed with the skill: ${t}`), ...(note ? [`- operator feedback: ${note}`] : [])].join('\n'),
    );
  }
  if (!parts.length) return '';
  return `Improve the skill from these eval results (the agent ran each case with the skill and without it):\n\n${parts.join('\n\n')}\n\nKeep every tool name; change what makes these fail and list what you changed.`;
}

function summary(r: EvalReportView) {
  const row = (label: string, c: EvalReportView['summary']['withSkill']) =>
    c
      ? html`<tr><th scope="row">${label}</th><td>${pct(c.passRate.mean)} ± ${pct(c.passRate.stddev)}</td><td>${c.timeSeconds.mean.toFixed(1)} s</td><td>${Math.round(c.tokens.mean)}</td></tr>`
      : html`<tr><th scope="row">${label}</th><td colspan="3">no runs</td></tr>`;
  const d = r.summary.delta;
  return html`<table class="evals-summary" part="evals-summary"><caption>Benchmark</caption>
<thead><tr><th scope="col">Configuration</th><th scope="col">Pass rate</th><th scope="col">Time</th><th scope="col">Tokens</th></tr></thead>
<tbody>${row('With the skill', r.summary.withSkill)}${row(r.baseline === 'previous' ? 'Previous version' : 'Without the skill', r.summary.withoutSkill)}</tbody></table>
${d ? html`<p class=${d.passRate > 0 ? 'vs ok' : 'vs err'}>Delta: ${d.passRate >= 0 ? '+' : ''}${pct(d.passRate)} pass rate · ${r.calls} calls</p>` : nothing}
${r.partial ? html`<p class="warn">Partial: ${r.partial.detail}</p>` : nothing}
${r.toolsRan ? nothing : html`<p class="muted">Tools did not run on this server (tool runs are off): each tool call got a "not run" result.</p>`}
${r.notes.map((n) => html`<p class="muted">${n}</p>`)}`;
}

function caseView(b: DraftPanel, s: EvalsState, c: EvalCase) {
  const feedback = html`<label>Feedback on case ${c.id}<textarea rows="2" .value=${s.feedback[c.id] ?? ''} @input=${(e: Event) => {
    s.feedback[c.id] = (e.target as HTMLTextAreaElement).value;
    b.host.requestUpdate();
  }}></textarea></label>`;
  const baseline = s.report?.baseline === 'previous' ? 'Previous version' : 'Without the skill';
  return caseResults(c, s.runs, baseline, s, () => b.host.requestUpdate(), feedback);
}

const STYLE = html`<style>
  .evals { display: grid; grid-template-columns: minmax(0, 1fr); gap: var(--_space-2); }
  .evals-form button { white-space: normal; }
  .evals h4 { margin: 0; font-size: 0.9em; }
  .evals-form { display: flex; flex-wrap: wrap; gap: var(--_space-2); align-items: end; }
  .evals-form input { width: 5em; }
  .evals-form input[type='checkbox'] { width: auto; min-height: 0; margin: 0; }
  .evals-form label.check { display: inline-flex; gap: var(--_space-1_5); align-items: center; font-weight: 550; }
  .evals-summary { border-collapse: collapse; }
  .evals-summary th, .evals-summary td { padding: 0 var(--_space-2); text-align: left; }
  .evals h5 { margin: 0; font-size: 0.85em; }
  .case-list { margin: 0; padding-left: var(--_space-4); display: grid; gap: var(--_space-1); }
  .case-editor { display: grid; gap: var(--_space-1); }
  .case-editor label, .eval-case label { display: grid; }
  .eval-case textarea, .case-editor textarea { width: 100%; box-sizing: border-box; }
  .eval-proposals fieldset { border: 1px solid var(--_border); border-radius: var(--_radius-sm); }
  .evals .warn { color: var(--_warning); }
</style>`;

function form(b: DraftPanel, s: EvalsState, agent: string) {
  const num = (e: Event, min: number, max: number) => Math.min(max, Math.max(min, Math.round(Number((e.target as HTMLInputElement).value) || min)));
  return html`<div class="evals-form">
<label>Runs per configuration <input type="number" min="1" max="10" .value=${String(s.runsPerConfiguration)} @change=${(e: Event) => (s.runsPerConfiguration = num(e, 1, 10))} /></label>
<label>Most model calls <input type="number" min="1" max="2000" .value=${String(s.maxCalls)} @change=${(e: Event) => (s.maxCalls = num(e, 1, 2000))} /></label>
${
  s.running
    ? html`<button class="small" @click=${() => s.running?.abort()}>Stop</button>`
    : html`<button class="small primary" ?disabled=${!b.editor.draft || !runCases(s.book, b.editor.draft).length || !!listProblem(s.book.list)} @click=${() => void start(b, s, agent)}>Run evals</button>`
}</div>`;
}

function status(s: EvalsState) {
  const p = s.progress;
  const plan = s.plan ? ` (at most ${s.plan.maxCalls} calls planned, stopped at your limit)` : '';
  return html`<p role="status" class="muted">${s.running ? (p ? `${p.done}/${p.total} runs · ${p.calls} calls · ${p.tokens} tokens${plan}` : 'Starting…') : nothing}</p>
${s.selfTest && !s.selfTest.ok ? html`<p class="warn">Self-test failed: ${s.selfTest.detail}</p>` : nothing}
${s.error ? html`<p class="field-error" role="alert">${s.error}</p>` : nothing}`;
}

function actions(b: DraftPanel, s: EvalsState, agent: string) {
  const name = b.editor.editing;
  const request = improveRequest(s.cases, s.runs, s.feedback);
  return html`<div class="evals-form">
${name ? html`<button class="small" @click=${() => void persist(b, s, agent, name)}>Save feedback</button>` : html`<p class="muted">Save the skill to keep feedback in its evals/feedback.json.</p>`}
<button class="small" ?disabled=${b.chat.busy || !request} @click=${() => b.chat.send(improveRequest(s.cases, s.runs, s.feedback))}>Ask the designer to improve the skill from these results</button></div>
${s.saved ? html`<p class="muted">${s.saved}</p>` : nothing}`;
}

/** The session's profile after a run whose tool calls were observed: the one the Run analysis shows, with the same fixes. */
function profileOf(b: DraftPanel, s: EvalsState) {
  if (!b.editor.toolRun?.profile) return nothing;
  const calls = s.observed === 1 ? 'Its 1 observed tool call' : `Its ${s.observed} observed tool calls`;
  const run = b.editor.draft?.skillMd.includes('## Tool:')
    ? html` <button class="link" @click=${() => b.editor.showAnalysis('run')}>Open it in Run</button>`
    : nothing;
  return html`<p class="muted">${calls} joined this editing session's declared-versus-observed profile.${run}</p>
${renderSessionProfile(b.editor, b.ctx)}`;
}

export function renderEvals(b: DraftPanel) {
  const agent = b.ctx.targetAgent();
  if (!agent)
    return html`<section class="evals" part="evals"><p><strong>Evals need an agent.</strong> Each case runs as the agent would, with its other skills beside this one.</p></section>`;
  const s = stateOf(b);
  const name = b.editor.editing;
  if (name && s.feedbackOf !== name) void syncFeedback(b, s, agent, name);
  const draft = b.editor.draft;
  if (draft) syncCases(s.book, draft, b.editor.skillName);
  return html`<section class="evals" part="evals" aria-labelledby="evals-title">${STYLE}${RUN_STYLE}<h4 id="evals-title">Does the skill help?</h4>
<p class="muted">Runs each case with the skill and without it, grades every run and compares the pass rates.</p>
${draft ? renderCases(b, s.book, agent, !!s.running) : nothing} ${form(b, s, agent)} ${status(s)} ${s.report ? summary(s.report) : nothing}
${s.observed && !s.running ? profileOf(b, s) : nothing}
${s.cases.map((c) => caseView(b, s, c))} ${s.runs.length && !s.running ? actions(b, s, agent) : nothing}</section>`;
}
