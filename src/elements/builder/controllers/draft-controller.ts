// The draft in the editor as a reactive controller of <forge-skill-builder>:
// the files (SKILL.md, scripts, a folder's other files), the selected tab,
// copy and download, the "Run a tool" panel's state, and edit mode
// (which saved skill the draft replaces, its saved text for the diff, and the
// baseline that tells unsaved changes). Every change asks `changed` to check
// the draft again. Adding, renaming and deleting files is the files UI's
// (files/files-controller.ts).

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { fire } from '../../events.js';
import { downloadBlob } from '../../internal/download.js';
import { copyDraft, fileText, frontmatterName, hasTab, sameDraft, SKILL_MD, SKILL_TEMPLATE } from '../draft.js';
import type { CapabilityProfile, ObservedRun } from '../../../core/tool-run/observation.js';
import type { Draft, ToolRunResult } from '../../types.js';
import type { BuilderContext } from './context.js';

export interface ToolRunState {
  tool: string;
  input: string;
  busy?: boolean;
  error?: string;
  result?: ToolRunResult;
  /** Declared versus observed over this session's runs (the last reply's), the runs to send with the next, the SKILL.md that ran, and whether the fix preview is open. */
  profile?: CapabilityProfile;
  runs?: ObservedRun[];
  ran?: string;
  preview?: boolean;
}

/** The element: it renders the editor (for focus and downloads) and fires `forge-skill-draft`. */
export type DraftHost = ReactiveControllerHost & EventTarget & { readonly renderRoot: HTMLElement | DocumentFragment };

export class DraftController implements ReactiveController {
  draft: Draft | null = null;
  tab = SKILL_MD;
  /** '' | 'ok' | 'failed': the last copy, shown for two seconds. */
  copied = '';
  toolRun: ToolRunState | null = null;
  /** The analysis shown beside the editor (views/analyses.ts: 'checks', 'agent', 'run', 'routing', …). */
  analysis = 'checks';
  /** The operator lets the model read the draft's reference and asset files (sent as share_files "all"); off, it sees their names only. */
  shareFiles = false;
  /** Edit mode: the saved skill the draft replaces, and its agent. */
  editing: string | null = null;
  editAgent: string | null = null;
  /** The saved text of the skill being edited (the diff's left side). */
  original: Draft | null = null;
  /** The draft as last loaded or saved: anything else is unsaved work. */
  private baseline: Draft | null = null;
  private copyTimer?: ReturnType<typeof setTimeout>;

  constructor(
    private readonly host: DraftHost,
    private readonly ctx: BuilderContext,
    /** The draft changed: check it after `delay` ms (default: after a typing pause). */
    private readonly changed: (delay?: number) => void,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.copyTimer);
  }

  private set(patch: Partial<Pick<DraftController, 'analysis' | 'draft' | 'tab' | 'copied' | 'toolRun'>>): void {
    Object.assign(this, patch);
    this.host.requestUpdate();
  }

  /** The skill's `name:` from the frontmatter ('' when there is none). */
  get skillName(): string {
    return this.draft ? frontmatterName(this.draft.skillMd) : '';
  }

  /** True when the draft differs from what was last loaded or saved. */
  get dirty(): boolean {
    return !sameDraft(this.draft, this.baseline);
  }

  /** A draft from the model or an import: replaces the editor's, fires `forge-skill-draft`, checks it at once. */
  apply(d: Draft): void {
    this.set({ draft: copyDraft(d), tab: hasTab(d, this.tab) ? this.tab : SKILL_MD });
    fire(this.host, 'forge-skill-draft', { ...copyDraft(d), ...(this.editing ? { editingName: this.editing } : {}) });
    this.changed(0);
  }

  /** An edit by the operator (or an accepted proposal). */
  edit(d: Draft): void {
    this.set({ draft: d });
    this.changed();
  }

  startBlank(): void {
    this.edit({ skillMd: SKILL_TEMPLATE, scripts: {} });
    this.set({ tab: SKILL_MD });
  }

  /** Selects a file tab; with `focus`, focuses it once rendered. */
  selectTab(tab: string, focus = false): void {
    this.set({ tab });
    if (focus) void this.host.updateComplete.then(() => this.host.renderRoot.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus());
  }

  /** Brings the draft panel into view (it is below the chat on narrow screens) and focuses its current tab. */
  reveal(): void {
    const show = () => {
      const tab = this.host.renderRoot.querySelector<HTMLElement>('.files-col [role="tab"][aria-selected="true"]');
      tab?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      tab?.focus();
      return !!tab;
    };
    // The file tabs arrive with their chunk: when they are not there yet, focus them once rendered.
    if (!show()) void this.host.updateComplete.then(show);
  }

  /** Puts the cursor on `line` of `tab` and scrolls it into view. */
  jumpTo(tab: string, line: number): void {
    this.selectTab(tab);
    void this.host.updateComplete.then(() => {
      const ta = this.host.renderRoot.querySelector<HTMLTextAreaElement>('#editor');
      if (!ta) return;
      const lines = ta.value.split('\n');
      const start = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
      ta.focus();
      ta.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
      const lh = parseFloat(getComputedStyle(ta).lineHeight) || 20;
      ta.scrollTop = Math.max(0, (line - 1) * lh - ta.clientHeight / 3);
    });
  }

  /** "As the agent sees it" is the open analysis (its view is loaded and computed only then). */
  get agentViewOpen(): boolean {
    return this.analysis === 'agent';
  }

  showAgentView(open: boolean): void {
    this.showAnalysis(open ? 'agent' : 'checks');
  }

  /** Opens one analysis beside the editor. */
  showAnalysis(id: string): void {
    if (id !== this.analysis) this.set({ analysis: id });
  }

  setToolRun(s: ToolRunState | null): void {
    this.set({ toolRun: s });
  }

  /** Copies the current file to the clipboard. */
  async copy(): Promise<void> {
    const d = this.draft;
    if (!d) return;
    const text = fileText(d, this.tab);
    let ok = true;
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      ok = false;
    }
    this.set({ copied: ok ? 'ok' : 'failed' });
    this.ctx.say(ok ? `Copied ${this.tab} to the clipboard.` : 'Copy failed: select the text and press Ctrl+C.');
    clearTimeout(this.copyTimer);
    this.copyTimer = setTimeout(() => this.set({ copied: '' }), 2000);
  }

  download(): void {
    const d = this.draft;
    if (!d) return;
    downloadBlob(this.host.renderRoot, new Blob([d.skillMd], { type: 'text/markdown;charset=utf-8' }), 'SKILL.md');
    this.ctx.say('SKILL.md downloaded.');
  }

  /** Opens a saved skill: it is what is being edited, and the baseline of unsaved changes. */
  open(name: string, agent: string, d: Draft): void {
    this.editing = name;
    this.editAgent = agent;
    this.original = copyDraft(d);
    this.baseline = copyDraft(d);
    this.set({ draft: copyDraft(d), toolRun: null });
    this.changed(0);
  }

  /** After a save, the saved skill is what is being edited: further saves update it (after a diff). */
  saved(agent: string, name: string, d: Draft): void {
    this.baseline = copyDraft(d);
    this.original = copyDraft(d);
    this.editing = name;
    this.editAgent = agent;
    this.host.requestUpdate();
  }

  setShareFiles(on: boolean): void {
    this.shareFiles = on;
    this.host.requestUpdate();
  }

  reset(): void {
    this.baseline = this.original = null;
    this.editing = this.editAgent = null;
    this.shareFiles = false;
    this.set({ draft: null, tab: SKILL_MD, toolRun: null });
  }
}
