// runEvals end to end through each real provider SDK against its local
// wire-format server, as the agent's model and (another provider) as the
// grader: a scripted model that can solve the case only with the skill's tool,
// answering from the tool result it reads in the provider's native
// tool-result message, proves with_skill beats without_skill; the tool call
// and result going back in that provider's wire shape; what the agent is shown (the runtime
// view's tool schema, read_skill, the catalog); the transcript; and the
// benchmark.json validating against the schema written from skill-creator's
// documented fields.
import { readFileSync } from 'node:fs';
import { Validator, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { toBenchmarkJson } from '../../../src/core/evals/benchmark-json.js';
import { evaluate } from '../../../src/core/evals/run-evals.js';
import { PROVIDERS } from '../../../src/core/llm/types.js';
import { CLOCK, CONVERT, evalModel, MARATHON, scriptedExecutor, TOOL_OUTPUT } from '../../helpers/eval-fixtures.js';
import { thoughtSignature } from '../../helpers/provider-servers/gemini.js';
import { seen } from '../../helpers/provider-servers/keyword-router.js';
import { useProviderServer } from '../llm/support.js';

const SCHEMA = JSON.parse(readFileSync(new URL('../../fixtures/evals/benchmark.schema.json', import.meta.url), 'utf8')) as Schema;

describe.each(PROVIDERS)('%s as the agent: runEvals', (provider) => {
  const judgeProvider = PROVIDERS[(PROVIDERS.indexOf(provider) + 1) % PROVIDERS.length]!;
  const agent = useProviderServer(provider, { model: 'agent-model', apiKey: 'sk-agent' });
  const grader = useProviderServer(judgeProvider, { model: 'grader-model', apiKey: 'sk-grader' });

  it('with_skill beats without_skill, every call is a real SDK call, and benchmark.json validates', async () => {
    await agent.start({ handler: evalModel(provider) });
    await grader.start({ handler: evalModel(judgeProvider) });
    const calls: { tool: string; input: Record<string, unknown> }[] = [];
    const report = await evaluate({
      llm: agent.client(),
      judge: grader.client(),
      skill: {
        ...CONVERT,
        files: {
          'evals/evals.json': JSON.stringify({
            skill_name: 'unit-convert',
            evals: [{ id: 1, prompt: MARATHON.prompt, expected_output: MARATHON.expectedOutput, expectations: MARATHON.expectations }],
          }),
        },
      },
      otherSkills: [CLOCK],
      executor: scriptedExecutor(calls),
      runsPerConfiguration: 2,
    });

    // Two cases (the file's and the Examples row), two runs each, two configurations.
    expect(report.runs).toHaveLength(8);
    expect(report.partial).toBeUndefined();
    expect(report.summary.withSkill!.passRate.mean).toBe(1);
    expect(report.summary.withoutSkill!.passRate.mean).toBe(0);
    expect(report.summary.delta!.passRate).toBe(1);
    expect(report.toolsRan).toBe(true);
    expect(calls.every((c) => c.tool === 'convert_units')).toBe(true);
    expect(calls).toHaveLength(4);

    // The agent saw the runtime view: convert_units with its runtime schema beside read_skill; the clock skill in the catalog.
    const first = seen(provider, agent.server.requests[0]!.body);
    expect(Object.keys(first.tools)).toEqual(['read_skill', 'convert_units']);
    expect(first.tools['convert_units']!.parameters.required).toEqual(['value', 'from', 'to']);
    expect(first.system).toContain('tz-clock');
    // Without the skill the agent is offered read_skill only.
    const baseline = agent.server.requests.map((r) => seen(provider, r.body)).find((s) => !s.tools['convert_units']);
    expect(Object.keys(baseline!.tools)).toEqual(['read_skill']);

    // Native tool calling end to end: the step after the call carried the assistant turn with the call and the
    // tool's output as the provider's tool-result message (the server checks they pair up; nothing was refused).
    expect(agent.server.requests.every((r) => r.toolTurns.problems.length === 0 && r.outcome === 'completed')).toBe(true);
    const answered = agent.server.requests.filter((r) => r.toolTurns.results.length > 0);
    expect(answered).toHaveLength(4);
    for (const r of answered) {
      expect(r.toolTurns.calls).toEqual([
        {
          ...(r.toolTurns.calls[0]!.id ? { id: expect.any(String) } : {}),
          name: 'convert_units',
          arguments: { value: 26.2, from: 'mi', to: 'km' },
          // Gemini's call goes back with the thought signature the model gave it.
          ...(provider === 'gemini' ? { signature: thoughtSignature('convert_units') } : {}),
        },
      ]);
      expect(r.toolTurns.results).toEqual([
        { ...(provider === 'openai' || provider === 'anthropic' ? { callId: r.toolTurns.calls[0]!.id } : {}), name: 'convert_units', content: TOOL_OUTPUT },
      ]);
      // The prompt is still the last text turn; no tool output went back as text.
      expect([MARATHON.prompt, 'How far is 26.2 miles in km?']).toContain(seen(provider, r.body).user);
      expect(r.rawBody).not.toContain('[tool result]');
    }

    // The judged expectation went to the grader's server; the checks never did.
    expect(grader.server.requests.length).toBe(4);
    const run = report.runs.find((r) => r.configuration === 'with_skill' && r.evalId === 1)!;
    expect(run.expectations.map((v) => v.by)).toEqual(['check', 'check', 'judge']);
    expect(run.transcript.steps).toHaveLength(2);
    expect(run.transcript.steps[0]!.toolCalls[0]).toMatchObject({ name: 'convert_units', ok: true, skill: 'unit-convert' });
    expect(run.transcript.answer).toBe('That is 42.16 km.');

    const json = toBenchmarkJson(report, {
      skillName: 'unit-convert',
      executorModel: 'agent-model',
      analyzerModel: 'grader-model',
      timestamp: '2026-12-01T17:00:00Z',
    });
    const result = new Validator(SCHEMA, '2020-12', false).validate(json);
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect((json['run_summary'] as Record<string, Record<string, string>>)['delta']!['pass_rate']).toBe('+1.00');
  });
});
