// The skill-folder UI of <forge-skill-builder>, loaded on demand
// as one chunk beside the standalone bundle (lazy-view.ts): file tabs grouped
// by folder with add/rename/delete, binaries listed, import (picker and
// drag-and-drop) with requirement proposals, and export. Every function takes
// the builder through the narrow FilesPanel interface; state lives in
// FilesController.

import { html } from 'lit';
import { renderFileTabs, renderShareFiles } from './file-tabs-view.js';
import { filesOf, type FilesPanel } from './files-controller.js';
import { renderImportNotice } from './import-view.js';

export { renderBinary, renderFileActions } from './file-tabs-view.js';
export { renderExport, renderImport, renderImportHint } from './import-view.js';

/** The draft's file tabs, with the import's notice (progress, error, proposals) above them and the switch that shares reference files with the model below. */
export const renderTabs = (p: FilesPanel) => html`${renderImportNotice(p)}${renderFileTabs(p)}${renderShareFiles(p)}`;

/** A drag over the builder that carries files: the overlay, and the import on drop. */
export const onDrag = (p: FilesPanel, e: DragEvent) => filesOf(p).onDrag(e);
