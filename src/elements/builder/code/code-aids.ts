// The editing aids of the draft panel, loaded on first use (aids.ts), each
// loading its heavier part only when first needed: the code editor
// (CodeMirror: code-editor-view.ts) for the current file unless the element
// has the `plain-editor` attribute, and the Fix of a Checks finding that
// `validate --fix` can repair (fix-view.ts, with the fixer and the YAML
// reader). Until a part is there, the draft panel shows what it had without it.

import { nothing } from 'lit';
import type { Diagnostic } from '../../../core/diagnostics.js';
import { lazyView } from '../../internal/lazy-view.js';
import { diagTab, SKILL_MD } from '../draft.js';
import type { DraftPanel } from '../views/draft-panel.js';

const editorView = lazyView(() => import('./code-editor-view.js'));
const fixView = lazyView(() => import('./fix-view.js'));

/** The code editor of `tab`, or undefined (the textarea then) while it loads, when it cannot, or with `plain-editor`. */
export function renderCodeEditor(b: DraftPanel, tab: string, text: string): unknown {
  if (b.host instanceof Element && b.host.hasAttribute('plain-editor')) return undefined;
  return editorView(b.host, 1)?.renderCodeEditor(b, tab, text);
}

/** The Fix button (and, open, its diff) of a finding the fixer repairs (all are runtime-* findings on SKILL.md); nothing for any other. */
export function renderFix(b: DraftPanel, x: Diagnostic): unknown {
  if (!x.code.startsWith('runtime-') || x.line === undefined || diagTab(x) !== SKILL_MD) return nothing;
  return fixView(b.host, 1)?.renderFix(b, x) ?? nothing;
}
