// The line diff of two drafts as the save dialog (editing a saved skill) and
// the routing check's proposed description show it. Loaded on first use
// (lazy-view.ts): the save dialog starts the load when editing begins.

import { html, nothing } from 'lit';
import type { Draft } from '../../types.js';
import { diffDrafts, type FileDiff } from './line-diff.js';

const TAGS: Record<string, string> = { new: 'New file', removed: 'Removed', changed: 'Changed', unchanged: 'Unchanged' };

function renderDiff(files: FileDiff[]) {
  return html`<div class="diff" role="group" aria-label="Changes against the saved skill">
    ${files.map(
      (f) => html`<details class="diff-file ${f.status}" ?open=${f.status !== 'unchanged'}>
        <summary>
          <span class="mono">${f.file}</span>
          <span class="tag ${f.status}">${TAGS[f.status]}</span>
          ${f.status !== 'unchanged' ? html`<span class="muted counts">+${f.added} −${f.removed}</span>` : nothing}
        </summary>
        ${
          f.rows.length
            ? html`<div class="diff-lines mono" tabindex="0">
              ${f.rows.map((r) =>
                r.kind === 'fold'
                  ? html`<div class="dl fold">⋯ ${r.count} unchanged line${r.count === 1 ? '' : 's'}</div>`
                  : html`<div class="dl ${r.kind}"><span class="no" aria-hidden="true">${r.kind === 'add' ? '' : r.oldNo}</span><span class="no" aria-hidden="true">${
                      r.kind === 'del' ? '' : r.newNo
                    }</span><span class="sign" aria-hidden="true">${r.kind === 'add' ? '+' : r.kind === 'del' ? '−' : ' '}</span><span class="sr-only">${
                      r.kind === 'add' ? 'added: ' : r.kind === 'del' ? 'removed: ' : ''
                    }</span><span class="txt">${r.text}</span></div>`,
              )}
            </div>`
            : nothing
        }
      </details>`,
    )}
  </div>`;
}

/** The changes from `before` to `after`, file by file. */
export const renderDraftDiff = (before: Draft, after: Draft) => renderDiff(diffDrafts(before, after));
