// The one-click fix of a Checks finding that `validate --fix` repairs
// (fixFinding: only the lines that repair this finding). A Fix button beside
// the finding opens the change as a diff, each changed line before and after,
// with Apply and Cancel; Apply writes it into the draft's SKILL.md, after
// which the checks run again and the finding leaves the list. Loaded, with
// the fixer and the YAML reader, the first time a fixable finding is listed.
// Its styles travel with it in a <style> of the shadow root.

import { html, nothing } from 'lit';
import type { Diagnostic } from '../../../core/diagnostics.js';
import { fixFinding } from '../../../core/runtime-form/fix-finding.js';
import type { RuntimeFix, RuntimeFixChange } from '../../../core/runtime-form/fix.js';
import { SKILL_MD, withFileText } from '../draft.js';
import type { DraftPanel } from '../views/draft-panel.js';

const STYLE = html`<style>
  .fix { display: grid; gap: var(--_space-1_5); padding: 0 var(--_space-1_5) var(--_space-1); justify-items: start; }
  .fix-diff { display: grid; gap: var(--_space-1_5); width: 100%; border: 1px solid var(--_border); border-radius: var(--_radius-sm); padding: var(--_space-2); background: var(--_bg); }
  .fix-diff p { margin: 0; font-size: 0.9em; }
  .fix .dl { grid-template-columns: 2.6em 1.4em minmax(0, 1fr); min-width: 0; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.85em; }
  .fix-actions { display: flex; gap: var(--_space-1_5); }
</style>`;

const WHAT: Record<RuntimeFixChange['kind'], string> = {
  'input-spec': 'Write the **Input:** line from the parameter table',
  'input-order': 'Put the required parameters first on the **Input:** line',
  'output-summary': 'Add a one-line summary after **Output:**',
  'phantom-bullet': 'Switch this list to * bullets (it renders the same)',
};

/** Per builder: the finding whose diff is open. */
const opened = new WeakMap<object, string>();
const keyOf = (x: Diagnostic) => `${x.code}:${x.line ?? 0}`;

let memo: { skillMd: string; key: string; fix: RuntimeFix | null } | undefined;
function fixOf(skillMd: string, x: Diagnostic): RuntimeFix | null {
  const key = keyOf(x);
  if (memo?.skillMd !== skillMd || memo.key !== key) memo = { skillMd, key, fix: fixFinding(skillMd, x) };
  return memo.fix;
}

/** Focuses `selector` in the shadow root of `from` once the host has rendered. */
function focusAfterRender(b: DraftPanel, from: EventTarget | null, selector: string): void {
  const root = (from as Node | null)?.getRootNode() as ParentNode | undefined;
  const rendered = (b.host as { updateComplete?: Promise<unknown> }).updateComplete ?? Promise.resolve();
  void rendered.then(() => root?.querySelector<HTMLElement>(selector)?.focus());
}

export function renderFix(b: DraftPanel, x: Diagnostic) {
  const d = b.editor.draft;
  const fix = d ? fixOf(d.skillMd, x) : null;
  if (!d || !fix) return nothing;
  const key = keyOf(x);
  const id = `fix-${x.code}-${x.line}`;
  const open = opened.get(b.host) === key;
  const toggle = (e: Event, on: boolean) => {
    if (on) opened.set(b.host, key);
    else opened.delete(b.host);
    b.host.requestUpdate();
    focusAfterRender(b, e.currentTarget, on ? `#${id} .primary` : `[aria-controls="${id}"]`);
  };
  const apply = (e: Event) => {
    const now = b.editor.draft;
    const current = now ? fixOf(now.skillMd, x) : null;
    opened.delete(b.host);
    if (!now || !current) return b.host.requestUpdate();
    b.editor.edit(withFileText(now, SKILL_MD, current.skillMd));
    b.ctx.say(`Fixed line ${x.line}. Checking the draft again.`);
    focusAfterRender(b, e.currentTarget, '#analysis-panel');
  };
  const what = WHAT[fix.changes[0]!.kind];
  return html`${STYLE}<div class="fix">
    <button class="small" aria-expanded=${open ? 'true' : 'false'} aria-controls=${id} @click=${(e: Event) => toggle(e, !open)}>
      Fix<span class="sr-only"> line ${x.line}: ${what}</span>
    </button>
    ${
      open
        ? html`<div class="fix-diff" id=${id} role="group" aria-label="Fix for line ${x.line}">
          <p>${what}. ${fix.changes.length === 1 ? 'This line changes' : `These ${fix.changes.length} lines change`}; nothing else does:</p>
          <div class="fix-lines mono">${fix.changes.map(
            (c) => html`<div class="dl del"><span class="no">${c.line}</span><span class="sign" aria-hidden="true">−</span><span class="txt"
                ><span class="sr-only">Before: </span>${c.before}</span></div>
              <div class="dl add"><span class="no" aria-hidden="true"></span><span class="sign" aria-hidden="true">+</span><span class="txt"
                ><span class="sr-only">After: </span>${c.after}</span></div>`,
          )}</div>
          <div class="fix-actions">
            <button class="primary small" @click=${apply}>Apply fix</button>
            <button class="small" @click=${(e: Event) => toggle(e, false)}>Cancel</button>
          </div>
        </div>`
        : nothing
    }
  </div>`;
}
