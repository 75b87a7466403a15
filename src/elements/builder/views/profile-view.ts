// Declared versus observed, in the Run and Evals analyses: the capability
// profile over this editing session's runs (tries and eval tool calls; the
// last reply's, kept in the tool-run state) — declared and used side by side,
// each finding at its file and line with the fix it proposes, the risk score
// before and after — and "Fix declarations": the server's fixed SKILL.md
// shown as a diff first, applied to the draft only on Apply, and only while
// the draft is still the text that ran. Loaded with either view; its styles
// travel with it.

import { html, nothing } from 'lit';
import { fixText } from '../../../core/observe/fix-text.js';
import type { CapabilityProfile } from '../../../core/tool-run/observation.js';
import { renderDraftDiff } from '../../internal/diff/diff-view.js';
import type { BuilderContext } from '../controllers/context.js';
import type { ToolRunState } from '../controllers/draft-controller.js';
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

const STYLE = html`<style>
  .profile { display: grid; gap: var(--_space-2); border-top: 1px solid var(--_border); padding-top: var(--_space-2); }
  .profile p { margin: 0; }
  .declared-used { border-collapse: collapse; }
  .declared-used th, .declared-used td { text-align: left; vertical-align: top; padding: 2px var(--_space-2) 2px 0; overflow-wrap: anywhere; }
  .declared-used th { overflow-wrap: normal; }
  .findings { margin: 0; padding-left: var(--_space-4); display: grid; gap: var(--_space-1); }
  .profile .warn { color: var(--_warning); }
</style>`;

export function renderProfile(v: ProfileView) {
  const p = v.profile;
  const runs = p.runs.map((r) => `${r.id} (${r.tool}${r.ok ? '' : ', failed'})`).join(', ');
  return html`<section class="profile" part="capability-profile" aria-labelledby="profile-title">${STYLE}
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

/** What the session's profile needs: the editor (draft and tool-run state) and the context (to announce a fix). */
export interface SessionEditor {
  readonly draft: Draft | null;
  readonly toolRun: ToolRunState | null;
  setToolRun(s: ToolRunState): void;
  edit(d: Draft): void;
}

/** The session's profile from the tool-run state `s` (the editor's, unless the Run view shows another tool's), nothing before any run. */
export function renderSessionProfile(editor: SessionEditor, ctx: Pick<BuilderContext, 'say'>, s: ToolRunState | null = editor.toolRun) {
  const d = editor.draft;
  if (!d || !s?.profile || s.ran === undefined) return nothing;
  const apply = (skillMd: string) => {
    editor.edit({ ...d, skillMd });
    editor.setToolRun({ ...s, preview: false });
    ctx.say('Declarations fixed in the draft. Run the tool again to check them.');
  };
  return renderProfile({
    draft: d,
    ran: s.ran,
    profile: s.profile,
    preview: !!s.preview,
    setPreview: (preview) => editor.setToolRun({ ...s, preview }),
    apply,
  });
}
