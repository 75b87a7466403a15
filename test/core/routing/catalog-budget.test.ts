// The catalog budget report against a hand-computed fixture: the catalog is
// the fixed head (title, routing directive, read_skill how-to) and one
// `- name: description` line per listed skill, in name order.
import { describe, expect, it } from 'vitest';
import { CATALOG_READ_SKILL_HOWTO, CATALOG_ROUTING_DIRECTIVE } from '../../../src/core/catalog.js';
import { catalogBudget } from '../../../src/core/routing/catalog-budget.js';
import { QUOTES } from './optimize-fixtures.js';

const skill = (name: string, description: string) => ({ skillMd: `---\nname: ${name}\ndescription: ${description}\n---\nBody.\n` });
const HEAD = `## Available Skills\n\n${CATALOG_ROUTING_DIRECTIVE}\n\n${CATALOG_READ_SKILL_HOWTO}\n\n`.length;
const ALPHA = skill('alpha', 'Alpha things.'); // "- alpha: Alpha things.\n": 23 characters
const BETA = skill('beta', 'Beta things here.'); // "- beta: Beta things here.\n": 26
const GAMMA = skill('gamma', 'Gamma things.'); // "- gamma: Gamma things.\n": 23

describe('catalogBudget', () => {
  it('sizes the catalog with the skill, names the skills cut off and the ones it pushes out', () => {
    const report = catalogBudget({ skill: BETA, otherSkills: [GAMMA, ALPHA], budgetChars: HEAD + 60 });
    expect(report).toEqual({
      budgetChars: HEAD + 60,
      chars: HEAD + 72,
      tokens: Math.ceil((HEAD + 72) / 4),
      charsWithout: HEAD + 46,
      lineChars: 26,
      toolChars: 0,
      truncated: ['gamma'],
      pushedOut: ['gamma'],
      overBudget: true,
    });
  });

  it('has nothing to flag within the budget, and defaults to 8,000 characters', () => {
    const report = catalogBudget({ skill: BETA, otherSkills: [GAMMA, ALPHA] });
    expect(report).toMatchObject({ budgetChars: 8000, chars: HEAD + 72, truncated: [], pushedOut: [], overBudget: false });
  });

  it('does not count a skill cut off without it as pushed out, and names the skill itself when it is cut', () => {
    const report = catalogBudget({ skill: skill('zeta', 'Zeta.'), otherSkills: [ALPHA, GAMMA], budgetChars: HEAD + 30 });
    expect(report.truncated).toEqual(['gamma', 'zeta']);
    expect(report.pushedOut).toEqual([]);
  });

  it('charges a script-backed skill its tools, not a catalog line', () => {
    const report = catalogBudget({ skill: QUOTES, otherSkills: [ALPHA] });
    expect(report.lineChars).toBe(0);
    expect(report.toolChars).toBe('stock_quote'.length + 'Latest quote.'.length);
    expect(report.chars).toBe(report.charsWithout);
  });

  it('names a bad budget', () => {
    expect(() => catalogBudget({ skill: BETA, budgetChars: 0 })).toThrow(expect.objectContaining({ field: 'budgetChars' }));
  });
});
