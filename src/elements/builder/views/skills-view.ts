// The Skills dialog: the custom skills of the agent (pick the agent first when
// the builder is workspace-level), each with its description, tools and an
// Edit button that opens it in edit mode, and its trust badge (signed and
// verified, modified since signed, unsigned) with the detail as its title.

import { html, nothing } from 'lit';
import { live } from 'lit/directives/live.js';
import { trapTab } from '../../internal/dialog.js';
import type { AgentInfo, SkillListItem } from '../../types.js';
import { lazyView } from '../../internal/lazy-view.js';

/** The trust badge comes in its own chunk, loaded when a listed skill has one. */
const trustBadge = lazyView(() => import('./trust-badge.js'));

/** The agents and the listed agent's skills (the skills controller gives them). */
export interface SkillsList {
  /** The agent whose skills are listed ('' until one is known). */
  readonly agent: string;
  readonly skills: SkillListItem[] | null;
  readonly error: string;
  readonly agents: AgentInfo[] | null;
  readonly agentsError: string;
  load(agent: string): Promise<void>;
}

/** What the Skills dialog needs from around the list. */
export interface SkillsDialog {
  /** Re-rendered when the trust badge's chunk arrives. */
  host: { requestUpdate(): void };
  list: SkillsList;
  /** The element's `agent`: without it the dialog offers a choice of agent. */
  agent: string | undefined;
  /** The skill being edited and its agent, marked in the list. */
  editing: string | null;
  editAgent: string | null;
  edit(name: string, agent: string): void;
  close(): void;
  onClosed(e: Event): void;
}

export function renderSkillsDialog(b: SkillsDialog) {
  const l = b.list;
  const agent = b.agent || l.agent;
  const skills = l.agent === agent ? l.skills : null;
  const badge = trustBadge(
    b.host,
    skills?.some((s) => s.trust),
  );
  return html`<dialog data-name="skills" part="dialog" class="wide" aria-modal="true" aria-labelledby="skills-title" @keydown=${trapTab} @close=${(e: Event) => b.onClosed(e)}>
    <div class="dialog-head">
      <h2 id="skills-title">Skills${agent ? html` in <code>${agent}</code>` : nothing}</h2>
      <button class="ghost icon" aria-label="Close" title="Close" @click=${() => b.close()}>✕</button>
    </div>
    <div class="dialog-body">
      ${badge?.TRUST_STYLE}
      ${
        !b.agent
          ? html`<div class="field">
            <label for="skills-agent">Agent</label>
            ${
              l.agentsError
                ? html`<p class="field-error">${l.agentsError}</p>`
                : html`<select id="skills-agent" .value=${live(l.agent)} @change=${(e: Event) => void l.load((e.target as HTMLSelectElement).value)}>
                  ${(l.agents ?? []).map((a) => html`<option value=${a.id} ?selected=${a.id === l.agent}>${a.id}</option>`)}
                </select>`
            }
          </div>`
          : nothing
      }
      ${
        l.error
          ? html`<div class="notice error" role="alert"><span class="ico" aria-hidden="true">!</span><div>${l.error}</div></div>`
          : !agent
            ? l.agents && l.agents.length === 0
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
                          ${badge?.renderTrustBadge(s.trust, true)}
                          ${b.editing === s.name && b.editAgent === agent ? html`<span class="badge current">editing</span>` : nothing}
                        </div>
                        ${s.description ? html`<p class="muted desc">${s.description}</p>` : nothing}
                      </div>
                      <button class="small" @click=${() => b.edit(s.name, agent)}>Edit<span class="sr-only"> ${s.name}</span></button>
                    </li>`,
                  )}
                </ul>`
      }
    </div>
  </dialog>`;
}
