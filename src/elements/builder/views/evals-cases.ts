// The eval cases the Evals view edits before a run, kept per element: the
// cases of the draft's evals/evals.json (read once per text, edited in a
// working list, written back into the draft's file with every field it does
// not know kept), the cases derived from the tools' Examples tables (read-only,
// copyable into the file) and the designer's proposals waiting for the
// operator (nothing is written until they are accepted). Loaded with the view.

import { casesFromTools } from '../../../core/evals/examples-cases.js';
import { EVALS_FILE_PATH, evalsDocument, readEvalsJson, writeEvalsJson, type EvalsDocument } from '../../../core/evals/evals-file.js';
import type { EvalCase } from '../../../core/evals/types.js';
import { registersTool } from '../../../core/forge-runtime/registration.js';
import { forgeRuntimeView } from '../../../core/runtime-view/runtime-view.js';
import { parseSkillMd } from '../../../core/skillmd/parse.js';
import type { Draft } from '../../types.js';

export interface CaseBook {
  /** The evals.json text the list was read from or last written (undefined: the draft has none); null before the first read. */
  source: string | undefined | null;
  doc: EvalsDocument | null;
  /** The file's cases as being edited. */
  list: EvalCase[];
  /** Why the file could not be read (then its cases are not editable here). */
  error: string;
  /** The designer's proposals, not yet accepted; the request on its way and its error. */
  proposals: EvalCase[];
  proposing: AbortController | null;
  proposeError: string;
  /** Run the Examples cases too. */
  examples: boolean;
  /** The Examples cases of the last SKILL.md read. */
  derived: { key: string; cases: EvalCase[] } | null;
}

export const newCaseBook = (): CaseBook => ({
  source: null,
  doc: null,
  list: [],
  error: '',
  proposals: [],
  proposing: null,
  proposeError: '',
  examples: true,
  derived: null,
});

/** Reads the draft's evals.json again when its text changed since the list was read or written. */
export function syncCases(book: CaseBook, draft: Draft, skillName: string): void {
  const text = draft.files?.[EVALS_FILE_PATH];
  if (text === book.source) return;
  book.source = text;
  book.error = '';
  if (text === undefined) {
    book.doc = evalsDocument(skillName, []);
    book.list = [];
    return;
  }
  try {
    book.doc = readEvalsJson(text);
    book.list = book.doc.cases;
  } catch (e) {
    book.doc = null;
    book.list = [];
    book.error = `${EVALS_FILE_PATH} cannot be edited here: ${(e as Error).message}. Fix it in its file tab.`;
  }
}

const key = (p: string) => p.trim().toLowerCase();

/** The Examples cases as the harness derives them: a tool the runtime registers is expected called, any other reached through read_skill. */
function examplesCases(skillMd: string, scripts: string[]): EvalCase[] {
  const parsed = parseSkillMd(skillMd);
  const raw = parsed.frontmatter?.name;
  const name = typeof raw === 'string' ? raw.trim() : '';
  const view = forgeRuntimeView(skillMd, { scripts });
  const registered = new Set(name && !view.loadErrors.length ? view.tools.filter((t) => registersTool(view.runtime, t)).map((t) => t.name) : []);
  return casesFromTools(name, parsed.tools, (tool) => registered.has(tool));
}

/** The Examples cases of the draft not already in the file (by prompt), numbered after every other case. */
export function derivedCases(book: CaseBook, draft: Draft): EvalCase[] {
  const scripts = Object.keys(draft.scripts);
  const memo = `${draft.skillMd}\0${scripts.join('\n')}`;
  if (book.derived?.key !== memo) book.derived = { key: memo, cases: examplesCases(draft.skillMd, scripts) };
  const inFile = new Set(book.list.map((c) => key(c.prompt)));
  let id = nextId(book) - 1;
  return book.derived.cases.filter((c) => !inFile.has(key(c.prompt))).map((c) => ({ ...c, id: ++id }));
}

/** The first id after the file's cases and the proposals. */
export const nextId = (book: CaseBook): number => [...book.list, ...book.proposals].reduce((n, c) => Math.max(n, c.id), 0) + 1;

/** Why the list cannot be written or run, or '' when it can. */
export function listProblem(list: readonly EvalCase[]): string {
  const empty = list.find((c) => !c.prompt.trim());
  return empty ? `Case ${empty.id} has no prompt: write the task the user gives the agent (the file is written once every case has one).` : '';
}

/**
 * Replaces the working list and, when every case has a prompt, writes it into the draft's evals.json
 * (unknown fields kept); returns the draft to put in the editor, or null when nothing is written yet.
 */
export function writeCases(book: CaseBook, draft: Draft, list: EvalCase[]): Draft | null {
  book.list = list;
  if (!book.doc || listProblem(list)) return null;
  const text = writeEvalsJson({ ...book.doc, cases: list.map((c) => ({ ...c, source: 'file' })) });
  book.doc = readEvalsJson(text);
  book.list = book.doc.cases;
  book.source = text;
  return { ...draft, files: { ...draft.files, [EVALS_FILE_PATH]: text } };
}

/** Expectations typed one per line. */
export const expectationLines = (text: string): string[] =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

/** The cases a run sends: the file's, then (when on) the Examples ones. */
export const runCases = (book: CaseBook, draft: Draft): EvalCase[] => [...book.list, ...(book.examples ? derivedCases(book, draft) : [])];
