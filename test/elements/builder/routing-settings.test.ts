// The routing check's settings in <forge-skill-builder>, in Chromium against
// the fake API: runs per request and the trigger threshold go in the
// route-check body and the cost line follows them, every result shows its
// trigger rate, and the catalog budget size the operator sets is the
// budget_chars the Routing analysis asks about.
import { equal, includes } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, mountWithDraft, typeInto, txt, waitFor } from '../helpers/dom.js';
import { FakeApi, json, type Call } from '../helpers/fake-api.js';
import { sseText, type SseEvent } from '../helpers/sse.js';

afterEach(cleanup);

const D = 'dialog[data-name="routing"]';
const inD = <T extends Element = HTMLElement>(el: Element, sel: string) => $<T>(el, `${D} ${sel}`);
const allInD = (el: Element, sel: string) => $$(el, `${D} ${sel}`);

const budgetReply = (budget: number) => ({
  skill: 'weather-report',
  budget_chars: budget,
  chars: 5200,
  tokens: 1300,
  chars_without: 5000,
  line_chars: 160,
  tool_chars: 40,
  truncated: budget < 5200 ? ['zz-notes'] : [],
  pushed_out: [],
  over_budget: budget < 5200,
});

function settingsApi(): FakeApi {
  const api = new FakeApi();
  api.override = (call: Call) => {
    if (call.method !== 'POST') return undefined;
    if (call.path.endsWith('/catalog-budget')) return json(budgetReply(call.body.budget_chars ?? 8000));
    if (!call.path.endsWith('/route-check')) return undefined;
    const runs = call.body.runs_per_query as number;
    const requests = call.body.requests as Array<{ text: string; expect: string }>;
    const events: SseEvent[] = requests.map((r, index) => {
      const hits = index === 0 ? runs : Math.floor(runs / 3);
      const rate = hits / runs;
      const chose = rate >= call.body.threshold ? { skill: 'weather-report', via: 'read_skill' } : null;
      return ['route_result', { index, result: { ...r, chose, ok: r.expect === 'this' ? !!chose : !chose, runs, hits, rate } }];
    });
    events.push([
      'done',
      {
        skill: 'weather-report',
        total: requests.length,
        passed: 1,
        recall: 0.5,
        precision: 1,
        overlaps: [],
        runs_per_query: runs,
        threshold: call.body.threshold,
        calls: runs * 2,
      },
    ]);
    return new Response(sseText(events), { headers: { 'content-type': 'text/event-stream' } });
  };
  return api;
}

async function setInput(el: Element, sel: string, value: string): Promise<void> {
  const input = $<HTMLInputElement>(el, sel)!;
  input.value = value;
  input.dispatchEvent(new Event('change'));
  await waitFor(() => $<HTMLInputElement>(el, sel)!.value === value, `${sel} set to ${value}`);
}

describe('builder: routing check settings', () => {
  it('sends the runs per request and threshold set in the dialog and shows each request’s trigger rate', async () => {
    const api = settingsApi();
    const el = await mountWithDraft(api);
    $<HTMLButtonElement>(el, '#analysis-tab-routing')!.click();
    await waitFor(() => $$(el, '#analysis-panel button').some((b) => txt(b) === 'Check routing'), 'the Routing analysis loaded');
    button(el, 'Check routing', '#analysis-panel').click();
    await waitFor(() => $<HTMLDialogElement>(el, D)?.open, 'dialog open');
    for (const text of ['weather in Oslo', 'umbrella today?']) {
      typeInto(inD<HTMLInputElement>(el, '#route-new')!, text);
      button(el, 'Add', D).click();
      await waitFor(() => allInD(el, '.route-list > li').some((li) => (li.querySelector('input') as HTMLInputElement).value === text), 'added');
    }
    await setInput(el, `${D} input[name="runsPerQuery"]`, '6');
    await setInput(el, `${D} input[name="threshold"]`, '0.3');
    await waitFor(() => txt(inD(el, '#route-cost')).includes('2 requests × 6 runs · 12 model calls'), 'the cost follows the runs');
    // Out of range: clamped to what the server accepts.
    await setInput(el, `${D} input[name="runsPerQuery"]`, '40');
    await waitFor(() => inD<HTMLInputElement>(el, 'input[name="runsPerQuery"]')!.value === '10', 'clamped to 10');
    await setInput(el, `${D} input[name="runsPerQuery"]`, '6');

    button(el, 'Run check', D).click();
    await waitFor(() => !!inD(el, '.route-summary'), 'summary');
    const sent = api.lastCall('POST', /\/route-check$/)!.body;
    equal(sent.runs_per_query, 6);
    equal(sent.threshold, 0.3);
    const rows = allInD(el, '.route-list > li');
    includes(txt(rows[0]), 'trigger rate 100% (this skill 6 of 6 runs)');
    includes(txt(rows[1]), 'trigger rate 33% (this skill 2 of 6 runs)');
    includes(txt(rows[1]), 'as expected');
    await expectAccessible(el, 'routing dialog with trigger rates');
  });

  it('asks for the catalog budget the operator sets (8,000 characters until then)', async () => {
    const api = settingsApi();
    const el = await mountWithDraft(api);
    $<HTMLButtonElement>(el, '#analysis-tab-routing')!.click();
    await waitFor(() => !!$(el, '#analysis-panel .catalog-budget'), 'catalog budget shown');
    equal(api.lastCall('POST', '/catalog-budget')!.body.budget_chars, 8000);
    equal($<HTMLInputElement>(el, '#analysis-panel input[name="budgetChars"]')!.value, '8000');
    await setInput(el, '#analysis-panel input[name="budgetChars"]', '5000');
    await waitFor(() => txt($(el, '#analysis-panel .catalog-budget')).includes('over the budget'), 'measured against the new budget');
    equal(api.lastCall('POST', '/catalog-budget')!.body.budget_chars, 5000);
    includes(txt($(el, '#analysis-panel .catalog-budget')), 'of 5,000 characters');
    await expectAccessible(el, 'routing analysis with a budget set');
  });
});
