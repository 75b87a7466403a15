// evals/evals.json in skill-creator's format (`skill_name`, `evals[]` with
// `id`, `prompt`, `expected_output`, `files`, `expectations[]`): read into
// cases, and written back. A file that is written unchanged comes back byte
// for byte (its own text is kept); a changed one is written with the
// indentation and final newline the original used, fields it does not know
// kept as they were, so a skill moves between skill-creator and this tool
// unchanged.
import { RequestError } from '../errors.js';
import type { EvalCase } from './types.js';

/** The path of the file inside a skill folder. */
export const EVALS_FILE_PATH = 'evals/evals.json';

/** An evals.json as read: its cases, the parsed value (unknown fields kept) and the text it came from. */
export interface EvalsDocument {
  skillName: string;
  cases: EvalCase[];
  /** The parsed JSON, unknown fields included. */
  value: Record<string, unknown>;
  /** The text read; absent for a document built in memory. */
  source?: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readCase(raw: unknown, i: number): EvalCase {
  const at = `evals[${i}]`;
  if (!isObject(raw)) throw new RequestError(at, `${at} must be an object {id, prompt, expected_output?, files?, expectations?}`);
  const { id, prompt, expected_output: expected, files, expectations } = raw;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new RequestError(`${at}.id`, `${at}.id must be a unique integer`);
  if (typeof prompt !== 'string' || !prompt.trim()) throw new RequestError(`${at}.prompt`, `${at}.prompt must be the task the user gives the agent`);
  if (expected !== undefined && typeof expected !== 'string') throw new RequestError(`${at}.expected_output`, `${at}.expected_output must be a string`);
  const strings = (v: unknown, field: string): string[] => {
    if (v === undefined || v === null) return [];
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string')) throw new RequestError(`${at}.${field}`, `${at}.${field} must be a list of strings`);
    return [...(v as string[])];
  };
  return { id, prompt, expectedOutput: expected ?? '', files: strings(files, 'files'), expectations: strings(expectations, 'expectations'), source: 'file' };
}

/** Reads an evals.json text. Throws RequestError naming the field when it is not in skill-creator's shape. */
export function readEvalsJson(text: string): EvalsDocument {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new RequestError('evals.json', `evals.json is not valid JSON (${(err as Error).message})`);
  }
  if (!isObject(value)) throw new RequestError('evals.json', 'evals.json must be an object {skill_name, evals: [...]}');
  const skillName = value['skill_name'];
  if (skillName !== undefined && typeof skillName !== 'string') throw new RequestError('skill_name', 'skill_name must be the skill name');
  const list = value['evals'];
  if (!Array.isArray(list)) throw new RequestError('evals', 'evals must be a list of cases');
  const cases = list.map(readCase);
  const seen = new Set<number>();
  for (const [i, c] of cases.entries()) {
    if (seen.has(c.id)) throw new RequestError(`evals[${i}].id`, `evals[${i}].id ${c.id} is used twice; ids must be unique`);
    seen.add(c.id);
  }
  return { skillName: skillName ?? '', cases, value, source: text };
}

/** The evals.json value for `cases`, keeping each known case's unknown fields (matched by id) and the top level's. */
function toValue(doc: EvalsDocument): Record<string, unknown> {
  const before = new Map<number, Record<string, unknown>>();
  const list = doc.value['evals'];
  if (Array.isArray(list)) for (const raw of list) if (isObject(raw) && typeof raw['id'] === 'number') before.set(raw['id'], raw);
  const evals = doc.cases.map((c) => {
    const old = before.get(c.id) ?? {};
    const out: Record<string, unknown> = {
      ...old,
      id: c.id,
      prompt: c.prompt,
      expected_output: c.expectedOutput,
      files: [...c.files],
      expectations: [...c.expectations],
    };
    // A field the case never had stays absent while it is empty.
    if (!('expected_output' in old) && !c.expectedOutput) delete out['expected_output'];
    if (!('files' in old) && c.files.length === 0) delete out['files'];
    if (!('expectations' in old) && c.expectations.length === 0) delete out['expectations'];
    return out;
  });
  const top: Record<string, unknown> = { ...doc.value, skill_name: doc.skillName, evals };
  if (!('skill_name' in doc.value) && !doc.skillName) delete top['skill_name'];
  return top;
}

/** The indentation the text used (two spaces when it cannot tell). */
function indentOf(text: string | undefined): string | number {
  const m = text ? /\n([ \t]+)"/.exec(text) : null;
  return m ? m[1]! : 2;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The text of `doc`: its own source when nothing changed, else JSON in the source's indentation and final newline. */
export function writeEvalsJson(doc: EvalsDocument): string {
  const value = toValue(doc);
  if (doc.source !== undefined) {
    try {
      if (sameJson(JSON.parse(doc.source), value)) return doc.source;
    } catch {
      // A source that no longer parses is rewritten.
    }
  }
  const text = JSON.stringify(value, null, indentOf(doc.source));
  const newline = doc.source === undefined || doc.source.endsWith('\n') ? '\n' : '';
  return text + newline;
}

/** A new document for `skillName` holding `cases` (only file and designer cases belong in the file). */
export function evalsDocument(skillName: string, cases: readonly EvalCase[]): EvalsDocument {
  return {
    skillName,
    cases: cases.map((c) => ({ ...c, files: [...c.files], expectations: [...c.expectations] })),
    value: { skill_name: skillName, evals: [] },
  };
}
