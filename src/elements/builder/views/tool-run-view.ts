// "Run a tool" in the draft panel: each `## Tool:` of the draft can
// be run on the server (POST …/skill-builder/try) with an input picked from
// its Examples table and edited as JSON; the result shows how it ended, the
// output (JSON as a tree, else text), why a failed run failed (the server's
// causes: a host the proxy refused and that it is not in egress_domains, an
// env var the script did not get and where to set it, each with its fix — or,
// from an older server, the blocked hosts), stderr and output mismatches, and a failed run can be sent to the designer as the next chat
// turn: the server's `fix_request` text (input, exit code, stderr,
// mismatches, blocked hosts — never stdout or env values). Each run sends the
// session's earlier runs, so the reply's declared-versus-observed profile
// (profile-view.ts) covers them all. The tool list is read from
// the SKILL.md text with two small patterns, keeping the YAML parser out of
// the browser bundle. The draft view imports this module on first use; its
// styles travel with it in a <style> of the shadow root.

import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { addObservedRun } from '../../../core/observe/session.js';
import { tryReplyFromWire, trySessionToWire } from '../../../core/protocol/profile-wire.js';
import type { ToolRunState } from '../controllers/draft-controller.js';
import { renderSessionProfile } from './profile-view.js';
import type { BuilderContext } from '../controllers/context.js';
import type { Draft, ToolRunResult } from '../../types.js';

/** What the panel needs: the draft and the panel's state, the API, and the chat (for a fix request). */
export interface ToolRunView {
  editor: { readonly draft: Draft | null; readonly toolRun: ToolRunState | null; setToolRun(s: ToolRunState): void; edit(d: Draft): void };
  ctx: BuilderContext;
  chat: { readonly busy: boolean; send(text: string): void };
}

export interface DraftTool {
  name: string;
  /** Examples-table rows: the user request and the tool input as written (JSON text). */
  examples: Array<{ request: string; input: string }>;
}

// A row `| request | `{json}` |`. The request cell is read up to the first unescaped `|` and trimmed in
// code: the old `\s*(.+?)\s*\|` traded spaces between its three quantifiers (quadratic on long runs).
const EXAMPLE_ROW = /^\|((?:[^|\\\n]|\\.)*)\|[ \t]*`?(\{.*\}|\[.*\])`?[ \t]*\|[ \t]*$/gm;

/** The `## Tool:` sections of a SKILL.md with their Examples rows whose input is JSON. */
export function draftTools(skillMd: string): DraftTool[] {
  return skillMd
    .split(/^## Tool:[ \t]*/m)
    .slice(1)
    .flatMap((part) => {
      const name = /^\S+/.exec(part)?.[0];
      const body = part.split(/^##? /m)[0]!;
      return name
        ? [
            {
              name,
              examples: [...body.matchAll(EXAMPLE_ROW)]
                .filter((m) => m[1]!.trim() !== '')
                .map((m) => ({ request: m[1]!.trim().replace(/^"(.*)"$/, '$1'), input: m[2]! })),
            },
          ]
        : [];
    });
}

function jsonTree(v: unknown, key?: string): TemplateResult {
  const label = key === undefined ? nothing : html`<span class="muted">${key}:</span> `;
  if (v === null || typeof v !== 'object') return html`${label}<span class="mono">${JSON.stringify(v)}</span>`;
  const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
  return html`<details open><summary>${label}${Array.isArray(v) ? `[${entries.length}]` : `{${entries.length}}`}</summary><ul>${entries.map(([k, x]) => html`<li>${jsonTree(x, k)}</li>`)}</ul></details>`;
}

/** A tool's panel state; the session's runs and profile carry over from `was`. */
const fresh = (t: DraftTool, was?: ToolRunState | null): ToolRunState => ({
  ...(was?.runs ? { runs: was.runs, profile: was.profile!, ran: was.ran! } : {}),
  tool: t.name,
  input: t.examples[0]?.input ?? '{}',
});

async function run({ editor: b, ctx }: ToolRunView, s: ToolRunState): Promise<void> {
  const d = b.draft;
  if (!d || s.busy) return;
  let input: unknown;
  try {
    input = JSON.parse(s.input);
  } catch {
    b.setToolRun({ ...s, error: 'The input is not valid JSON.' });
    return;
  }
  b.setToolRun({ ...s, busy: true, error: '', result: undefined, preview: false });
  try {
    const agent = ctx.targetAgent();
    const body = trySessionToWire({ ...d, tool: s.tool, input, ...(s.runs ? { runs: s.runs } : {}) });
    const result = tryReplyFromWire(await (await ctx.api().post(`${agent ? `/agents/${encodeURIComponent(agent)}` : ''}/skill-builder/try`, body)).json());
    const profile = result.capabilityProfile;
    const seen = result.observation;
    const runs = profile && seen ? addObservedRun(s.runs ?? [], { id: profile.runs.at(-1)?.id, tool: s.tool, ok: result.ok, observation: seen }) : s.runs;
    b.setToolRun({ ...b.toolRun!, busy: false, result, ran: d.skillMd, ...(profile ? { profile } : {}), ...(runs ? { runs } : {}) });
    ctx.say(`${s.tool}: exit ${result.exitCode ?? result.signal}`);
  } catch (e) {
    b.setToolRun({ ...s, error: ctx.error('try', e) });
  }
}

/** Hosts refused for not being declared on one line; any refused for another reason (a private address, the builder itself, a cap) with that reason. */
function blockedHosts(r: ToolRunResult) {
  const why = new Map((r.egressRefusals ?? []).map((x) => [x.host, x.reason]));
  const other = (r.egressRefusals ?? []).filter((x) => !x.reason.includes('egress_domains'));
  const undeclared = r.egressBlocked.filter((h) => (why.get(h) ?? 'egress_domains').includes('egress_domains'));
  return html`${undeclared.length ? html`<p class="warn">Blocked (not in egress_domains): ${undeclared.join(', ')}</p>` : nothing}
${other.map((x) => html`<p class="warn">Blocked: ${x.host} ${x.reason}</p>`)}`;
}

/** Why the run failed (or, when it still exited 0, what it ran into), before its stderr: each cause with its fix. */
function renderCauses(r: ToolRunResult) {
  const title = r.ok ? 'What the run ran into' : 'Why it failed';
  return html`<section class="run-causes" aria-label=${title}><h5>${title}</h5><ul>${r.causes!.map(
    (c) => html`<li class=${c.code}><span>${c.message}.</span> <span class="muted"><strong>Fix:</strong> ${c.fix}.</span></li>`,
  )}</ul></section>`;
}

function renderResult(b: ToolRunView, r: ToolRunResult) {
  const how = r.timedOut ? 'timed out' : `exit ${r.exitCode ?? r.signal}`;
  const sandbox = r.sandbox === 'none' ? 'not ' : '';
  return html`<div class="run-result" part="run-result"><p class=${r.ok ? 'vs ok' : 'vs err'}>${how} · ${r.durationMs} ms · ${sandbox}sandboxed${r.truncated ? ' · cut at 1 MiB' : ''}</p>
${r.causes?.length ? renderCauses(r) : nothing}
${r.json !== null ? html`<div class="tree">${jsonTree(r.json)}</div>` : r.stdout ? html`<pre class="plain">${r.stdout}</pre>` : nothing}
${r.stderr ? html`<pre class="plain field-error" aria-label="stderr">${r.stderr}</pre>` : nothing}
${r.causes ? nothing : blockedHosts(r)}
${r.outputDiagnostics.map((x) => html`<p class="warn"><code>${x.path || '/'}</code> ${x.message}</p>`)}
${r.fixRequest ? html`<button class="small" ?disabled=${b.chat.busy} @click=${() => b.chat.send(r.fixRequest!)}>Ask the designer to fix it</button>` : nothing}</div>`;
}

export function renderToolRuns(b: ToolRunView) {
  const d = b.editor.draft;
  const tools = d ? draftTools(d.skillMd) : [];
  const current = b.editor.toolRun;
  const tool = tools.find((t) => t.name === current?.tool) ?? tools[0];
  if (!tool) return nothing;
  const s = current?.tool === tool.name ? current : fresh(tool, current);
  const value = (e: Event) => (e.target as HTMLInputElement).value;
  const setInput = (input: string) => b.editor.setToolRun({ ...s, input, error: '' });
  return html`<section class="runs" part="runs" aria-labelledby="runs-title"><style>.runs { display: grid; gap: var(--_space-2); } .runs h4 { margin: 0; font-size: 0.9em; } .run-form { display: flex; flex-wrap: wrap; gap: var(--_space-2); } .run-form textarea { flex: 1 1 100%; } .run-result pre { white-space: pre-wrap; overflow-wrap: anywhere; } .run-result .warn { color: var(--_warning); } .run-causes { border-left: 3px solid var(--_danger); padding-left: var(--_space-2); } .run-causes h5 { margin: 0; font-size: 0.9em; } .run-causes ul { margin: var(--_space-1) 0 0; padding-left: var(--_space-4); display: grid; gap: var(--_space-1); } .run-causes li { overflow-wrap: anywhere; } .tree ul { margin: 0; padding-left: var(--_space-4); list-style: none; }</style><h4 id="runs-title">Run a tool</h4><div class="run-form">
<select aria-label="Tool" @change=${(e: Event) =>
    b.editor.setToolRun(
      fresh(
        tools.find((t) => t.name === value(e))!,
        s,
      ),
    )}>${tools.map((t) => html`<option>${t.name}</option>`)}</select>
${tool.examples.length ? html`<select aria-label="Example input" @change=${(e: Event) => setInput(tool.examples[+value(e)]!.input)}>${tool.examples.map((x, i) => html`<option value=${i}>${x.request}</option>`)}</select>` : nothing}
<textarea class="mono" aria-label="Input (JSON)" rows="2" spellcheck="false" .value=${live(s.input)} @input=${(e: Event) => setInput(value(e))}></textarea>
<button class="small primary" ?disabled=${s.busy} @click=${() => void run(b, s)}>${s.busy ? 'Running…' : 'Run'}<span class="sr-only"> ${s.tool}</span></button></div>
${s.error ? html`<p class="field-error" role="alert">${s.error}</p>` : nothing} ${s.result ? renderResult(b, s.result) : nothing}
${renderSessionProfile(b.editor, b.ctx, s)}</section>`;
}
