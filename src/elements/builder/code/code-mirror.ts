// A CodeMirror view bound to one element of the builder's template (a Lit
// element directive). The draft stays the source of truth: typing reports the
// file's whole text through `onText`; a text that changed elsewhere (a new
// draft, an applied fix) is written back as the smallest replacement, so the
// cursor stays put. Each file tab keeps its own editor state (undo history,
// selection) while the view lives; the validator's findings on this file are
// its lint diagnostics: underlined, in the gutter, and listed by Ctrl-Shift-M.

import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { bracketMatching } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Annotation, Compartment, EditorState, Transaction, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { nothing } from 'lit';
import { AsyncDirective, directive, PartType, type ElementPart, type PartInfo } from 'lit/async-directive.js';
import type { Diagnostic } from '../../../core/diagnostics.js';
import { codeTheme } from './code-theme.js';
import { languageOf, loadLanguage } from './languages.js';

export interface CodeFile {
  /** The file tab (SKILL.md, a script name, a folder file's path). */
  tab: string;
  text: string;
  /** The accessible name of the editable area. */
  label: string;
  /** The validator's findings on this file. */
  findings: readonly Diagnostic[];
  /** Whether the draft still has this tab: a deleted or renamed file's kept state (its undo history) is dropped. */
  hasTab(tab: string): boolean;
  onText(text: string): void;
}

/** Marks the changes this directive makes itself, which are not the operator's typing. */
const fromDraft = Annotation.define<boolean>();

/** Findings as lint diagnostics over their whole line (lines past the end, from an older check, go to the last). */
function diagnosticsOf(state: EditorState, findings: readonly Diagnostic[]): CmDiagnostic[] {
  const doc = state.doc;
  return findings
    .filter((f) => f.line !== undefined)
    .map((f) => {
      const line = doc.line(Math.min(Math.max(1, f.line!), doc.lines));
      return { from: line.from, to: line.to, severity: f.severity, source: f.code, message: f.field ? `${f.field}: ${f.message}` : f.message };
    });
}

const sameFindings = (a: readonly Diagnostic[], b: readonly Diagnostic[] | null) => b !== null && a.length === b.length && a.every((x, i) => x === b[i]);

class CodeMirrorDirective extends AsyncDirective {
  private view?: EditorView;
  private file!: CodeFile;
  private part?: ElementPart;
  private readonly states = new Map<string, EditorState>();
  private readonly language = new Compartment();
  private shownFindings: readonly Diagnostic[] | null = null;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('codeMirror() goes on an element: <div ${codeMirror(file)}></div>');
  }

  render(_file: CodeFile) {
    return nothing;
  }

  override update(part: ElementPart, [file]: [CodeFile]) {
    const previous = this.file;
    this.file = file;
    this.part = part;
    if (!this.view) {
      // The builder's styles do not know this element: it fills the `editor` part as the textarea does.
      Object.assign((part.element as HTMLElement).style, { display: 'flex', flex: '1 1 auto', minWidth: '0', minHeight: '0' });
      // The element is not in the shadow root yet on the first render: tell the view which root it will be in (selection, styles).
      const root = (part.options?.host as { renderRoot?: Node } | undefined)?.renderRoot;
      const shadow = root instanceof ShadowRoot ? root : undefined;
      this.view = new EditorView({ parent: part.element, state: this.stateFor(file), ...(shadow ? { root: shadow } : {}) });
      this.actLikeTextarea(part.element as HTMLElement);
      this.takeOverFocus(shadow);
    } else if (previous.tab !== file.tab) {
      this.states.set(previous.tab, this.view.state);
      this.forgetGoneTabs(file);
      this.view.setState(this.stateFor(file));
      this.shownFindings = null;
    } else this.forgetGoneTabs(file);
    this.syncText(file.text);
    if (!sameFindings(file.findings, this.shownFindings)) {
      this.shownFindings = file.findings;
      this.view.dispatch(setDiagnostics(this.view.state, diagnosticsOf(this.view.state, file.findings)));
    }
    return nothing;
  }

  override disconnected(): void {
    if (this.view) this.states.set(this.file.tab, this.view.state);
    this.view?.destroy();
    this.view = undefined;
  }

  override reconnected(): void {
    if (this.part) this.update(this.part, [this.file]);
  }

  /** Drops the kept states of files the draft no longer has, so a new file of the same name starts with no undo history. */
  private forgetGoneTabs(file: CodeFile): void {
    for (const tab of this.states.keys()) if (!file.hasTab(tab)) this.states.delete(tab);
  }

  /** The tab's kept state, or a new one with its language (loaded first when it is a chunk of its own). */
  private stateFor(file: CodeFile): EditorState {
    const kept = this.states.get(file.tab);
    if (kept) return kept;
    const lang = loadLanguage(languageOf(file.tab, file.text));
    const state = EditorState.create({ doc: file.text, extensions: this.extensions(file, lang instanceof Promise ? [] : (lang ?? [])) });
    if (lang instanceof Promise)
      void lang.then((support) => {
        const view = this.view;
        if (view && this.file.tab === file.tab) view.dispatch({ effects: this.language.reconfigure(support) });
        else if (this.states.get(file.tab)) this.states.delete(file.tab); // rebuilt with its language when shown again
      });
    return state;
  }

  private extensions(file: CodeFile, lang: Extension): Extension {
    return [
      lineNumbers(),
      highlightActiveLineGutter(),
      lintGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      bracketMatching(),
      highlightActiveLine(),
      highlightSelectionMatches(),
      search({ top: false }),
      keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap, ...lintKeymap]),
      this.language.of(lang),
      codeTheme,
      // tabindex: the editable text is already one tab stop; saying so lets checkers see that its scroller is reachable by keyboard.
      EditorView.contentAttributes.of({ 'aria-label': file.label, part: 'editor-text', spellcheck: 'false', autocapitalize: 'off', tabindex: '0' }),
      EditorView.updateListener.of((u) => {
        if (u.docChanged && !u.transactions.some((tr) => tr.annotation(fromDraft))) this.file.onText(u.state.doc.toString());
      }),
    ];
  }

  /** The textarea this editor replaces (still there during this render) had the focus: keep the cursor where it was, in here. */
  private takeOverFocus(root: ShadowRoot | undefined): void {
    const ta = root?.activeElement;
    if (!(ta instanceof HTMLTextAreaElement) || ta.id !== 'editor') return;
    const at = ta.selectionStart;
    queueMicrotask(() => {
      const view = this.view;
      if (!view) return;
      view.dispatch({ selection: { anchor: Math.min(at, view.state.doc.length) }, scrollIntoView: true });
      view.focus();
    });
  }

  /** Gives the element the textarea API the builder and its tests use: `value` (setting it is an edit), `setSelectionRange` (scrolls to it), `focus`. */
  private actLikeTextarea(el: HTMLElement): void {
    const view = () => this.view;
    const clamp = (n: number) => Math.min(Math.max(0, n), view()?.state.doc.length ?? 0);
    Object.defineProperties(el, {
      value: {
        configurable: true,
        get: () => view()?.state.doc.toString() ?? '',
        set: (text: string) => view()?.dispatch({ changes: { from: 0, to: view()!.state.doc.length, insert: text } }),
      },
      setSelectionRange: {
        configurable: true,
        value: (from: number, to: number) =>
          view()?.dispatch({ selection: { anchor: clamp(from), head: clamp(to) }, effects: EditorView.scrollIntoView(clamp(from), { y: 'center' }) }),
      },
      focus: { configurable: true, value: () => view()?.focus() },
    });
  }

  /** Writes a text that changed outside the editor as the one replacement between their common start and end. */
  private syncText(text: string): void {
    const view = this.view!;
    const now = view.state.doc.toString();
    if (now === text) return;
    let start = 0;
    const max = Math.min(now.length, text.length);
    while (start < max && now.charCodeAt(start) === text.charCodeAt(start)) start++;
    let end = 0;
    while (end < max - start && now.charCodeAt(now.length - 1 - end) === text.charCodeAt(text.length - 1 - end)) end++;
    // Not in the undo history: undo takes back the operator's own typing, never a new draft.
    view.dispatch({
      changes: { from: start, to: now.length - end, insert: text.slice(start, text.length - end) },
      annotations: [fromDraft.of(true), Transaction.addToHistory.of(false)],
    });
  }
}

/** `<div ${codeMirror(file)}></div>`: a CodeMirror editor of `file` inside that element. */
export const codeMirror = directive(CodeMirrorDirective);
