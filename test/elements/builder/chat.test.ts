// The chat of <forge-skill-builder> against a fake API streaming real SSE
// bytes in awkward chunks (issue 6: deltas appear as they stream, a visible
// progress state, Stop aborts, every failure resolves to an error with Retry,
// LLM HTML never executes, Enter sends / Shift+Enter newline, starters, the
// current draft — manual edits included — goes with each turn).

import { sendKeys } from '@web/test-runner-commands';
import { deepEqual, equal, includes, notIncludes, ok } from '../helpers/assert.js';
import { $, $$, button, cleanup, mountBuilder, recordEvents, sleep, textOf, txt, typeInto, waitFor, internals } from '../helpers/dom.js';
import { draftReply, errorResponse, FakeApi, questionReply, WEATHER_SKILL_MD } from '../helpers/fake-api.js';
import { sseStream } from '../helpers/sse.js';

declare global {
  interface Window {
    xssRan?: number;
  }
}

afterEach(cleanup);

const assistantBubbles = (el: Element) => $$(el, '.msg.assistant');
const lastAssistant = (el: Element) => assistantBubbles(el).at(-1)!;

async function send(el: HTMLElement, text: string) {
  const composer = $<HTMLTextAreaElement>(el, '#composer')!;
  typeInto(composer, text);
  await (el as any).updateComplete;
  button(el, 'Send', '[part="composer"]').click();
}

describe('builder: streamed conversation', () => {
  it('shows deltas and progress while streaming, then the message and the draft', async () => {
    const api = new FakeApi();
    api.holdAfter = 4; // after progress, two deltas and the skill-phase progress
    const { el } = await mountBuilder(api);
    const drafts = recordEvents(el, ['forge-skill-draft']);
    await send(el, 'Weather for a city');
    await waitFor(() => api.streams.length === 1, 'chat request');
    await api.streams[0]!.held;
    // (the streaming parser may hold back the last character or two until more text arrives)
    await waitFor(() => txt(lastAssistant(el)).includes('tools 🛠 includ'), 'both deltas rendered');
    const pending = lastAssistant(el);
    equal(pending.getAttribute('aria-busy'), 'true', 'the reply in flight is aria-busy');
    includes(txt(pending), '1,234 characters');
    includes(textOf(el, '.progress'), 'Drafting the skill');
    ok(/\d+ s/.test(textOf(el, '.progress')), 'elapsed time shown');
    includes(textOf(el, '[part="draft"]'), 'Receiving the draft · 1,234 characters');
    ok(button(el, 'Stop', '[part="composer"]'), 'Stop offered while streaming');
    equal(drafts.length, 0, 'no draft yet');

    api.streams[0]!.release();
    await waitFor(() => drafts.length === 1, 'draft event');
    await waitFor(() => lastAssistant(el).classList.contains('done'), 'reply done');
    equal($(el, '.progress'), null, 'progress gone');
    includes(txt(lastAssistant(el)), 'Here is your skill — café ☕ and tools 🛠 included.');
    includes(txt(lastAssistant(el)), 'Draft updated: SKILL.md + 1 script');
    // The file tabs are a chunk loaded with the first draft: under load it can arrive after the reply is done.
    await waitFor(() => $$(el, '.files-col [role="tab"]').length === 2, 'the file tabs loaded');
    button(el, 'Review the draft', '.msg.assistant.done').click();
    equal(el.shadowRoot!.activeElement?.closest('[role="tablist"]')?.getAttribute('aria-label'), 'Draft files', 'focus moves to the draft file tabs');
    equal($<HTMLTextAreaElement>(el, '#editor')!.value, WEATHER_SKILL_MD);
    deepEqual(
      $$(el, '.tabs [role="tab"]').map((t) => t.textContent!.replace(/\s+/g, ' ').trim()),
      ['SKILL.md', 'weather-current.sh'],
    );
    equal(drafts[0]!.detail.skillMd, WEATHER_SKILL_MD);
    ok(drafts[0]!.bubbles && drafts[0]!.composed);
    deepEqual(api.lastCall('POST', '/chat')!.body, { messages: [{ role: 'user', content: 'Weather for a city' }] });
  });

  it('sends the whole conversation and the current draft, including manual edits, with each turn', async () => {
    const api = new FakeApi();
    let turn = 0;
    api.chat = () => (++turn === 1 ? draftReply() : questionReply('Anything else?'));
    const { el } = await mountBuilder(api);
    await send(el, 'Weather skill');
    await waitFor(() => !!$(el, '#editor'), 'draft');
    await waitFor(() => !internals(el).chat.busy, 'turn finished');
    const editor = $<HTMLTextAreaElement>(el, '#editor')!;
    typeInto(editor, editor.value + '\nA manual note.\n');
    await send(el, 'Add a forecast tool');
    await waitFor(() => api.callsTo('POST', '/chat').length === 2, 'second turn');
    const body = api.lastCall('POST', '/chat')!.body;
    equal(body.messages.length, 3);
    equal(body.messages[1].role, 'assistant');
    equal(body.messages[2].content, 'Add a forecast tool');
    includes(body.draft.skill_md, 'A manual note.');
    deepEqual(Object.keys(body.draft.scripts), ['weather-current.sh']);
  });

  it('renders the reply as Markdown once the renderer chunk is there (plain text, never raw HTML, until then)', async () => {
    const api = new FakeApi();
    api.chat = () => questionReply('Use **Celsius** or `kelvin`?');
    const { el } = await mountBuilder(api);
    await send(el, 'Weather for a city');
    await waitFor(() => lastAssistant(el)?.querySelector('.md strong') !== null, 'bold rendered by the lazily loaded renderer');
    equal(lastAssistant(el).querySelector('.md strong')!.textContent, 'Celsius');
    equal(lastAssistant(el).querySelector('.md code')!.textContent, 'kelvin');
    notIncludes(txt(lastAssistant(el)), '**');
  });

  it('Stop aborts the request and leaves a Retry', async () => {
    const api = new FakeApi();
    api.holdAfter = 2;
    const { el } = await mountBuilder(api);
    await send(el, 'Something slow');
    await waitFor(() => api.streams.length === 1, 'chat request');
    await api.streams[0]!.held;
    button(el, 'Stop', '[part="composer"]').click();
    await api.streams[0]!.aborted;
    ok(api.lastCall('POST', '/chat')!.signal!.aborted, 'the fetch signal aborted');
    await waitFor(() => lastAssistant(el).classList.contains('stopped'), 'stopped state');
    includes(txt(lastAssistant(el)), 'Stopped');
    ok(button(el, 'Retry', '.msg.assistant.stopped'), 'Retry offered');
    ok(button(el, 'Send', '[part="composer"]'), 'Send is back');
    equal(internals(el).chat.busy, false);
  });

  it('an error event resolves the bubble to an error with Retry, and Retry succeeds', async () => {
    const api = new FakeApi();
    let turn = 0;
    api.chat = () =>
      ++turn === 1
        ? [
            ['message_delta', { delta: 'Partial…' }],
            ['error', { error: 'rate limited by the provider (429); try again in 20 s' }],
          ]
        : questionReply('Which city?');
    const errors = recordEvents(document, ['forge-error']);
    const { el } = await mountBuilder(api);
    await send(el, 'Hi');
    await waitFor(() => lastAssistant(el).classList.contains('error'), 'error state');
    includes(txt(lastAssistant(el)), 'rate limited by the provider (429)');
    includes(txt(lastAssistant(el)), 'Partial…');
    ok(
      errors.some((e) => e.detail.action === 'chat'),
      'forge-error fired',
    );
    button(el, 'Retry', '.msg.assistant.error').click();
    await waitFor(() => lastAssistant(el).classList.contains('done'), 'retried');
    equal(assistantBubbles(el).length, 1, 'the failed bubble was replaced');
    includes(txt(lastAssistant(el)), 'Which city?');
    deepEqual(api.lastCall('POST', '/chat')!.body.messages, [{ role: 'user', content: 'Hi' }]);
  });

  it('an HTTP error before the stream shows the server message with Retry', async () => {
    const api = new FakeApi();
    api.chat = () => errorResponse(400, 'API key not configured: set OPENAI_API_KEY in Settings');
    const { el } = await mountBuilder(api);
    await send(el, 'Hi');
    await waitFor(() => lastAssistant(el).classList.contains('error'), 'error state');
    includes(txt(lastAssistant(el)), 'API key not configured: set OPENAI_API_KEY in Settings');
    ok(button(el, 'Retry', '.msg.assistant.error'));
  });

  it('a stream that ends without done or error becomes an error, keeping the draft that arrived', async () => {
    const api = new FakeApi();
    api.chat = () => draftReply().slice(0, 6); // cut after skill_draft
    const { el } = await mountBuilder(api);
    await send(el, 'Hi');
    await waitFor(() => lastAssistant(el).classList.contains('error'), 'error state');
    includes(txt(lastAssistant(el)), 'connection closed');
    equal($<HTMLTextAreaElement>(el, '#editor')!.value, WEATHER_SKILL_MD, 'the draft is kept');
  });

  it('a truncated reply says so', async () => {
    const api = new FakeApi();
    api.chat = () => draftReply({ truncated: true });
    const { el } = await mountBuilder(api);
    await send(el, 'Hi');
    await waitFor(() => lastAssistant(el).classList.contains('done'), 'done');
    includes(txt(lastAssistant(el)), 'output limit');
  });

  it('never executes HTML from the model', async () => {
    window.xssRan = undefined;
    const api = new FakeApi();
    const evil = 'Sure! <img src=x onerror="window.xssRan=1"> <script>window.xssRan=2</script> [click](javascript:window.xssRan=3)';
    api.chat = () => draftReply({ message: evil, skillMd: '---\nname: evil\n---\n<img src=x onerror="window.xssRan=4">\n' });
    const { el } = await mountBuilder(api);
    await send(el, 'Hi');
    await waitFor(() => lastAssistant(el).classList.contains('done'), 'done');
    await sleep(100);
    equal(el.shadowRoot!.querySelectorAll('.msg img, .msg script').length, 0, 'no element from model HTML');
    includes(txt(lastAssistant(el)), '<img src=x onerror="window.xssRan=1">');
    includes(txt(lastAssistant(el)), '<script>window.xssRan=2</script>');
    const link = lastAssistant(el).querySelector('a');
    ok(!link || !link.hasAttribute('href'), 'javascript: link has no target');
    link?.click();
    await sleep(50);
    equal(window.xssRan, undefined, 'no handler ran');
  });
});

describe('builder: composer', () => {
  it('Enter sends, Shift+Enter adds a new line', async () => {
    const api = new FakeApi();
    api.chat = () => questionReply();
    const { el } = await mountBuilder(api);
    const composer = $<HTMLTextAreaElement>(el, '#composer')!;
    composer.focus();
    await sendKeys({ type: 'first line' });
    await sendKeys({ press: 'Shift+Enter' });
    await sendKeys({ type: 'second line' });
    equal(composer.value, 'first line\nsecond line');
    equal(api.callsTo('POST', '/chat').length, 0, 'nothing sent yet');
    await sendKeys({ press: 'Enter' });
    await waitFor(() => api.callsTo('POST', '/chat').length === 1, 'sent');
    deepEqual(api.lastCall('POST', '/chat')!.body.messages, [{ role: 'user', content: 'first line\nsecond line' }]);
    await waitFor(() => composer.value === '', 'composer cleared');
  });

  it('starter prompts on the empty state send a first message', async () => {
    const api = new FakeApi();
    api.chat = () => questionReply();
    const { el } = await mountBuilder(api);
    const starters = $$<HTMLButtonElement>(el, '.starter');
    ok(starters.length >= 3, 'starters shown');
    starters[1]!.click();
    await waitFor(() => api.callsTo('POST', '/chat').length === 1, 'sent');
    equal(api.lastCall('POST', '/chat')!.body.messages[0].content, starters[1]!.textContent!.trim());
    await waitFor(() => $$(el, '.starter').length === 0, 'empty state gone');
  });

  it('a host can set its own starters', async () => {
    const { el } = await mountBuilder();
    el.starters = ['Page me when the nightly backup fails'];
    await el.updateComplete;
    deepEqual(
      $$(el, '.starter').map((b) => b.textContent!.trim()),
      ['Page me when the nightly backup fails'],
    );
  });

  it('streams in awkward chunks even with a slow, held connection', async () => {
    const api = new FakeApi();
    const stream = sseStream(draftReply({ message: 'Ünïcödé ✓ — 🚀🚀' }), { holdAfter: 2 });
    api.chat = () => stream;
    const { el } = await mountBuilder(api);
    await send(el, 'Hi');
    await stream.held;
    await waitFor(() => txt(lastAssistant(el)).includes('Ünïcödé'), 'first delta');
    notIncludes(txt(lastAssistant(el)), '🚀🚀', 'second delta not yet');
    stream.release();
    await waitFor(() => lastAssistant(el).classList.contains('done'), 'done');
    includes(txt(lastAssistant(el)), 'Ünïcödé ✓ — 🚀🚀');
    notIncludes(txt(lastAssistant(el)), '\ufffd', 'no broken characters');
  });
});
