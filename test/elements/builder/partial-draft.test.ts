// The draft fills in while the model writes it (issue 14): `skill_draft_partial`
// events show SKILL.md (and scripts) read-only in the draft panel as they
// arrive; the final `skill_draft` replaces them and is what gets validated and
// saved. A partial draft is never validated nor saved, and a turn that ends
// without a final draft leaves the editor as it was.

import { equal, includes, notIncludes, ok } from '../helpers/assert.js';
import { $, button, cleanup, mountBuilder, typeInto, waitFor, internals } from '../helpers/dom.js';
import { FakeApi, WEATHER_SCRIPT, WEATHER_SKILL_MD } from '../helpers/fake-api.js';
import { sseStream, type SseEvent } from '../helpers/sse.js';

afterEach(cleanup);

const FRONTMATTER = WEATHER_SKILL_MD.slice(0, WEATHER_SKILL_MD.indexOf('# Weather report'));
const WAIT = 20_000;

function partialReply(opts: { final: boolean }): SseEvent[] {
  const events: SseEvent[] = [
    ['progress', { chars: 10, phase: 'message' }],
    ['message_delta', { delta: 'Here is the skill.' }],
    ['progress', { chars: 300, phase: 'skill' }],
    ['skill_draft_partial', { skill_md: FRONTMATTER, scripts: {}, partial: true }],
    ['skill_draft_partial', { skill_md: WEATHER_SKILL_MD.slice(0, -4), scripts: { 'weather-current.sh': WEATHER_SCRIPT.slice(0, 20) }, partial: true }],
  ];
  if (!opts.final) return [...events, ['error', { error: 'the model stopped' }]];
  return [
    ...events,
    ['message', { content: 'Here is the skill.' }],
    ['skill_draft', { skill_md: WEATHER_SKILL_MD, scripts: { 'weather-current.sh': WEATHER_SCRIPT } }],
    ['done', { status: 'complete', structured: true, truncated: false }],
  ];
}

async function send(el: HTMLElement, text: string) {
  typeInto($<HTMLTextAreaElement>(el, '#composer')!, text);
  await (el as any).updateComplete;
  button(el, 'Send', '[part="composer"]').click();
}

const partialEditor = (el: HTMLElement) => $<HTMLTextAreaElement>(el, '#partial-editor');
const validateCalls = (api: FakeApi) => api.calls.filter((c) => c.path.endsWith('/validate'));

describe('partial drafts in <forge-skill-builder>', () => {
  it('shows the frontmatter, then more, read-only while the reply streams; the final draft replaces it', async () => {
    const api = new FakeApi();
    const first = sseStream(partialReply({ final: true }), { holdAfter: 4 });
    api.chat = () => first;
    const { el } = await mountBuilder(api);
    await send(el, 'Weather skill');
    await first.held;
    await waitFor(() => partialEditor(el)?.value === FRONTMATTER, 'the frontmatter in the editor', WAIT);
    const ta = partialEditor(el)!;
    ok(ta.readOnly, 'a partial draft cannot be edited');
    equal(ta.getAttribute('part'), 'editor-text');
    ok(!$(el, '[part="footer"]'), 'no Save while the draft is being written');
    equal(internals(el).editor.draft, null, 'the partial is not the draft');
    first.release();
    await waitFor(() => !internals(el).chat.busy && !!$(el, '#editor'), 'the final draft in the editor', WAIT);
    ok(!partialEditor(el), 'the partial view is gone');
    equal($<HTMLTextAreaElement>(el, '#editor')!.value, WEATHER_SKILL_MD);
    ok(!$<HTMLTextAreaElement>(el, '#editor')!.readOnly);
    await waitFor(() => validateCalls(api).length > 0, 'validation of the final draft', WAIT);
    for (const c of validateCalls(api)) equal(c.body.skill_md, WEATHER_SKILL_MD, 'only the final draft is validated');
  });

  it('never validates or saves a partial draft; a turn without a final draft keeps the editor as it was', async () => {
    const api = new FakeApi();
    const { el } = await mountBuilder(api);
    // A first turn gives a complete draft.
    await send(el, 'Weather skill');
    await waitFor(() => !internals(el).chat.busy && !!$(el, '#editor'), 'the first draft', WAIT);
    await waitFor(() => !!internals(el).checks.result, 'validated', WAIT);
    const before = validateCalls(api).length;
    // The second turn streams partials, then fails.
    const second = sseStream(partialReply({ final: false }), { holdAfter: 5 });
    api.chat = () => second;
    await send(el, 'Add a forecast tool');
    await second.held;
    await waitFor(() => partialEditor(el)?.value === WEATHER_SKILL_MD.slice(0, -4), 'the second partial', WAIT);
    ok(!$(el, '[part="footer"]'), 'Save is not offered for the partial');
    second.release();
    await waitFor(() => !internals(el).chat.busy, 'the turn ended', WAIT);
    await el.updateComplete;
    ok(!partialEditor(el), 'the partial view is gone');
    equal($<HTMLTextAreaElement>(el, '#editor')!.value, WEATHER_SKILL_MD, 'the editor shows the last complete draft');
    equal(validateCalls(api).length, before, 'nothing partial was validated');
    // Saving now saves the complete draft, never the partial one.
    button(el, 'Save skill').click();
    await waitFor(() => !!$(el, '[role="dialog"]') || api.calls.some((c) => c.path.endsWith('/save')), 'the save dialog', WAIT);
    const saveButton = [...el.shadowRoot!.querySelectorAll<HTMLButtonElement>('[role="dialog"] button')].find((b) => /^Save/.test(b.textContent!.trim()));
    saveButton?.click();
    await waitFor(() => api.calls.some((c) => c.path.endsWith('/save')), 'the save request', WAIT);
    for (const c of api.calls.filter((c) => c.path.endsWith('/save'))) {
      equal(c.body.skill_md, WEATHER_SKILL_MD);
      notIncludes(JSON.stringify(c.body.scripts), JSON.stringify(WEATHER_SCRIPT.slice(0, 20)) + '}');
    }
    includes(JSON.stringify(api.calls.map((c) => c.path)), '/save');
  });
});
