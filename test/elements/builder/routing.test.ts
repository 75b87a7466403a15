// "Check routing" in <forge-skill-builder> (issue 16), in Chromium against the
// fake API speaking the route-check wire (SSE plan/requests/progress/
// route_result/done|error, JSON for generated requests and the proposal). Its
// stand-in model routes a request to the draft when a word of the request is
// in the draft's description, so the improve-description loop is real: a
// miss, a proposal shown as a diff, Accept puts it in the draft, and the next
// run finds the request routed.
import { deepEqual, equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, mountWithDraft, typeInto, txt, waitFor, internals } from '../helpers/dom.js';
import { errorResponse, FakeApi, json, type Call } from '../helpers/fake-api.js';
import { sseText, type SseEvent } from '../helpers/sse.js';

afterEach(cleanup);

const descriptionOf = (skillMd: string) => /^description: (.*)$/m.exec(skillMd)?.[1] ?? '';
const routesHere = (description: string, text: string) =>
  text
    .toLowerCase()
    .match(/[a-z]{5,}/g)
    ?.some((w) => description.toLowerCase().includes(w)) ?? false;

function routingApi(opts: { failAt?: number } = {}): FakeApi {
  const api = new FakeApi();
  api.override = (call: Call) => {
    if (call.method !== 'POST') return undefined;
    if (call.path.endsWith('/route-check/requests'))
      return json({
        requests: [
          { text: 'weather in Paris?', expect: 'this', source: 'example' },
          { text: 'Do I need an umbrella?', expect: 'this', source: 'designer' },
          { text: 'what is the capital of Peru', expect: 'none', source: 'designer' },
        ],
        calls: 1,
      });
    if (call.path.endsWith('/route-check')) {
      const description = descriptionOf(call.body.skill_md);
      const events: SseEvent[] = [
        ['plan', { calls: call.body.requests.length, designer_calls: 0 }],
        ['requests', { requests: call.body.requests }],
      ];
      let passed = 0;
      let meant = 0;
      let got = 0;
      for (const [index, r] of (call.body.requests as Array<{ text: string; expect: string }>).entries()) {
        if (index === opts.failAt) {
          events.push(['error', { error: 'rate limited by the provider (429)', code: 'rate_limit', calls: index + 1 }]);
          return new Response(sseText(events), { headers: { 'content-type': 'text/event-stream' } });
        }
        const here = routesHere(description, r.text);
        const chose = here ? { skill: 'weather-report', via: 'read_skill' } : null;
        const okay = r.expect === 'this' ? here : r.expect === 'none' ? !here : false;
        if (okay) passed++;
        if (r.expect === 'this') meant++;
        if (here) got++;
        events.push(['progress', { done: index + 1, total: call.body.requests.length }], ['route_result', { index, result: { ...r, chose, ok: okay } }]);
      }
      const hits = (call.body.requests as Array<{ text: string; expect: string }>).filter((r) => r.expect === 'this' && routesHere(description, r.text)).length;
      events.push([
        'done',
        {
          skill: 'weather-report',
          total: call.body.requests.length,
          passed,
          recall: meant ? hits / meant : null,
          precision: got ? hits / got : null,
          overlaps: [],
          calls: call.body.requests.length,
          usage: { input_tokens: 1, output_tokens: 1 },
        },
      ]);
      return new Response(sseText(events), { headers: { 'content-type': 'text/event-stream' } });
    }
    if (call.path.endsWith('/catalog-budget'))
      return json({
        skill: 'weather-report',
        budget_chars: 8000,
        chars: 8150,
        tokens: 2038,
        chars_without: 7990,
        line_chars: 160,
        tool_chars: 40,
        truncated: ['zz-notes', 'weather-report'],
        pushed_out: ['zz-notes'],
        over_budget: true,
      });
    if (call.path.endsWith('/improve-description')) {
      const description = 'When the user asks about the weather or whether they need an umbrella ("weather in Paris?", "do I need an umbrella?"), fetch it.';
      return json({
        description,
        rationale: 'Umbrella questions loaded no skill.',
        skill_md: call.body.skill_md.replace(/^description: .*$/m, `description: ${description}`),
      });
    }
    return undefined;
  };
  return api;
}

const D = 'dialog[data-name="routing"]';
const dialog = (el: Element) => $<HTMLDialogElement>(el, D);
/** An element inside the routing dialog. */
const inD = <T extends Element = HTMLElement>(el: Element, sel: string) => $<T>(el, `${D} ${sel}`);
const allInD = (el: Element, sel: string) => $$(el, `${D} ${sel}`);

/** Opens the Routing analysis beside the editor, where "Check routing" is (its view loads on first open). */
async function openRoutingTab(el: HTMLElement & { updateComplete: Promise<boolean> }) {
  $<HTMLButtonElement>(el, '#analysis-tab-routing')!.click();
  await waitFor(() => $$(el, '#analysis-panel button').some((b) => txt(b) === 'Check routing'), 'the Routing analysis loaded');
}

describe('builder: check routing', () => {
  it('generates editable requests, shows results, and improves the description only when accepted', async () => {
    const api = routingApi();
    const el = await mountWithDraft(api);
    await openRoutingTab(el);
    button(el, 'Check routing', '#analysis-panel').click();
    await waitFor(() => dialog(el)?.open, 'dialog open');
    button(el, 'Generate requests', D).click();
    await waitFor(() => allInD(el, '.route-list > li').length === 3, 'requests listed');
    deepEqual(api.lastCall('POST', '/route-check/requests')!.body.editing_name, undefined);
    equal(api.lastCall('POST', '/route-check/requests')!.path, '/api/agents/ops-bot/skill-builder/route-check/requests');
    includes(txt(inD(el, '#route-cost')), '3 requests × 3 runs · 9 model calls');

    // Edit one request and add one of the operator's own.
    const third = inD<HTMLInputElement>(el, 'input[aria-label="Request 3"]')!;
    typeInto(third, 'what is the capital of Chile');
    third.dispatchEvent(new Event('change'));
    typeInto(inD<HTMLInputElement>(el, '#route-new')!, 'Is the weather nice in Rome?');
    button(el, 'Add', D).click();
    await waitFor(() => allInD(el, '.route-list > li').length === 4, 'added');

    button(el, 'Run check', D).click();
    await waitFor(() => !!inD(el, '.route-summary'), 'summary');
    const sent = api.lastCall('POST', /\/route-check$/)!.body;
    deepEqual(
      sent.requests.map((r: { text: string }) => r.text),
      ['weather in Paris?', 'Do I need an umbrella?', 'what is the capital of Chile', 'Is the weather nice in Rome?'],
    );
    equal(sent.requests[3].expect, 'this');
    equal(sent.runs_per_query, 3);
    equal(allInD(el, '.route-list .miss').length, 1);
    includes(txt(allInD(el, '.route-list > li')[1]), 'not as expected');
    includes(txt(inD(el, '.route-summary')), 'Recall 67%');
    includes(txt(inD(el, '.route-summary')), 'Precision 100%');

    await expectAccessible(el, 'routing dialog with results');

    const before = internals(el).editor.draft!.skillMd;
    button(el, 'Improve description', D).click();
    await waitFor(() => !!inD(el, '.route-proposal'), 'proposal');
    await expectAccessible(el, 'routing dialog with a proposal');
    equal(api.lastCall('POST', '/improve-description')!.body.results[1].ok, false);
    includes(txt(inD(el, '.route-proposal')), 'Umbrella questions loaded no skill.');
    ok(inD(el, '.route-proposal .dl.add'), 'the new description line is shown as added');
    ok(inD(el, '.route-proposal .dl.del'), 'the old one as removed');
    equal(internals(el).editor.draft!.skillMd, before, 'nothing changes before Accept');

    button(el, 'Accept', D).click();
    await waitFor(() => internals(el).editor.draft!.skillMd !== before, 'draft updated');
    includes(internals(el).editor.draft!.skillMd, 'need an umbrella');
    includes(txt(inD(el, '.route-summary')), 'run the check again');

    button(el, 'Run check', D).click();
    await waitFor(() => txt(inD(el, '.route-summary')).includes('Recall 100%'), 'better after the new description');
    equal(allInD(el, '.route-list .miss').length, 0);
  });

  it('a provider error mid-run is shown and keeps the results that arrived', async () => {
    const el = await mountWithDraft(routingApi({ failAt: 1 }));
    await openRoutingTab(el);
    button(el, 'Check routing', '#analysis-panel').click();
    await waitFor(() => dialog(el)?.open, 'dialog open');
    for (const text of ['weather in Oslo', 'weather in Bergen']) {
      typeInto(inD<HTMLInputElement>(el, '#route-new')!, text);
      button(el, 'Add', D).click();
      await el.updateComplete;
    }
    button(el, 'Run check', D).click();
    await waitFor(() => !!inD(el, '[role="alert"]'), 'error shown');
    includes(txt(inD(el, '[role="alert"]')), 'rate limited');
    equal(allInD(el, '.route-list .ok').length, 1);
    ok(!inD(el, '.route-summary'), 'no summary for an unfinished run');
  });

  it('refusals before the stream are shown in the dialog', async () => {
    const api = routingApi();
    const base = api.override;
    api.override = (call) => (call.path.endsWith('/route-check') ? errorResponse(400, 'the draft has no name: add `name:` to its frontmatter') : base(call));
    const el = await mountWithDraft(api);
    await openRoutingTab(el);
    button(el, 'Check routing', '#analysis-panel').click();
    await waitFor(() => dialog(el)?.open, 'dialog open');
    typeInto(inD<HTMLInputElement>(el, '#route-new')!, 'weather?');
    button(el, 'Add', D).click();
    await el.updateComplete;
    button(el, 'Run check', D).click();
    await waitFor(() => !!inD(el, '[role="alert"]'), 'error shown');
    includes(txt(inD(el, '[role="alert"]')), 'no name');
  });
});

describe('builder: routing analysis', () => {
  it('shows the catalog budget with the draft in it, and the skills it would cut off', async () => {
    const api = routingApi();
    const el = await mountWithDraft(api);
    await openRoutingTab(el);
    await waitFor(() => !!$(el, '#analysis-panel .catalog-budget'), 'catalog budget shown');
    const text = txt($(el, '#analysis-panel .catalog-budget'));
    includes(text, '8,150 of 8,000 characters');
    includes(text, 'over the budget');
    includes(text, 'zz-notes');
    includes(txt($(el, '#analysis-panel .catalog-budget')), 'pushes out');
    const sent = api.lastCall('POST', '/catalog-budget')!;
    equal(sent.path, '/api/agents/ops-bot/skill-builder/catalog-budget');
    includes(sent.body.skill_md, 'name:');
    await expectAccessible(el, 'routing analysis with the catalog budget');
  });

  it("starts the request list empty for another skill instead of showing the previous skill's", async () => {
    const el = await mountWithDraft(routingApi());
    await openRoutingTab(el);
    button(el, 'Check routing', '#analysis-panel').click();
    await waitFor(() => dialog(el)?.open, 'dialog open');
    typeInto(inD<HTMLInputElement>(el, '#route-new')!, 'weather in Oslo');
    button(el, 'Add', D).click();
    await waitFor(() => allInD(el, '.route-list > li').length === 1, 'one request');
    inD<HTMLButtonElement>(el, '.dialog-head button[aria-label="Close"]')!.click();
    await waitFor(() => !dialog(el)?.open, 'dialog closed');

    internals(el).editor.edit({ skillMd: '---\nname: tide-tables\ndescription: When the user asks about tides, give the times.\n---\nBody.\n', scripts: {} });
    await el.updateComplete;
    await openRoutingTab(el);
    button(el, 'Check routing', '#analysis-panel').click();
    await waitFor(() => dialog(el)?.open, 'dialog open again');
    await waitFor(() => allInD(el, '.route-list > li').length === 0, 'the other skill starts with no requests');
  });
});

describe('builder: routing at workspace level', () => {
  it('says why routing needs an agent and offers no check to run', async () => {
    const el = await mountWithDraft(new FakeApi(), {});
    await waitFor(() => $(el, '#analysis-tab-routing'), 'the Routing analysis offered');
    $<HTMLButtonElement>(el, '#analysis-tab-routing')!.click();
    await waitFor(() => txt($(el, '#analysis-panel')).includes('Routing needs an agent.'), 'the note on the routing analysis');
    const text = txt($(el, '#analysis-panel'));
    includes(text, "with the agent's other skills competing for it");
    includes(text, 'at workspace level there are none to compete with');
    ok(!$$(el, '#analysis-panel button').some((b) => txt(b) === 'Check routing'), 'no Check routing button without an agent');
    await expectAccessible(el, 'routing analysis at workspace level');
  });
});
