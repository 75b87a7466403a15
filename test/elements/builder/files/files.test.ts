// Skill folders in <forge-skill-builder> (issue 17): importing a .zip/.skill
// or a folder by drag-and-drop (a real DragEvent carrying a DataTransfer with
// a File; a folder through the browser's FileSystem entry API) into a new,
// unsaved draft; the import's error; accepting requirement proposals; the
// files as tabs grouped by folder with add/rename/delete under the script-name
// rules; binaries listed read-only; saving sends the whole folder; Export.

import { deepEqual, equal, includes, ok } from '../../helpers/assert.js';
import { expectAccessible } from '../../helpers/axe.js';
import { $, $$, button, cleanup, focused, internals, mountBuilder, textOf, txt, typeInto, waitFor } from '../../helpers/dom.js';
import { draftReply, errorResponse, FakeApi } from '../../helpers/fake-api.js';
import type { ForgeSkillBuilder } from '../../../../src/elements/builder/forge-skill-builder.component.js';

afterEach(cleanup);

const PDF_MD = `---
name: pdf-report
description: When the user asks for a summary of a PDF report ("summarise this PDF"), extract its text and summarise it.
---
# PDF report

Read [the guide](references/guide.md) first and lay the answer out like \`assets/template.md\`.
`;
const SCRIPT = '#!/usr/bin/env python3\nimport os\nprint(os.environ["PDF_API_KEY"])\n';
const LOGO = { path: 'assets/logo.png', size: 2048, sha256: 'ab'.repeat(32), content_base64: 'iVBORw0KGgo=' };

const importReply = () => ({
  name: 'pdf-report',
  skill_md: PDF_MD,
  scripts: { 'extract.py': SCRIPT },
  files: { 'references/guide.md': '# Guide\n', 'assets/template.md': '# {{title}}\n' },
  binaries: [LOGO],
  validation: { valid: true, errors: [], warnings: [] },
  proposals: { bins: ['python3', 'pdftotext'], egress_domains: ['api.pdf.example'], env: ['PDF_API_KEY'] },
});

const tabs = (el: Element) => $$(el, '.tabs [role="tab"] .mono').map((t) => t.textContent);
const groups = (el: Element) => $$(el, '.tab-group').map((g) => g.textContent);

function dragEvent(type: string, dataTransfer: DataTransfer): DragEvent {
  return new DragEvent(type, { dataTransfer, bubbles: true, composed: true, cancelable: true });
}

/** Drops `dt` on the builder as a browser would: dragenter, dragover, drop. Returns the drop event. */
function drop(el: ForgeSkillBuilder, dt: DataTransfer): DragEvent {
  const base = $(el, '.base')!;
  base.dispatchEvent(dragEvent('dragenter', dt));
  base.dispatchEvent(dragEvent('dragover', dt));
  const ev = dragEvent('drop', dt);
  base.dispatchEvent(ev);
  return ev;
}

async function mountReady(api = new FakeApi()) {
  const { el } = await mountBuilder(api);
  await waitFor(() => !!$(el, '.import-menu'), 'the files view loaded');
  return el;
}

async function importByDrop(api: FakeApi): Promise<ForgeSkillBuilder> {
  api.importReply = importReply;
  const el = await mountReady(api);
  const dt = new DataTransfer();
  dt.items.add(new File([new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])], 'pdf-report.skill'));
  drop(el, dt);
  await waitFor(() => internals(el).editor.draft?.skillMd === PDF_MD && !!$(el, '.tabs [role="tab"]'), 'the imported draft');
  await el.updateComplete;
  return el;
}

describe('builder: import a skill folder', () => {
  it('shows where an imported package comes from — its trust badge and provenance — before anything is saved', async () => {
    const api = new FakeApi();
    api.importReply = () => ({
      ...importReply(),
      trust: {
        status: 'modified',
        level: 'untrusted',
        key_id: 'release',
        coverage: 'all_files',
        changed: ['scripts/extract.py'],
        added: [],
        missing: [],
        signature_verified: false,
        checksums_match: false,
        detail: 'signed by key "release", but 1 file changed since',
      },
      provenance: {
        version_id: '0123456789abcdef',
        created: '2026-03-04T05:06:07.000Z',
        builder: 'forge-skill-builder@1.2.3',
        risk_score: 35,
        risk_level: 'medium',
        eval_summary: 'pass rate 75% with the skill, 25% without (+50 points), 4 runs',
      },
    });
    const el = await mountReady(api);
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3])], 'pdf-report.skill'));
    drop(el, dt);
    await waitFor(() => $(el, '.import-origin'), 'the origin notice');
    const text = textOf(el, '.import-origin').replace(/\s+/g, ' ');
    includes(text, 'Modified since signed');
    includes(text, 'changed: scripts/extract.py');
    includes(text, '0123456789abcdef');
    includes(text, 'forge-skill-builder@1.2.3');
    includes(text, '35 (medium)');
    includes(text, 'pass rate 75% with the skill');
    equal(api.callsTo('POST', '/save').length, 0, 'nothing saved');
    await expectAccessible($(el, '.import-origin')!, 'the origin notice');
    button(el, 'Dismiss', '.import-origin').click();
    await waitFor(() => !$(el, '.import-origin'), 'dismissed');
  });

  it('imports a .skill dropped on the builder into a new draft, never saving it, with the files grouped by folder', async () => {
    const api = new FakeApi();
    api.importReply = importReply;
    const el = await mountReady(api);
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 9, 8, 7]);
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'pdf-report.skill'));
    $(el, '.base')!.dispatchEvent(dragEvent('dragenter', dt));
    await waitFor(() => !!$(el, '.drop-overlay'), 'the drop overlay');
    const ev = drop(el, dt);
    ok(ev.defaultPrevented, 'the browser does not open the dropped file itself');
    await waitFor(() => internals(el).editor.draft?.skillMd === PDF_MD, 'the imported draft');
    await el.updateComplete;
    equal($(el, '.drop-overlay'), null, 'overlay gone');

    const call = api.lastCall('POST', '/skill-builder/import')!;
    equal(call.path, '/api/skill-builder/import');
    ok(call.raw instanceof Blob, 'the package is the body, as bytes');
    equal((call.raw as Blob).type, 'application/zip', 'a .skill is sent as application/zip');
    deepEqual([...new Uint8Array(await (call.raw as Blob).arrayBuffer())], [...bytes]);
    equal(api.callsTo('POST', '/save').length, 0, 'nothing saved by the import');
    ok(el.dirty, 'the imported draft is unsaved work');
    equal(internals(el).editor.editing, null, 'a new skill, not an edit');

    deepEqual(groups(el), ['scripts/', 'references/', 'assets/']);
    deepEqual(tabs(el), ['SKILL.md', 'extract.py', 'guide.md', 'logo.png', 'template.md']);
    equal($(el, '.tabs [role="tab"][title="assets/logo.png"] .tab-size')?.textContent, '2.0 KB');
    deepEqual(el.draft!.files, importReply().files);
    includes(textOf(el, '.proposals'), 'Requirements read from the scripts');
  });

  it('imports a dropped folder: its files go to the import route as multipart parts named by their paths', async () => {
    const api = new FakeApi();
    api.importReply = importReply;
    const el = await mountReady(api);
    // The browser's FileSystem entries of a dropped folder (what webkitGetAsEntry returns), two readEntries batches deep.
    const fileEntry = (name: string, text: string) => ({ isFile: true, isDirectory: false, name, file: (ok: (f: File) => void) => ok(new File([text], name)) });
    const dirEntry = (name: string, batches: unknown[][]) => ({
      isFile: false,
      isDirectory: true,
      name,
      createReader: () => {
        let i = 0;
        return { readEntries: (ok: (b: unknown[]) => void) => setTimeout(() => ok(batches[i++] ?? []), 1) };
      },
    });
    const folder = dirEntry('pdf-report', [
      [fileEntry('SKILL.md', PDF_MD), dirEntry('scripts', [[fileEntry('extract.py', SCRIPT)]])],
      [dirEntry('references', [[fileEntry('guide.md', '# Guide\n')]])],
    ]);
    const ev = dragEvent('drop', new DataTransfer());
    const fake = { types: ['Files'], files: [], items: [{ kind: 'file', webkitGetAsEntry: () => folder }] };
    Object.defineProperty(ev, 'dataTransfer', { value: fake });
    $(el, '.base')!.dispatchEvent(ev);
    await waitFor(() => internals(el).editor.draft?.skillMd === PDF_MD, 'the imported draft');
    const form = api.lastCall('POST', '/skill-builder/import')!.raw as FormData;
    ok(form instanceof FormData, 'sent as multipart/form-data');
    const parts = form.getAll('file') as File[];
    deepEqual(parts.map((f) => f.name).sort(), ['SKILL.md', 'references/guide.md', 'scripts/extract.py']);
    equal(await parts.find((f) => f.name === 'scripts/extract.py')!.text(), SCRIPT);

    // A folder past the 500-file limit is refused before anything is uploaded.
    const many = dirEntry('huge', [Array.from({ length: 501 }, (_, i) => fileEntry(`f${i}.md`, 'x'))]);
    const ev2 = dragEvent('drop', new DataTransfer());
    Object.defineProperty(ev2, 'dataTransfer', { value: { ...fake, items: [{ kind: 'file', webkitGetAsEntry: () => many }] } });
    $(el, '.base')!.dispatchEvent(ev2);
    await waitFor(() => textOf(el, '.import-note').includes('the folder holds 501 files; a skill may hold at most 500'), 'the refusal');
    equal(api.callsTo('POST', '/skill-builder/import').length, 1, 'nothing uploaded');
  });

  it('shows why an import was refused (the server names the entry) and refuses a dropped file that is not a package', async () => {
    const api = new FakeApi();
    api.importReply = () =>
      errorResponse(400, 'refused entry "../evil.sh": the entry path contains ".." and would land outside the skill folder', { field: 'zip' });
    const el = await mountReady(api);
    const errors: CustomEvent[] = [];
    el.addEventListener('forge-error', (e) => errors.push(e));
    const dt = new DataTransfer();
    dt.items.add(new File(['PK'], 'evil.zip', { type: 'application/zip' }));
    drop(el, dt);
    await waitFor(() => !!$(el, '.import-note[role="alert"]'), 'the error');
    includes(textOf(el, '.import-note'), 'Import failed: refused entry "../evil.sh": the entry path contains ".."');
    equal(internals(el).editor.draft, null, 'no draft from a refused archive');
    equal(errors[0]?.detail.action, 'import');
    equal(errors[0]?.detail.status, 400);

    button(el, 'Dismiss', '.import-note').click();
    const txtDrop = new DataTransfer();
    txtDrop.items.add(new File(['hello'], 'notes.txt'));
    const before = api.callsTo('POST', '/skill-builder/import').length;
    drop(el, txtDrop);
    await waitFor(() => textOf(el, '.import-note').includes('"notes.txt" is not a skill package'), 'the refusal');
    equal(api.callsTo('POST', '/skill-builder/import').length, before, 'nothing sent');
  });

  it('imports a package chosen in the Import menu', async () => {
    const api = new FakeApi();
    api.importReply = importReply;
    const el = await mountReady(api);
    $<HTMLElement>(el, '.import-menu summary')!.click();
    await waitFor(() => $<HTMLDetailsElement>(el, '.import-menu')!.open, 'menu open');
    const input = $<HTMLInputElement>(el, '#import-package')!;
    equal(input.accept, '.zip,.skill,application/zip');
    ok($<HTMLInputElement>(el, '#import-folder')!.webkitdirectory, 'the folder input picks folders');
    let opened = false;
    input.addEventListener('click', (e) => ((opened = true), e.preventDefault()));
    button(el, 'Skill package', '.import-menu').click();
    ok(opened, 'the package picker opened');
    const dt = new DataTransfer();
    dt.items.add(new File(['PK'], 'pdf-report.zip', { type: 'application/zip' }));
    input.files = dt.files;
    input.dispatchEvent(new Event('change'));
    await waitFor(() => internals(el).editor.draft?.skillMd === PDF_MD, 'the imported draft');
  });

  it('writes the ticked requirement proposals into SKILL.md, and saving sends the whole folder', async () => {
    const api = new FakeApi();
    const el = await importByDrop(api);
    const box = $$<HTMLInputElement>(el, '.proposals input[type="checkbox"]').find((b) => txt(b.parentElement) === 'pdftotext')!;
    box.click();
    button(el, 'Add to SKILL.md', '.proposals').click();
    await waitFor(() => !$(el, '.proposals'), 'proposals applied');
    // Written by core's acceptRequirements (the save's rule): the ticked ones only, the body kept.
    const md = internals(el).editor.draft!.skillMd;
    const frontmatter = md.slice(0, md.indexOf('\n---\n', 4));
    for (const declared of ['metadata:', 'forge:', 'requires:', 'python3', 'required:', 'PDF_API_KEY', 'egress_domains:', 'api.pdf.example'])
      includes(frontmatter, declared);
    ok(!md.includes('pdftotext'), 'an unticked proposal is left out');
    ok(md.endsWith(PDF_MD.slice(PDF_MD.indexOf('\n---\n') + 5)), 'the body is kept');
    await waitFor(() => api.lastCall('POST', '/validate')?.body.skill_md === internals(el).editor.draft!.skillMd, 'validated with the requirements');
    deepEqual(api.lastCall('POST', '/validate')!.body.files, importReply().files, 'the folder files are validated too');
    deepEqual(
      api.lastCall('POST', '/validate')!.body.binaries,
      [{ path: LOGO.path, size: LOGO.size, sha256: LOGO.sha256 }],
      'binaries by their listing, never their bytes',
    );
    await waitFor(() => !button(el, 'Save skill').disabled, 'savable');
    button(el, 'Save skill').click();
    await waitFor(() => api.callsTo('POST', '/save').length === 1, 'saved');
    const body = api.lastCall('POST', '/save')!.body;
    deepEqual(body.files, importReply().files);
    deepEqual(body.binaries, [{ path: LOGO.path, content_base64: LOGO.content_base64 }]);
    deepEqual(body.scripts, { 'extract.py': SCRIPT });
  });

  it('says why proposals cannot be written into a frontmatter whose metadata is not a mapping, changing nothing', async () => {
    const api = new FakeApi();
    const broken = PDF_MD.replace('---\n# PDF', 'metadata: [oops]\n---\n# PDF');
    api.importReply = () => ({ ...importReply(), skill_md: broken });
    const el = await mountReady(api);
    const dt = new DataTransfer();
    dt.items.add(new File(['PK'], 'pdf-report.zip'));
    drop(el, dt);
    await waitFor(() => !!$(el, '.proposals'), 'proposals');
    button(el, 'Add to SKILL.md', '.proposals').click();
    await waitFor(() => textOf(el, '.proposals [role="alert"]').includes('metadata in the frontmatter is not a mapping'), 'the reason');
    equal(internals(el).editor.draft!.skillMd, broken);
  });

  it('is accessible with the proposals, the grouped tabs and the name form open', async () => {
    const el = await importByDrop(new FakeApi());
    button(el, 'Add file').click();
    await el.updateComplete;
    await expectAccessible(el, 'builder with an imported folder');
  });
});

describe('builder: folder files', () => {
  it('adds, renames and deletes a reference file with the script-name rules, and lists a binary read-only', async () => {
    const api = new FakeApi();
    const el = await importByDrop(api);
    button(el, 'Add file').click();
    await el.updateComplete;
    await waitFor(() => focused() === $(el, '#file-name'), 'name field focused');
    const folder = $<HTMLSelectElement>(el, '.name-edit select')!;
    deepEqual(
      [...folder.options].map((o) => o.value),
      ['scripts', 'references', 'assets'],
    );
    typeInto(folder, 'references');
    await el.updateComplete;
    const attempt = async (name: string) => {
      typeInto($<HTMLInputElement>(el, '#file-name')!, name);
      button(el, 'Add', '.name-edit').click();
      await el.updateComplete;
      return textOf(el, '#file-name-error');
    };
    includes(await attempt('../escape.md'), 'contains ".."');
    includes(await attempt('.hidden.md'), 'starts with a dot');
    includes(await attempt('my notes.md'), 'characters not allowed in a file name');
    includes(await attempt('Guide.md'), 'clashes with "references/guide.md"');
    equal(Object.keys(internals(el).editor.draft!.files!).length, 2, 'nothing added by a refused name');
    await attempt('setup.md');
    deepEqual(tabs(el), ['SKILL.md', 'extract.py', 'guide.md', 'setup.md', 'logo.png', 'template.md']);
    equal(internals(el).editor.tab, 'references/setup.md');
    equal($(el, '.file-bar .path')?.textContent, 'references/setup.md');
    typeInto($<HTMLTextAreaElement>(el, '#editor')!, '# Setup\n\nRun it.\n');
    equal(internals(el).editor.draft!.files!['references/setup.md'], '# Setup\n\nRun it.\n');

    button(el, 'Rename', '.file-bar').click();
    await el.updateComplete;
    typeInto($<HTMLInputElement>(el, '#file-name')!, 'install.md');
    button(el, 'Rename', '.name-edit').click();
    await el.updateComplete;
    equal(internals(el).editor.draft!.files!['references/install.md'], '# Setup\n\nRun it.\n');
    equal(internals(el).editor.draft!.files!['references/setup.md'], undefined);
    button(el, 'Delete', '.file-bar').click();
    await el.updateComplete;
    button(el, 'Delete', '.confirm-del').click();
    await el.updateComplete;
    deepEqual(Object.keys(internals(el).editor.draft!.files!).sort(), ['assets/template.md', 'references/guide.md']);

    // A binary: listed with its size, no editor, no rename; delete only.
    $<HTMLButtonElement>(el, '.tabs [role="tab"][title="assets/logo.png"]')!.click();
    await el.updateComplete;
    equal($(el, '#editor'), null, 'no editor for a binary');
    includes(textOf(el, '.binary-file'), '2.0 KB (2,048 bytes)');
    includes(textOf(el, '.binary-file'), LOGO.sha256);
    ok(!textOf(el, '.file-bar').includes('Rename'), 'a binary is not renamed here');
    button(el, 'Delete', '.file-bar').click();
    await el.updateComplete;
    button(el, 'Delete', '.confirm-del').click();
    await el.updateComplete;
    deepEqual(internals(el).editor.draft!.binaries, []);
    equal(internals(el).editor.tab, 'SKILL.md');
  });

  it('a model draft after an import keeps the folder files and merges the ones it wrote; the chat sends them with the draft', async () => {
    const api = new FakeApi();
    const el = await importByDrop(api);
    const reply = draftReply();
    (reply.find(([name]) => name === 'skill_draft')![1] as Record<string, unknown>).files = { 'references/setup.md': '# Setup\n' };
    api.chat = () => reply;
    typeInto($<HTMLTextAreaElement>(el, '#composer')!, 'Add a tool');
    await el.updateComplete;
    button(el, 'Send', '[part="composer"]').click();
    await waitFor(() => !internals(el).chat.busy && internals(el).editor.draft!.skillMd !== PDF_MD, 'the model draft');
    deepEqual(api.lastCall('POST', '/chat')!.body.draft.files, importReply().files);
    deepEqual(api.lastCall('POST', '/chat')!.body.draft.binaries, [{ path: LOGO.path, size: LOGO.size, sha256: LOGO.sha256 }], 'no bytes to the model');
    deepEqual(internals(el).editor.draft!.files, { ...importReply().files, 'references/setup.md': '# Setup\n' }, 'references kept, the new one added');
    deepEqual(
      internals(el).editor.draft!.binaries!.map((b) => b.path),
      [LOGO.path],
    );
    deepEqual(Object.keys(internals(el).editor.draft!.scripts), ['weather-current.sh'], "scripts are the model's");
  });

  it("sends the text files' content to the model only after the operator ticks the share switch", async () => {
    const api = new FakeApi();
    const el = await importByDrop(api);
    const send = async (text: string) => {
      const before = api.calls.filter((c) => c.path.endsWith('/chat')).length;
      api.chat = () => draftReply();
      typeInto($<HTMLTextAreaElement>(el, '#composer')!, text);
      await el.updateComplete;
      button(el, 'Send', '[part="composer"]').click();
      await waitFor(() => !internals(el).chat.busy && api.calls.filter((c) => c.path.endsWith('/chat')).length > before, 'the turn');
      return api.lastCall('POST', '/chat')!.body;
    };
    const share = $<HTMLInputElement>(el, '.share-files input')!;
    ok(share, 'the switch is shown for a draft with text files');
    includes(textOf(el, '.share-files'), '2 text files');
    equal(share.checked, false, 'off by default: the model sees the names only');
    equal((await send('Improve it')).share_files, undefined);
    $<HTMLInputElement>(el, '.share-files input')!.click();
    await el.updateComplete;
    equal(internals(el).editor.shareFiles, true);
    equal((await send('Use the guide')).share_files, 'all');
  });

  it('moves a script into references/ and keeps the tab order of a renamed script', async () => {
    const el = await importByDrop(new FakeApi());
    $<HTMLButtonElement>(el, '.tabs [role="tab"][title="scripts/extract.py"]')!.click();
    await el.updateComplete;
    button(el, 'Rename', '.file-bar').click();
    await el.updateComplete;
    typeInto($<HTMLSelectElement>(el, '.name-edit select')!, 'references');
    typeInto($<HTMLInputElement>(el, '#file-name')!, 'extract.md');
    button(el, 'Rename', '.name-edit').click();
    await el.updateComplete;
    deepEqual(internals(el).editor.draft!.scripts, {});
    equal(internals(el).editor.draft!.files!['references/extract.md'], SCRIPT);
    deepEqual(groups(el), ['references/', 'assets/']);
  });
});

describe('builder: export', () => {
  it('downloads the saved skill as .zip and .skill from the export route; an edit-mode save keeps its binaries by sha256', async () => {
    const api = new FakeApi();
    api.skills['ops-bot']!['pdf-report'] = {
      skill_md: PDF_MD,
      scripts: { 'extract.py': SCRIPT },
      files: { 'references/guide.md': '# Guide\n' },
      binaries: [{ path: LOGO.path, size: LOGO.size, sha256: LOGO.sha256 }],
    };
    const el = await mountReady(api);
    equal($(el, '.export'), null, 'no Export for an unsaved draft');
    await el.editSkill('pdf-report');
    await waitFor(() => !!$(el, '.export'), 'Export shown for the saved skill');
    deepEqual(tabs(el), ['SKILL.md', 'extract.py', 'guide.md', 'logo.png']);

    const downloads: Array<{ name: string; bytes: string }> = [];
    const create = URL.createObjectURL;
    const click = HTMLAnchorElement.prototype.click;
    let blob: Blob | null = null;
    URL.createObjectURL = (b: Blob) => ((blob = b), 'blob:test');
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, bytes: '' });
    };
    try {
      button(el, 'Export .zip').click();
      await waitFor(() => downloads.length === 1, 'zip downloaded');
      downloads[0]!.bytes = await blob!.text();
      button(el, '.skill', '.export').click();
      await waitFor(() => downloads.length === 2, '.skill downloaded');
      downloads[1]!.bytes = await blob!.text();
    } finally {
      URL.createObjectURL = create;
      HTMLAnchorElement.prototype.click = click;
    }
    deepEqual(downloads, [
      { name: 'pdf-report.zip', bytes: 'PK fake zip of ops-bot/pdf-report' },
      { name: 'pdf-report.skill', bytes: 'PK fake skill of ops-bot/pdf-report' },
    ]);
    equal(api.lastCall('GET', '/export')!.path, '/api/agents/ops-bot/skill-builder/skills/pdf-report/export');

    typeInto($<HTMLTextAreaElement>(el, '#editor')!, PDF_MD + '\nMore.\n');
    await waitFor(() => !button(el, 'Review & save').disabled, 'savable');
    button(el, 'Review & save').click();
    await waitFor(() => !!$(el, 'dialog[data-name="save"][open]'), 'save dialog');
    await waitFor(() => textOf(el, 'dialog[data-name="save"]').includes('Save changes'), 'save button');
    button(el, 'Save changes', 'dialog[data-name="save"]').click();
    await waitFor(() => api.callsTo('POST', '/save').length === 1, 'saved');
    deepEqual(api.lastCall('POST', '/save')!.body.binaries, [{ path: LOGO.path, sha256: LOGO.sha256 }]);
  });

  it('shows the server error of a failed export', async () => {
    const api = new FakeApi();
    api.skills['ops-bot']!['pdf-report'] = { skill_md: PDF_MD, scripts: {} };
    const el = await mountReady(api);
    await el.editSkill('pdf-report');
    await waitFor(() => !!$(el, '.export'), 'Export shown');
    delete api.skills['ops-bot']!['pdf-report'];
    button(el, 'Export .zip').click();
    await waitFor(() => textOf(el, '.draft-foot').includes('Export failed: agent "ops-bot" has no skill "pdf-report"'), 'the error');
  });
});
