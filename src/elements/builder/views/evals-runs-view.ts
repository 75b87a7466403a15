// One case's results in the Evals view: the run picked (1..N when each
// configuration ran N times) with the skill and without it side by side —
// each expectation's verdict and evidence, the answer, then the whole
// transcript: the system prompt, the user's message, every model step with
// its text, tokens and wall time, and every tool call with its input, its
// output and whether it ran. Loaded with the view.

import { html, nothing } from 'lit';
import type { EvalCase, EvalConfiguration, EvalRun, TranscriptStep, TranscriptToolCall } from '../../../core/evals/types.js';

export const pct = (x: number) => `${Math.round(x * 100)}%`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const tokens = (u: { inputTokens: number; outputTokens: number }) => `${u.inputTokens} in / ${u.outputTokens} out tokens`;

function toolCall(c: TranscriptToolCall) {
  const state = c.notRun ? 'not run' : c.ok ? 'ok' : 'failed';
  return html`<li class="tool-call"><code>${c.name}</code> <span class=${c.ok ? 'ok' : 'err'}>${state}</span> · ${c.durationMs} ms${c.skill ? html` · ${c.skill}` : nothing}
<div class="io-label">Input</div><pre>${JSON.stringify(c.input, null, 2)}</pre>
<div class="io-label">Output</div><pre>${c.output || '(empty)'}</pre></li>`;
}

function step(s: TranscriptStep, i: number) {
  return html`<li class="step"><div class="muted">Step ${i + 1} · ${tokens(s.usage)} · ${seconds(s.durationMs)}</div>
${s.text ? html`<p class="answer">${s.text}</p>` : nothing}
${s.toolCalls.length ? html`<ul class="calls" aria-label="Tool calls of step ${i + 1}">${s.toolCalls.map(toolCall)}</ul>` : nothing}</li>`;
}

function runView(label: string, run: EvalRun | undefined) {
  if (!run) return html`<div class="eval-run" part="eval-run"><h5>${label}</h5><p class="muted">Not run.</p></div>`;
  const t = run.transcript;
  return html`<div class="eval-run" part="eval-run"><h5>${label} · run ${run.runNumber} · ${pct(run.passRate)}</h5>
<p class="muted">${seconds(t.durationMs)} · ${tokens(t.usage)} · ${run.toolCalls} tool calls · stopped: ${t.stoppedBy.replace('_', ' ')}</p>
<ul class="verdicts">${run.expectations.map(
    (v) =>
      html`<li class=${v.passed ? 'ok' : 'err'}><span aria-hidden="true">${v.passed ? '✓' : '✗'}</span><span class="sr-only">${v.passed ? 'passed' : 'failed'}:</span> ${v.text}${v.evidence || v.error ? html`<br /><span class="muted">${v.error ?? v.evidence}</span>` : nothing}</li>`,
  )}</ul>
<p class="answer">${t.answer || html`<span class="muted">(no answer)</span>`}</p>
<details class="transcript"><summary>Transcript: ${t.steps.length} ${t.steps.length === 1 ? 'step' : 'steps'}</summary>
<details><summary>System prompt</summary><pre>${t.system}</pre></details>
<div class="io-label">User</div><p class="answer">${t.prompt}</p>
<div class="io-label">Tools offered</div><p>${t.tools.join(', ') || '(none)'}</p>
<ol class="steps">${t.steps.map(step)}</ol></details></div>`;
}

export interface RunPick {
  /** The run number picked per case (1 when none is). */
  pick: Record<number, number>;
}

/** One case: its pass rates, the run picker, both configurations of that run side by side, and `extra` (the feedback box). */
export function caseResults(c: EvalCase, runs: readonly EvalRun[], baselineLabel: string, p: RunPick, update: () => void, extra: unknown) {
  const mine = runs.filter((r) => r.evalId === c.id);
  const of = (conf: EvalConfiguration) => mine.filter((r) => r.configuration === conf);
  const mean = (conf: EvalConfiguration) => {
    const rs = of(conf);
    return rs.length ? pct(rs.reduce((a, r) => a + r.passRate, 0) / rs.length) : '–';
  };
  const numbers = [...new Set(mine.map((r) => r.runNumber))].sort((a, b) => a - b);
  const n = p.pick[c.id] ?? numbers[0] ?? 1;
  const at = (conf: EvalConfiguration) => of(conf).find((r) => r.runNumber === n);
  return html`<details class="eval-case" part="eval-case"><summary>#${c.id} ${c.prompt} — with ${mean('with_skill')} · without ${mean('without_skill')}</summary>
${
  numbers.length > 1
    ? html`<label class="run-pick">Run <select @change=${(e: Event) => {
        p.pick[c.id] = Number((e.target as HTMLSelectElement).value);
        update();
      }}>${numbers.map((k) => html`<option value=${k} ?selected=${k === n}>${k} of ${numbers.length}</option>`)}</select></label>`
    : nothing
}
<div class="eval-pair">${runView('With the skill', at('with_skill'))}${runView(baselineLabel, at('without_skill'))}</div>${extra}</details>`;
}

export const RUN_STYLE = html`<style>
  .eval-pair { display: grid; grid-template-columns: repeat(auto-fit, minmax(14em, 1fr)); gap: var(--_space-2); align-items: start; }
  .eval-run { min-width: 0; }
  .eval-run h5 { margin: 0; font-size: 0.85em; }
  .eval-run .answer { white-space: pre-wrap; overflow-wrap: anywhere; }
  .eval-run pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-size: 0.8em; background: var(--_surface); }
  .verdicts, .calls, .steps { margin: 0; padding-left: var(--_space-4); }
  .verdicts .ok, .tool-call .ok { color: var(--_success, inherit); }
  .verdicts .err, .tool-call .err { color: var(--_danger, inherit); }
  .io-label { font-size: 0.75em; font-weight: 700; color: var(--_muted); }
</style>`;
