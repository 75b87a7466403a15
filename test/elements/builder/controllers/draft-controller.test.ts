// The draft controller on its own (issue 12): a model's draft replaces the
// editor's and fires forge-skill-draft (with the skill being edited), a tab
// that no longer exists falls back to SKILL.md, every change asks for a check,
// and edit mode's baseline tells unsaved changes.

import { DraftController } from '../../../../src/elements/builder/controllers/draft-controller.js';
import { deepEqual, equal, ok } from '../../helpers/assert.js';
import { recordEvents } from '../../helpers/dom.js';
import { testContext } from '../../helpers/controller-host.js';

function setup() {
  const t = testContext();
  const checks: Array<number | undefined> = [];
  const editor = new DraftController(t.host, t.ctx, (delay) => void checks.push(delay));
  return { ...t, editor, checks };
}

const draft = (skillMd: string, scripts: Record<string, string> = {}) => ({ skillMd, scripts });

describe('draft controller', () => {
  it('loads a draft from the model, fires forge-skill-draft and checks it at once', () => {
    const { editor, host, checks } = setup();
    const events = recordEvents(host, ['forge-skill-draft']);
    const from = draft('---\nname: a\n---\n', { 'a.sh': 'echo' });
    editor.apply(from);
    from.scripts['a.sh'] = 'changed later by the caller';
    equal(editor.draft!.scripts['a.sh'], 'echo', 'the editor keeps its own copy');
    equal(editor.skillName, 'a');
    deepEqual(checks, [0]);
    equal(events.length, 1);
    equal(events[0]!.detail.editingName, undefined);
  });

  it('falls back to SKILL.md when the selected script is gone from a new draft', () => {
    const { editor } = setup();
    editor.apply(draft('x', { 'a.sh': '1', 'b.sh': '2' }));
    editor.selectTab('b.sh');
    editor.apply(draft('y', { 'b.sh': '3' }));
    equal(editor.tab, 'b.sh', 'a script that still exists stays selected');
    editor.apply(draft('z', { 'a.sh': '1' }));
    equal(editor.tab, 'SKILL.md');
    // A skill folder's files are tabs too (a file at the top of the folder as ./name).
    const folder = { ...draft('f'), files: { 'references/a.md': 'a' }, binaries: [{ path: 'LICENSE', size: 1, sha256: '00' }] };
    editor.apply(folder);
    editor.selectTab('./LICENSE');
    editor.apply({ ...folder, skillMd: 'g' });
    equal(editor.tab, './LICENSE', 'a binary that still exists stays selected');
    editor.selectTab('references/a.md');
    editor.apply({ ...folder, files: {} });
    equal(editor.tab, 'SKILL.md', 'a removed reference file falls back to SKILL.md');
  });

  it('tells unsaved changes from the baseline of an opened or saved skill', () => {
    const { editor, host, checks } = setup();
    const events = recordEvents(host, ['forge-skill-draft']);
    editor.open('weather', 'ops-bot', draft('saved text'));
    equal(editor.dirty, false);
    equal(editor.editing, 'weather');
    editor.edit(draft('saved text, edited'));
    ok(editor.dirty, 'an edit is unsaved work');
    deepEqual(checks, [0, undefined], 'opening checks at once, an edit after a pause');
    editor.saved('ops-bot', 'weather', editor.draft!);
    equal(editor.dirty, false, 'saved: the edit is the new baseline');
    deepEqual(editor.original, draft('saved text, edited'));
    editor.apply(draft('from the model'));
    equal(events[0]!.detail.editingName, 'weather', 'a draft in edit mode names the skill');
    editor.reset();
    equal(editor.draft, null);
    equal(editor.editing, null);
    equal(editor.dirty, false);
  });
});
