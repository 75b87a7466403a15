// The History analysis of a saved skill being edited, loaded on first open:
// a trust badge (what the skill's signatures say), the versions its saves
// kept (newest first, with time, summary, risk and the eval run each kept),
// the diff of any two of them — picked as A and B, the skill on disk being
// one choice — and restoring one after a confirmation: a rollback is a save
// on the server, and the editor then reloads the restored skill. Its state
// lives per element; its styles travel with it.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { fetchDiff, fetchHistory, fetchTrust, rollback, type SkillHistory, type SkillTrust, type SkillVersionDiff } from '../../api/history.js';
import type { SkillEvalSummary } from '../../../core/api/types.js';
import type { DraftPanel } from './draft-panel.js';
import { renderTrustBadge, TRUST_STYLE } from './trust-badge.js';

const SAVED = 'current';

interface HistoryState {
  key: string;
  loading: boolean;
  error: string;
  history: SkillHistory | null;
  trust: SkillTrust | undefined;
  /** The versions picked as A (from) and B (to); B is the saved skill by default. */
  from: string;
  to: string;
  diff: SkillVersionDiff | null;
  confirm: string | null;
  busy: boolean;
}

const states = new WeakMap<object, HistoryState>();

const STYLE = html`<style>
  .history { display: grid; gap: var(--_space-2); }
  .history h4 { margin: 0; font-size: 0.9em; }
  .versions { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--_space-1_5); }
  .version { border: 1px solid var(--_border); border-radius: var(--_radius-sm); padding: var(--_space-1_5) var(--_space-2); display: grid; gap: var(--_space-1); }
  .version.selected { border-color: var(--_accent, var(--_border)); }
  .version p { margin: 0; }
  .version .actions, .confirm, .compare { display: flex; flex-wrap: wrap; gap: var(--_space-1_5); align-items: center; }
  .patch { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.85em; }
  .patch .add { background: var(--_success-soft, transparent); }
  .patch .del { background: var(--_danger-soft, transparent); }
</style>`;

function stateOf(b: DraftPanel, agent: string, name: string): HistoryState {
  const key = `${agent}/${name}`;
  let s = states.get(b.host);
  if (s?.key !== key) {
    s = { key, loading: true, error: '', history: null, trust: undefined, from: '', to: SAVED, diff: null, confirm: null, busy: false };
    states.set(b.host, s);
    void load(b, s, agent, name);
  }
  return s;
}

async function load(b: DraftPanel, s: HistoryState, agent: string, name: string): Promise<void> {
  const api = b.ctx.api();
  try {
    const [history, trust] = await Promise.all([fetchHistory(api, agent, name), fetchTrust(api, agent, name).catch(() => undefined)]);
    Object.assign(s, { history, trust, loading: false, error: '', from: history.versions[0]?.id ?? '' });
  } catch (e) {
    Object.assign(s, { loading: false, error: b.ctx.error('history', e) });
  }
  b.host.requestUpdate();
}

/** Diffs version A against version B (either may be the saved skill). */
async function compare(b: DraftPanel, s: HistoryState, agent: string, name: string, from = s.from, to = s.to): Promise<void> {
  Object.assign(s, { from, to, diff: null, busy: true, error: '' });
  b.host.requestUpdate();
  try {
    s.diff = await fetchDiff(b.ctx.api(), agent, name, from, to);
  } catch (e) {
    s.error = b.ctx.error('history', e);
  }
  s.busy = false;
  b.host.requestUpdate();
}

async function restore(b: DraftPanel, s: HistoryState, agent: string, name: string, id: string): Promise<void> {
  Object.assign(s, { busy: true, confirm: null });
  b.host.requestUpdate();
  try {
    await rollback(b.ctx.api(), agent, name, id);
    b.ctx.say(`Restored ${name} to version ${id}.`);
    states.delete(b.host);
    const host = b.host as { editSkill?(name: string, agent?: string, force?: boolean): Promise<void> };
    await host.editSkill?.(name, agent, true);
  } catch (e) {
    Object.assign(s, { busy: false, error: b.ctx.error('history', e) });
  }
  b.host.requestUpdate();
}

function patchLines(patch: string) {
  const lines = patch.split('\n').filter((l) => l !== '' && !/^(Index:|===|--- |\+\+\+ )/.test(l));
  return lines.map((l) => html`<span class=${l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : l.startsWith('@@') ? 'hunk muted' : ''}>${l}</span>\n`);
}

const sideName = (id: string) => (id === SAVED ? 'the saved skill' : `version ${id}`);

function renderDiff(d: SkillVersionDiff) {
  const label = `Changes from ${sideName(d.from)} to ${sideName(d.to)}`;
  if (d.files.length === 0) return html`<p class="muted version-diff">No differences from ${sideName(d.from)} to ${sideName(d.to)}.</p>`;
  return html`<div class="version-diff" role="group" aria-label=${label}>
    <h4>${label}</h4>
    ${d.files.map(
      (
        f,
      ) => html`<details open><summary><span class="mono">${f.path}</span> ${f.status} ${f.binary ? '(binary)' : html`<span class="muted">+${f.added} −${f.removed}</span>`}</summary>
        ${f.binary ? nothing : html`<pre class="patch mono" tabindex="0" aria-label="Diff of ${f.path}">${patchLines(f.patch)}</pre>`}</details>`,
    )}
  </div>`;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** One line of a version's eval run: pass rate with and without the skill, the difference, runs, when. */
function evalsLine(e: SkillEvalSummary): string {
  const base =
    e.withoutSkill !== undefined
      ? `, ${pct(e.withoutSkill)} without (${(e.delta ?? 0) >= 0 ? '+' : '−'}${Math.abs(Math.round((e.delta ?? 0) * 100))} points)`
      : '';
  const when = e.when && !Number.isNaN(Date.parse(e.when)) ? `, ${new Date(e.when).toLocaleString()}` : '';
  return `Evals: ${pct(e.withSkill)} with the skill${base}, ${e.runs} run${e.runs === 1 ? '' : 's'}${when}`;
}

function renderVersion(b: DraftPanel, s: HistoryState, agent: string, name: string, v: SkillHistory['versions'][number]) {
  const risk = v.riskScore !== undefined ? `Risk ${v.riskScore}${v.riskLevel ? ` (${v.riskLevel})` : ''}` : 'Risk not recorded';
  const when = new Date(v.created).toLocaleString();
  const shown = s.diff && (s.diff.from === v.id || s.diff.to === v.id);
  return html`<li class="version ${shown ? 'selected' : ''}">
    <p><time datetime=${v.created}>${when}</time> · <span class="mono">${v.id}</span></p>
    <p>${v.summary}</p>
    <p class="muted">${risk} · ${v.files.length} file${v.files.length === 1 ? '' : 's'}</p>
    ${v.evals ? html`<p class="muted evals">${evalsLine(v.evals)}</p>` : nothing}
    <div class="actions">
      <button class="small" aria-pressed=${s.diff?.from === v.id && s.diff.to === SAVED ? 'true' : 'false'} ?disabled=${s.busy}
        @click=${() => void compare(b, s, agent, name, v.id, SAVED)}>Compare with saved<span class="sr-only"> (version ${v.id})</span></button>
      <button class="small" ?disabled=${s.busy} @click=${() => ((s.confirm = v.id), b.host.requestUpdate())}>Restore…<span class="sr-only"> version ${v.id}</span></button>
    </div>
    ${
      s.confirm === v.id
        ? html`<div class="confirm" role="group" aria-label="Confirm restore"><p>Restore this version? It replaces the saved skill (which is kept in history) and reloads the editor.</p>
          <button class="primary small" @click=${() => void restore(b, s, agent, name, v.id)}>Restore</button>
          <button class="small" @click=${() => ((s.confirm = null), b.host.requestUpdate())}>Cancel</button></div>`
        : nothing
    }
  </li>`;
}

/** The A/B pickers, below the versions (whose own actions come first): any kept version or the saved skill on each side, then Compare. */
function renderCompare(b: DraftPanel, s: HistoryState, agent: string, name: string, versions: SkillHistory['versions']) {
  const options = (picked: string) => html`<option value=${SAVED} ?selected=${picked === SAVED}>Saved skill</option>
    ${versions.map((v) => html`<option value=${v.id} ?selected=${picked === v.id}>${new Date(v.created).toLocaleString()} · ${v.id}</option>`)}`;
  const pick = (side: 'from' | 'to') => (e: Event) => ((s[side] = (e.target as HTMLSelectElement).value), b.host.requestUpdate());
  return html`<form class="compare" aria-label="Compare two versions" @submit=${(e: Event) => (e.preventDefault(), void compare(b, s, agent, name))}>
    <label for="history-from">A</label>
    <select id="history-from" .value=${live(s.from)} @change=${pick('from')}>${options(s.from)}</select>
    <label for="history-to">B</label>
    <select id="history-to" .value=${live(s.to)} @change=${pick('to')}>${options(s.to)}</select>
    <button class="small" type="submit" ?disabled=${s.busy || s.from === s.to}>Compare A with B</button>
  </form>`;
}

export function renderHistory(b: DraftPanel) {
  const name = b.editor.editing;
  const agent = b.ctx.targetAgent();
  if (!name || !agent) return html`<p class="muted">History is kept for a saved skill of an agent: save this one, then edit it.</p>`;
  const s = stateOf(b, agent, name);
  const versions = s.history?.versions ?? [];
  return html`<section class="history" part="history" aria-labelledby="history-title">${STYLE}${TRUST_STYLE}
    ${s.trust ? html`<p>${renderTrustBadge(s.trust)}</p>` : nothing}
    <h4 id="history-title">Saved versions of ${name}</h4>
    ${s.error ? html`<p class="error" role="alert">${s.error}</p>` : nothing}
    ${
      s.loading
        ? html`<p class="muted">Loading…</p>`
        : versions.length === 0
          ? html`<p class="muted">No earlier versions yet: one is kept each time this skill is saved.</p>`
          : html`<ul class="versions" aria-labelledby="history-title">${versions.map((v) => renderVersion(b, s, agent, name, v))}</ul>${renderCompare(b, s, agent, name, versions)}`
    }
    ${s.diff ? renderDiff(s.diff) : s.busy ? html`<p class="muted" role="status">Comparing…</p>` : nothing}
  </section>`;
}
