// The Evals view's cases before a run, in Chromium against the fake API: the
// draft's evals/evals.json cases are edited in place (prompt, expected
// output, expectations one per line), added and removed, each edit written
// into the draft's file with the fields the view does not know kept; the
// Examples cases are read-only and copyable into the file; the run sends the
// edited cases; "Propose cases" shows the designer's proposals for editing and
// writes nothing (and runs nothing) until they are added; a designer failure
// is shown. Axe on the new UI.
import { deepEqual, equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, internals, mountWithDraft, textOf, typeInto, waitFor } from '../helpers/dom.js';
import { draftReply, errorResponse, FakeApi, json, WEATHER_SKILL_MD, type Call } from '../helpers/fake-api.js';
import { sseText } from '../helpers/sse.js';

afterEach(cleanup);

const FILE = 'evals/evals.json';
const WITH_EXAMPLE = `${WEATHER_SKILL_MD}
Current weather.

**Examples:**

| User Request | Tool Input |
|---|---|
| weather in Paris? | {"city": "Paris"} |
`;
const EVALS_JSON = `${JSON.stringify(
  {
    skill_name: 'weather-report',
    owner: 'qa team',
    evals: [
      { id: 3, prompt: 'Is it cold in Oslo?', expected_output: 'The temperature in Oslo.', files: [], expectations: ['answer_contains: °C'], note: 'keep me' },
    ],
  },
  null,
  2,
)}\n`;

function casesApi(suggest: (call: Call) => Response = () => json({ cases: [], usage: { input_tokens: 1, output_tokens: 1 } })): FakeApi {
  const api = new FakeApi();
  api.chat = () => draftReply({ skillMd: WITH_EXAMPLE });
  api.override = (call: Call) => {
    if (call.method === 'POST' && call.path.endsWith('/skill-builder/evals/suggest')) return suggest(call);
    if (call.method === 'POST' && call.path.endsWith('/skill-builder/evals'))
      return new Response(sseText([['error', { error: 'stopped by the test' }]]), { headers: { 'content-type': 'text/event-stream' } });
    return undefined;
  };
  return api;
}

/** A builder whose draft has the weather tool's Examples row and an evals.json with one case. */
async function mountWithCases(api: FakeApi) {
  const el = await mountWithDraft(api);
  const editor = internals(el).editor;
  editor.edit({ ...editor.draft!, files: { [FILE]: EVALS_JSON } });
  await waitFor(() => $(el, '#analysis-tab-evals'), 'the Evals analysis is offered');
  $<HTMLButtonElement>(el, '#analysis-tab-evals')!.click();
  await waitFor(() => $$(el, '[part="eval-case-edit"]').length === 1, 'the file case listed');
  return el;
}

const fileText = (el: HTMLElement) => internals(el as never).editor.draft!.files![FILE]!;
const fileJson = (el: HTMLElement) => JSON.parse(fileText(el));

describe('builder: evals cases', () => {
  it('edits, adds and removes the file cases (written into the draft, unknown fields kept), copies an Examples case and runs the edited cases', async () => {
    const api = casesApi();
    const el = await mountWithCases(api);
    includes(textOf(el, '[part="eval-cases"]'), '1 in evals/evals.json');
    includes(textOf(el, '[part="eval-cases"]'), '1 from the Examples tables');
    const edit = $<HTMLDetailsElement>(el, '[part="eval-case-edit"]')!;
    edit.open = true;
    await waitFor(() => $(el, '#eval-prompt-3'), 'the prompt field');
    await expectAccessible(el, 'the case editor');

    typeInto($<HTMLTextAreaElement>(el, '#eval-prompt-3')!, 'Is it freezing in Oslo today?');
    await waitFor(() => fileJson(el).evals[0].prompt === 'Is it freezing in Oslo today?', 'the prompt written into evals.json');
    const fields = $$<HTMLTextAreaElement>(el, '[part="eval-case-edit"] textarea');
    typeInto(fields[2]!, 'answer_contains: °C\n\n  tool_called: weather_current  \n');
    await waitFor(() => fileJson(el).evals[0].expectations.length === 2, 'the expectations written, one per line');
    const written = fileJson(el);
    deepEqual(written.evals[0].expectations, ['answer_contains: °C', 'tool_called: weather_current']);
    equal(written.owner, 'qa team', 'a top-level field the view does not know is kept');
    equal(written.evals[0].note, 'keep me', "a case's field the view does not know is kept");
    ok(fileText(el).startsWith('{\n  "skill_name"'), 'written in the indentation it had');

    // Add a case: its prompt is focused; the file is written once it has one, and Run waits for it.
    button(el, 'Add a case', '[part="eval-cases"]').click();
    await waitFor(() => $$(el, '[part="eval-case-edit"]').length === 2, 'a new case');
    await waitFor(() => (el.shadowRoot!.activeElement as HTMLElement | null)?.id === 'eval-prompt-4', 'its prompt focused');
    await waitFor(() => textOf(el, '[part="eval-cases"]').includes('Case 4 has no prompt'), 'the missing prompt said');
    ok(button(el, 'Run evals', '[part="evals"]').disabled, 'no run while a case has no prompt');
    equal(fileJson(el).evals.length, 1, 'not written without a prompt');
    typeInto($<HTMLTextAreaElement>(el, '#eval-prompt-4')!, 'Will it rain in Rome?');
    await waitFor(() => fileJson(el).evals.length === 2, 'the new case written');

    // Remove the first; copy the Examples case into the file.
    button(el, 'Remove', '[part="eval-case-edit"]').click();
    await waitFor(() => fileJson(el).evals.length === 1 && fileJson(el).evals[0].id === 4, 'case 3 removed');
    const derived = $<HTMLDetailsElement>(el, '[part="eval-cases"] details:not([part])')!;
    derived.open = true;
    await waitFor(() => $(el, '[part="eval-case-derived"]'), 'the Examples case');
    includes(textOf(el, '[part="eval-case-derived"]'), 'tool_called: weather_current with {"city":"Paris"}');
    await expectAccessible(el, 'the Examples cases');
    button(el, 'Copy into evals/evals.json', '[part="eval-case-derived"]').click();
    await waitFor(() => fileJson(el).evals.length === 2, 'the Examples case copied');
    equal(fileJson(el).evals[1].prompt, 'weather in Paris?');
    await waitFor(() => !$(el, '[part="eval-case-derived"]'), 'no longer listed as derived');

    await waitFor(() => !button(el, 'Run evals', '[part="evals"]').disabled, 'Run enabled');
    button(el, 'Run evals', '[part="evals"]').click();
    await waitFor(() => api.callsTo('POST', '/skill-builder/evals').length === 1, 'the run');
    const sent = api.lastCall('POST', '/skill-builder/evals')!.body.cases as Array<{ id: number; prompt: string; source: string }>;
    deepEqual(
      sent.map((c) => [c.id, c.prompt, c.source]),
      [
        [4, 'Will it rain in Rome?', 'file'],
        [5, 'weather in Paris?', 'file'],
      ],
    );
  });

  it('proposes cases on request: shown for editing, nothing written or run until added', async () => {
    const proposals = [
      {
        id: 4,
        prompt: 'Do I need an umbrella in London?',
        expected_output: 'Rain or not.',
        files: [],
        expectations: ['tool_called: weather_current'],
        source: 'designer',
      },
      { id: 5, prompt: 'Weather on Mars?', expected_output: 'It declines.', files: [], expectations: ['tool_not_called: weather_current'], source: 'designer' },
    ];
    const api = casesApi(() => json({ cases: proposals, usage: { input_tokens: 10, output_tokens: 5 } }));
    const el = await mountWithCases(api);
    const before = fileText(el);
    button(el, 'Propose cases', '[part="eval-cases"]').click();
    await waitFor(() => $$(el, '[part="eval-proposals"] fieldset').length === 2, 'two proposals shown');
    const body = api.lastCall('POST', '/evals/suggest')!;
    equal(body.path, '/api/agents/ops-bot/skill-builder/evals/suggest');
    deepEqual(
      (body.body.cases as Array<{ id: number; source: string }>).map((c) => [c.id, c.source]),
      [
        [3, 'file'],
        [4, 'examples'],
      ],
    );
    equal(fileText(el), before, 'nothing written');
    equal(api.callsTo('POST', '/skill-builder/evals').length, 0, 'nothing run');
    await expectAccessible(el, 'the proposals');

    const prompt = $$<HTMLTextAreaElement>(el, '[part="eval-proposals"] fieldset textarea')[0]!;
    typeInto(prompt, 'Do I need an umbrella in London tomorrow?');
    $<HTMLButtonElement>(el, '[aria-label="Discard proposal 5"]')!.click();
    await waitFor(() => $$(el, '[part="eval-proposals"] fieldset').length === 1, 'one discarded');
    equal(fileText(el), before, 'still nothing written');
    button(el, 'Add all to the cases', '[part="eval-proposals"]').click();
    await waitFor(() => !$(el, '[part="eval-proposals"]'), 'the proposals accepted');
    const written = fileJson(el);
    deepEqual(
      written.evals.map((c: { id: number; prompt: string }) => [c.id, c.prompt]),
      [
        [3, 'Is it cold in Oslo?'],
        [4, 'Do I need an umbrella in London tomorrow?'],
      ],
    );
    deepEqual(written.evals[1].expectations, ['tool_called: weather_current']);
    equal(api.callsTo('POST', '/skill-builder/evals').length, 0, 'still nothing run');
  });

  it("shows the designer's failure and keeps the cases as they were", async () => {
    const api = casesApi(() =>
      errorResponse(502, "the designer model's reply held no usable eval cases (no JSON object in it); run it again, or use a stronger model"),
    );
    const el = await mountWithCases(api);
    const before = fileText(el);
    button(el, 'Propose cases', '[part="eval-cases"]').click();
    await waitFor(() => textOf(el, '[part="eval-cases"] [role="alert"]').includes('no usable eval cases'), 'the error shown');
    ok(!$(el, '[part="eval-proposals"]'), 'no proposals');
    equal(fileText(el), before);
    await waitFor(() => !button(el, 'Propose cases', '[part="eval-cases"]').disabled, 'Propose offered again');
  });
});
