// The chat controller on its own (issue 12): what the model is sent (finished
// turns only, same-role turns joined, the draft and edit mode), the draft a
// reply delivers handed to the editor, Stop, and unsaved-work tracking.

import { ChatController, chatHistory, nextPartial, type ChatEntry } from '../../../../src/elements/builder/controllers/chat-controller.js';
import type { Draft } from '../../../../src/elements/types.js';
import { deepEqual, equal, ok } from '../../helpers/assert.js';
import { waitFor } from '../../helpers/dom.js';
import { testContext } from '../../helpers/controller-host.js';
import { WEATHER_SKILL_MD } from '../../helpers/fake-api.js';

const entry = (id: number, role: ChatEntry['role'], content: string, status: ChatEntry['status'] = 'done'): ChatEntry => ({ id, role, content, status });

function setup() {
  const t = testContext();
  const editor = { draft: null as Draft | null, editing: null as string | null, applied: [] as Draft[], apply: (d: Draft) => void editor.applied.push(d) };
  const chat = new ChatController(t.host, t.ctx, editor);
  return { ...t, editor, chat };
}

describe('chat controller', () => {
  it('sends the model finished turns only, joining consecutive turns of one role', () => {
    const history = chatHistory([
      entry(1, 'user', 'Weather skill'),
      entry(2, 'assistant', '', 'error'),
      entry(3, 'user', 'for Paris'),
      entry(4, 'assistant', 'Which units?'),
      entry(5, 'assistant', 'half a reply', 'stopped'),
    ]);
    deepEqual(history, [
      { role: 'user', content: 'Weather skill\n\nfor Paris' },
      { role: 'assistant', content: 'Which units?' },
    ]);
  });

  it('keeps the partial draft on the file the reader picked while it exists', () => {
    const first = nextPartial(null, { skillMd: '---', scripts: { 'a.sh': '#!' } });
    equal(first.tab, 'SKILL.md');
    equal(nextPartial({ ...first, tab: 'a.sh' }, { skillMd: '---\nname', scripts: { 'a.sh': '#!/bin' } }).tab, 'a.sh');
    equal(nextPartial({ ...first, tab: 'gone.sh' }, { skillMd: '---', scripts: {} }).tab, 'SKILL.md');
  });

  it('streams a turn with the current draft and edit mode, and hands the delivered draft to the editor', async () => {
    const { chat, editor, api, host, said } = setup();
    editor.draft = { skillMd: 'edited by hand', scripts: {} };
    editor.editing = 'weather-report';
    chat.send('  Add a units option  ');
    equal(chat.busy, true);
    equal(chat.composer, '');
    ok(chat.dirty, 'a conversation is unsaved work');
    await waitFor(() => !chat.busy, 'turn finished');
    const body = api.lastCall('POST', '/chat')!.body;
    deepEqual(body.messages, [{ role: 'user', content: 'Add a units option' }]);
    equal(body.mode, 'edit');
    equal(body.editing_name, 'weather-report');
    equal(body.draft.skill_md, 'edited by hand');
    equal(editor.applied.length, 1);
    equal(editor.applied[0]!.skillMd, WEATHER_SKILL_MD);
    const reply = chat.entries[1]!;
    equal(reply.status, 'done');
    equal(reply.draftFiles, 2);
    deepEqual(said, ['The Skill Designer replied and updated the draft.']);
    ok(host.updates > 3, 'every change asked the host to update');
    chat.markSaved();
    equal(chat.dirty, false, 'saved: the conversation is no longer unsaved work');
  });

  it('Stop ends the turn as stopped, keeping what arrived', async () => {
    const { chat, api } = setup();
    api.holdAfter = 2;
    chat.send('Weather skill');
    await waitFor(() => api.streams.length === 1, 'chat request');
    await api.streams[0]!.held;
    chat.stop();
    await waitFor(() => !chat.busy, 'turn ended');
    equal(chat.entries[1]!.status, 'stopped');
    ok(chat.entries[1]!.content.length > 0, 'the deltas that arrived are kept');
    equal(chat.partial, null);
  });

  it('ignores sending while a reply streams, and disconnecting aborts it', async () => {
    const { chat, api, host } = setup();
    api.holdAfter = 1;
    chat.send('first');
    chat.send('second');
    equal(chat.entries.filter((e) => e.role === 'user').length, 1, 'a second message waits for the reply');
    await waitFor(() => api.streams.length === 1, 'chat request');
    host.disconnect();
    await waitFor(() => !chat.busy, 'turn ended');
    equal(chat.entries[1]!.status, 'stopped');
  });
});
