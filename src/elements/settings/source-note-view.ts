// The notice above the settings form: where the values shown come from (user
// settings, an agent's deprecated fallback, not configured yet, a warning) and
// whether the workspace's base URL is trusted on this machine.

import { html, nothing } from 'lit';
import type { SettingsInfo } from '../types.js';

/** The notices for the loaded settings `i` (nothing when there is nothing to say). */
export function renderSourceNote(i: SettingsInfo) {
  const untrusted =
    i.trusted === false && i.baseUrl
      ? html`<div class="notice warn"><span class="ico" aria-hidden="true">⚠</span><div>
          <strong>Untrusted base URL.</strong> <code>${i.baseUrl}</code> comes from the workspace's <code>ui.yaml</code>, which may
          have arrived with a cloned repository, so your key is not sent there. Saving these settings here trusts it on this machine.
        </div></div>`
      : nothing;
  let note;
  if (i.source === 'user')
    note = html`<div class="notice"><span class="ico" aria-hidden="true">i</span><div>These values come from your user settings
      (<code>~/.forge/ui.yaml</code>). Saving writes workspace settings, which take precedence.</div></div>`;
  else if (i.source === 'agent_fallback')
    note = html`<div class="notice warn"><span class="ico" aria-hidden="true">⚠</span><div><strong>Borrowing an agent's model (deprecated).</strong>
      ${i.warning || "The builder is using an agent's forge.yaml model."} Save here to configure the workspace.</div></div>`;
  else if (i.source === 'unset')
    note = html`<div class="notice"><span class="ico" aria-hidden="true">i</span><div>Not configured yet. Pick a provider and a model to start building skills.</div></div>`;
  else if (i.warning) note = html`<div class="notice warn"><span class="ico" aria-hidden="true">⚠</span><div>${i.warning}</div></div>`;
  return html`${note ?? nothing}${untrusted}`;
}
