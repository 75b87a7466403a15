// The code editor of <forge-skill-builder> (CodeMirror, loaded on demand): the
// plain textarea shows first and CodeMirror replaces it once its chunk is
// there, never before a draft is shown; it highlights SKILL.md and scripts,
// marks the validator's findings on their lines, sends edits into the draft,
// opens search from the keyboard, puts the cursor on a finding's line when
// the finding is clicked, keeps the editor 20 lines tall beside an analysis,
// and is clean under axe. With `plain-editor` it is never loaded.

import { EditorView } from '@codemirror/view';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import { equal, includes, ok } from '../helpers/assert.js';
import { expectAccessible } from '../helpers/axe.js';
import { $, $$, button, cleanup, internals, mountBuilder, typeInto, waitFor } from '../helpers/dom.js';
import { FakeApi } from '../helpers/fake-api.js';
import type { ForgeSkillBuilder } from '../../../src/elements/builder/forge-skill-builder.component.js';
import { languageOf } from '../../../src/elements/builder/code/languages.js';

afterEach(cleanup);
after(() => setViewport({ width: 800, height: 600 }));

const WARNING = { severity: 'warning', code: 'description-vague', field: 'description', message: 'say when to use the skill', line: 3 };

/** The code editor's module, if the page has fetched it (this file imports @codemirror/view itself, for its checks). */
const codeModules = () => performance.getEntriesByType('resource').filter((r) => /code-editor-view/.test(r.name));

/** A builder without `plain-editor` (the suite's default), with a draft from a chat turn; `firstEditor` is what the first render of the draft showed. */
async function mountWithCode(api = new FakeApi()): Promise<{ el: ForgeSkillBuilder; firstEditor: string }> {
  api.validate = () => ({ valid: true, errors: [], warnings: [WARNING] });
  const { el } = await mountBuilder(api);
  el.removeAttribute('plain-editor');
  let firstEditor = '';
  el.addEventListener(
    'forge-skill-draft',
    () =>
      void el.updateComplete.then(() => {
        const first = $<HTMLTextAreaElement>(el, '#editor');
        firstEditor ||= first?.tagName ?? 'none';
        // The operator already typing in the textarea: the code editor takes over the focus and the cursor.
        if (!(first instanceof HTMLTextAreaElement)) return;
        first.focus();
        first.setSelectionRange(5, 5);
      }),
  );
  typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'Weather skill');
  await el.updateComplete;
  button(el, 'Send', '[part="composer"]').click();
  await waitFor(() => !internals(el).chat.busy && $(el, '#editor'), 'the draft');
  await waitFor(() => $(el, '.cm-editor .cm-content'), 'the code editor');
  return { el, firstEditor };
}

const content = (el: ForgeSkillBuilder) => $<HTMLElement>(el, '.cm-content')!;
const lineOf = (el: ForgeSkillBuilder, text: string) => $$<HTMLElement>(el, '.cm-line').find((l) => (l.textContent ?? '').startsWith(text));
/** The spans of a line that highlighting coloured differently from the line itself. */
const coloured = (line: HTMLElement | undefined) =>
  [...(line?.querySelectorAll('span') ?? [])].filter((s) => getComputedStyle(s).color !== getComputedStyle(line!).color);

describe('builder: the code editor', () => {
  it('is fetched only once a draft is shown; the textarea edits the draft until it is there', async () => {
    const api = new FakeApi();
    api.validate = () => ({ valid: true, errors: [], warnings: [] });
    const { el } = await mountBuilder(api);
    el.removeAttribute('plain-editor');
    el.requestUpdate();
    await el.updateComplete;
    equal(codeModules().length, 0, 'no code editor module before there is a draft');
    const { el: withDraft, firstEditor } = await mountWithCode();
    equal(firstEditor, 'TEXTAREA', 'the first render of the draft shows the plain textarea');
    ok(codeModules().length > 0, 'the code editor was fetched for the draft');
    equal($(withDraft, 'textarea#editor'), null, 'the textarea gave way to the code editor');
    await waitFor(() => withDraft.shadowRoot!.activeElement === content(withDraft), 'the focus moved from the textarea into the code editor');
    equal(EditorView.findFromDOM($(withDraft, '.cm-editor')!)!.state.selection.main.head, 5, 'with the cursor where it was');
    equal(content(withDraft).getAttribute('aria-label'), 'SKILL.md content');
    equal(content(withDraft).getAttribute('part'), 'editor-text', '::part(editor-text) reaches the editable text');
    ok($(withDraft, '[part="editor"] .cm-editor'), 'inside the editor part');
  });

  it('highlights the frontmatter, the Markdown and a bash script, with line numbers', async () => {
    const { el } = await mountWithCode();
    await waitFor(() => coloured(lineOf(el, 'name:')).length > 0, 'the YAML key highlighted');
    await waitFor(() => coloured(lineOf(el, '# Weather report')).length > 0, 'the Markdown heading highlighted');
    ok(
      $$(el, '.cm-lineNumbers .cm-gutterElement').some((g) => g.textContent === '12'),
      'line numbers',
    );
    $$<HTMLButtonElement>(el, '.tabs [role="tab"]')
      .find((t) => t.textContent?.includes('weather-current.sh'))!
      .click();
    await waitFor(() => content(el)?.getAttribute('aria-label') === 'scripts/weather-current.sh content', 'the script in the editor');
    await waitFor(() => coloured(lineOf(el, 'set -euo')).length > 0 || coloured(lineOf(el, 'echo')).length > 0, 'bash highlighted (its chunk loaded)');
  });

  it('marks the findings on their lines, takes typing into the draft and opens search from the keyboard', async () => {
    const { el } = await mountWithCode();
    await waitFor(() => $(el, '.cm-lintRange-warning'), 'the warning underlined');
    ok($(el, '.cm-lint-marker-warning'), 'and marked in the gutter');
    includes(lineOf(el, 'description:')!.textContent!, 'description:');
    ok(lineOf(el, 'description:')!.querySelector('.cm-lintRange-warning'), 'on the line of the finding');
    content(el).focus();
    await sendKeys({ press: 'Control+End' });
    await sendKeys({ type: 'Typed in the code editor.' });
    await waitFor(() => internals(el).editor.draft?.skillMd.endsWith('Typed in the code editor.'), 'the typing in the draft');
    ok(el.dirty, 'typing is unsaved work');
    await sendKeys({ press: 'Control+f' });
    await waitFor(() => $(el, '.cm-search input[name="search"]'), 'the search panel');
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !$(el, '.cm-search'), 'search closed');
  });

  it('writes a changed draft back without losing the editor, and a click on a finding selects its line', async () => {
    const { el } = await mountWithCode();
    const editor = $<HTMLElement>(el, '#editor')!;
    const d = internals(el).editor.draft!;
    internals(el).editor.edit({ ...d, skillMd: d.skillMd.replace('# Weather report', '# Weather now') });
    await waitFor(() => lineOf(el, '# Weather now'), 'the new text in the editor');
    equal($(el, '#editor'), editor, 'the same editor');
    await waitFor(() => $(el, '.diags .diag-btn'), 'the finding listed');
    $<HTMLButtonElement>(el, '.diags .diag-btn')!.click();
    await waitFor(() => el.shadowRoot!.activeElement === content(el), 'the editor focused');
    const state = EditorView.findFromDOM($(el, '.cm-editor')!)!.state;
    includes(state.sliceDoc(state.selection.main.from, state.selection.main.to), 'description:', 'the line of the finding selected');
  });

  it('starts a new file with the name of a deleted one without the old file’s undo history', async () => {
    const { el } = await mountWithCode();
    const tab = (name: string) => $$<HTMLButtonElement>(el, '.tabs [role="tab"]').find((t) => t.textContent?.includes(name));
    tab('weather-current.sh')!.click();
    await waitFor(() => content(el)?.getAttribute('aria-label') === 'scripts/weather-current.sh content', 'the script in the editor');
    content(el).focus();
    await sendKeys({ press: 'Control+End' });
    await sendKeys({ type: '# typed into the old file' });
    await waitFor(() => internals(el).editor.draft?.scripts['weather-current.sh']?.endsWith('# typed into the old file'), 'the typing in the draft');
    tab('SKILL.md')!.click();
    await waitFor(() => content(el)?.getAttribute('aria-label') === 'SKILL.md content', 'SKILL.md in the editor');
    const d = internals(el).editor.draft!;
    const { ['weather-current.sh']: gone, ...rest } = d.scripts;
    internals(el).editor.edit({ ...d, scripts: rest });
    await waitFor(() => !tab('weather-current.sh'), 'the script deleted');
    // A new draft brings the file back word for word (the typing included): the old history would undo that typing.
    const fresh = gone!;
    internals(el).editor.edit({ ...internals(el).editor.draft!, scripts: { ...rest, 'weather-current.sh': fresh } });
    await waitFor(() => tab('weather-current.sh'), 'a new script of the same name');
    tab('weather-current.sh')!.click();
    await waitFor(() => content(el)?.getAttribute('aria-label') === 'scripts/weather-current.sh content', 'the new script in the editor');
    content(el).focus();
    await sendKeys({ press: 'Control+z' });
    await sendKeys({ press: 'Control+z' });
    await el.updateComplete;
    equal(internals(el).editor.draft!.scripts['weather-current.sh'], fresh, 'undo has nothing of the deleted file to take back');
    equal(EditorView.findFromDOM($(el, '.cm-editor')!)!.state.doc.toString(), fresh);
  });

  it('keeps 20 lines beside an analysis at 1280×800 and is clean under axe', async () => {
    await setViewport({ width: 1280, height: 800 });
    const { el } = await mountWithCode();
    await waitFor(() => $(el, '.cm-lintRange-warning'), 'the marks');
    const scroller = $<HTMLElement>(el, '.cm-scroller')!;
    const lines = Math.floor((scroller.clientHeight - 20) / 20);
    ok(lines >= 20, `the code editor shows ${lines} lines (at least 20)`);
    await expectAccessible(el, 'the code editor with a finding marked');
    content(el).focus();
    await sendKeys({ press: 'Control+f' });
    await waitFor(() => $(el, '.cm-search'), 'the search panel');
    await expectAccessible(el, 'the code editor with its search panel');
  });

  it('at 400×800: 20 lines in one column, and long lines scroll inside the editor, not the page', async () => {
    await setViewport({ width: 400, height: 800 });
    const { el } = await mountWithCode();
    const scroller = $<HTMLElement>(el, '.cm-scroller')!;
    await waitFor(() => scroller.clientHeight > 0, 'laid out');
    const lines = Math.floor((scroller.clientHeight - 20) / 20);
    ok(lines >= 20, `the code editor shows ${lines} lines (at least 20)`);
    ok(scroller.scrollWidth > scroller.clientWidth, 'the description line is wider than the editor');
    ok(document.documentElement.scrollWidth <= 400, `the page does not scroll sideways (${document.documentElement.scrollWidth}px)`);
    ok($(el, '[part="editor"]')!.getBoundingClientRect().right <= 400.5, 'the editor stays inside the page');
  });

  it('is never loaded with plain-editor: the textarea stays', async () => {
    const api = new FakeApi();
    const { el } = await mountBuilder(api);
    typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'Weather skill');
    await el.updateComplete;
    button(el, 'Send', '[part="composer"]').click();
    await waitFor(() => !internals(el).chat.busy && $(el, 'textarea#editor'), 'the draft');
    await waitFor(() => !!internals(el).checks.result, 'checked');
    await new Promise((r) => setTimeout(r, 300));
    await el.updateComplete;
    equal($(el, '.cm-editor'), null, 'no code editor');
    typeInto($<HTMLTextAreaElement>(el, '#editor')!, '---\nname: plain\n---\n');
    await waitFor(() => internals(el).editor.draft?.skillMd === '---\nname: plain\n---\n', 'the textarea edits the draft');
  });
});

describe('code editor: the language of a file', () => {
  it('by name, else by the #! line', () => {
    equal(languageOf('SKILL.md', ''), 'skill-md');
    equal(languageOf('run.sh', ''), 'shell');
    equal(languageOf('tool.py', ''), 'python');
    equal(languageOf('tool.mjs', ''), 'javascript');
    equal(languageOf('references/api.md', ''), 'markdown');
    equal(languageOf('templates/x.yml', ''), 'yaml');
    equal(languageOf('tool', '#!/usr/bin/env python3.12\nprint(1)\n'), 'python');
    equal(languageOf('tool', '#!/usr/bin/env -S node --no-warnings\n'), 'javascript');
    equal(languageOf('tool', '#!/bin/bash\nset -e\n'), 'shell');
    equal(languageOf('tool', 'no shebang'), 'plain');
    equal(languageOf('data.csv', '#!/bin/bash'), 'plain');
  });
});
