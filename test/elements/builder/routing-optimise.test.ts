// The Optimise mode of "Check routing" in <forge-skill-builder>, in Chromium
// against the fake API speaking the optimize wire (SSE plan/progress/
// candidate/done): the iteration table with train and held-out scores, the
// chosen candidate marked and shown as a diff, Accept puts its description in
// the draft through the editor.
import { equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, mountWithDraft, typeInto, txt, waitFor, internals } from '../helpers/dom.js';
import { FakeApi, type Call } from '../helpers/fake-api.js';
import { sseStream, sseText, type SseEvent, type SseStream } from '../helpers/sse.js';

afterEach(cleanup);

const D = 'dialog[data-name="routing"]';
const inD = <T extends Element = HTMLElement>(el: Element, sel: string) => $<T>(el, `${D} ${sel}`);
const allInD = (el: Element, sel: string) => $$(el, `${D} ${sel}`);

const score = (s: number) => ({ score: s, recall: s, results: [] });
const NEW = 'Weather forecasts and whether to take an umbrella, for any city.';

function optimiseApi(): FakeApi {
  const api = new FakeApi();
  api.override = (call: Call) => {
    if (call.method !== 'POST' || !call.path.endsWith('/route-check/optimize')) return undefined;
    const md = call.body.skill_md as string;
    const candidate = (index: number, description: string, train: number, heldOut: number, rationale: string) => ({
      index,
      texts: { description },
      skill_md: md.replace(/^description: .*$/m, `description: ${description}`),
      diff: '',
      rationale,
      train: score(train),
      held_out: score(heldOut),
    });
    const events: SseEvent[] = [
      ['plan', { calls: 18, target: 'description', runs_per_query: 3, train: 2, held_out: 1 }],
      ['candidate', candidate(0, 'current', 0.5, 0, '')],
      ['progress', { calls: 9, planned: 18 }],
      ['candidate', candidate(1, 'Umbrellas, always umbrellas.', 1, 0, 'Umbrella questions missed.')],
      ['candidate', candidate(2, NEW, 0.5, 1, 'Name the forecast itself.')],
      [
        'done',
        {
          skill: 'weather-report',
          target: 'description',
          train: [],
          held_out: [],
          candidates: [],
          chosen: 2,
          calls: 18,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      ],
    ];
    return new Response(sseText(events), { headers: { 'content-type': 'text/event-stream' } });
  };
  return api;
}

describe('builder: optimise the routing description', () => {
  it('streams the candidates, marks the held-out winner, shows its diff, and Accept puts it in the draft', async () => {
    const api = optimiseApi();
    const el = await mountWithDraft(api);
    $<HTMLButtonElement>(el, '#analysis-tab-routing')!.click();
    await waitFor(() => $$(el, '#analysis-panel button').some((b) => txt(b) === 'Check routing'), 'the Routing analysis loaded');
    button(el, 'Check routing', '#analysis-panel').click();
    await waitFor(() => $<HTMLDialogElement>(el, D)?.open, 'dialog open');
    button(el, 'Optimise the description', D).click();
    await waitFor(() => inD(el, 'button[aria-pressed="true"]')?.textContent?.includes('Optimise') ?? false, 'optimise mode');
    for (const text of ['weather in Oslo', 'umbrella today?', 'capital of Peru']) {
      typeInto(inD<HTMLInputElement>(el, '#route-new')!, text);
      button(el, 'Add', D).click();
      await waitFor(() => allInD(el, '.route-list > li').some((li) => (li.querySelector('input') as HTMLInputElement).value === text), 'added');
    }
    const before = internals(el).editor.draft!.skillMd;
    button(el, 'Optimise', `${D} .dialog-foot`).click();
    await waitFor(() => !!inD(el, '.route-proposal'), 'the chosen candidate shown');
    const sent = api.lastCall('POST', '/route-check/optimize')!;
    equal(sent.path, '/api/agents/ops-bot/skill-builder/route-check/optimize');
    equal(sent.body.requests.length, 3);

    const rows = allInD(el, '.route-iterations tbody tr');
    equal(rows.length, 3);
    includes(txt(rows[1]), '100%');
    includes(txt(rows[2]), 'Candidate 2');
    includes(txt(rows[2]), '✓ chosen');
    ok(!txt(rows[1]).includes('chosen'), 'the train winner is not chosen');
    equal(allInD(el, '.route-iterations tr[aria-current="true"]').length, 1);
    ok(inD(el, '.route-proposal .dl.add'), 'the new description line is shown as added');
    ok(inD(el, '.route-proposal .dl.del'), 'the old one as removed');
    equal(internals(el).editor.draft!.skillMd, before, 'nothing changes before Accept');
    await expectAccessible(el, 'routing dialog in the Optimise mode');

    button(el, 'Accept', D).click();
    await waitFor(() => internals(el).editor.draft!.skillMd !== before, 'draft updated');
    includes(internals(el).editor.draft!.skillMd, `description: ${NEW}`);
  });

  it('Stop aborts a running optimisation', async () => {
    // The stream stays open after its plan (as a long optimisation does), so the run is still going when Stop is pressed.
    const api = new FakeApi();
    let stream: SseStream | undefined;
    api.override = (call: Call) => {
      if (call.method !== 'POST' || !call.path.endsWith('/route-check/optimize')) return undefined;
      stream = sseStream([['plan', { calls: 18, target: 'description', runs_per_query: 3, train: 2, held_out: 1 }]], { signal: call.signal, hang: true });
      return stream.response;
    };
    const el = await mountWithDraft(api);
    $<HTMLButtonElement>(el, '#analysis-tab-routing')!.click();
    await waitFor(() => $$(el, '#analysis-panel button').some((b) => txt(b) === 'Check routing'), 'the Routing analysis loaded');
    button(el, 'Check routing', '#analysis-panel').click();
    await waitFor(() => $<HTMLDialogElement>(el, D)?.open, 'dialog open');
    button(el, 'Optimise the description', D).click();
    await waitFor(() => inD(el, 'button[aria-pressed="true"]')?.textContent?.includes('Optimise') ?? false, 'optimise mode');
    typeInto(inD<HTMLInputElement>(el, '#route-new')!, 'weather in Oslo');
    button(el, 'Add', D).click();
    await waitFor(() => allInD(el, '.route-list > li').length === 1, 'added');
    button(el, 'Optimise', `${D} .dialog-foot`).click();
    await waitFor(() => txt(inD(el, '.route-optimise [role="status"]')).includes('of 18'), 'running');
    button(el, 'Stop', `${D} .dialog-foot`).click();
    await stream!.aborted;
    await waitFor(() => allInD(el, '.dialog-foot button').some((b) => txt(b) === 'Optimise'), 'idle again');
  });
});
