// What a skill costs in the agent's catalog: the catalog's size (characters
// and an estimate of tokens) with the skill added, against a budget — some
// clients keep the skill list to a fixed share of the context and cut what
// does not fit — which skills' lines would end past the budget, this skill's
// resident cost (its catalog line, and its tools' names and descriptions
// when it registers tools), and which skills it pushes out.
import { buildSkillCatalog } from '../catalog.js';
import { RequestError } from '../errors.js';
import type { SkillLike } from '../skill/skill.js';
import { buildAgentView, routingSkillName } from './agent-view.js';
import { routingSkill } from './skills.js';
import type { CatalogBudgetReport } from './types.js';

export type { CatalogBudgetReport };

/** The budget used when none is given: about 2 % of a 100k-token context, in characters. */
export const DEFAULT_CATALOG_BUDGET_CHARS = 8000;
/** Characters per token of the estimate. */
export const CHARS_PER_TOKEN = 4;

/** Each listed skill's name and the offset its line ends at in `catalog`. */
function lineEnds(catalog: string, names: readonly string[]): { name: string; end: number }[] {
  const out: { name: string; end: number }[] = [];
  let at = 0;
  for (const line of catalog.split('\n')) {
    at += line.length + 1;
    const name = names.find((n) => line.startsWith(`- ${n}: `));
    if (name !== undefined) out.push({ name, end: Math.min(at, catalog.length) });
  }
  return out;
}

export function catalogBudget(opts: { skill: SkillLike; otherSkills?: readonly SkillLike[]; budgetChars?: number }): CatalogBudgetReport {
  const skill = routingSkill(opts.skill, 'skill');
  const name = routingSkillName(skill);
  const budgetChars = opts.budgetChars ?? DEFAULT_CATALOG_BUDGET_CHARS;
  if (!Number.isInteger(budgetChars) || budgetChars < 1) throw new RequestError('budgetChars', 'budgetChars must be a whole number of characters ≥ 1');
  const rest = (opts.otherSkills ?? []).map((s, i) => routingSkill(s, `otherSkills[${i}]`)).filter((s) => routingSkillName(s) !== name);
  const named = (s: typeof skill) => (s.dirName === undefined ? s.with({ dirName: routingSkillName(s) }) : s);
  const withIt = buildSkillCatalog([skill, ...rest].map(named));
  const without = buildSkillCatalog(rest.map(named));
  const view = buildAgentView([skill, ...rest]);
  const names = view.skills;
  const over = (catalog: string) =>
    lineEnds(catalog, names)
      .filter((l) => l.end > budgetChars)
      .map((l) => l.name);
  const truncated = over(withIt);
  const before = new Set(over(without));
  const line = withIt.split('\n').find((l) => l.startsWith(`- ${name}: `));
  const toolChars = view.tools.filter((t) => view.toolOwners[t.name] === name).reduce((n, t) => n + t.name.length + t.description.length, 0);
  return {
    budgetChars,
    chars: withIt.length,
    tokens: Math.ceil(withIt.length / CHARS_PER_TOKEN),
    charsWithout: without.length,
    lineChars: line === undefined ? 0 : line.length + 1,
    toolChars,
    truncated,
    pushedOut: truncated.filter((n) => n !== name && !before.has(n)),
    overBudget: withIt.length > budgetChars,
  };
}
