// The code editor's look, drawn from the builder's own tokens (--forge-*
// through the --_ aliases of theme.styles.ts), so light, dark and a host's
// colours apply to it as to the plain textarea: the same 12.5px/20px
// monospace lines (20 lines fill the narrow layout's editor), the gutter of
// line numbers, the selection, the search panel, and the highlighting.

import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

const editorTheme = EditorView.theme({
  '&': { flex: '1 1 auto', minWidth: '0', height: '100%', color: 'inherit', backgroundColor: 'transparent' },
  '&.cm-focused': { outline: '2px solid var(--_focus)', outlineOffset: '-2px' },
  '.cm-scroller': { font: '12.5px/20px var(--_mono)', overflow: 'auto' },
  '.cm-content': { padding: 'var(--_space-2_5) 0', caretColor: 'var(--_text)', tabSize: '2' },
  '.cm-line': { padding: '0 var(--_space-3)' },
  '.cm-gutters': { backgroundColor: 'var(--_surface)', color: 'var(--_muted)', borderRight: '1px solid var(--_border)' },
  '.cm-lineNumbers .cm-gutterElement': { padding: '0 var(--_space-2) 0 var(--_space-2)', minWidth: '3ch' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--_accent) 6%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--_surface-2)', color: 'var(--_text)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--_text)' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, .cm-content ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--_accent) 28%, transparent)',
  },
  '.cm-searchMatch': { backgroundColor: 'var(--_warning-soft)', outline: '1px solid var(--_warning)' },
  '.cm-searchMatch.cm-searchMatch-selected': { backgroundColor: 'var(--_accent-soft)' },
  '.cm-panels': { backgroundColor: 'var(--_surface)', color: 'var(--_text)', font: 'inherit' },
  '.cm-panels-bottom': { borderTop: '1px solid var(--_border)' },
  '.cm-panels input, .cm-panels button': { font: 'inherit', fontSize: '0.9em', color: 'inherit', minHeight: '0' },
  '.cm-tooltip': { backgroundColor: 'var(--_bg)', color: 'var(--_text)', border: '1px solid var(--_border)', borderRadius: 'var(--_radius-sm)' },
  '.cm-diagnostic': { fontFamily: 'var(--_font)', fontSize: '0.9em' },
  '.cm-diagnostic-error': { borderLeftColor: 'var(--_danger)' },
  '.cm-diagnostic-warning': { borderLeftColor: 'var(--_warning)' },
});

const highlight = HighlightStyle.define([
  { tag: [t.heading, t.strong], fontWeight: '700', color: 'var(--_accent)' },
  { tag: t.emphasis, fontStyle: 'italic' },
  { tag: [t.keyword, t.operatorKeyword, t.controlKeyword, t.definitionKeyword, t.modifier], color: 'var(--_accent)', fontWeight: '600' },
  { tag: [t.string, t.special(t.string), t.regexp, t.url, t.monospace], color: 'var(--_success)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--_warning)' },
  { tag: [t.comment, t.meta, t.processingInstruction, t.contentSeparator], color: 'var(--_muted)', fontStyle: 'italic' },
  { tag: [t.propertyName, t.attributeName, t.labelName], color: 'var(--_danger)' },
  { tag: [t.variableName, t.function(t.variableName)], color: 'var(--_text)' },
  { tag: t.link, textDecoration: 'underline' },
  { tag: t.invalid, color: 'var(--_danger)' },
]);

export const codeTheme = [editorTheme, syntaxHighlighting(highlight)];
