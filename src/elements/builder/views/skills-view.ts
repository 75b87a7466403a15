// The Skills dialog: the custom skills of the agent (pick the agent first when
// the builder is workspace-level), each with its description, tools and an
// Edit button that opens it in edit mode.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { trapTab } from '../../internal/dialog.js';
import type { ForgeSkillBuilder } from '../forge-skill-builder.component.js';

export function renderSkillsDialog(b: ForgeSkillBuilder) {
  const agent = b.agent || b._skillsAgent;
  const skills = b._skillsAgent === agent ? b._skills : null;
  return html`<dialog data-name="skills" part="dialog" class="wide" aria-modal="true" aria-labelledby="skills-title" @keydown=${trapTab} @close=${b._onDialogClosed}>
    <div class="dialog-head">
      <h2 id="skills-title">Skills${agent ? html` in <code>${agent}</code>` : nothing}</h2>
      <button class="ghost icon" aria-label="Close" title="Close" @click=${b._closeDialog}>✕</button>
    </div>
    <div class="dialog-body">
      ${!b.agent
        ? html`<div class="field">
            <label for="skills-agent">Agent</label>
            ${b._agentsError
              ? html`<p class="field-error">${b._agentsError}</p>`
              : html`<select id="skills-agent" .value=${live(b._skillsAgent)} @change=${(e: Event) => b._loadSkills((e.target as HTMLSelectElement).value)}>
                  ${(b._agents ?? []).map((a) => html`<option value=${a.id} ?selected=${a.id === b._skillsAgent}>${a.id}</option>`)}
                </select>`}
          </div>`
        : nothing}
      ${b._skillsError
        ? html`<div class="notice error" role="alert"><span class="ico" aria-hidden="true">!</span><div>${b._skillsError}</div></div>`
        : !agent
          ? b._agents && b._agents.length === 0
            ? html`<p class="muted">This workspace has no agents yet.</p>`
            : nothing
          : !skills
            ? html`<p class="muted" role="status"><span class="spinner" aria-hidden="true"></span> Loading skills…</p>`
            : skills.length === 0
              ? html`<p class="muted">No custom skills in <code>${agent}</code> yet. Build one with the chat and save it here.</p>`
              : html`<ul class="skill-list">
                  ${skills.map(
                    (s) => html`<li class="skill-row">
                      <div class="skill-info">
                        <div class="skill-line"><strong class="mono">${s.name}</strong>
                          ${s.category ? html`<span class="badge">${s.category}</span>` : nothing}
                          ${s.tools.length ? html`<span class="badge">${s.tools.length} tool${s.tools.length === 1 ? '' : 's'}</span>` : nothing}
                          ${s.hasScripts ? html`<span class="badge">scripts</span>` : nothing}
                          ${b._editing === s.name && b._editAgent === agent ? html`<span class="badge current">editing</span>` : nothing}
                        </div>
                        ${s.description ? html`<p class="muted desc">${s.description}</p>` : nothing}
                      </div>
                      <button class="small" @click=${() => b.editSkill(s.name, agent)}>Edit<span class="sr-only"> ${s.name}</span></button>
                    </li>`,
                  )}
                </ul>`}
    </div>
  </dialog>`;
}
