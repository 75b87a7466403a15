// The designer's eval-case proposals on the wire: the body of
// POST …/skill-builder/evals/suggest (the draft, the skill it replaces, how
// many cases to propose and the cases it has already) and its JSON reply
// (the proposed cases in evals.json's own shape, and the designer call's
// usage). Nothing is run or written by the route: the cases are for the
// operator to edit and accept.
import type { EvalCase } from '../evals/types.js';
import type { LlmUsage } from '../llm/types.js';
import { evalCaseFromWire, evalCaseToWire } from './evals-wire.js';
import { fields } from './fields.js';
import { USAGE } from './routing-wire.js';
import { fromWire, list, num, obj, str, toWire, type WireJson } from './wire.js';

/** `POST …/skill-builder/evals/suggest` body. */
export const EVALS_SUGGEST_REQUEST = /*#__PURE__*/ fields('skillMd', 'scripts', 'editingName', 'count', 'cases');
/** Its reply: the proposed cases and the designer call's usage. */
export const EVALS_SUGGEST_REPLY = /*#__PURE__*/ fields('cases', 'usage');

/** The suggest body in TypeScript. */
export interface EvalsSuggestBody {
  skillMd: string;
  scripts?: Record<string, string> | undefined;
  editingName?: string | undefined;
  /** Cases to propose (1–10, default 3). */
  count?: number | undefined;
  /** The cases the skill has already: not proposed again, new ids follow theirs. */
  cases?: EvalCase[] | undefined;
}

export interface EvalsSuggestReply {
  cases: EvalCase[];
  usage: LlmUsage;
}

export const evalsSuggestBodyToWire = (b: EvalsSuggestBody): WireJson => toWire(EVALS_SUGGEST_REQUEST, { ...b, cases: b.cases?.map(evalCaseToWire) });

/** Reads a checked body (the server's codec). */
export function evalsSuggestBodyFromWire(json: unknown): EvalsSuggestBody {
  const f = fromWire(EVALS_SUGGEST_REQUEST, json);
  const out: EvalsSuggestBody = { skillMd: str(f.skillMd) };
  if (f.scripts !== undefined) out.scripts = f.scripts as Record<string, string>;
  if (typeof f.editingName === 'string') out.editingName = f.editingName;
  if (typeof f.count === 'number') out.count = f.count;
  if (f.cases !== undefined) out.cases = list(f.cases).map(evalCaseFromWire);
  return out;
}

export const evalsSuggestReplyToWire = (r: EvalsSuggestReply): WireJson =>
  toWire(EVALS_SUGGEST_REPLY, { cases: r.cases.map(evalCaseToWire), usage: toWire(USAGE, r.usage) });

export function evalsSuggestReplyFromWire(json: unknown): EvalsSuggestReply {
  const f = fromWire(EVALS_SUGGEST_REPLY, json);
  const u = fromWire(USAGE, obj(f.usage));
  return { cases: list(f.cases).map(evalCaseFromWire), usage: { inputTokens: num(u.inputTokens), outputTokens: num(u.outputTokens) } };
}
