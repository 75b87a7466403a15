// "Evals" in <forge-skill-builder> (issue 23), in Chromium against the fake
// API speaking the evals wire (SSE plan/cases/self_test/run_result/progress/
// done, JSON feedback): the run shows progress, the benchmark summary and per
// case the with-skill and without-skill runs side by side with each
// expectation's verdict; in edit mode the feedback is loaded and saved to the
// skill's feedback.json; "Ask the designer" sends the failed expectations and
// the feedback (and no tool output) as the next chat turn; Stop aborts.
import { equal, includes, notIncludes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, internals, mountBuilder, mountWithDraft, textOf, typeInto, waitFor } from '../helpers/dom.js';
import { draftReply, FakeApi, json, WEATHER_SCRIPT, WEATHER_SKILL_MD, type Call } from '../helpers/fake-api.js';
import { sseStream, sseText, type SseEvent } from '../helpers/sse.js';

afterEach(cleanup);

const usage = { input_tokens: 10, output_tokens: 2 };
const stat = (x: number) => ({ mean: x, stddev: 0, min: x, max: x });

function run(configuration: string, passed: boolean) {
  return {
    eval_id: 1,
    eval_name: 'paris',
    configuration,
    run_number: 1,
    pass_rate: passed ? 1 : 0,
    passed: passed ? 1 : 0,
    failed: passed ? 0 : 1,
    total: 1,
    time_seconds: 1.2,
    tokens: 12,
    tool_calls: passed ? 1 : 0,
    errors: 0,
    expectations: [{ text: 'answer_contains: 21', passed, evidence: passed ? 'Final answer: 21 °C in Paris' : 'Final answer: no idea', by: 'check' }],
    notes: [],
    transcript: {
      system: 's',
      prompt: 'weather in Paris?',
      tools: ['read_skill'],
      steps: [
        {
          text: '',
          tool_calls: passed
            ? [{ name: 'weather_current', input: { city: 'Paris' }, output: '{"temp_c": 21, "token": "SECRET-OUT"}', ok: true, duration_ms: 3 }]
            : [],
          usage,
          duration_ms: 4,
        },
      ],
      answer: passed ? '21 °C in Paris' : 'no idea',
      stopped_by: 'answered',
      usage,
      duration_ms: 9,
    },
    judge_usage: { input_tokens: 0, output_tokens: 0 },
  };
}

const EVENTS: SseEvent[] = [
  ['plan', { cases: 1, runs: 2, max_calls: 16, max_tokens: 9000, self_test_calls: 8 }],
  ['cases', { cases: [{ id: 1, prompt: 'weather in Paris?', expected_output: '', files: [], expectations: ['answer_contains: 21'], source: 'examples' }] }],
  ['run_result', { run: run('with_skill', false) }],
  ['progress', { done: 1, total: 2, calls: 2, tokens: 24 }],
  ['self_test', { ok: true, detail: 'the agent called weather_current' }],
  ['run_result', { run: run('without_skill', false) }],
  ['progress', { done: 2, total: 2, calls: 3, tokens: 36 }],
  [
    'done',
    {
      report: {
        skill: 'weather-report',
        baseline: 'none',
        runs_per_configuration: 1,
        summary: {
          with_skill: { pass_rate: stat(0), time_seconds: stat(1.2), tokens: stat(12) },
          without_skill: { pass_rate: stat(0), time_seconds: stat(1.2), tokens: stat(12) },
          delta: { pass_rate: 0, time_seconds: 0, tokens: 0 },
        },
        notes: ['tools did not run'],
        calls: 3,
        usage,
        tools_ran: false,
        benchmark: {},
      },
    },
  ],
];

/** The weather draft with one Examples row: the view offers it as a case. */
const WITH_EXAMPLE = `${WEATHER_SKILL_MD}
Current weather.

**Examples:**

| User Request | Tool Input |
|---|---|
| weather in Paris? | {"city": "Paris"} |
`;

function evalsApi(opts: { hold?: boolean } = {}): FakeApi & { stream?: ReturnType<typeof sseStream> } {
  const api: FakeApi & { stream?: ReturnType<typeof sseStream> } = new FakeApi();
  api.chat = () => draftReply({ skillMd: WITH_EXAMPLE });
  api.override = (call: Call) => {
    if (call.method === 'POST' && call.path.endsWith('/skill-builder/evals')) {
      if (opts.hold) {
        api.stream = sseStream(EVENTS, { signal: call.signal, holdAfter: 1 });
        return api.stream.response;
      }
      return new Response(sseText(EVENTS), { headers: { 'content-type': 'text/event-stream' } });
    }
    if (call.path.endsWith('/evals/feedback')) {
      if (call.method === 'GET') return json({ feedback: [{ eval_id: 1, feedback: 'say the unit', timestamp: 't' }] });
      return json({ feedback: call.body.feedback, path: '/x/evals/feedback.json' });
    }
    return undefined;
  };
  return api;
}

async function openEvals(el: HTMLElement) {
  await waitFor(() => $(el, '#analysis-tab-evals'), 'the Evals analysis is offered');
  $<HTMLButtonElement>(el, '#analysis-tab-evals')!.click();
  await waitFor(() => $(el, '[part="evals"]'), 'the Evals view (loaded on first use)');
  await waitFor(() => !button(el, 'Run evals', '[part="evals"]').disabled, 'Run evals enabled (the draft has a case)');
}

describe('builder: evals', () => {
  it('runs the evals, shows the benchmark and each case with and without the skill, and asks the designer with the failures', async () => {
    const api = evalsApi();
    const el = await mountWithDraft(api);
    await openEvals(el);
    button(el, 'Run evals', '[part="evals"]').click();
    await waitFor(() => $(el, '[part="evals-summary"]'), 'the benchmark summary');
    const body = api.lastCall('POST', '/skill-builder/evals')!;
    equal(body.path, '/api/agents/ops-bot/skill-builder/evals');
    equal(body.body.runs_per_configuration, 1);
    equal(body.body.max_calls, 60);
    equal(
      JSON.stringify(body.body.cases.map((c: { prompt: string; source: string }) => [c.prompt, c.source])),
      JSON.stringify([['weather in Paris?', 'examples']]),
    );
    includes(textOf(el, '[part="evals-summary"]'), 'With the skill');
    includes(textOf(el, '[part="evals"]'), 'Tools did not run on this server');
    await waitFor(() => $$(el, '[part="eval-case"]').length === 1, 'one case');
    const details = $<HTMLDetailsElement>(el, '[part="eval-case"]')!;
    details.open = true;
    includes(textOf(el, '[part="eval-case"]'), 'weather in Paris?');
    includes(textOf(el, '[part="eval-case"]'), 'Without the skill');
    includes(textOf(el, '[part="eval-case"] .verdicts'), 'answer_contains: 21');
    ok(!$(el, '[part="evals"]')!.textContent!.includes('Save feedback'), 'no feedback save for an unsaved draft');
    await expectAccessible(el, 'the evals view with results');

    typeInto($<HTMLTextAreaElement>(el, '[part="eval-case"] textarea')!, 'answer in Celsius');
    await waitFor(() => !button(el, 'Ask the designer to improve the skill from these results', '[part="evals"]').disabled, 'the ask button');
    const chats = api.callsTo('POST', '/chat').length;
    button(el, 'Ask the designer to improve the skill from these results', '[part="evals"]').click();
    await waitFor(() => api.callsTo('POST', '/chat').length === chats + 1, 'a chat turn');
    const sent = JSON.stringify(api.lastCall('POST', '/chat')!.body.messages.at(-1));
    includes(sent, 'failed with the skill: answer_contains: 21');
    includes(sent, 'operator feedback: answer in Celsius');
    notIncludes(sent, 'SECRET-OUT');
  });

  it('in edit mode loads the saved feedback and saves it to the skill', async () => {
    const api = evalsApi();
    api.skills['ops-bot'] = { 'weather-report': { skill_md: WITH_EXAMPLE, scripts: { 'weather-current.sh': WEATHER_SCRIPT } } };
    const { el } = await mountBuilder(api);
    button(el, 'Skills', '[part="header"]').click();
    await waitFor(() => $$(el, '.skill-row').length === 1, 'skills listed');
    button(el, 'Edit', '.skill-row').click();
    await waitFor(() => !!$(el, '[part="edit-banner"]'), 'edit banner');
    await openEvals(el);
    await waitFor(() => api.callsTo('GET', '/evals/feedback').length === 1, 'saved feedback read');
    button(el, 'Run evals', '[part="evals"]').click();
    await waitFor(() => $(el, '[part="eval-case"] textarea'), 'the case');
    await waitFor(() => $$(el, '[part="eval-case"]').length === 1, 'the case, once');
    equal(api.lastCall('POST', '/skill-builder/evals')!.body.editing_name, 'weather-report');
    await waitFor(() => $<HTMLTextAreaElement>(el, '[part="eval-case"] textarea')!.value === 'say the unit', 'saved feedback shown');
    typeInto($<HTMLTextAreaElement>(el, '[part="eval-case"] textarea')!, 'say the unit, in Celsius');
    await waitFor(() => $$(el, '[part="evals"] button').some((b) => b.textContent?.trim() === 'Save feedback'), 'save button');
    button(el, 'Save feedback', '[part="evals"]').click();
    await waitFor(() => api.callsTo('PUT', '/evals/feedback').length === 1, 'feedback saved');
    const put = api.lastCall('PUT', '/evals/feedback')!;
    equal(put.path, '/api/agents/ops-bot/skill-builder/skills/weather-report/evals/feedback');
    equal(JSON.stringify(put.body), JSON.stringify({ feedback: [{ eval_id: 1, feedback: 'say the unit, in Celsius' }] }));
    await waitFor(() => textOf(el, '[part="evals"]').includes('Feedback saved'), 'saved note');
  });

  it('shows live progress while running and Stop aborts the request', async () => {
    const api = evalsApi({ hold: true });
    const el = await mountWithDraft(api);
    await openEvals(el);
    button(el, 'Run evals', '[part="evals"]').click();
    await waitFor(() => api.stream, 'the stream started');
    await api.stream!.held;
    await waitFor(() => $$(el, '[part="evals"] button').some((b) => b.textContent?.trim() === 'Stop'), 'Stop while running');
    button(el, 'Stop', '[part="evals"]').click();
    await api.stream!.aborted;
    await waitFor(() => textOf(el, '[part="evals"]').includes('Stopped.'), 'stopped note');
    ok(!internals(el).chat.busy);
  });
});
