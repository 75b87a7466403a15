// The Optimise mode's budget, plan, self-test and split in
// <forge-skill-builder>, in Chromium against the fake API speaking the
// optimize wire: the operator's limits go in the body; the stated calls, the
// self-test and the held-out requests show while the run is held open; a run
// the call limit stopped is marked partial; a failed self-test says why it
// stopped before spending; and a skill whose every tool has a script is tuned
// by its tool descriptions, shown and accepted as a SKILL.md diff.
import { equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, mountWithDraft, typeInto, txt, waitFor, internals } from '../helpers/dom.js';
import { FakeApi, type Call } from '../helpers/fake-api.js';
import { sseStream, type SseEvent, type SseStream } from '../helpers/sse.js';
import type { ForgeSkillBuilder } from '../../../src/elements/builder/forge-skill-builder.js';
import { QUOTES } from '../../core/routing/optimize-fixtures.js';

afterEach(cleanup);

const D = 'dialog[data-name="routing"]';
const inD = <T extends Element = HTMLElement>(el: Element, sel: string) => $<T>(el, `${D} ${sel}`);
const allInD = (el: Element, sel: string) => $$(el, `${D} ${sel}`);
const score = (s: number) => ({ score: s, recall: s, results: [] });
const WAIT = 20_000;

const REQUESTS: Array<[string, 'this' | 'none']> = [
  ['weather in Oslo', 'this'],
  ['umbrella today?', 'this'],
  ['capital of Peru', 'none'],
  ['tell me a joke', 'none'],
];

/** Serves the optimize route with `events`, held open after `holdAfter` of them; other routes as the fake API does. */
function optimiseApi(events: (call: Call) => SseEvent[], holdAfter?: number): { api: FakeApi; stream: () => SseStream | undefined } {
  const api = new FakeApi();
  let stream: SseStream | undefined;
  api.override = (call: Call) => {
    if (call.method !== 'POST' || !call.path.endsWith('/route-check/optimize')) return undefined;
    stream = sseStream(events(call), { signal: call.signal, ...(holdAfter !== undefined ? { holdAfter } : {}) });
    return stream.response;
  };
  return { api, stream: () => stream };
}

async function openOptimise(el: ForgeSkillBuilder, requests = REQUESTS): Promise<void> {
  $<HTMLButtonElement>(el, '#analysis-tab-routing')!.click();
  await waitFor(() => $$(el, '#analysis-panel button').some((b) => txt(b) === 'Check routing'), 'the Routing analysis loaded', WAIT);
  button(el, 'Check routing', '#analysis-panel').click();
  await waitFor(() => $<HTMLDialogElement>(el, D)?.open, 'dialog open', WAIT);
  button(el, 'Optimise the description', D).click();
  await waitFor(() => inD(el, 'button[aria-pressed="true"]')?.textContent?.includes('Optimise') ?? false, 'optimise mode', WAIT);
  for (const [text, expect] of requests) {
    typeInto(inD<HTMLInputElement>(el, '#route-new')!, text);
    const select = inD<HTMLSelectElement>(el, 'select[aria-label="New request should go to"]')!;
    select.value = expect;
    select.dispatchEvent(new Event('change'));
    button(el, 'Add', D).click();
    await waitFor(() => allInD(el, '.route-list > li').some((li) => (li.querySelector('input') as HTMLInputElement).value === text), 'added', WAIT);
  }
}

/** Types `value` into the setting input `name` and waits until the dialog shows it back. */
async function setSetting(el: ForgeSkillBuilder, name: string, value: string): Promise<void> {
  const input = inD<HTMLInputElement>(el, `input[name="${name}"]`)!;
  input.value = value;
  input.dispatchEvent(new Event('change'));
  await waitFor(() => inD<HTMLInputElement>(el, `input[name="${name}"]`)!.value === value, `${name} set to ${value}`, WAIT);
}

const candidate = (md: string, index: number, description: string, train: number, heldOut: number) => ({
  index,
  texts: { description },
  skill_md: md.replace(/^description: .*$/m, `description: ${description}`),
  diff: '',
  rationale: index ? 'Name the forecast.' : '',
  train: score(train),
  held_out: score(heldOut),
});

describe('builder: the optimisation budget, plan, self-test and split', () => {
  it('sends the limits, states the plan and the held-out requests while running, and marks a result the call limit cut short partial', async () => {
    const { api, stream } = optimiseApi((call) => {
      const md = call.body.skill_md as string;
      return [
        ['plan', { calls: 28, target: 'description', runs_per_query: 2, train: 2, held_out: 2, max_calls: 20, max_tokens: 5000 }],
        [
          'split',
          {
            train: [0, 2].map((i) => ({ text: REQUESTS[i]![0], expect: REQUESTS[i]![1] })),
            held_out: [1, 3].map((i) => ({ text: REQUESTS[i]![0], expect: REQUESTS[i]![1] })),
          },
        ],
        ['self_test', { ok: true, match: 'Use the weather-report skill for this: …', non_match: 'What is 2 + 2?' }],
        ['candidate', candidate(md, 0, 'current', 0.5, 0.5)],
        ['candidate', candidate(md, 1, 'Weather forecasts and umbrellas, for any city.', 0.5, 1)],
        ['progress', { calls: 20, planned: 28 }],
        ['done', { skill: 'weather-report', target: 'description', candidates: [], chosen: 1, stopped: 'max_calls', calls: 20 }],
      ];
    }, 3);
    const el = await mountWithDraft(api);
    await openOptimise(el);
    await setSetting(el, 'runsPerQuery', '2');
    await setSetting(el, 'iterations', '2');
    await setSetting(el, 'holdout', '0.5');
    await setSetting(el, 'maxCalls', '20');
    await setSetting(el, 'maxTokens', '5000');
    // Before the start: the calls these settings make, and where the limit stops them.
    await waitFor(() => txt(inD(el, '#route-cost')).includes('up to 28 model calls'), 'the calls for these settings', WAIT);
    includes(txt(inD(el, '#route-cost')), 'stops at 20');

    button(el, 'Optimise', `${D} .dialog-foot`).click();
    await waitFor(() => !!stream(), 'the optimisation requested', WAIT);
    await stream()!.held;
    await waitFor(() => !!inD(el, '.route-plan .route-split'), 'the plan, self-test and split shown while running', WAIT);
    const body = api.lastCall('POST', '/route-check/optimize')!.body;
    equal(body.runs_per_query, 2);
    equal(body.iterations, 2);
    equal(body.holdout, 0.5);
    equal(body.max_calls, 20);
    equal(body.max_tokens, 5000);
    equal(body.threshold, 0.5);
    const plan = txt(inD(el, '.route-plan'));
    includes(plan, 'Planned: 28 model calls');
    includes(plan, 'hard limit 20 calls and 5,000 tokens');
    includes(plan, "skill's description");
    includes(txt(inD(el, '.self-test')), 'passed');
    const held = txt(inD(el, '[aria-label="Held-out requests"]'));
    includes(held, 'never shown to the proposer');
    includes(held, 'umbrella today?');
    includes(held, 'tell me a joke');
    ok(!held.includes('weather in Oslo'), 'a train request is not listed as held out');
    includes(txt(inD(el, '[aria-label="Train requests"]')), 'weather in Oslo');
    includes(txt(inD(el, '.route-optimise [role="status"]')), 'of 28 model calls');
    await expectAccessible(el, 'routing dialog with the plan of a running optimisation');

    stream()!.release();
    await waitFor(() => !!inD(el, '.route-proposal'), 'the chosen candidate shown', WAIT);
    await waitFor(() => txt(inD(el, '.route-optimise [role="status"]')).includes('Partial result'), 'marked partial', WAIT);
    includes(txt(inD(el, '.route-optimise [role="status"]')), 'call limit');
    includes(txt(inD(el, '.route-iterations caption')), '(partial)');
    includes(txt(inD(el, '.route-proposal h3')), 'partial');
    await expectAccessible(el, 'routing dialog with a partial optimisation');
  });

  it('a failed self-test says the check is not working and that it stopped before spending', async () => {
    const { api } = optimiseApi(() => [
      ['plan', { calls: 62, target: 'description', runs_per_query: 3, train: 2, held_out: 2 }],
      ['split', { train: [], held_out: [] }],
      [
        'error',
        {
          error: 'the routing check itself is not working: a request naming "weather-report" went to no skill and one needing no skill went to no skill.',
          code: 'routing_self_test',
          calls: 2,
          result: { candidates: [], chosen: null, calls: 2 },
        },
      ],
    ]);
    const el = await mountWithDraft(api);
    await openOptimise(el);
    button(el, 'Optimise', `${D} .dialog-foot`).click();
    await waitFor(() => !!inD(el, '.self-test[role="alert"]'), 'the self-test failure shown', WAIT);
    const shown = txt(inD(el, '.self-test'));
    includes(shown, 'Self-test failed');
    includes(shown, 'before spending');
    includes(shown, 'itself is not working');
    ok(!inD(el, '.route-iterations'), 'no candidates');
    await waitFor(() => allInD(el, '.dialog-foot button').some((b) => txt(b) === 'Optimise'), 'idle again', WAIT);
    await expectAccessible(el, 'routing dialog after a failed self-test');
  });

  it('tunes the tool description of a skill whose tools all have scripts, shows its diff, and Accept writes it into the draft', async () => {
    const TOOL_MD = QUOTES.skillMd;
    const NEW = 'Latest share price for a ticker symbol such as AAPL or MSFT.';
    const { api } = optimiseApi((call) => {
      const md = call.body.skill_md as string;
      const tool = (index: number, text: string, heldOut: number) => ({
        index,
        texts: { stock_quote: text },
        skill_md: md.replace('Latest quote.', text),
        diff: '',
        rationale: index ? 'Ticker questions went nowhere.' : '',
        train: score(0.5),
        held_out: score(heldOut),
      });
      return [
        ['plan', { calls: 10, target: 'tools', runs_per_query: 1, train: 2, held_out: 2 }],
        ['self_test', { ok: true, match: 'Use the stock_quote tool for this: Latest quote.', non_match: 'What is 2 + 2?' }],
        ['candidate', tool(0, 'Latest quote.', 0.5)],
        ['candidate', tool(1, NEW, 1)],
        ['done', { skill: 'stock-quote', target: 'tools', candidates: [], chosen: 1, calls: 10 }],
      ];
    });
    const el = await mountWithDraft(api);
    const drafted = internals(el).editor.draft!;
    internals(el).editor.edit({ skillMd: TOOL_MD, scripts: QUOTES.scripts ?? {} });
    await waitFor(() => internals(el).editor.draft!.skillMd === TOOL_MD && internals(el).editor.draft !== drafted, 'the tool skill is the draft', WAIT);
    await openOptimise(el, [
      ['AAPL share price', 'this'],
      ['How is MSFT doing', 'this'],
      ['capital of Peru', 'none'],
      ['tell me a joke', 'none'],
    ]);
    button(el, 'Optimise', `${D} .dialog-foot`).click();
    await waitFor(() => !!inD(el, '.route-proposal'), 'the chosen tool description shown', WAIT);
    equal(api.lastCall('POST', '/route-check/optimize')!.body.skill_md, TOOL_MD);
    const plan = txt(inD(el, '.route-plan'));
    includes(plan, 'tool description');
    includes(plan, 'stock_quote');
    includes(plan, 'leaves the skill out of the catalog');
    includes(txt(inD(el, '.route-proposal h3')), 'Chosen tool descriptions');
    const added = allInD(el, '.route-proposal .dl.add').map(txt).join('\n');
    const removed = allInD(el, '.route-proposal .dl.del').map(txt).join('\n');
    includes(added, NEW);
    includes(removed, 'Latest quote.');
    ok(!added.includes('description:'), 'the frontmatter description is not what changes');
    await expectAccessible(el, 'routing dialog tuning a tool description');

    button(el, 'Accept', D).click();
    await waitFor(() => internals(el).editor.draft!.skillMd !== TOOL_MD, 'draft updated', WAIT);
    const md = internals(el).editor.draft!.skillMd;
    includes(md, `## Tool: stock_quote\n\n${NEW}\n`);
    includes(md, 'description: Quotes.');
    equal(internals(el).editor.draft!.scripts['stock-quote.sh'], QUOTES.scripts!['stock-quote.sh']);
  });
});
