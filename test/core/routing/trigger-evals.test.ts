// The trigger-eval format to and from routing requests: true is a request for
// the skill, false one that is not; our optional fields make it round-trip.
import { describe, expect, it } from 'vitest';
import { fromTriggerEvals, toTriggerEvals, triggerEvalsText } from '../../../src/core/routing/trigger-evals.js';
import type { RoutingRequest } from '../../../src/core/routing/types.js';

const REQUESTS: RoutingRequest[] = [
  { text: 'Will it rain in Oslo?', expect: 'this', source: 'user' },
  { text: 'What time is it in Lima?', expect: 'other', skill: 'tz-clock', source: 'user' },
  { text: 'AAPL price', expect: 'other', source: 'user' },
  { text: 'Tell me a joke', expect: 'none', source: 'user' },
];

describe('trigger evals', () => {
  it('writes the plain format plus our optional fields, and reads it back to the same requests', () => {
    expect(toTriggerEvals(REQUESTS)).toEqual([
      { query: 'Will it rain in Oslo?', should_trigger: true },
      { query: 'What time is it in Lima?', should_trigger: false, expect: 'other', skill: 'tz-clock' },
      { query: 'AAPL price', should_trigger: false, expect: 'other' },
      { query: 'Tell me a joke', should_trigger: false, expect: 'none' },
    ]);
    expect(fromTriggerEvals(JSON.parse(triggerEvalsText(REQUESTS)))).toEqual(REQUESTS);
  });

  it('reads the plain format another tool wrote', () => {
    expect(
      fromTriggerEvals([
        { query: ' hi there ', should_trigger: false },
        { query: 'rain?', should_trigger: true },
      ]),
    ).toEqual([
      { text: 'hi there', expect: 'other', source: 'user' },
      { text: 'rain?', expect: 'this', source: 'user' },
    ]);
  });

  it('names the entry at fault', () => {
    expect(() => fromTriggerEvals({})).toThrow(expect.objectContaining({ field: 'triggers' }));
    expect(() => fromTriggerEvals([{ query: 'x', should_trigger: 'yes' }])).toThrow(expect.objectContaining({ field: 'triggers[0].should_trigger' }));
    expect(() => fromTriggerEvals([{ should_trigger: true }])).toThrow(expect.objectContaining({ field: 'triggers[0].query' }));
  });
});
