// "As the agent sees it": the draft as Forge's runtime will
// register it, straight from forgeRuntimeView — every entry it reads (phantom
// `- word` bullets highlighted, with the reason), each with the description
// as the runtime joins it — wrapped as prose, with the Markdown table rows
// that became description text marked (and counted, with their lines) — the parameters of the input schema it computes
// (type, required), the output spec and format, whether a script backs it,
// and the draft's runtime-* findings next to the entry they are about. Takes
// a narrow input (the SKILL.md, the script names, the findings), not the host.
// The draft view imports this module when the section is first opened: it
// brings the YAML reader the runtime view needs, which the bundle leaves out.
// Its styles travel with it in a <style> of the shadow root.

import { html, nothing, type TemplateResult } from 'lit';
import type { Diagnostic } from '../../../core/diagnostics.js';
import { forgeRuntimeView, type RuntimeToolView, type RuntimeView } from '../../../core/runtime-view/runtime-view.js';

export interface AgentViewInput {
  skillMd: string;
  /** File names of the draft's scripts (`x.sh`). */
  scripts: readonly string[];
  /** The draft's findings; the `runtime-*` ones are shown. */
  findings: readonly Diagnostic[];
  /** Called with a SKILL.md line when a line link is clicked. */
  onLine?: (line: number) => void;
}

let memo: { skillMd: string; scripts: string; view: RuntimeView } | undefined;

/** forgeRuntimeView of the draft, computed again only when the text or the script names change. */
export function draftRuntimeView(skillMd: string, scripts: readonly string[]): RuntimeView {
  const key = scripts.join('\n');
  if (memo?.skillMd !== skillMd || memo.scripts !== key) memo = { skillMd, scripts: key, view: forgeRuntimeView(skillMd, { scripts }) };
  return memo.view;
}

const STYLE = html`<style>
  .agent-body { display: grid; grid-template-columns: minmax(0, 1fr); gap: var(--_space-2); padding-top: var(--_space-2); }
  .agent-body p { margin: 0; }
  .rt-tools { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--_space-2); }
  .rt-tool { border: 1px solid var(--_border); border-radius: var(--_radius-sm); padding: var(--_space-2) var(--_space-2_5); background: var(--_surface); display: grid; gap: var(--_space-1_5); }
  .rt-tool.phantom { border-color: color-mix(in srgb, var(--_warning) 55%, var(--_border)); background: var(--_warning-soft); }
  .rt-tool.skipped { border-color: color-mix(in srgb, var(--_danger) 45%, var(--_border)); }
  .rt-tool { grid-template-columns: minmax(0, 1fr); } .rt-head code, .rt-head .badge { overflow-wrap: anywhere; white-space: normal; }
  .rt-head { display: flex; flex-wrap: wrap; align-items: baseline; gap: var(--_space-1_5) var(--_space-2); }
  .rt-name { font-weight: 700; }
  .badge.phantom { color: var(--_warning); border-color: currentColor; }
  .badge.ok { color: var(--_success); }
  .badge.err { color: var(--_danger); border-color: currentColor; }
  .rt-desc { margin: 0; max-width: 75ch; line-height: 1.5; white-space: normal; overflow-wrap: anywhere; }
  .rt-row { font-family: var(--_mono); font-size: 0.85em; color: inherit; background: var(--_warning-soft); outline: 1px dashed color-mix(in srgb, var(--_warning) 60%, transparent); border-radius: var(--_radius-sm); }
  .rt-note { font-size: 0.85em; color: var(--_muted); }
  .rt-note::before { content: '⚠ '; color: var(--_warning); }
  .rt-label { font-size: 0.76em; font-weight: 700; letter-spacing: 0.04em; text-transform: uppercase; color: var(--_muted); margin-right: var(--_space-1); }
  .rt-params { border-collapse: collapse; font-size: 0.88em; }
  .rt-params th, .rt-params td { text-align: left; padding: var(--_space-0_5) var(--_space-3) var(--_space-0_5) 0; }
  .rt-params th { font-size: 0.85em; color: var(--_muted); font-weight: 600; }
  .rt-finds { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--_space-1); font-size: 0.88em; }
  .rt-finds .warning::before { content: '⚠ '; color: var(--_warning); }
  .rt-finds .error::before { content: '✕ '; color: var(--_danger); }
  .line-link { min-height: 0; padding: 0; border: 0; background: none; color: var(--_accent); font-weight: 600; font-size: 0.85em; }
</style>`;

/** The runtime's findings about the entry (by field for a `## Tool:`, by line for a phantom). */
function findingsOf(t: RuntimeToolView, findings: readonly Diagnostic[]): Diagnostic[] {
  const field = `tools.${t.name}`;
  return findings.filter((d) =>
    t.kind === 'phantom' ? d.code === 'runtime-phantom-tool' && d.line === t.line : d.field === field || d.field?.startsWith(`${field}.`),
  );
}

/** What the runtime does with the entry: registers it (and runs what), skips it, or leaves it to read_skill. */
function status(view: RuntimeView, t: RuntimeToolView): TemplateResult {
  if (t.invalidKeys.length > 0) return html`<span class="badge err">skipped: parameter names providers refuse</span>`;
  if (view.runtime === 'binary') return html`<span class="badge ok">registered · runs the skill's binary</span>`;
  if (t.script) return html`<span class="badge ok">registered · runs <span class="mono">${t.script}</span></span>`;
  return html`<span class="badge">no script · the agent reads it with read_skill</span>`;
}

function renderParams(t: RuntimeToolView): TemplateResult {
  const names = Object.keys(t.inputSchema.properties);
  if (names.length === 0)
    return html`<p><span class="rt-label">Input</span>${t.inputSchema.additionalProperties ? 'no parameters (an open schema: the model may pass anything)' : 'none'}</p>`;
  const required = new Set(t.inputSchema.required ?? []);
  return html`<table class="rt-params">
    <caption class="sr-only">Input schema of ${t.name}</caption>
    <thead><tr><th scope="col">Parameter</th><th scope="col">Type</th><th scope="col">Required</th></tr></thead>
    <tbody>${names.map((n) => html`<tr><td class="mono">${n}</td><td>${t.inputSchema.properties[n]!.type}</td><td>${required.has(n) ? 'yes' : 'no'}</td></tr>`)}</tbody>
  </table>`;
}

const isTableRow = (text: string) => text.startsWith('|');

/** The description as the model gets it, wrapped; each table row it swallowed is marked with its line. */
function renderDescription(t: RuntimeToolView, onLine: AgentViewInput['onLine']): TemplateResult {
  if (!t.description) return html`<p class="rt-desc muted">(no description)</p>`;
  const rows = t.descriptionLines.filter((l) => isTableRow(l.text));
  const parts = t.descriptionLines.map((l, i) => {
    const gap = i === 0 ? '' : ' ';
    return isTableRow(l.text)
      ? html`${gap}<mark class="rt-row" title="Line ${l.line}: a table row, sent to the model as description text"><span class="sr-only">table row as text: </span>${l.text}</mark>`
      : html`${gap}${l.text}`;
  });
  return html`<p class="rt-desc" title="The description as the runtime joins it">${parts}</p>
    ${
      rows.length
        ? html`<p class="rt-note">${rows.length === 1 ? '1 table row' : `${rows.length} table rows`} (${rows.map((r, i) => html`${i ? ', ' : ''}${lineLink(r.line, onLine)}`)})
          became description text: the runtime joins every line of the section into one description, so the model reads the table as run-on text.</p>`
        : nothing
    }`;
}

function lineLink(line: number, onLine: AgentViewInput['onLine']) {
  return onLine ? html`<button class="line-link" @click=${() => onLine(line)}>line ${line}</button>` : html`<span class="muted">line ${line}</span>`;
}

function renderFindings(list: readonly Diagnostic[], onLine: AgentViewInput['onLine']) {
  if (list.length === 0) return nothing;
  return html`<ul class="rt-finds">${list.map((d) => html`<li class=${d.severity}>${d.message} ${d.line ? lineLink(d.line, onLine) : nothing}</li>`)}</ul>`;
}

function renderTool(view: RuntimeView, t: RuntimeToolView, input: AgentViewInput, runtimeFindings: readonly Diagnostic[]): TemplateResult {
  const phantom = t.kind === 'phantom';
  return html`<li class="rt-tool ${phantom ? 'phantom' : t.invalidKeys.length ? 'skipped' : ''}" part="agent-tool">
    <div class="rt-head">
      <span class="rt-name mono">${t.name}</span>
      ${phantom ? html`<span class="badge phantom">phantom tool</span>` : nothing} ${status(view, t)} ${lineLink(t.line, input.onLine)}
    </div>
    ${
      phantom
        ? html`<p>Line ${t.line} is a one-word "- " bullet outside the tool sections, which Forge's runtime reads as a tool named <span class="mono">${t.name}</span> with no description or input. Write it with "* " or as a phrase.</p>`
        : html`${renderDescription(t, input.onLine)}
          ${renderParams(t)}
          <p><span class="rt-label">Output</span>${t.outputSpec || html`<span class="muted">(empty)</span>`}${t.outputFormat ? html` · <span class="rt-label">format</span>${t.outputFormat}` : nothing}</p>`
    }
    ${renderFindings(findingsOf(t, runtimeFindings), input.onLine)}
  </li>`;
}

/** The body of the "As the agent sees it" section for a draft. */
export function renderAgentView(input: AgentViewInput): TemplateResult {
  const view = draftRuntimeView(input.skillMd, input.scripts);
  const runtimeFindings = input.findings.filter((d) => d.code.startsWith('runtime-'));
  const shown = new Set(view.tools.flatMap((t) => findingsOf(t, runtimeFindings)));
  const rest = runtimeFindings.filter((d) => !shown.has(d));
  const phantoms = view.tools.filter((t) => t.kind === 'phantom').length;
  return html`${STYLE}<div class="agent-body">
    ${
      view.loadErrors.length
        ? html`<div class="notice error" role="alert"><span>Forge's runtime would not load this skill, so it registers nothing: ${view.loadErrors.join('; ')}.</span></div>`
        : nothing
    }
    <p class="muted">${
      view.tools.length === 0
        ? 'Forge reads no tool in this SKILL.md: the agent finds the skill in its catalog and follows the instructions.'
        : `Forge reads ${view.tools.length} ${view.tools.length === 1 ? 'tool' : 'tools'}${phantoms ? `, ${phantoms} of them phantom` : ''} (runtime: ${view.runtime}).`
    }</p>
    ${view.tools.length ? html`<ul class="rt-tools" aria-label="Tools as the runtime reads them">${view.tools.map((t) => renderTool(view, t, input, runtimeFindings))}</ul>` : nothing}
    ${renderFindings(rest, input.onLine)}
  </div>`;
}
