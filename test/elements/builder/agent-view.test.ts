// "As the agent sees it" in <forge-skill-builder> (issue 13): the draft panel
// shows the draft as Forge's runtime reads it — the tools it registers with
// their parameters (type, required), output spec and format, phantom tools
// with the reason, and the runtime-* findings — loaded on first open. The fake
// API answers validation with the real validator (forge profile), so the
// findings are the ones a real server sends.

import { equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, cleanup, mountWithDraft, txt, waitFor } from '../helpers/dom.js';
import { draftReply, FakeApi, WEATHER_SCRIPT } from '../helpers/fake-api.js';
import { validateSkillMd } from '../../../src/core/skillmd/validate/validate.js';

afterEach(cleanup);

const SKILL_MD = `---
name: term-lookup
description: When the user asks to look a term up ("what does idempotent mean"), look it up.
---
# Term lookup

## Tool: lookup_term

Looks a term up.

**Input:** term (string, required), limit (integer)

| Parameter | Type | Required | Description |
|---|---|---|---|
| term | string | yes | What to look up |
| limit | integer | no | Max results |

**Output:** the matching entries
**Output format:** json

## Tool: lookup_history

Lists earlier lookups.

**Input:**

| Parameter | Type | Required | Description |
|---|---|---|---|
| days | integer | yes | How far back |

## Safety Constraints

- read-only
`;

function api(): FakeApi {
  const a = new FakeApi();
  a.chat = () => draftReply({ skillMd: SKILL_MD, scripts: { 'lookup_term.sh': WEATHER_SCRIPT, 'lookup-history.sh': WEATHER_SCRIPT } });
  a.validate = (body) => validateSkillMd(body.skill_md, { profile: 'forge', scripts: body.scripts ?? {} });
  return a;
}

async function openAgentView() {
  const el = await mountWithDraft(api(), undefined, { validated: true });
  const tab = $<HTMLButtonElement>(el, '#analysis-tab-agent');
  ok(tab, 'the analysis is offered beside the editor');
  equal(tab!.textContent!.trim(), 'As the agent sees it');
  equal($(el, '.agent-body'), null, 'nothing is loaded before it is opened');
  tab!.click();
  await waitFor(() => $(el, '.agent-body'), 'the runtime view (loaded on first open)');
  return el;
}

const cards = (el: Element) => $$(el, '[part="agent-tool"]');
/** Text of `node` (or of its first `sel`), whitespace collapsed. */
const textIn = (node: Element, sel?: string) => txt(sel ? node.querySelector(sel) : node);
/** The cells of each body row of a card's parameter table. */
const rows = (card: Element) => [...card.querySelectorAll('tbody tr')].map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent).join(' '));

describe('builder: as the agent sees it', () => {
  it('lists every entry the runtime reads, with its parameters, output and script', async () => {
    const el = await openAgentView();
    equal(
      cards(el)
        .map((c) => textIn(c, '.rt-name'))
        .join(','),
      'lookup_term,lookup_history,read-only',
    );
    const [term, history] = cards(el);
    // The runtime's schema: keys in byte order, integer → number, the first parameter required.
    equal(rows(term!).join(' | '), 'limit number no | term string yes');
    includes(textIn(term!), 'registered · runs scripts/lookup_term.sh');
    includes(textIn(term!), 'the matching entries');
    includes(textIn(term!), 'json');
    // The description as Forge joins it: the table rows are part of it (marked, see below).
    includes(textIn(term!, '.rt-desc'), 'Looks a term up.');
    includes(textIn(term!, '.rt-desc'), '| Parameter | Type | Required | Description |');
    // A table-only Input: the runtime sees no parameters, and the validator says so next to it.
    includes(textIn(history!), 'no parameters (an open schema');
    includes(textIn(history!, '.rt-finds'), 'days');
    equal(history!.querySelector('.rt-finds li')!.className, 'error');
    await expectAccessible(el, 'the As the agent sees it section');
  });

  it('shows the description wrapped, with each table row that became description text marked by its line', async () => {
    const el = await openAgentView();
    const term = cards(el)[0]!;
    const desc = term.querySelector<HTMLElement>('.rt-desc')!;
    equal(getComputedStyle(desc).whiteSpace, 'normal');
    ok(desc.scrollWidth <= desc.clientWidth + 1, `the description wraps inside its card (${desc.scrollWidth} > ${desc.clientWidth})`);
    const lines = SKILL_MD.split('\n');
    const rowLines = lines.flatMap((l, i) =>
      i > lines.indexOf('## Tool: lookup_term') && i < lines.indexOf('## Tool: lookup_history') && l.startsWith('|') ? [i + 1] : [],
    );
    const marks = [...term.querySelectorAll<HTMLElement>('.rt-desc mark.rt-row')];
    equal(marks.map((m) => m.title).join(' / '), rowLines.map((n) => `Line ${n}: a table row, sent to the model as description text`).join(' / '));
    includes(txt(marks[2]!), 'table row as text: | term | string | yes | What to look up |');
    equal(desc.querySelectorAll('mark').length, 4, 'the prose line is not marked');
    const note = textIn(term, '.rt-note');
    includes(note, `4 table rows (line ${rowLines[0]}, line ${rowLines[1]}, line ${rowLines[2]}, line ${rowLines[3]}) became description text`);
    // The phantom card and a tool without a table carry no note.
    equal(cards(el)[2]!.querySelector('.rt-note'), null);
    await expectAccessible(el, 'the marked description');
  });

  it('highlights a phantom tool with the reason and jumps to its line', async () => {
    const el = await openAgentView();
    const phantom = cards(el)[2]!;
    ok(phantom.classList.contains('phantom'), 'marked as phantom');
    includes(textIn(phantom), 'phantom tool');
    includes(textIn(phantom), 'one-word "- " bullet outside the tool sections');
    includes(textIn(phantom, '.rt-finds'), 'read-only');
    const line = SKILL_MD.split('\n').indexOf('- read-only') + 1;
    phantom.querySelector<HTMLButtonElement>('.rt-head .line-link')!.click();
    await el.updateComplete;
    const ta = $<HTMLTextAreaElement>(el, '#editor')!;
    await waitFor(() => ta.selectionStart !== ta.selectionEnd, 'the line selected');
    equal(ta.value.slice(ta.selectionStart, ta.selectionEnd), '- read-only');
    equal(ta.value.slice(0, ta.selectionStart).split('\n').length, line);
  });

  it('follows edits of the draft', async () => {
    const el = await openAgentView();
    const ta = $<HTMLTextAreaElement>(el, '#editor')!;
    ta.value = SKILL_MD.replace('- read-only', '* read-only').replace(
      '**Input:** term (string, required), limit (integer)',
      '**Input:** term (string, required), limit (integer), exact (bool)',
    );
    ta.dispatchEvent(new Event('input'));
    await el.updateComplete;
    equal(
      cards(el)
        .map((c) => textIn(c, '.rt-name'))
        .join(','),
      'lookup_term,lookup_history',
    );
    equal(rows(cards(el)[0]!).join(' | '), 'exact boolean no | limit number no | term string yes');
  });
});
