// The catalog budget on the wire: the body of `POST …/catalog-budget` (the
// draft, the installed skill it replaces, a budget in characters) and its
// reply — the agent's catalog size with the draft added against the budget,
// the skills cut off or pushed out, and the draft's resident cost — with
// their field tables and the plain mappers both sides use.
import type { CatalogBudgetReport } from '../routing/types.js';
import { fields } from './fields.js';
import { fromWire, str, strs, toWire, type WireJson } from './wire.js';

/** `POST …/catalog-budget` body. */
export const CATALOG_BUDGET_REQUEST = /*#__PURE__*/ fields('skillMd', 'scripts', 'editingName', 'budgetChars');
/** Its reply. */
export const CATALOG_BUDGET = /*#__PURE__*/ fields(
  'skill',
  'budgetChars',
  'chars',
  'tokens',
  'charsWithout',
  'lineChars',
  'toolChars',
  'truncated',
  'pushedOut',
  'overBudget',
);

export interface CatalogBudgetBody {
  skillMd: string;
  scripts?: Record<string, string> | undefined;
  editingName?: string | undefined;
  budgetChars?: number | undefined;
}

/** The reply: catalogBudget's report with the skill it is about. */
export interface CatalogBudgetView extends CatalogBudgetReport {
  /** The draft's catalog name. */
  skill: string;
}

export const catalogBudgetBodyToWire = (b: CatalogBudgetBody): WireJson => toWire(CATALOG_BUDGET_REQUEST, b);
/** Reads a checked body (the server's codec). */
export function catalogBudgetBodyFromWire(json: unknown): CatalogBudgetBody {
  const f = fromWire(CATALOG_BUDGET_REQUEST, json);
  const out: CatalogBudgetBody = { skillMd: str(f.skillMd) };
  if (f.scripts !== undefined) out.scripts = f.scripts as Record<string, string>;
  if (typeof f.editingName === 'string') out.editingName = f.editingName;
  if (typeof f.budgetChars === 'number') out.budgetChars = f.budgetChars;
  return out;
}

export const catalogBudgetToWire = (r: CatalogBudgetView): WireJson => toWire(CATALOG_BUDGET, r);
export function catalogBudgetFromWire(json: unknown): CatalogBudgetView {
  const f = fromWire(CATALOG_BUDGET, json);
  const n = (v: unknown): number => (typeof v === 'number' ? v : 0);
  return {
    skill: str(f.skill),
    budgetChars: n(f.budgetChars),
    chars: n(f.chars),
    tokens: n(f.tokens),
    charsWithout: n(f.charsWithout),
    lineChars: n(f.lineChars),
    toolChars: n(f.toolChars),
    truncated: strs(f.truncated),
    pushedOut: strs(f.pushedOut),
    overBudget: f.overBudget === true,
  };
}
