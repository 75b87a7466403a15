// Expectations: which strings are deterministic checks, how each is decided
// from a transcript with its evidence, the regex guard, and the cases derived
// from a skill's Examples table.
import { describe, expect, it } from 'vitest';
import { casesFromExamples } from '../../../src/core/evals/derived.js';
import { checkExpectation, parseExpectation } from '../../../src/core/evals/expectations.js';
import type { Transcript } from '../../../src/core/evals/types.js';
import { Skill } from '../../../src/core/skill/skill.js';
import { DRAFT } from '../../helpers/routing-fixtures.js';
import { CONVERT } from '../../helpers/eval-fixtures.js';

const T: Transcript = {
  system: '',
  prompt: 'p',
  tools: ['read_skill', 'convert_units'],
  steps: [
    {
      text: '',
      toolCalls: [{ name: 'convert_units', input: { value: 26.2, from: 'MI', to: 'km' }, output: '{}', ok: true, durationMs: 1 }],
      usage: { inputTokens: 1, outputTokens: 1 },
      durationMs: 1,
    },
    { text: 'Result: {"distance": {"km": 42.16}, "ok": true}', toolCalls: [], usage: { inputTokens: 1, outputTokens: 1 }, durationMs: 1 },
  ],
  answer: 'Result: {"distance": {"km": 42.16}, "ok": true}',
  stoppedBy: 'answered',
  usage: { inputTokens: 2, outputTokens: 2 },
  durationMs: 2,
};

const verdict = (text: string) => {
  const e = parseExpectation(text);
  if (e.kind === 'judged') throw new Error(`judged: ${text}`);
  return checkExpectation(text, e, T);
};

describe('expectations', () => {
  it.each([
    ['tool_called: convert_units', true],
    ['tool_called: convert_units with {"from": "mi"}', true],
    ['tool_called: convert_units with {"from": "km"}', false],
    ['tool_called: read_skill', false],
    ['tool_not_called: read_skill', true],
    ['tool_not_called: convert_units', false],
    ['answer_contains: 42.16', true],
    ['Answer_Contains: RESULT', true],
    ['answer_not_contains: error', true],
    ['answer_matches: distance*42.16', true],
    ['answer_matches: 42.16*distance', false],
    ['answer_matches: miles', false],
    ['json_path: $.distance.km == 42.16', true],
    ['json_path: $.ok == true', true],
    ['json_path: $.distance.km == 40', false],
    ['json_path: $.missing[0] == 1', false],
  ])('%s → %s', (text, passed) => {
    const v = verdict(text);
    expect(v.passed).toBe(passed);
    expect(v.by).toBe('check');
    expect(v.evidence).not.toBe('');
  });

  it.each([
    'The answer is polite',
    'tool_called: bad name',
    'tool_called: x with {not json}',
    'answer_matches: **',
    'json_path: distance == 1',
    'json_path: $.a == not-json',
  ])('is judged (not a check): %s', (text) => {
    expect(parseExpectation(text)).toEqual({ kind: 'judged', text });
  });

  it('derives one case per Examples row: the tool with its input, or read_skill for an instruction-only skill', () => {
    expect(casesFromExamples(Skill.from(CONVERT), 5)).toEqual([
      {
        id: 5,
        prompt: 'How far is 26.2 miles in km?',
        expectedOutput: 'The agent calls convert_units for this request.',
        files: [],
        expectations: ['tool_called: convert_units with {"value":26.2,"from":"mi","to":"km"}'],
        source: 'examples',
      },
    ]);
    const weather = casesFromExamples(Skill.from(DRAFT));
    expect(weather.map((c) => c.prompt)).toEqual(['Will it rain in Oslo tomorrow?', 'forecast for Paris', 'Do I need an umbrella in Bergen?']);
    expect(weather[0]!.expectations).toEqual(['tool_called: read_skill with {"name":"weather-brief"}']);
  });
});
