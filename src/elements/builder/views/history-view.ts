// The History analysis of a saved skill being edited, loaded on first open:
// a trust badge (what the skill's signatures say), the versions its saves
// kept (newest first, with time, summary and risk), the diff of one against
// the skill on disk, and restoring one after a confirmation — a rollback is a
// save on the server, and the editor then reloads the restored skill. Its
// state lives per element; its styles travel with it.

import { html, nothing } from 'lit';
import { fetchDiff, fetchHistory, fetchTrust, rollback, type SkillHistory, type SkillTrust, type SkillVersionDiff } from '../../api/history.js';
import type { DraftPanel } from './draft-panel.js';

interface HistoryState {
  key: string;
  loading: boolean;
  error: string;
  history: SkillHistory | null;
  trust: SkillTrust | undefined;
  selected: string | null;
  diff: SkillVersionDiff | null;
  confirm: string | null;
  busy: boolean;
}

const states = new WeakMap<object, HistoryState>();

const STYLE = html`<style>
  .history { display: grid; gap: var(--_space-2); }
  .history h4 { margin: 0; font-size: 0.9em; }
  .trust-badge { display: flex; flex-wrap: wrap; gap: var(--_space-1_5); align-items: baseline; margin: 0; }
  .trust-badge .badge { font-weight: 600; padding: 0 var(--_space-1_5); border-radius: var(--_radius-sm); border: 1px solid var(--_border); }
  .trust-badge.verified .badge { color: var(--_success, inherit); }
  .trust-badge.modified .badge, .trust-badge.unverified .badge { color: var(--_warning); }
  .versions { list-style: none; margin: 0; padding: 0; display: grid; gap: var(--_space-1_5); }
  .version { border: 1px solid var(--_border); border-radius: var(--_radius-sm); padding: var(--_space-1_5) var(--_space-2); display: grid; gap: var(--_space-1); }
  .version.selected { border-color: var(--_accent, var(--_border)); }
  .version p { margin: 0; }
  .version .actions, .confirm { display: flex; flex-wrap: wrap; gap: var(--_space-1_5); align-items: center; }
  .patch { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.85em; }
  .patch .add { background: var(--_success-soft, transparent); }
  .patch .del { background: var(--_danger-soft, transparent); }
</style>`;

const TRUST: Record<string, string> = { verified: 'Verified', modified: 'Modified since signed', unverified: 'Signed by an unknown key', unsigned: 'Unsigned' };

function stateOf(b: DraftPanel, agent: string, name: string): HistoryState {
  const key = `${agent}/${name}`;
  let s = states.get(b.host);
  if (s?.key !== key) {
    s = { key, loading: true, error: '', history: null, trust: undefined, selected: null, diff: null, confirm: null, busy: false };
    states.set(b.host, s);
    void load(b, s, agent, name);
  }
  return s;
}

async function load(b: DraftPanel, s: HistoryState, agent: string, name: string): Promise<void> {
  const api = b.ctx.api();
  try {
    const [history, trust] = await Promise.all([fetchHistory(api, agent, name), fetchTrust(api, agent, name).catch(() => undefined)]);
    Object.assign(s, { history, trust, loading: false, error: '' });
  } catch (e) {
    Object.assign(s, { loading: false, error: b.ctx.error('history', e) });
  }
  b.host.requestUpdate();
}

async function select(b: DraftPanel, s: HistoryState, agent: string, name: string, id: string): Promise<void> {
  Object.assign(s, { selected: id, diff: null, busy: true });
  b.host.requestUpdate();
  try {
    s.diff = await fetchDiff(b.ctx.api(), agent, name, id);
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

function trustBadge(t: SkillTrust | undefined) {
  if (!t) return nothing;
  return html`<p class="trust-badge ${t.status}" part="trust-badge"><span class="badge">${TRUST[t.status] ?? t.status}</span>
    <span class="muted">${t.detail}</span></p>`;
}

function patchLines(patch: string) {
  const lines = patch.split('\n').filter((l) => l !== '' && !/^(Index:|===|--- |\+\+\+ )/.test(l));
  return lines.map((l) => html`<span class=${l.startsWith('+') ? 'add' : l.startsWith('-') ? 'del' : l.startsWith('@@') ? 'hunk muted' : ''}>${l}</span>\n`);
}

function renderDiff(d: SkillVersionDiff) {
  if (d.files.length === 0) return html`<p class="muted">This version is the same as the skill on disk.</p>`;
  return html`<div class="version-diff" role="group" aria-label="Changes from version ${d.from} to the saved skill">
    ${d.files.map(
      (
        f,
      ) => html`<details open><summary><span class="mono">${f.path}</span> ${f.status} ${f.binary ? '(binary)' : html`<span class="muted">+${f.added} −${f.removed}</span>`}</summary>
        ${f.binary ? nothing : html`<pre class="patch mono" tabindex="0">${patchLines(f.patch)}</pre>`}</details>`,
    )}
  </div>`;
}

function renderVersion(b: DraftPanel, s: HistoryState, agent: string, name: string, v: SkillHistory['versions'][number]) {
  const risk = v.riskScore !== undefined ? `Risk ${v.riskScore}${v.riskLevel ? ` (${v.riskLevel})` : ''}` : 'Risk not recorded';
  const when = new Date(v.created).toLocaleString();
  return html`<li class="version ${s.selected === v.id ? 'selected' : ''}">
    <p><time datetime=${v.created}>${when}</time> · <span class="mono">${v.id}</span></p>
    <p>${v.summary}</p>
    <p class="muted">${risk} · ${v.files.length} file${v.files.length === 1 ? '' : 's'}</p>
    <div class="actions">
      <button class="small" aria-pressed=${s.selected === v.id ? 'true' : 'false'} ?disabled=${s.busy} @click=${() => void select(b, s, agent, name, v.id)}>Compare with saved</button>
      <button class="small" ?disabled=${s.busy} @click=${() => ((s.confirm = v.id), b.host.requestUpdate())}>Restore…</button>
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

export function renderHistory(b: DraftPanel) {
  const name = b.editor.editing;
  const agent = b.ctx.targetAgent();
  if (!name || !agent) return html`<p class="muted">History is kept for a saved skill of an agent: save this one, then edit it.</p>`;
  const s = stateOf(b, agent, name);
  const versions = s.history?.versions ?? [];
  return html`<section class="history" part="history" aria-labelledby="history-title">${STYLE}
    ${trustBadge(s.trust)}
    <h4 id="history-title">Saved versions of ${name}</h4>
    ${s.error ? html`<p class="error" role="alert">${s.error}</p>` : nothing}
    ${
      s.loading
        ? html`<p class="muted">Loading…</p>`
        : versions.length === 0
          ? html`<p class="muted">No earlier versions yet: one is kept each time this skill is saved.</p>`
          : html`<ul class="versions" aria-labelledby="history-title">${versions.map((v) => renderVersion(b, s, agent, name, v))}</ul>`
    }
    ${s.diff ? renderDiff(s.diff) : s.selected && s.busy ? html`<p class="muted">Comparing…</p>` : nothing}
  </section>`;
}
