// Fixtures of the optimisation tests: a draft whose description matches no
// request yet, requests whose split is known (stratified, evenly spread: the
// 3rd and 5th `this` and the 3rd `none` are held out), and the proposals a
// scripted proposer returns — one that wins on train, one that wins held-out.
import type { SkillInit } from '../../../src/core/skill/skill.js';
import type { RoutingRequest } from '../../../src/core/routing/types.js';
import { CLOCK } from '../../helpers/routing-fixtures.js';
import { SCRIPT } from '../../helpers/skill-fixtures.js';

export { CLOCK };

export const WEATHER: SkillInit = {
  skillMd: '---\nname: weather-brief\ndescription: Short forecast for a city.\n---\n# Weather\n\nAlso fine for: How windy is Bergen?\n',
};

export const REQUESTS: RoutingRequest[] = [
  { text: 'Will it rain in Oslo?', expect: 'this' },
  { text: 'Do I need an umbrella?', expect: 'this' },
  { text: 'Any snow expected in Tromso?', expect: 'this' },
  { text: 'Is it humid in Lagos?', expect: 'this' },
  { text: 'How windy is Bergen?', expect: 'this' },
  { text: 'Tell me a joke', expect: 'none' },
  { text: 'Capital of Peru?', expect: 'none' },
  { text: 'Translate hello into French', expect: 'none' },
];

export const HELD_OUT = ['Any snow expected in Tromso?', 'How windy is Bergen?', 'Translate hello into French'];

/** Covers every train request, no held-out one. */
export const TRAIN_WINNER = 'When the user asks about rain, an umbrella or humid air, give a short forecast.';
/** Covers one train request and both held-out ones. */
export const HELD_OUT_WINNER = 'When the user asks about rain, snow or windy weather, give a short forecast.';

export const proposal = (description: string): string => JSON.stringify({ description, rationale: `try: ${description}` });

/** A skill the model sees only as a tool: every entry has a script. */
export const QUOTES: SkillInit = {
  skillMd: [
    '---',
    'name: stock-quote',
    'description: Quotes.',
    '---',
    '# Stock quote',
    '',
    '## Tool: stock_quote',
    '',
    'Latest quote.',
    '',
    '**Input:** symbol (string, required)',
    '',
  ].join('\n'),
  scripts: { 'stock-quote.sh': SCRIPT },
};

export const QUOTE_REQUESTS: RoutingRequest[] = [
  { text: 'AAPL share price', expect: 'this' },
  { text: 'How is the ticker MSFT doing', expect: 'this' },
  { text: 'Price of the TSLA share', expect: 'this' },
  { text: 'Tell me a joke', expect: 'none' },
  { text: 'Capital of Peru?', expect: 'none' },
];
