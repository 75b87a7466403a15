// suggestEvals: one designer call, the cases read leniently (valid ones kept,
// repeats of existing prompts dropped, ids after the existing ones), through a
// real provider SDK against its local wire server.
import { describe, expect, it } from 'vitest';
import { RequestError } from '../../../src/core/errors.js';
import { suggestEvals } from '../../../src/core/evals/suggest.js';
import { CONVERT, MARATHON } from '../../helpers/eval-fixtures.js';
import { seen } from '../../helpers/provider-servers/keyword-router.js';
import { useProviderServer } from '../llm/support.js';

describe('suggestEvals', () => {
  const wire = useProviderServer('anthropic', { model: 'designer', apiKey: 'sk-designer' });

  it('returns the designer cases to edit, new ones only, numbered after the existing', async () => {
    const reply = {
      cases: [
        { prompt: MARATHON.prompt, expected_output: 'dup', expectations: [] },
        {
          prompt: 'Convert 5 kg to pounds',
          expected_output: 'About 11.02 lb.',
          expectations: ['tool_called: convert_units with {"from": "kg"}', ' answer_contains: 11.02 ', 7],
        },
        { prompt: '', expected_output: 'x', expectations: [] },
        { prompt: 'What is 100 °F in °C?', expected_output: '37.8 °C', expectations: ['answer_contains: 37.8'] },
      ],
    };
    await wire.start({ replies: [JSON.stringify(reply)] });
    const { cases } = await suggestEvals({ llm: wire.client(), skill: CONVERT, count: 3, existing: [{ ...MARATHON, id: 4 }] });
    expect(cases).toEqual([
      {
        id: 5,
        prompt: 'Convert 5 kg to pounds',
        expectedOutput: 'About 11.02 lb.',
        files: [],
        expectations: ['tool_called: convert_units with {"from": "kg"}', 'answer_contains: 11.02'],
        source: 'designer',
      },
      { id: 6, prompt: 'What is 100 °F in °C?', expectedOutput: '37.8 °C', files: [], expectations: ['answer_contains: 37.8'], source: 'designer' },
    ]);
    const asked = seen('anthropic', wire.server.requests[0]!.body);
    expect(asked.user).toContain('convert_units: Convert a value between units.');
    expect(asked.user).toContain(`- ${MARATHON.prompt}`);
    expect(asked.user).toContain('Write 3 cases.');
  });

  it('rejects a count out of range before any call', async () => {
    await wire.start({ replies: [] });
    await expect(suggestEvals({ llm: wire.client(), skill: CONVERT, count: 11 })).rejects.toSatisfy(
      (e: unknown) => RequestError.isInstance(e) && e.field === 'count',
    );
    expect(wire.server.requests).toHaveLength(0);
  });
});
