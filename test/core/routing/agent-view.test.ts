// buildAgentView: what Forge's runtime registers and lists, read through the
// runtime view — a skill the runtime drops is neither listed nor registered, a
// tool whose input key providers refuse is left out, a tool without a script
// is reached through read_skill, and a tool name registers once.
import { describe, expect, it } from 'vitest';
import { buildAgentView } from '../../../src/core/routing/agent-view.js';
import { choiceOf } from '../../../src/core/routing/outcome.js';
import { CLOCK, DRAFT, STOCKS } from '../../helpers/routing-fixtures.js';

const tool = (name: string, description: string, input: string, extra = ''): string =>
  `---\nname: ${name}\ndescription: When the user asks for ${name}.\n${extra}---\n# ${name}\n\n## Tool: ${name.replace(/-/g, '_')}\n\n${description}\n\n**Input:** ${input}\n`;

describe('buildAgentView', () => {
  it('lists instruction-only skills and registers script-backed tools with the runtime schema', () => {
    const view = buildAgentView([STOCKS, DRAFT, CLOCK], { agentName: 'ops' });
    expect(view.skills).toEqual(['stock-quote', 'tz-clock', 'weather-brief']);
    expect(view.tools.map((t) => t.name)).toEqual(['read_skill', 'stock_quote']);
    expect(view.toolOwners).toEqual({ stock_quote: 'stock-quote' });
    expect(view.system.startsWith('You are ops, an AI agent.\n\n## Available Skills\n')).toBe(true);
    expect(view.catalog).toContain('- weather-brief: When the user asks about the weather');
  });

  it('drops what the runtime drops', () => {
    const badKey = { skillMd: tool('bad-key', 'Has a bad key.', 'pod name (string)'), scripts: { 'bad-key.sh': '' } };
    const dropped = { skillMd: tool('odd-tags', 'Tagged oddly.', 'q (string)', 'tags: [Not Kebab]\n'), scripts: { 'odd-tags.sh': '' } };
    const twin = {
      skillMd: tool('zz-twin', 'Same tool name as stock-quote.', 'x (string)').replace('## Tool: zz_twin', '## Tool: stock_quote'),
      scripts: { 'stock-quote.sh': '' },
    };
    const view = buildAgentView([badKey, dropped, STOCKS, twin]);
    expect(view.skills).not.toContain('odd-tags');
    expect(view.tools.map((t) => t.name)).toEqual(['read_skill', 'stock_quote']);
    expect(view.toolOwners['stock_quote']).toBe('stock-quote');
    // Every skill left is script-backed: no catalog, only the identity line.
    expect(view.catalog).toBe('');
    expect(view.system).toBe('You are agent, an AI agent.');
  });
});

describe('choiceOf', () => {
  const view = buildAgentView([STOCKS]);
  it.each([
    [[], null],
    [[{ name: 'read_skill', arguments: { name: ' weather-brief ' } }], { skill: 'weather-brief', via: 'read_skill' }],
    [[{ name: 'read_skill', arguments: {} }], null],
    [
      [
        { name: 'stock_quote', arguments: {} },
        { name: 'read_skill', arguments: { name: 'x' } },
      ],
      { skill: 'stock-quote', via: 'tool', tool: 'stock_quote' },
    ],
    [[{ name: 'web_search', arguments: {} }], null],
    [[{ name: 'toString', arguments: {} }], null],
  ])('%j → %j', (calls, chose) => {
    expect(choiceOf(calls, view)).toEqual(chose);
  });
});
