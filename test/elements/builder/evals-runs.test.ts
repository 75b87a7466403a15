// The Evals view's results with three runs per configuration, in Chromium
// against the fake API: each case offers a Run picker (1..3); the run picked
// is shown with and without the skill side by side, each with its verdicts
// and evidence, its answer and the whole transcript (system prompt, the
// user's message, every step with its tokens and time, every tool call with
// its input and output and whether it ran). Axe on the open transcripts.
import { equal, includes, notIncludes } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, mountWithDraft, textOf, txt, typeInto, waitFor } from '../helpers/dom.js';
import { draftReply, FakeApi, WEATHER_SKILL_MD, type Call } from '../helpers/fake-api.js';
import { sseText, type SseEvent } from '../helpers/sse.js';

afterEach(cleanup);

const WITH_EXAMPLE = `${WEATHER_SKILL_MD}
Current weather.

**Examples:**

| User Request | Tool Input |
|---|---|
| weather in Paris? | {"city": "Paris"} |
`;

const usage = (i: number, o: number) => ({ input_tokens: i, output_tokens: o });
const stat = (x: number) => ({ mean: x, stddev: 0, min: x, max: x });

/** Run `n` of a configuration: with the skill it calls the tool (answer "n: 21 °C"), without it guesses. */
function run(configuration: 'with_skill' | 'without_skill', n: number) {
  const withSkill = configuration === 'with_skill';
  const answer = withSkill ? `run ${n}: 21 °C in Paris` : `run ${n}: no idea`;
  return {
    eval_id: 1,
    eval_name: 'paris',
    configuration,
    run_number: n,
    pass_rate: withSkill ? 1 : 0,
    passed: withSkill ? 1 : 0,
    failed: withSkill ? 0 : 1,
    total: 1,
    time_seconds: 1 + n / 10,
    tokens: 100 + n,
    tool_calls: withSkill ? 1 : 0,
    errors: 0,
    expectations: [
      {
        text: 'tool_called: weather_current',
        passed: withSkill,
        evidence: withSkill ? `call ${n}: weather_current {"city":"Paris"}` : `run ${n}: no tool call`,
        by: 'check',
      },
    ],
    notes: [],
    transcript: {
      system: `You are ops-bot (run ${n}).`,
      prompt: 'weather in Paris?',
      tools: withSkill ? ['read_skill', 'weather_current'] : ['read_skill'],
      steps: [
        ...(withSkill
          ? [
              {
                text: `Let me look that up (run ${n}).`,
                tool_calls: [
                  {
                    name: 'weather_current',
                    input: { city: `Paris-${n}` },
                    output: `{"temp_c": 2${n}}`,
                    ok: false,
                    not_run: true,
                    skill: 'weather-report',
                    duration_ms: 7,
                  },
                ],
                usage: usage(50 + n, 5),
                duration_ms: 300 + n,
              },
            ]
          : []),
        { text: answer, tool_calls: [], usage: usage(60 + n, 8), duration_ms: 400 },
      ],
      answer,
      stopped_by: 'answered',
      usage: usage(110 + n, 13),
      duration_ms: 1000 + n * 100,
    },
    judge_usage: usage(0, 0),
  };
}

const runs = [1, 2, 3].flatMap((n): SseEvent[] => [
  ['run_result', { run: run('with_skill', n) }],
  ['run_result', { run: run('without_skill', n) }],
]);

const EVENTS: SseEvent[] = [
  ['plan', { cases: 1, runs: 6, max_calls: 40, max_tokens: 9000, self_test_calls: 6 }],
  [
    'cases',
    { cases: [{ id: 1, prompt: 'weather in Paris?', expected_output: '', files: [], expectations: ['tool_called: weather_current'], source: 'examples' }] },
  ],
  ...runs,
  [
    'done',
    {
      report: {
        skill: 'weather-report',
        baseline: 'none',
        runs_per_configuration: 3,
        summary: {
          with_skill: { pass_rate: stat(1), time_seconds: stat(1.2), tokens: stat(102) },
          without_skill: { pass_rate: stat(0), time_seconds: stat(1.2), tokens: stat(102) },
          delta: { pass_rate: 1, time_seconds: 0, tokens: 0 },
        },
        notes: [],
        calls: 12,
        usage: usage(600, 60),
        tools_ran: false,
        benchmark: {},
      },
    },
  ],
];

describe('builder: evals runs', () => {
  it('picks any of the three runs and shows both full transcripts side by side', async () => {
    const api = new FakeApi();
    api.chat = () => draftReply({ skillMd: WITH_EXAMPLE });
    api.override = (call: Call) =>
      call.method === 'POST' && call.path.endsWith('/skill-builder/evals')
        ? new Response(sseText(EVENTS), { headers: { 'content-type': 'text/event-stream' } })
        : undefined;
    const el = await mountWithDraft(api);
    await waitFor(() => $(el, '#analysis-tab-evals'), 'the Evals analysis is offered');
    $<HTMLButtonElement>(el, '#analysis-tab-evals')!.click();
    await waitFor(() => $(el, '[part="evals"] input[type="number"]'), 'the Evals form');
    typeInto($<HTMLInputElement>(el, '[part="evals"] input[type="number"]')!, '3');
    await waitFor(() => !button(el, 'Run evals', '[part="evals"]').disabled, 'Run enabled');
    button(el, 'Run evals', '[part="evals"]').click();
    await waitFor(() => $(el, '[part="evals-summary"]'), 'the benchmark');
    equal(api.lastCall('POST', '/skill-builder/evals')!.body.runs_per_configuration, 3);
    await waitFor(() => $(el, '[part="eval-case"]'), 'the case');
    $<HTMLDetailsElement>(el, '[part="eval-case"]')!.open = true;
    await waitFor(() => $(el, '[part="eval-case"] select'), 'the run picker');
    const picker = $<HTMLSelectElement>(el, '[part="eval-case"] select')!;
    equal(picker.options.length, 3);
    equal(picker.value, '1');
    await waitFor(() => textOf(el, '[part="eval-case"]').includes('run 1: 21 °C in Paris'), 'run 1 with the skill');
    includes(textOf(el, '[part="eval-case"]'), 'run 1: no idea');

    typeInto(picker, '2');
    await waitFor(() => textOf(el, '[part="eval-case"]').includes('run 2: 21 °C in Paris'), 'run 2 with the skill');
    const side = (i: number) => $$(el, '[part="eval-case"] [part="eval-run"]')[i]!;
    includes(txt(side(1)), 'run 2: no idea');
    notIncludes(textOf(el, '[part="eval-case"]'), 'run 1:');
    // Verdicts and evidence of run 2, both sides.
    includes(txt(side(0).querySelector('.verdicts')), 'call 2: weather_current {"city":"Paris"}');
    includes(txt(side(1).querySelector('.verdicts')), 'run 2: no tool call');
    // The whole transcript: open it and read every part.
    for (const d of $$<HTMLDetailsElement>(el, '[part="eval-case"] details')) d.open = true;
    await waitFor(() => txt(side(0)).includes('You are ops-bot (run 2).'), 'the system prompt');
    const t = txt(side(0));
    includes(t, 'Let me look that up (run 2).');
    includes(t, '"city": "Paris-2"');
    includes(t, '{"temp_c": 22}');
    includes(t, 'not run');
    includes(t, '52 in / 5 out tokens');
    includes(t, '0.3 s');
    includes(t, 'read_skill, weather_current');
    includes(t, '1.2 s · 112 in / 13 out tokens');
    includes(txt(side(1)), 'Transcript: 1 step');
    await expectAccessible(el, 'a run picked, both transcripts open');
  });
});
