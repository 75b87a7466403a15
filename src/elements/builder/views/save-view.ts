// The save dialog (target agent when the builder is workspace-level, the line
// diff against the on-disk skill in edit mode, the result with path, egress
// and env vars, password inputs for missing env vars, conflicts explained) and
// the "discard unsaved work?" confirmation.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { trapTab } from '../../internal/dialog.js';
import { lazyView } from '../../internal/lazy-view.js';
import { riskView } from './checks-view.js';
import { riskBlocksSave, type DraftReview } from '../../api/review.js';
import type { SaveState } from '../controllers/save-controller.js';
import type { EnvForm } from './save-result-view.js';
import type { AgentInfo, Draft } from '../../types.js';

/** The save dialog's state and actions (the save controller gives them). */
export interface SaveView extends EnvForm {
  save(): Promise<void>;
}

/** What the save dialog needs from around it. */
export interface SaveDialog {
  save: SaveView;
  /** The element's `agent`: without it the dialog asks which agent. */
  agent: string | undefined;
  editor: {
    readonly draft: Draft | null;
    readonly skillName: string;
    readonly editing: string | null;
    readonly editAgent: string | null;
    readonly original: Draft | null;
  };
  agents: { readonly agents: AgentInfo[] | null; readonly agentsError: string; readonly createError: string; createAgent(id: string): Promise<boolean> };
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

/** Creating an agent from the dialog: the list refreshes and the new agent is picked. */
function newAgentForm(b: SaveDialog) {
  const submit = (e: Event) => {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).querySelector('input')!;
    const id = input.value.trim();
    void b.agents.createAgent(id).then((ok) => ok && b.save.patch({ agent: id }));
  };
  return html`<form class="field new-agent" @submit=${submit}>
    <label for="new-agent">Or create an agent</label>
    <div class="name-row"><input id="new-agent" placeholder="support-bot" autocomplete="off" spellcheck="false" aria-describedby="new-agent-hint" required />
      <button class="small" type="submit">Create agent</button></div>
    <p class="hint" id="new-agent-hint">A folder with a <code>forge.yaml</code> in the workspace; lowercase letters, digits and hyphens.</p>
    ${b.agents.createError ? html`<p class="field-error" role="alert">${b.agents.createError}</p>` : nothing}
  </form>`;
}

export function renderSaveDialog(b: SaveDialog) {
  // Load the result view once there is a draft, so it is there when a save ends.
  resultView(b.host, b.editor.draft);
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
  const result = resultView(b.host, false);
  if (s.phase === 'saving' || (s.phase === 'done' && !result))
    return html`<div class="dialog-body"><p class="saving" role="status"><span class="spinner" aria-hidden="true"></span> Saving ${s.name ?? ed.skillName}…</p></div>`;
  if (s.phase === 'done' && s.result) return result!.renderResult(b.save, () => b.close(), s, s.result, saveRisk(b, s));
  if (s.phase === 'error')
    return html`<div class="dialog-body">
        <div class="notice error" role="alert"><span class="ico" aria-hidden="true">!</span><div>
          ${
            s.conflict
              ? html`<strong>A skill named ${s.name} already exists in ${s.agent}.</strong> Saving a new skill never overwrites one. Change
                <code>name:</code> in the SKILL.md frontmatter to save this as a separate skill, or open ${s.name} from Skills to edit it.`
              : html`<strong>The skill was not saved.</strong> ${s.error}`
          }
        </div></div>
        ${
          s.validation?.errors.length
            ? html`<ul class="plain-list">${s.validation.errors.map((e) => html`<li>${e.line ? `line ${e.line}: ` : ''}<code>${e.field}</code>: ${e.message}</li>`)}</ul>`
            : nothing
        }
      </div>
      <div class="dialog-foot">
        <button @click=${() => b.close()}>Close</button>
        ${s.conflict || s.validation ? nothing : html`<button class="primary" @click=${() => void b.save.save()}>Try again</button>`}
      </div>`;
  // confirm
  const { agents, agentsError } = b.agents;
  return html`<div class="dialog-body">
      ${
        chooseAgent
          ? html`<div class="field">
            <label for="save-agent">Agent</label>
            ${
              agents === null && !agentsError
                ? html`<p class="muted" role="status"><span class="spinner" aria-hidden="true"></span> Loading agents…</p>`
                : agentsError
                  ? html`<p class="field-error">${agentsError}</p>`
                  : agents!.length === 0
                    ? html`<p class="notice warn"><span class="ico" aria-hidden="true">⚠</span><span>This workspace has no agents yet (a folder with a
                      <code>forge.yaml</code>). Create one, then save again — or download the SKILL.md.</span></p>`
                    : html`<select id="save-agent" .value=${live(s.agent)} @change=${(e: Event) => b.save.patch({ agent: (e.target as HTMLSelectElement).value })}>
                      ${agents!.map((a) => html`<option value=${a.id} ?selected=${a.id === s.agent}>${a.id}</option>`)}
                    </select>
                    <p class="hint">The skill is written to <code>${s.agent || '<agent>'}/skills/${ed.skillName}/</code>.</p>`
            }
          </div>
          ${newAgentForm(b)}`
          : nothing
      }
      ${
        editingHere && ed.original && ed.draft
          ? html`<p>Review the changes against the saved version of <strong>${ed.editing}</strong>:</p>${diffView(b.host, ed.editing)?.renderDraftDiff(ed.original, ed.draft) ?? nothing}`
          : !chooseAgent
            ? html`<p>Save <strong>${ed.skillName}</strong> to <code>${s.agent}</code>?</p>`
            : nothing
      }
      ${saveRisk(b, s)}
    </div>
    <div class="dialog-foot">
      <button @click=${() => b.close()}>Cancel</button>
      <button class="primary" ?disabled=${!s.agent || riskBlocksSave(b.review, s)} @click=${() => void b.save.save()}>${editingHere ? 'Save changes' : 'Save skill'}</button>
    </div>`;
}

/** The risk badge, and for a violation its list and the confirmation box. */
const saveRisk = (b: SaveDialog, s: SaveState) => riskView(b.host, b.review)?.renderSaveRisk(b.review, s, (riskAck) => b.save.patch({ riskAck })) ?? nothing;

/** The result and the env-var form, loaded once there is a draft (they show only after a save). */
const resultView = lazyView(() => import('./save-result-view.js'));

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
