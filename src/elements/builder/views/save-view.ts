// The save dialog (target agent when the builder is workspace-level, the line
// diff against the on-disk skill in edit mode, the result with path, egress
// and env vars, password inputs for missing env vars, conflicts explained) and
// the "discard unsaved work?" confirmation.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { trapTab } from '../../internal/dialog.js';
import { lazyView } from '../../internal/lazy-view.js';
import { riskView } from './draft-view.js';
import { riskBlocksSave, type DraftReview } from '../review.js';
import type { SaveState } from '../controllers/save-controller.js';
import type { AgentInfo, Draft, MissingEnvVar, SaveResult } from '../../types.js';

/** The save dialog's state and actions (the save controller gives them). */
export interface SaveView {
  readonly state: SaveState | null;
  patch(patch: Partial<SaveState>): void;
  save(): Promise<void>;
  saveEnv(): Promise<void>;
}

/** What the save dialog needs from around it. */
export interface SaveDialog {
  save: SaveView;
  /** The element's `agent`: without it the dialog asks which agent. */
  agent: string | undefined;
  editor: { readonly draft: Draft | null; readonly skillName: string; readonly editing: string | null; readonly editAgent: string | null; readonly original: Draft | null };
  agents: { readonly agents: AgentInfo[] | null; readonly agentsError: string };
  review: DraftReview | null;
  /** Re-renders when a view loaded on demand arrives. */
  host: { requestUpdate(): void };
  close(): void;
  onClosed(e: Event): void;
}

/** The confirmation (the dialog controller gives it). */
export interface ConfirmView {
  readonly confirmText: string;
  confirm(ok: boolean): void;
  close(): void;
  onClosed(e: Event): void;
}

/** The diff of an edited skill, loaded when editing begins. */
const diffView = lazyView(() => import('../../internal/diff/diff-view.js'));

const head = (close: () => void, id: string, title: string) => html`<div class="dialog-head">
  <h2 id=${id}>${title}</h2>
  <button class="ghost icon" aria-label="Close" title="Close" @click=${() => close()}>✕</button>
</div>`;

export function renderSaveDialog(b: SaveDialog) {
  const s = b.save.state;
  const ed = b.editor;
  const editingHere = !!(ed.editing && s && ed.editAgent === s.agent);
  const name = s?.name ?? ed.skillName;
  const title = !s ? 'Save' : s.phase === 'done' ? (s.updated ? 'Skill updated' : 'Skill saved') : editingHere ? `Save changes to ${name}` : `Save ${name}`;
  return html`<dialog data-name="save" part="dialog" class=${editingHere && s?.phase === 'confirm' ? 'wide' : ''} aria-modal="true"
    aria-labelledby="save-title" @keydown=${trapTab} @close=${(e: Event) => b.onClosed(e)}>
    ${head(() => b.close(), 'save-title', title)} ${s ? renderSaveBody(b, s, editingHere) : nothing}
  </dialog>`;
}

function renderSaveBody(b: SaveDialog, s: SaveState, editingHere: boolean) {
  const ed = b.editor;
  const chooseAgent = !b.agent && s.phase === 'confirm';
  if (s.phase === 'saving')
    return html`<div class="dialog-body"><p class="saving" role="status"><span class="spinner" aria-hidden="true"></span> Saving ${s.name ?? ed.skillName}…</p></div>`;
  if (s.phase === 'done' && s.result) return renderResult(b, s, s.result);
  if (s.phase === 'error')
    return html`<div class="dialog-body">
        <div class="notice error" role="alert"><span class="ico" aria-hidden="true">!</span><div>
          ${s.conflict
            ? html`<strong>A skill named ${s.name} already exists in ${s.agent}.</strong> Saving a new skill never overwrites one. Change
                <code>name:</code> in the SKILL.md frontmatter to save this as a separate skill, or open ${s.name} from Skills to edit it.`
            : html`<strong>The skill was not saved.</strong> ${s.error}`}
        </div></div>
        ${s.validation?.errors.length
          ? html`<ul class="plain-list">${s.validation.errors.map((e) => html`<li>${e.line ? `line ${e.line}: ` : ''}<code>${e.field}</code>: ${e.message}</li>`)}</ul>`
          : nothing}
      </div>
      <div class="dialog-foot">
        <button @click=${() => b.close()}>Close</button>
        ${s.conflict || s.validation ? nothing : html`<button class="primary" @click=${() => void b.save.save()}>Try again</button>`}
      </div>`;
  // confirm
  const { agents, agentsError } = b.agents;
  return html`<div class="dialog-body">
      ${chooseAgent
        ? html`<div class="field">
            <label for="save-agent">Agent</label>
            ${agents === null && !agentsError
              ? html`<p class="muted" role="status"><span class="spinner" aria-hidden="true"></span> Loading agents…</p>`
              : agentsError
                ? html`<p class="field-error">${agentsError}</p>`
                : agents!.length === 0
                  ? html`<p class="notice warn"><span class="ico" aria-hidden="true">⚠</span><span>This workspace has no agents yet (a folder with a
                      <code>forge.yaml</code>). Create one, then save again — or download the SKILL.md.</span></p>`
                  : html`<select id="save-agent" .value=${live(s.agent)} @change=${(e: Event) => b.save.patch({ agent: (e.target as HTMLSelectElement).value })}>
                      ${agents!.map((a) => html`<option value=${a.id} ?selected=${a.id === s.agent}>${a.id}</option>`)}
                    </select>
                    <p class="hint">The skill is written to <code>${s.agent || '<agent>'}/skills/${ed.skillName}/</code>.</p>`}
          </div>`
        : nothing}
      ${editingHere && ed.original && ed.draft
        ? html`<p>Review the changes against the saved version of <strong>${ed.editing}</strong>:</p>${diffView(b.host, ed.editing)?.renderDraftDiff(ed.original, ed.draft) ?? nothing}`
        : !chooseAgent
          ? html`<p>Save <strong>${ed.skillName}</strong> to <code>${s.agent}</code>?</p>`
          : nothing}
      ${saveRisk(b, s)}
    </div>
    <div class="dialog-foot">
      <button @click=${() => b.close()}>Cancel</button>
      <button class="primary" ?disabled=${!s.agent || riskBlocksSave(b.review, s)} @click=${() => void b.save.save()}>${editingHere ? 'Save changes' : 'Save skill'}</button>
    </div>`;
}

/** `A, B, C` with each name as code. */
const list = (items: string[]) => html`${items.map((x, i) => html`${i ? ', ' : ''}<code>${x}</code>`)}`;

/** The risk badge, and for a violation its list and the confirmation box. */
const saveRisk = (b: SaveDialog, s: SaveState) => riskView(b.host, b.review)?.renderSaveRisk(b.review, s, (riskAck) => b.save.patch({ riskAck })) ?? nothing;

function renderResult(b: SaveDialog, s: SaveState, r: SaveResult) {
  return html`<div class="dialog-body">
      <div class="notice ok" role="status"><span class="ico" aria-hidden="true">✓</span><div>
        <strong>${s.name} ${s.updated ? 'updated' : 'saved'}</strong> in <code>${s.agent}</code>.
        <div class="mono path-line">${r.path}</div>
      </div></div>
      ${saveRisk(b, s)}
      <dl class="facts">
        <dt>Egress domains added</dt>
        <dd>${r.egressAdded.length ? list(r.egressAdded) : html`<span class="muted">None</span>`}</dd>
        <dt>Env vars configured</dt>
        <dd>${r.envConfigured.length ? list(r.envConfigured) : html`<span class="muted">None</span>`}</dd>
      </dl>
      ${s.envSaved?.length ? html`<p class="ok-text" role="status">✓ Saved ${list(s.envSaved)} for ${s.agent}.</p>` : nothing}
      ${r.envMissing.length ? renderEnvForm(b.save, s, r.envMissing) : nothing}
    </div>
    <div class="dialog-foot"><button class=${r.envMissing.length ? '' : 'primary'} @click=${() => b.close()}>Done</button></div>`;
}

/** Password inputs for the env vars the agent lacks: each required one, then the one_of group (any one member is enough). */
function renderEnvForm(save: SaveView, s: SaveState, missing: MissingEnvVar[]) {
  const required = missing.filter((m) => m.kind === 'required').map((m) => m.name);
  const oneOf = missing.filter((m) => m.kind === 'one_of').map((m) => m.name);
  const asks = required.length + (oneOf.length ? 1 : 0);
  const field = (n: string) => html`<div class="field">
    <label for="env-${n}" class="mono">${n}</label>
    <input id="env-${n}" type="password" autocomplete="new-password" spellcheck="false" .value=${live(s.envValues[n] ?? '')}
      @input=${(e: Event) => save.patch({ envValues: { ...save.state!.envValues, [n]: (e.target as HTMLInputElement).value } })} />
  </div>`;
  return html`<form class="env-form" @submit=${(e: Event) => (e.preventDefault(), void save.saveEnv())}>
    <p><strong>This skill needs ${asks === 1 ? 'a value' : 'values'} the agent does not have yet.</strong>
      <span class="muted">They are saved to the agent's <code>.env</code>, not to the skill.</span></p>
    ${required.map(field)}
    ${oneOf.length
      ? html`<fieldset class="env-group" aria-describedby="env-group-hint">
          <legend>Set at least one of ${list(oneOf)}</legend>
          <p class="hint" id="env-group-hint">Any one of them is enough; the skill uses whichever is set.</p>
          ${oneOf.map(field)}
        </fieldset>`
      : nothing}
    ${s.envError ? html`<p class="field-error" role="alert">${s.envError}</p>` : nothing}
    <div><button type="submit" class="primary" ?disabled=${!!s.envSaving}>${s.envSaving ? 'Saving…' : 'Save values'}</button></div>
  </form>`;
}

export function renderConfirmDialog(b: ConfirmView) {
  return html`<dialog data-name="confirm" part="dialog" role="alertdialog" aria-modal="true" aria-labelledby="confirm-title" aria-describedby="confirm-text"
    @keydown=${trapTab} @close=${(e: Event) => b.onClosed(e)}>
    ${head(() => b.close(), 'confirm-title', 'Discard unsaved work?')}
    <div class="dialog-body"><p id="confirm-text">${b.confirmText}</p></div>
    <div class="dialog-foot">
      <button autofocus @click=${() => b.confirm(false)}>Keep working</button>
      <button class="primary danger-fill" @click=${() => b.confirm(true)}>Discard</button>
    </div>
  </dialog>`;
}
