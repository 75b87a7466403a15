// Declared versus observed in the Run analysis: the capability profile the
// try reply carries over this editing session's runs — declared and used side
// by side, each finding at its file and line with the fix it proposes, the
// risk score before and after — and "Fix declarations": the server's fixed
// SKILL.md shown as a diff first, applied to the draft only on Apply, and only
// while the draft is still the text that ran. Part of the Run view's chunk.

import { html, nothing } from 'lit';
import { fixText } from '../../../core/observe/fix-text.js';
import type { CapabilityProfile } from '../../../core/tool-run/observation.js';
import { renderDraftDiff } from '../../internal/diff/diff-view.js';
import type { Draft } from '../../types.js';

/** What the profile view needs: the draft now, the SKILL.md that ran, and the preview state. */
export interface ProfileView {
  draft: Draft;
  /** The SKILL.md the last run used. */
  ran: string;
  profile: CapabilityProfile;
  preview: boolean;
  setPreview(open: boolean): void;
  apply(skillMd: string): void;
}

const list = (xs: readonly string[] | null) => (xs === null ? html`<em>not observed</em>` : xs.length ? xs.join(', ') : html`<span class="muted">none</span>`);

function findingsOf(p: CapabilityProfile) {
  if (p.findings.length === 0) return html`<p class="vs ok">The declarations agree with what the scripts reference and the runs did.</p>`;
  return html`<ul class="findings">
    ${p.findings.map(
      (f) =>
        html`<li><code>${f.file}${f.line ? `:${f.line}` : ''}</code> ${f.message}.
          <span class=${f.risky ? 'warn' : 'muted'}>${f.risky ? `Not proposed: adding it is risky (${f.risky})` : `Fix: ${fixText(f.fix)}.`}</span></li>`,
    )}
  </ul>`;
}

function fixer(v: ProfileView) {
  const fixed = v.profile.fixedSkillMd;
  if (fixed === undefined) return nothing;
  if (v.draft.skillMd !== v.ran) return html`<p class="muted">The draft changed since this run: run it again to fix its declarations.</p>`;
  if (!v.preview) return html`<button class="small primary" aria-expanded="false" @click=${() => v.setPreview(true)}>Fix declarations…</button>`;
  return html`<div class="fix-preview" role="group" aria-label="Declaration fixes">
    ${renderDraftDiff(v.draft, { ...v.draft, skillMd: fixed })}
    <button class="small primary" @click=${() => v.apply(fixed)}>Apply to the draft</button>
    <button class="small" aria-expanded="true" @click=${() => v.setPreview(false)}>Cancel</button>
  </div>`;
}

export function renderProfile(v: ProfileView) {
  const p = v.profile;
  const runs = p.runs.map((r) => `${r.id} (${r.tool}${r.ok ? '' : ', failed'})`).join(', ');
  return html`<section class="profile" part="capability-profile" aria-labelledby="profile-title">
    <h4 id="profile-title">Declared vs observed</h4>
    <p>${p.summary} <span class="muted">— over ${runs}</span></p>
    <table class="declared-used">
      <thead><tr><td></td><th scope="col">Declared</th><th scope="col">Used</th></tr></thead>
      <tbody>
        <tr><th scope="row">Hosts</th><td>${list(p.declared.egress)}</td><td>${list(p.used.egress)}</td></tr>
        <tr><th scope="row">Programs</th><td>${list(p.declared.bins)}</td><td>${list(p.used.programs)}</td></tr>
        <tr><th scope="row">Env</th><td>${list(p.declared.env)}</td><td>${list(p.used.env)}</td></tr>
      </tbody>
    </table>
    ${findingsOf(p)}
    ${p.risk.after !== p.risk.before ? html`<p>Risk score ${p.risk.before} as declared, ${p.risk.after} with the fixes.</p>` : nothing}
    ${fixer(v)}
  </section>`;
}
