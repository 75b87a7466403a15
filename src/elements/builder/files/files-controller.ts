// The state of the skill-folder UI of <forge-skill-builder>, as a
// Lit reactive controller: the add/rename form and the delete confirmation of
// the file tabs, an import on its way (a package or folder → the import route
// → a new draft, never saved by itself), the requirement proposals of the
// imported skill waiting for the operator, what its package said about itself
// (trust and provenance), a drag over the builder, and the
// export download. Views (file-tabs-view, import-view) render it.

import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { BuilderContext } from '../controllers/context.js';
import { downloadBlob } from '../../internal/download.js';
import { SKILL_MD, tabPath } from '../draft.js';
import type { Draft, ValidationResult } from '../../types.js';
import { fromDrop, fromInput, type ImportSource } from './dropped-files.js';
import { exportPackage, importSkill } from './files-api.js';
import { addFile, checkNewFileName, deleteFile, folderOf, freshName, nameIn, renameFile, tabFor } from './folder-files.js';
import type { ImportedSkill, Requirements } from './files-api.js';

/** The draft editor as the files UI needs it (the builder's draft controller). */
export interface FilesEditor {
  readonly draft: Draft | null;
  readonly tab: string;
  /** Edit mode: the saved skill the draft replaces, and its agent. */
  readonly editing: string | null;
  readonly editAgent: string | null;
  /** Whether the model may read the reference files' content (see setShareFiles). */
  readonly shareFiles: boolean;
  setShareFiles(on: boolean): void;
  edit(d: Draft): void;
  selectTab(tab: string, focus?: boolean): void;
}

/** What the files UI needs from the builder (one object, made once by the element). */
export interface FilesPanel {
  /** The element: renders, hosts the controller, holds the shadow root. */
  host: ReactiveControllerHost & { readonly renderRoot: HTMLElement | DocumentFragment };
  editor: FilesEditor;
  checks: { readonly result: ValidationResult | null };
  ctx: BuilderContext;
  /** Loads an imported draft as a new skill (asking first when there is unsaved work), then calls `then`. */
  load(d: Draft, then: () => void): void;
}

export interface NameEdit {
  mode: 'add' | 'rename';
  /** The tab being renamed. */
  from?: string;
  folder: string;
  value: string;
  error: string;
}

/** Proposals of the last import, with the ones the operator unticked. */
export interface PendingProposals {
  proposals: Requirements;
  off: Set<string>;
  error: string;
}

const controllers = new WeakMap<object, FilesController>();

/** The builder's controller, created on first use. */
export const filesOf = (p: FilesPanel) => controllers.get(p.host) ?? new FilesController(p);

export class FilesController implements ReactiveController {
  edit: NameEdit | null = null;
  confirmDelete: string | null = null;
  importing = '';
  importError = '';
  pending: PendingProposals | null = null;
  /** What the last import's package said about itself: its trust and provenance (shown until dismissed or a new skill). */
  origin: Pick<ImportedSkill, 'name' | 'trust' | 'provenance'> | null = null;
  dragging = false;
  exporting = false;
  exportError = '';
  private focusEdit = false;
  private dragDepth = 0;

  constructor(private readonly p: FilesPanel) {
    controllers.set(p.host, this);
    p.host.addController(this);
  }

  hostUpdate(): void {
    // A new skill or a reset: forms of the old draft go.
    if (!this.p.editor.draft) this.edit = this.confirmDelete = this.pending = this.origin = null;
  }

  hostUpdated(): void {
    if (!this.focusEdit) return;
    this.focusEdit = false;
    const input = this.p.host.renderRoot.querySelector<HTMLInputElement>('#file-name');
    input?.focus();
    input?.select();
  }

  private set(patch: Partial<FilesController>): void {
    Object.assign(this, patch);
    this.p.host.requestUpdate();
  }

  /** Shows a tab's file (focusing its tab when asked) and closes the name form and delete question. */
  select(tab: string, focus = false): void {
    this.set({ edit: null, confirmDelete: null });
    this.p.editor.selectTab(tab, focus);
  }

  startAdd(folder = 'scripts'): void {
    this.focusEdit = true;
    this.set({ edit: { mode: 'add', folder, value: freshName(folder, this.p.editor.draft!), error: '' }, confirmDelete: null });
  }

  startRename(tab: string): void {
    this.focusEdit = true;
    this.set({ edit: { mode: 'rename', from: tab, folder: folderOf(tab), value: nameIn(tab), error: '' }, confirmDelete: null });
  }

  /** Applies the name form; a refused name stays in the form with the reason. A rename keeps the file's text and opens it under its new name. */
  submitEdit(): void {
    const edit = this.edit;
    const d = this.p.editor.draft;
    if (!edit || !d) return;
    const name = edit.value.trim();
    const to = tabFor(edit.folder, name);
    const error = checkNewFileName(edit.folder, name, d, edit.from);
    if (error) return this.set({ edit: { ...edit, error } });
    this.p.editor.edit(edit.mode === 'add' ? addFile(d, edit.folder, name) : renameFile(d, edit.from!, to));
    this.p.ctx.say(edit.mode === 'add' ? `Added ${tabPath(to)}.` : `Renamed ${tabPath(edit.from!)} to ${tabPath(to)}.`);
    this.select(to, true);
  }

  remove(tab: string): void {
    const d = this.p.editor.draft;
    if (!d) return;
    this.p.editor.edit(deleteFile(d, tab));
    this.p.ctx.say(`Deleted ${nameIn(tab)}.`);
    this.select(SKILL_MD, true);
  }

  // ---- import -------------------------------------------------------------

  /** A drag over the builder: highlight while files are over it, import on drop. */
  onDrag(e: DragEvent): void {
    if (e.type === 'dragenter') this.dragDepth++;
    if (e.type === 'dragleave') this.dragDepth = Math.max(0, this.dragDepth - 1);
    if (e.type === 'drop') this.dragDepth = 0;
    const dragging = this.dragDepth > 0 || e.type === 'dragover';
    if (dragging !== this.dragging) this.set({ dragging });
    if (e.type === 'drop' && e.dataTransfer) void this.run(() => fromDrop(e.dataTransfer!));
  }

  /** Files chosen in a file input (a package, or a folder's files). */
  onPicked(input: HTMLInputElement): void {
    const files = [...(input.files ?? [])];
    input.value = '';
    if (files.length) void this.run(async () => fromInput(files));
  }

  private async run(read: () => Promise<ImportSource>): Promise<void> {
    if (this.importing) return;
    this.set({ importing: 'Reading…', importError: '', dragging: false });
    try {
      const source = await read();
      const label = source.kind === 'package' ? source.file.name : `the folder ${source.name || ''}`.trim();
      this.set({ importing: `Importing ${label}…` });
      const imported = await importSkill(this.p.ctx.api(), source.kind === 'package' ? source.file : source.files);
      const p = imported.proposals;
      this.p.load(imported.draft, () => {
        this.set({
          pending: p && p.bins.length + p.egressDomains.length + p.env.length ? { proposals: p, off: new Set(), error: '' } : null,
          origin: imported.trust || imported.provenance ? { name: imported.name, trust: imported.trust, provenance: imported.provenance } : null,
        });
        this.p.ctx.say(`Imported ${imported.name || label} as a new draft: review it, then save.`);
      });
    } catch (e) {
      this.set({ importError: this.p.ctx.error('import', e) });
    } finally {
      this.set({ importing: '' });
    }
  }

  toggleProposal(key: string): void {
    const p = this.pending;
    if (!p) return;
    const off = new Set(p.off);
    if (!off.delete(key)) off.add(key);
    this.set({ pending: { ...p, off } });
  }

  /**
   * Writes the ticked proposals into the draft's frontmatter under metadata.forge with core's acceptRequirements
   * (the save's and the CLI's rule; it edits the YAML, so it is loaded, with the YAML parser, only now).
   */
  async acceptProposals(): Promise<void> {
    const p = this.pending;
    const d = this.p.editor.draft;
    if (!p || !d) return;
    const keep = (kind: string, xs: string[]) => xs.filter((x) => !p.off.has(`${kind}:${x}`));
    const r: Requirements = {
      bins: keep('bins', p.proposals.bins),
      egressDomains: keep('egress', p.proposals.egressDomains),
      env: keep('env', p.proposals.env),
    };
    try {
      const { acceptRequirements } = await import('../../../core/skill-folder/accept-requirements.js');
      this.p.editor.edit({ ...d, skillMd: acceptRequirements(d.skillMd, r) });
      this.p.editor.selectTab(SKILL_MD);
      this.set({ pending: null });
      this.p.ctx.say('Added the requirements to SKILL.md under metadata.forge.');
    } catch (e) {
      this.set({ pending: { ...p, error: (e as Error).message } });
    }
  }

  // ---- export -------------------------------------------------------------

  /** Downloads the saved skill as a .zip or .skill from the export route. */
  async exportSaved(format: 'zip' | 'skill'): Promise<void> {
    const { editing: name, editAgent: agent } = this.p.editor;
    if (!name || !agent || this.exporting) return;
    this.set({ exporting: true, exportError: '' });
    try {
      downloadBlob(this.p.host.renderRoot, await exportPackage(this.p.ctx.api(), agent, name, format), `${name}.${format}`);
      this.p.ctx.say(`${name}.${format} downloaded.`);
    } catch (e) {
      this.set({ exportError: this.p.ctx.error('export', e) });
    } finally {
      this.set({ exporting: false });
    }
  }
}
