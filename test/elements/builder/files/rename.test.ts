// Renaming any file tab of an imported skill folder (not SKILL.md): a file in
// a top-level folder (references/a.md), in a nested one (templates/x/y.txt,
// scripts/lib/render.py) and at the top of the folder (LICENSE.txt), with the
// checks of adding a file (a safe relative path, no "..", no clash by case,
// Unicode form or file-versus-folder); the text is kept, the open tab follows
// the new name and the change is announced. axe runs on both. The code
// editor shows the renamed file and sends its edits to the new path.

import { deepEqual, equal } from '../../helpers/assert.js';
import { expectAccessible } from '../../helpers/axe.js';
import { $, $$, button, cleanup, internals, mountBuilder, textOf, typeInto, waitFor } from '../../helpers/dom.js';
import { FakeApi } from '../../helpers/fake-api.js';
import type { ForgeSkillBuilder } from '../../../../src/elements/builder/forge-skill-builder.component.js';

afterEach(cleanup);

const MD = `---
name: report-kit
description: When the user asks for the weekly report ("write this week's report"), fill the weekly template.
---
# Report kit

Read references/a.md, fill templates/x/y.txt with scripts/lib/render.py; see LICENSE.txt.
`;
const FILES = { 'references/a.md': '# A\n', 'templates/x/y.txt': 'Dear {{name}},\n', 'scripts/lib/render.py': 'def render(): pass\n', 'LICENSE.txt': 'MIT\n' };

async function imported(): Promise<ForgeSkillBuilder> {
  const api = new FakeApi();
  api.importReply = () => ({
    name: 'report-kit',
    skill_md: MD,
    scripts: { 'run.sh': '#!/bin/sh\necho "{}"\n' },
    files: FILES,
    binaries: [],
    validation: { valid: true, errors: [], warnings: [] },
    proposals: null,
  });
  const { el } = await mountBuilder(api);
  await waitFor(() => !!$(el, '.import-menu'), 'the files view loaded', 20_000);
  const dt = new DataTransfer();
  dt.items.add(new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'report-kit.skill'));
  for (const type of ['dragenter', 'dragover', 'drop'])
    $(el, '.base')!.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, composed: true, cancelable: true }));
  await waitFor(() => internals(el).editor.draft?.skillMd === MD && $$(el, '.tabs [role="tab"]').length === 6, 'the imported draft with its 6 tabs', 20_000);
  return el;
}

const tabOf = (el: Element, path: string) =>
  $$<HTMLButtonElement>(el, '.tabs [role="tab"]').find((t) => (t.getAttribute('title') ?? t.textContent!.trim()) === path);

/** Opens the tab of `path`, then the rename form for it. */
async function startRename(el: ForgeSkillBuilder, path: string): Promise<void> {
  await waitFor(() => !!tabOf(el, path), `the tab of ${path}`, 20_000);
  tabOf(el, path)!.click();
  await waitFor(() => $(el, '.file-bar .path')?.textContent === path && !!$(el, '#editor'), `${path} open`, 20_000);
  button(el, 'Rename', '.file-bar').click();
  await waitFor(() => !!$(el, '#file-name'), 'the rename form', 20_000);
}

/** Types `name` (and picks `folder` when given) in the open form and submits it. */
async function submit(el: ForgeSkillBuilder, name: string, folder?: string): Promise<void> {
  if (folder !== undefined) {
    typeInto($<HTMLSelectElement>(el, '.name-edit select')!, folder);
    await waitFor(() => $<HTMLSelectElement>(el, '.name-edit select')?.value === folder, `folder ${folder} picked`, 20_000);
  }
  typeInto($<HTMLInputElement>(el, '#file-name')!, name);
  await el.updateComplete;
  button(el, 'Rename', '.name-edit').click();
}

const status = (el: Element) => textOf(el, '.sr-only[aria-live="polite"]').trim();

describe('builder: renaming a file in a folder', () => {
  it('renames a nested template, a reference, a helper under scripts/lib and a top-level file, keeping the text', async () => {
    const el = await imported();
    await startRename(el, 'templates/x/y.txt');
    equal($<HTMLInputElement>(el, '#file-name')!.value, 'x/y.txt', 'the form starts from the path below the folder');
    equal($<HTMLSelectElement>(el, '.name-edit select')!.value, 'templates');
    await submit(el, 'x/z.txt');
    await waitFor(
      () => internals(el).editor.tab === 'templates/x/z.txt' && $(el, '.file-bar .path')?.textContent === 'templates/x/z.txt',
      'the tab follows',
      20_000,
    );
    equal(el.draft!.files!['templates/x/z.txt'], 'Dear {{name}},\n', 'the text is kept');
    equal(el.draft!.files!['templates/x/y.txt'], undefined, 'the old name is gone');
    await waitFor(() => $<HTMLTextAreaElement>(el, '#editor')?.value === 'Dear {{name}},\n', 'the editor shows the renamed file', 20_000);
    await waitFor(() => tabOf(el, 'templates/x/z.txt')?.getAttribute('aria-selected') === 'true', 'its tab is the selected one', 20_000);
    await waitFor(() => status(el) === 'Renamed templates/x/y.txt to templates/x/z.txt.', `the rename announced (got "${status(el)}")`, 20_000);
    await expectAccessible(el, 'after a nested rename');

    await startRename(el, 'references/a.md');
    await submit(el, 'b.md');
    await waitFor(
      () => el.draft!.files!['references/b.md'] === '# A\n' && !('references/a.md' in el.draft!.files!),
      'references/a.md → references/b.md',
      20_000,
    );

    await startRename(el, 'scripts/lib/render.py');
    equal($<HTMLInputElement>(el, '#file-name')!.value, 'lib/render.py');
    await submit(el, 'lib/draw.py');
    await waitFor(() => el.draft!.files!['scripts/lib/draw.py'] === 'def render(): pass\n', 'scripts/lib/render.py → scripts/lib/draw.py', 20_000);
    deepEqual(Object.keys(el.draft!.scripts), ['run.sh'], 'a nested helper stays a folder file, not a script');

    await startRename(el, 'LICENSE.txt');
    equal($<HTMLSelectElement>(el, '.name-edit select')!.value, '', 'the top of the skill folder');
    await submit(el, 'LICENSE.md');
    await waitFor(() => el.draft!.files!['LICENSE.md'] === 'MIT\n', 'LICENSE.txt → LICENSE.md, its text kept', 20_000);
    await waitFor(
      () => $(el, '.file-bar .path')?.textContent === 'LICENSE.md' && $<HTMLTextAreaElement>(el, '#editor')?.value === 'MIT\n',
      'the top file open',
      20_000,
    );
    deepEqual(Object.keys(el.draft!.files!).sort(), ['LICENSE.md', 'references/b.md', 'scripts/lib/draw.py', 'templates/x/z.txt']);
    deepEqual(Object.keys(el.draft!.scripts), ['run.sh'], 'no script appeared');
  });

  it('refuses a clash, "..", and a file where a folder is, changing nothing', async () => {
    const el = await imported();
    const before = JSON.stringify(el.draft);
    await startRename(el, 'templates/x/y.txt');
    const refused = async (name: string, want: string, folder?: string) => {
      await submit(el, name, folder);
      await waitFor(() => textOf(el, '#file-name-error').includes(want), `"${name}" refused with "${want}" (got "${textOf(el, '#file-name-error')}")`, 20_000);
    };
    await refused('a.md', 'a file named "references/a.md" already exists', 'references');
    await refused('A.MD', 'clashes with "references/a.md"');
    await refused('../a.md', 'contains ".."');
    await refused('a.md/z.txt', '"references/a.md" is a file');
    await refused('lib', '"scripts/lib" is the folder of "scripts/lib/render.py"', 'scripts');
    await refused('SKILL.md', 'SKILL.md is the skill itself', '');
    equal($(el, '#file-name')!.getAttribute('aria-invalid'), 'true');
    await expectAccessible(el, 'the rename form with a refused name');
    equal(JSON.stringify(el.draft), before, 'nothing renamed');
    equal(internals(el).editor.tab, 'templates/x/y.txt', 'the file stays open');
  });

  it('in the code editor: the renamed file shows its text under the new name, and edits go to it', async () => {
    const el = await imported();
    el.removeAttribute('plain-editor');
    await startRename(el, 'templates/x/y.txt');
    await waitFor(() => $(el, '.cm-editor .cm-content'), 'the code editor', 20_000);
    await submit(el, 'x/z.txt');
    await waitFor(
      () => $(el, '.file-bar .path')?.textContent === 'templates/x/z.txt' && $(el, '.cm-content')?.textContent === 'Dear {{name}},',
      'the renamed file in the code editor',
      20_000,
    );
    const editor = $<HTMLTextAreaElement>(el, '#editor')!;
    editor.value = 'Dear {{name}}, again\n';
    await waitFor(() => el.draft!.files!['templates/x/z.txt'] === 'Dear {{name}}, again\n', 'the edit lands on the new path', 20_000);
    equal(el.draft!.files!['templates/x/y.txt'], undefined, 'nothing written under the old name');
  });
});
