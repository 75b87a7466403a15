// The draft while the model writes it (`skill_draft_partial` events): a
// read-only view of SKILL.md and the scripts as far as they have arrived, in
// place of the editor, until the final `skill_draft` opens the real draft for
// editing, checking and saving. Nothing here can save or validate: a partial
// SKILL.md is never complete. The view follows the end of the text while the
// reader is at the end, and leaves the scroll alone once they scroll up.

import { html } from 'lit';
import { live } from 'lit/directives/live.js';
import { ref } from 'lit/directives/ref.js';
import { SKILL_MD } from '../draft.js';
import type { PartialDraftState } from '../controllers/chat-controller.js';

/** Within this many pixels of the end counts as "at the end": the view keeps following the text. */
const FOLLOW_SLACK = 24;

function follow(el: Element | undefined): void {
  if (!(el instanceof HTMLTextAreaElement)) return;
  // A new callback every render, so this runs after each update of the text.
  if (el.dataset.follow !== 'no') el.scrollTop = el.scrollHeight;
}

function onScroll(e: Event): void {
  const ta = e.target as HTMLTextAreaElement;
  ta.dataset.follow = ta.scrollHeight - ta.scrollTop - ta.clientHeight <= FOLLOW_SLACK ? '' : 'no';
}

/** The panel body while the draft is being written. `select` switches the file shown. */
export function renderPartialDraft(state: PartialDraftState, select: (tab: string) => void) {
  const files = [SKILL_MD, ...Object.keys(state.draft.scripts)];
  const tab = files.includes(state.tab) ? state.tab : SKILL_MD;
  const text = tab === SKILL_MD ? state.draft.skillMd : (state.draft.scripts[tab] ?? '');
  const path = tab === SKILL_MD ? SKILL_MD : `scripts/${tab}`;
  return html`<div class="tabs-row">
      <div role="tablist" aria-label="Draft files (being written)" part="tabs" class="tabs">
        ${files.map(
          (f, i) => html`<button role="tab" id="ptab-${i}" class="tab" aria-selected=${f === tab ? 'true' : 'false'} aria-controls="partial-panel"
            tabindex=${f === tab ? '0' : '-1'} @click=${() => select(f)}><span class="mono">${f}</span></button>`,
        )}
      </div>
    </div>
    <div role="tabpanel" id="partial-panel" class="file partial" aria-labelledby="ptab-${files.indexOf(tab)}" aria-busy="true">
      <div class="file-bar"><span class="path mono">${path}</span><span class="muted">being written…</span></div>
      <div class="editor" part="editor">
        <textarea id="partial-editor" class="code" part="editor-text" readonly aria-label="${path} content, being written" spellcheck="false" wrap="off"
          .value=${live(text)} @scroll=${onScroll} ${ref((el) => follow(el))}></textarea>
      </div>
    </div>
    <p class="partial-note muted">The draft opens for editing, and is checked, when the reply is complete.</p>`;
}
