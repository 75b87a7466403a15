// The case list of the Evals view, before a run: the draft's evals/evals.json
// cases, each editable (prompt, expected output, expectations one per line)
// and removable, with "Add a case"; the cases derived from the tools'
// Examples tables, read-only, each copyable into the file; and "Propose
// cases", which asks the designer and shows its proposals for editing — they
// are written into the file only when the operator adds them. Every edit is
// written into the draft's file at once (fields it does not know kept).

import { html, nothing } from 'lit';
import type { EvalCase } from '../../../core/evals/types.js';
import { EVALS_FILE_PATH } from '../../../core/evals/evals-file.js';
import { suggestCases } from '../../api/evals.js';
import type { DraftPanel } from './draft-panel.js';
import { derivedCases, expectationLines, listProblem, nextId, writeCases, type CaseBook } from './evals-cases.js';

/** Most cases one run or one proposal request may carry. */
const MAX_CASES = 50;

function save(b: DraftPanel, book: CaseBook, list: EvalCase[]): void {
  const draft = b.editor.draft;
  if (!draft) return;
  const next = writeCases(book, draft, list);
  if (next) b.editor.edit(next);
  b.host.requestUpdate();
}

/** Focuses the prompt of case `id` once the view has re-rendered. */
function focusPrompt(e: Event, id: number): void {
  const root = (e.currentTarget as HTMLElement).getRootNode() as ParentNode;
  setTimeout(() => root.querySelector<HTMLTextAreaElement>(`#eval-prompt-${id}`)?.focus(), 0);
}

/** The fields of one case; `set` gets the changed case. */
function editor(c: EvalCase, set: (c: EvalCase) => void, prefix: string) {
  return html`<div class="case-editor">
<label>Prompt<textarea id="${prefix}-${c.id}" rows="2" .value=${c.prompt} @input=${(e: Event) => set({ ...c, prompt: (e.target as HTMLTextAreaElement).value })}></textarea></label>
<label>Expected output<textarea rows="2" .value=${c.expectedOutput} @input=${(e: Event) => set({ ...c, expectedOutput: (e.target as HTMLTextAreaElement).value })}></textarea></label>
<label>Expectations, one per line<textarea rows="3" .value=${c.expectations.join('\n')} @change=${(e: Event) =>
    set({ ...c, expectations: expectationLines((e.target as HTMLTextAreaElement).value) })}></textarea></label></div>`;
}

function fileCase(b: DraftPanel, book: CaseBook, c: EvalCase) {
  const set = (next: EvalCase) =>
    save(
      b,
      book,
      book.list.map((x) => (x.id === c.id ? next : x)),
    );
  return html`<li><details part="eval-case-edit" ?open=${!c.prompt}><summary>#${c.id} ${c.prompt || html`<em>(no prompt yet)</em>`}</summary>
${editor(c, set, 'eval-prompt')}
<button class="small" aria-label="Remove case ${c.id}" @click=${() =>
    save(
      b,
      book,
      book.list.filter((x) => x.id !== c.id),
    )}>Remove</button></details></li>`;
}

function derivedCase(b: DraftPanel, book: CaseBook, c: EvalCase) {
  const copy = (e: Event) => {
    const id = nextId(book);
    save(b, book, [...book.list, { ...c, id, source: 'file' }]);
    focusPrompt(e, id);
  };
  return html`<li part="eval-case-derived">#${c.id} ${c.prompt}
<ul class="expectations">${c.expectations.map((x) => html`<li><code>${x}</code></li>`)}</ul>
<button class="small" aria-label="Copy into ${EVALS_FILE_PATH}: case ${c.id}" @click=${copy}>Copy into ${EVALS_FILE_PATH}</button></li>`;
}

async function propose(b: DraftPanel, book: CaseBook, agent: string): Promise<void> {
  const draft = b.editor.draft;
  if (!draft || book.proposing) return;
  const controller = new AbortController();
  Object.assign(book, { proposing: controller, proposeError: '' });
  b.host.requestUpdate();
  const existing = [...book.list, ...book.proposals, ...derivedCases(book, draft)].slice(0, MAX_CASES);
  try {
    const cases = await suggestCases(b.ctx.api(), { agent, draft, editingName: b.editor.editing ?? undefined }, existing, controller.signal);
    let id = nextId(book) - 1;
    book.proposals = [...book.proposals, ...cases.map((c) => ({ ...c, id: ++id }))];
    b.ctx.say(cases.length ? `The designer proposed ${cases.length} cases: edit them, then add the ones you want.` : 'The designer proposed no new case.');
  } catch (e) {
    if (!controller.signal.aborted) book.proposeError = b.ctx.error('evals-suggest', e);
  } finally {
    book.proposing = null;
    b.host.requestUpdate();
  }
}

function accept(b: DraftPanel, book: CaseBook, chosen: readonly EvalCase[]): void {
  const ids = new Set(chosen.map((c) => c.id));
  let id = book.list.reduce((n, c) => Math.max(n, c.id), 0);
  const added = chosen.map((c) => ({ ...c, id: ++id, source: 'file' as const }));
  // The proposals left are numbered after the cases added, so every id stays unique.
  book.proposals = book.proposals.filter((c) => !ids.has(c.id)).map((c) => ({ ...c, id: ++id }));
  save(b, book, [...book.list, ...added]);
  b.ctx.say(`${added.length === 1 ? '1 case' : `${added.length} cases`} added to ${EVALS_FILE_PATH}.`);
}

function proposals(b: DraftPanel, book: CaseBook) {
  if (!book.proposals.length) return nothing;
  const set = (next: EvalCase) => {
    book.proposals = book.proposals.map((x) => (x.id === next.id ? next : x));
    b.host.requestUpdate();
  };
  const discard = (id: number) => {
    book.proposals = book.proposals.filter((x) => x.id !== id);
    b.host.requestUpdate();
  };
  const ready = book.proposals.filter((c) => c.prompt.trim());
  return html`<section class="eval-proposals" part="eval-proposals" aria-labelledby="eval-proposals-title">
<h5 id="eval-proposals-title">Proposed by the designer</h5>
<p class="muted">Nothing runs and nothing is written until you add them to the cases.</p>
<ol class="case-list">${book.proposals.map(
    (c) => html`<li><fieldset><legend>Proposal ${c.id}</legend>${editor(c, set, 'eval-proposal')}
<button class="small" ?disabled=${!c.prompt.trim()} aria-label="Add proposal ${c.id} to the cases" @click=${() => accept(b, book, [c])}>Add</button>
<button class="small" aria-label="Discard proposal ${c.id}" @click=${() => discard(c.id)}>Discard</button></fieldset></li>`,
  )}</ol>
<div class="evals-form"><button class="small primary" ?disabled=${!ready.length} @click=${() => accept(b, book, ready)}>Add all to the cases</button>
<button class="small" @click=${() => {
    book.proposals = [];
    b.host.requestUpdate();
  }}>Discard all</button></div></section>`;
}

export function renderCases(b: DraftPanel, book: CaseBook, agent: string, running: boolean) {
  const draft = b.editor.draft!;
  const derived = derivedCases(book, draft);
  const add = (e: Event) => {
    const id = nextId(book);
    save(b, book, [...book.list, { id, prompt: '', expectedOutput: '', files: [], expectations: [], source: 'file' }]);
    focusPrompt(e, id);
  };
  const problem = listProblem(book.list);
  return html`<section class="eval-cases" part="eval-cases" aria-labelledby="eval-cases-title"><h5 id="eval-cases-title">Cases</h5>
${book.error ? html`<p class="field-error" role="alert">${book.error}</p>` : nothing}
<p class="muted">${book.list.length} in ${EVALS_FILE_PATH} (edits are written into the draft's file) · ${derived.length} from the Examples tables.</p>
${book.list.length ? html`<ol class="case-list">${book.list.map((c) => fileCase(b, book, c))}</ol>` : nothing}
${problem ? html`<p class="warn">${problem}</p>` : nothing}
<div class="evals-form"><button class="small" ?disabled=${!book.doc || running} @click=${add}>Add a case</button>
${
  book.proposing
    ? html`<button class="small" @click=${() => book.proposing?.abort()}>Stop proposing</button>`
    : html`<button class="small" ?disabled=${running} @click=${() => void propose(b, book, agent)}>Propose cases</button>`
}
<label class="check"><input type="checkbox" .checked=${book.examples} @change=${(e: Event) => {
    book.examples = (e.target as HTMLInputElement).checked;
    b.host.requestUpdate();
  }} /> Also run the Examples cases</label></div>
<p role="status" class="muted">${book.proposing ? 'Asking the designer for cases…' : nothing}</p>
${book.proposeError ? html`<p class="field-error" role="alert">${book.proposeError}</p>` : nothing}
${derived.length ? html`<details><summary>From the Examples tables (${derived.length}, read-only)</summary><ul class="case-list">${derived.map((c) => derivedCase(b, book, c))}</ul></details>` : nothing}
${proposals(b, book)}</section>`;
}
