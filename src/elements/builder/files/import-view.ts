// Import and export of skill folders in <forge-skill-builder>: the
// header's Import menu (a .zip/.skill package or a folder, through hidden file
// inputs), the overlay while files are dragged over the builder, the import's
// progress and error, where the imported package comes from (its trust badge
// and provenance) and its requirement proposals (ticked ones are written
// into SKILL.md on Accept), the empty draft panel's hint, and
// the footer's Export of the saved skill.

import { html, nothing } from 'lit';
import { filesOf, type FilesController, type FilesPanel } from './files-controller.js';
import { FILES_STYLE } from './files.styles.js';
import { renderTrustBadge, TRUST_STYLE } from '../views/trust-badge.js';

const pick = (p: FilesPanel, id: string) => {
  p.host.renderRoot.querySelector<HTMLInputElement>(`#${id}`)?.click();
  const menu = p.host.renderRoot.querySelector<HTMLDetailsElement>('.import-menu');
  if (menu) menu.open = false;
};

/** The header's Import menu, its file inputs and the drop overlay (with the styles of the files views). */
export function renderImport(p: FilesPanel) {
  const c = filesOf(p);
  const closeOnEsc = (e: KeyboardEvent) => {
    const menu = e.currentTarget as HTMLDetailsElement;
    if (e.key !== 'Escape' || !menu.open) return;
    e.stopPropagation();
    menu.open = false;
    menu.querySelector('summary')?.focus();
  };
  return html`${FILES_STYLE}
    <details class="import-menu" @keydown=${closeOnEsc}>
      <summary class="btn" aria-busy=${c.importing ? 'true' : 'false'}>${c.importing ? html`<span class="spinner" aria-hidden="true"></span>` : nothing}Import</summary>
      <div class="menu" role="group" aria-label="Import a skill">
        <button class="small ghost" @click=${() => pick(p, 'import-package')}>Skill package (.zip, .skill)…</button>
        <button class="small ghost" @click=${() => pick(p, 'import-folder')}>Skill folder…</button>
        <p class="muted small">Or drop either on the builder. It opens as a new draft; nothing is saved until you save it.</p>
      </div>
    </details>
    <input type="file" id="import-package" hidden accept=".zip,.skill,application/zip" @change=${(e: Event) => c.onPicked(e.target as HTMLInputElement)} />
    <input type="file" id="import-folder" hidden webkitdirectory @change=${(e: Event) => c.onPicked(e.target as HTMLInputElement)} />
    ${c.dragging ? html`<div class="drop-overlay" aria-hidden="true"><div><strong>Drop to import</strong><span>a .zip or .skill package, or a skill folder</span></div></div>` : nothing}`;
}

/** In the draft panel: the import under way, its error, and the proposals of an imported skill. */
export function renderImportNotice(p: FilesPanel) {
  const c = filesOf(p);
  if (c.importing) return html`<p class="notice import-note" role="status"><span class="spinner" aria-hidden="true"></span><span>${c.importing}</span></p>`;
  if (c.importError)
    return html`<div class="notice error import-note" role="alert"><span class="ico" aria-hidden="true">!</span>
      <span class="grow">Import failed: ${c.importError}</span>
      <button class="small" @click=${() => ((c.importError = ''), p.host.requestUpdate())}>Dismiss<span class="sr-only"> the import error</span></button></div>`;
  if (!p.editor.draft) return nothing;
  return html`${c.origin ? renderOrigin(p, c) : nothing}${c.pending ? renderProposals(p, c) : nothing}`;
}

/** Where the imported package came from: its trust badge and its provenance, before anything is saved. */
function renderOrigin(panel: FilesPanel, c: FilesController) {
  const { trust, provenance: v } = c.origin!;
  return html`${TRUST_STYLE}<style>
      .provenance { display: grid; grid-template-columns: max-content 1fr; gap: 0 var(--_space-2); margin: 0; }
      .provenance dd { margin: 0; overflow-wrap: anywhere; }
    </style><section class="notice import-origin import-note" aria-labelledby="origin-title">
    <div class="grow">
      <h4 id="origin-title">Where this package comes from</h4>
      ${trust ? html`<p>${renderTrustBadge(trust)}</p>` : nothing}
      ${
        v
          ? html`<dl class="provenance small">
            <dt>Version</dt><dd class="mono">${v.versionId}</dd>
            <dt>Saved</dt><dd><time datetime=${v.created}>${new Date(v.created).toLocaleString()}</time></dd>
            <dt>Built with</dt><dd class="mono">${v.builder}</dd>
            <dt>Risk</dt><dd>${v.riskScore} (${v.riskLevel})</dd>
            ${v.evalSummary ? html`<dt>Evals</dt><dd>${v.evalSummary}</dd>` : nothing}
          </dl>`
          : html`<p class="muted small">The package carries no provenance (skill.provenance.json).</p>`
      }
      <p class="muted small">Nothing is saved until you save the draft.</p>
      <button class="small" @click=${() => ((c.origin = null), panel.host.requestUpdate())}>Dismiss<span class="sr-only"> where this package comes from</span></button>
    </div>
  </section>`;
}

function renderProposals(panel: FilesPanel, c: FilesController) {
  const p = c.pending!;
  const kinds: Array<[string, string, string[]]> = [
    ['bins', 'Programs (bins)', p.proposals.bins],
    ['egress', 'Hosts it calls (egress_domains)', p.proposals.egressDomains],
    ['env', 'Environment variables (env.required)', p.proposals.env],
  ];
  return html`<section class="notice proposals import-note" aria-labelledby="proposals-title">
    <div class="grow">
      <h4 id="proposals-title">Requirements read from the scripts</h4>
      <p class="muted small">This skill has no <code>metadata.forge</code>. Untick what it does not need, then add the rest to SKILL.md.</p>
      ${kinds.map(([kind, label, xs]) =>
        xs.length
          ? html`<fieldset><legend>${label}</legend>${xs.map((x) => {
              const key = `${kind}:${x}`;
              return html`<label class="chip"><input type="checkbox" .checked=${!p.off.has(key)} @change=${() => c.toggleProposal(key)} /><code>${x}</code></label>`;
            })}</fieldset>`
          : nothing,
      )}
      ${p.error ? html`<p class="field-error" role="alert">${p.error}</p>` : nothing}
      <div class="proposal-actions">
        <button class="small primary" @click=${() => void c.acceptProposals()}>Add to SKILL.md</button>
        <button class="small" @click=${() => ((c.pending = null), panel.host.requestUpdate())}>Dismiss</button>
      </div>
    </div>
  </section>`;
}

/** Under "Start from a blank SKILL.md": where imports come in. */
export function renderImportHint(p: FilesPanel) {
  return html`${renderImportNotice(p)}
    <p class="muted import-hint">Or bring an existing skill in:
      <button class="link" @click=${() => pick(p, 'import-package')}>a .zip or .skill package</button> or
      <button class="link" @click=${() => pick(p, 'import-folder')}>a skill folder</button> — or drop one here.</p>`;
}

/** The footer's Export: the saved skill as .zip (or .skill) from the server. */
export function renderExport(p: FilesPanel) {
  const c = filesOf(p);
  if (!p.editor.editing || !p.editor.editAgent) return nothing;
  return html`<span class="export" role="group" aria-label="Export the saved ${p.editor.editing}">
      <button class="small" ?disabled=${c.exporting} title="Download the saved skill folder as a zip" @click=${() => void c.exportSaved('zip')}>Export .zip</button>
      <button class="small ghost" ?disabled=${c.exporting} title="Download it as an Anthropic .skill package (one folder inside)" @click=${() => void c.exportSaved('skill')}>.skill</button>
    </span>
    ${c.exportError ? html`<span class="field-error" role="alert">Export failed: ${c.exportError}</span>` : nothing}`;
}
