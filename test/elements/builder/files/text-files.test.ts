// Import like a user expects, in the browser: the folder is read by core's
// readSkillFiles in Chromium (its fatal TextDecoder decides text or binary by
// content), the reply goes through the import route of the fake API, and the
// files show as tabs: every UTF-8 file — templates/, scripts/lib/, the top —
// opens in the editor and counts for the share switch, a .md holding a NUL is
// listed as a binary, new files can go into the draft's own folders, and the
// real validator (run on each validate call) gives one grouped notice for the
// unmentioned templates instead of one per file.

import { deepEqual, equal, includes, ok } from '../../helpers/assert.js';
import { expectAccessible } from '../../helpers/axe.js';
import { $, $$, button, cleanup, internals, mountBuilder, textOf, typeInto, waitFor } from '../../helpers/dom.js';
import { FakeApi } from '../../helpers/fake-api.js';
import { readSkillFiles } from '../../../../src/core/skill-folder/read.js';
import { validateSkillMd } from '../../../../src/core/skillmd/validate/validate.js';

afterEach(cleanup);

const MD = `---
name: report-kit
description: When the user asks for the weekly report ("write this week's report"), fill the weekly template.
---
# Report kit

Fill in [the weekly template](templates/weekly.md).
`;
const enc = (s: string) => new TextEncoder().encode(s);
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

async function importReply() {
  const skill = await readSkillFiles([
    { path: 'report-kit/SKILL.md', bytes: enc(MD) },
    { path: 'report-kit/scripts/lib/render.py', bytes: enc('def render(): pass\n') },
    { path: 'report-kit/LICENSE.txt', bytes: enc('MIT\n') },
    { path: 'report-kit/references/blob.md', bytes: enc('not text\u0000') },
    ...['weekly', 'monthly', 'quarterly', 'yearly'].map((n) => ({ path: `report-kit/templates/${n}.md`, bytes: enc(`# ${n}\n`) })),
  ]);
  return {
    name: skill.name,
    skill_md: skill.skillMd,
    scripts: skill.scripts,
    files: skill.files,
    binaries: skill.binaries.map((b) => ({ path: b.path, size: b.size, sha256: b.sha256, content_base64: b64(b.bytes!) })),
    validation: skill.validate(),
    proposals: null,
  };
}

/** The fake's validate runs the real validator over the request's files (binaries as ''), as the server does. */
function realValidate(body: { skill_md: string; scripts?: Record<string, string>; files?: Record<string, string>; binaries?: Array<{ path: string }> }) {
  const files = { ...body.files, ...Object.fromEntries((body.binaries ?? []).map((b) => [b.path, ''])) };
  return validateSkillMd(body.skill_md, { scripts: body.scripts ?? {}, files });
}

const tabs = (el: Element) => $$(el, '.tabs [role="tab"]').map((t) => t.getAttribute('title') ?? t.textContent!.trim());

describe('builder: any UTF-8 file of an imported folder is an editable text file', () => {
  it('shows templates/, scripts/lib/ and top-level text as editable tabs, a NUL file as binary, and one grouped notice', async () => {
    const api = new FakeApi();
    const reply = await importReply();
    api.importReply = () => reply;
    api.validate = realValidate;
    const { el } = await mountBuilder(api);
    await waitFor(() => !!$(el, '.import-menu'), 'the files view loaded');
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'report-kit.skill'));
    for (const type of ['dragenter', 'dragover', 'drop'])
      $(el, '.base')!.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, composed: true, cancelable: true }));
    await waitFor(() => internals(el).editor.draft?.skillMd === MD && $$(el, '.tabs [role="tab"]').length === 8, 'the imported draft with its 8 tabs');

    deepEqual(Object.keys(el.draft!.files!).sort(), [
      'LICENSE.txt',
      'scripts/lib/render.py',
      'templates/monthly.md',
      'templates/quarterly.md',
      'templates/weekly.md',
      'templates/yearly.md',
    ]);
    deepEqual(
      el.draft!.binaries!.map((b) => b.path),
      ['references/blob.md'],
      'binary by content: a .md holding a NUL byte',
    );
    ok(tabs(el).includes('templates/weekly.md') && tabs(el).includes('scripts/lib/render.py'), `tabs: ${tabs(el).join(', ')}`);

    // A template opens in the editor, like any text file, and edits land in the draft.
    $<HTMLButtonElement>(el, '.tabs [role="tab"][title="templates/weekly.md"]')!.click();
    await waitFor(() => $<HTMLTextAreaElement>(el, '#editor')?.value === '# weekly\n', 'the template in the editor');
    typeInto($<HTMLTextAreaElement>(el, '#editor')!, '# Week {{n}}\n');
    await waitFor(() => el.draft!.files!['templates/weekly.md'] === '# Week {{n}}\n', 'the edit in the draft');
    // The NUL file is listed read-only.
    $<HTMLButtonElement>(el, '.tabs [role="tab"][title="references/blob.md"]')!.click();
    await waitFor(() => !!$(el, '.binary-file') && !$(el, '#editor'), 'the binary panel, no editor');

    // Every text file can be shared with the model.
    await waitFor(() => textOf(el, '.share-files').includes('6 text files'), 'the share switch counts every text file');

    // The real validator groups the unmentioned templates into one notice.
    await waitFor(() => (internals(el).checks.result?.warnings ?? []).some((w) => w.field === 'files.templates/'), 'the grouped notice');
    const unreferenced = internals(el).checks.result!.warnings.filter((w) => w.code === 'file-unreferenced');
    deepEqual(unreferenced.map((w) => w.field).sort(), ['files.LICENSE.txt', 'files.references/blob.md', 'files.scripts/lib/render.py', 'files.templates/']);
    includes(unreferenced.find((w) => w.field === 'files.templates/')!.message, '3 files in templates/');
    await expectAccessible(el, 'the draft with an imported folder');
  });

  it('offers the draft’s own folders (templates/) for a new file', async () => {
    const api = new FakeApi();
    const reply = await importReply();
    api.importReply = () => reply;
    const { el } = await mountBuilder(api);
    await waitFor(() => !!$(el, '.import-menu'), 'the files view loaded');
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'report-kit.skill'));
    for (const type of ['dragenter', 'dragover', 'drop'])
      $(el, '.base')!.dispatchEvent(new DragEvent(type, { dataTransfer: dt, bubbles: true, composed: true, cancelable: true }));
    await waitFor(() => internals(el).editor.draft?.skillMd === MD && !!$(el, '.tabs [role="tab"]'), 'the imported draft');
    button(el, 'Add file').click();
    await waitFor(() => !!$(el, '.name-edit select'), 'the name form');
    const folder = $<HTMLSelectElement>(el, '.name-edit select')!;
    ok(
      [...folder.options].some((o) => o.value === 'templates'),
      `folders: ${[...folder.options].map((o) => o.value).join(', ')}`,
    );
    typeInto(folder, 'templates');
    await waitFor(() => folder.value === 'templates', 'templates picked');
    typeInto($<HTMLInputElement>(el, '#file-name')!, 'daily.md');
    button(el, 'Add', '.name-edit').click();
    await waitFor(() => el.draft!.files!['templates/daily.md'] !== undefined, 'the new template');
    equal(internals(el).editor.tab, 'templates/daily.md');
  });
});
