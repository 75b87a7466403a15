// The save dialog after a save: where the skill was written, the egress
// domains added, the env vars configured, and password inputs for the env vars
// the agent still lacks (each required one, then the one_of group), saved to
// the agent's .env through the same route. Loaded once there is a draft
// (forge-skill-builder.save-result-view.js beside the standalone bundle).

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import type { SaveState } from '../controllers/save-controller.js';
import type { MissingEnvVar, SaveSkillResult } from '../../types.js';

/** The part of the save dialog's state the env-var form changes (the save controller gives it). */
export interface EnvForm {
  readonly state: SaveState | null;
  patch(patch: Partial<SaveState>): void;
  saveEnv(): Promise<void>;
}

/** `A, B, C` with each name as code. */
const list = (items: string[]) => html`${items.map((x, i) => html`${i ? ', ' : ''}<code>${x}</code>`)}`;

/** The dialog body after a save; `risk` is the review's part, `close` ends the dialog. */
export function renderResult(save: EnvForm, close: () => void, s: SaveState, r: SaveSkillResult, risk: unknown) {
  return html`<div class="dialog-body">
      <div class="notice ok" role="status"><span class="ico" aria-hidden="true">✓</span><div>
        <strong>${s.name} ${s.updated ? 'updated' : 'saved'}</strong> in <code>${s.agent}</code>.
        <div class="mono path-line">${r.path}</div>
      </div></div>
      ${risk}
      <dl class="facts">
        <dt>Egress domains added</dt>
        <dd>${r.egressAdded.length ? list(r.egressAdded) : html`<span class="muted">None</span>`}</dd>
        <dt>Env vars configured</dt>
        <dd>${r.envConfigured.length ? list(r.envConfigured) : html`<span class="muted">None</span>`}</dd>
      </dl>
      ${s.envSaved?.length ? html`<p class="ok-text" role="status">✓ Saved ${list(s.envSaved)} for ${s.agent}.</p>` : nothing}
      ${r.envMissing.length ? renderEnvForm(save, s, r.envMissing) : nothing}
    </div>
    <div class="dialog-foot"><button class=${r.envMissing.length ? '' : 'primary'} @click=${() => close()}>Done</button></div>`;
}

/** Password inputs for the env vars the agent lacks: each required one, then the one_of group (any one member is enough). */
function renderEnvForm(save: EnvForm, s: SaveState, missing: MissingEnvVar[]) {
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
    ${
      oneOf.length
        ? html`<fieldset class="env-group" aria-describedby="env-group-hint">
          <legend>Set at least one of ${list(oneOf)}</legend>
          <p class="hint" id="env-group-hint">Any one of them is enough; the skill uses whichever is set.</p>
          ${oneOf.map(field)}
        </fieldset>`
        : nothing
    }
    ${s.envError ? html`<p class="field-error" role="alert">${s.envError}</p>` : nothing}
    <div><button type="submit" class="primary" ?disabled=${!!s.envSaving}>${s.envSaving ? 'Saving…' : 'Save values'}</button></div>
  </form>`;
}
