// Three skills of one agent for the routing-check tests: the draft under test
// (`weather-brief`, instruction-only, with an Examples table), another
// instruction-only skill (`tz-clock`) and a script-backed one (`stock-quote`,
// whose tool `stock_quote` is registered directly).
import type { SkillInit } from '../../src/core/skill/skill.js';
import { SCRIPT } from './skill-fixtures.js';

export const DRAFT: SkillInit = {
  skillMd: [
    '---',
    'name: weather-brief',
    'description: When the user asks about the weather ("will it rain", "forecast for Paris") give a short forecast.',
    '---',
    '# Weather brief',
    '',
    '## Tool: weather_brief',
    '',
    'Summarise the forecast for a city.',
    '',
    '**Input:** city (string)',
    '',
    '**Examples:**',
    '',
    '| User Request | Tool Input |',
    '|---|---|',
    '| Will it rain in Oslo tomorrow? | {"city": "Oslo"} |',
    '| forecast for Paris | {"city": "Paris"} |',
    '| Do I need an umbrella in Bergen? | {"city": "Bergen"} |',
    '',
  ].join('\n'),
  scripts: {},
};

export const CLOCK: SkillInit = {
  skillMd:
    '---\nname: tz-clock\ndescription: When the user asks the time somewhere ("what time is it in Tokyo") tell it.\n---\n# Clock\n\nUse `datetime_now`.\n',
};

export const STOCKS: SkillInit = {
  skillMd: [
    '---',
    'name: stock-quote',
    'description: When the user asks for a share price ("AAPL price") fetch a quote.',
    '---',
    '# Stock quote',
    '',
    '## Tool: stock_quote',
    '',
    'Latest quote for a ticker symbol.',
    '',
    '**Input:** symbol (string, required), days (integer)',
    '',
  ].join('\n'),
  scripts: { 'stock-quote.sh': SCRIPT },
};

/** Keywords the scripted model routes on. */
export const RULES = [
  { keyword: 'rain', tool: 'read_skill', arguments: { name: 'weather-brief' } },
  { keyword: 'forecast', tool: 'read_skill', arguments: { name: 'weather-brief' } },
  { keyword: 'umbrella', tool: 'read_skill', arguments: { name: 'tz-clock' } },
  { keyword: 'time', tool: 'read_skill', arguments: { name: 'tz-clock' } },
  { keyword: 'price', tool: 'stock_quote', arguments: { symbol: 'AAPL' } },
  { keyword: 'weather stocks', tool: 'read_skill', arguments: { name: 'weather-brief' } },
];
