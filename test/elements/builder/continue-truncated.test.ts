// A reply cut off at the model's output limit with no recoverable draft ends
// with a clear notice and a Continue button, which sends the continuation turn
// (issue 11) — not a silent done.

import { CONTINUE_MESSAGE, TRUNCATED_NO_DRAFT_NOTICE } from '../../../src/core/builder/continue-turn.js';
import { equal, includes, ok } from '../helpers/assert.js';
import { $, $$, button, cleanup, mountBuilder, typeInto, waitFor } from '../helpers/dom.js';
import { FakeApi, questionReply } from '../helpers/fake-api.js';

afterEach(cleanup);

const lastAssistant = (el: Element) => $$(el, '.msg.assistant').at(-1)!;

it('shows the notice with Continue, and Continue sends the continuation turn', async () => {
  const api = new FakeApi();
  let turn = 0;
  api.chat = () =>
    turn++ === 0
      ? [
          ['progress', { chars: 8000, phase: 'skill' }],
          ['message_delta', { delta: 'Here is the skill' }],
          ['message', { content: 'Here is the skill' }],
          ['done', { status: 'complete', structured: true, truncated: true, notice: TRUNCATED_NO_DRAFT_NOTICE }],
        ]
      : questionReply('Done, here it is again.');
  const { el } = await mountBuilder(api);
  typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'A long skill');
  await (el as any).updateComplete;
  button(el, 'Send', '[part="composer"]').click();
  await waitFor(() => !!lastAssistant(el)?.classList.contains('done'), 'done');
  includes(lastAssistant(el).textContent ?? '', 'no draft could be recovered');
  const cont = button(el, 'Continue', '.msg.assistant');
  ok(cont, 'a Continue button');
  cont.click();
  await waitFor(() => api.callsTo('POST', '/chat').length === 2, 'continuation turn');
  const body = api.lastCall('POST', '/chat')!.body;
  equal(body.messages.at(-1).role, 'user');
  equal(body.messages.at(-1).content, CONTINUE_MESSAGE);
  await waitFor(() => (lastAssistant(el).textContent ?? '').includes('Done, here it is again.'), 'second reply');
});
