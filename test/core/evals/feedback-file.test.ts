// evals/feedback.json: written in skill-creator's review shape and read back;
// a file the viewer wrote (run ids only, no eval_id) is read by its run ids;
// bad entries are refused naming the field.
import { describe, expect, it } from 'vitest';
import { readFeedbackJson, writeFeedbackJson } from '../../../src/core/evals/feedback-file.js';

describe('feedback.json', () => {
  it('writes reviews sorted by case and reads them back', () => {
    const text = writeFeedbackJson([
      { evalId: 3, feedback: 'b', timestamp: 't2' },
      { evalId: 1, feedback: 'a', timestamp: 't1' },
    ]);
    expect(JSON.parse(text)).toEqual({
      reviews: [
        { run_id: 'eval-1-with_skill', eval_id: 1, feedback: 'a', timestamp: 't1' },
        { run_id: 'eval-3-with_skill', eval_id: 3, feedback: 'b', timestamp: 't2' },
      ],
      status: 'complete',
    });
    expect(text.endsWith('}\n')).toBe(true);
    expect(readFeedbackJson(text)).toEqual([
      { evalId: 1, feedback: 'a', timestamp: 't1' },
      { evalId: 3, feedback: 'b', timestamp: 't2' },
    ]);
  });

  it("reads a viewer's file by its run ids and skips reviews it cannot place", () => {
    const viewer = JSON.stringify({
      reviews: [
        { run_id: 'eval-0-with_skill', feedback: 'axis labels missing', timestamp: 'x' },
        { run_id: 'baseline', feedback: 'no case' },
        { run_id: 'eval-2', feedback: 7 },
      ],
      status: 'complete',
    });
    expect(readFeedbackJson(viewer)).toEqual([{ evalId: 0, feedback: 'axis labels missing', timestamp: 'x' }]);
  });

  it('refuses a file that is not JSON or not the shape, and duplicate or oversized entries', () => {
    expect(() => readFeedbackJson('{')).toThrow(/evals\/feedback.json is not valid JSON/);
    expect(() => readFeedbackJson('[]')).toThrow(/must be an object \{reviews/);
    expect(() =>
      writeFeedbackJson([
        { evalId: 1, feedback: 'a', timestamp: '' },
        { evalId: 1, feedback: 'b', timestamp: '' },
      ]),
    ).toThrow(/twice/);
    expect(() => writeFeedbackJson([{ evalId: 1, feedback: 'x'.repeat(10_001), timestamp: '' }])).toThrow(/at most 10000/);
  });
});
