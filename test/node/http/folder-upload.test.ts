// A skill folder uploaded as multipart/form-data on POST /skill-builder/import
// (issue 17), over real HTTP: one part per file named by its relative path,
// as a browser sends a picked or dropped folder. It answers the same draft as
// the zip of that folder; hostile names (.., absolute, drive, backslash,
// clashes after NFC + case folding), too many files, too many bytes and
// bodies that are not a folder are refused with nothing written.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSkillZip } from '../../../src/core/skill-folder/zip-write.js';
import { createFetchHandler } from '../../../src/node/http/fetch-handler.js';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { listen, rawRequest, type Listening } from './support.js';

const MD =
  '---\nname: pdf-notes\ndescription: When the user asks to summarise a PDF ("summarise this PDF"), follow the guide.\n---\n\n# PDF notes\n\nCall `datetime_now`, then read [the guide](references/guide.md) and use assets/logo.png.\n';
const LOGO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 7, 255]);
const SCRIPT = '#!/usr/bin/env bash\nset -euo pipefail\ncurl -fsS "https://pdf.acme.io/$1" -H "X-Key: $PDF_KEY"\n';
const enc = (s: string) => new TextEncoder().encode(s);

/** The folder as a browser sends it: each file appended with its webkitRelativePath. */
function folderForm(files: Record<string, Uint8Array | string>): FormData {
  const form = new FormData();
  for (const [path, content] of Object.entries(files))
    form.append('file', new Blob([typeof content === 'string' ? enc(content) : (content as Uint8Array<ArrayBuffer>)]), path);
  return form;
}

const FOLDER = {
  'pdf-notes/SKILL.md': MD,
  'pdf-notes/scripts/fetch.sh': SCRIPT,
  'pdf-notes/references/guide.md': '# Guide\n',
  'pdf-notes/assets/logo.png': LOGO,
};

let ws: MemoryWorkspace;
let srv: Listening;
let before: string;
beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'alpha/forge.yaml': 'agent_id: alpha\n' });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir }));
  before = JSON.stringify(ws.vol.toJSON());
});
afterEach(async () => {
  expect(JSON.stringify(ws.vol.toJSON())).toBe(before); // an import never writes
  await srv.close();
});

async function upload(body: FormData | string, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const res = await fetch(`${srv.url}/api/skill-builder/import`, { method: 'POST', body, headers });
  return { status: res.status, json: await res.json() };
}

describe('POST /skill-builder/import with a multipart folder', () => {
  it('answers the same draft as the zip of that folder', async () => {
    const r = await upload(folderForm(FOLDER));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const zip = writeSkillZip({
      skillMd: MD,
      scripts: { 'fetch.sh': SCRIPT },
      files: { 'references/guide.md': '# Guide\n' },
      binaries: [{ path: 'assets/logo.png', size: LOGO.length, sha256: '', bytes: LOGO }],
    });
    const viaZip = await (
      await fetch(`${srv.url}/api/skill-builder/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/zip' },
        body: zip as Uint8Array<ArrayBuffer>,
      })
    ).json();
    expect(r.json).toEqual(viaZip);
    expect(r.json.proposals).toEqual({ bins: ['curl'], egress_domains: ['pdf.acme.io'], env: ['PDF_KEY'] });
    // Files at the top (no wrapping folder) are a folder too, through the Fetch adapter as well.
    const handler = createFetchHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir });
    const flat = Object.fromEntries(Object.entries(FOLDER).map(([p, c]) => [p.slice('pdf-notes/'.length), c]));
    const res = await handler(new Request('http://localhost/api/skill-builder/import', { method: 'POST', body: folderForm(flat) }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(viaZip);
  });

  it.each([
    ['pdf-notes/../evil.md', /"\.\."/],
    ['/etc/cron.d/evil', /absolute path/],
    ['C:/Windows/evil.md', /drive path/],
    ['pdf-notes\\references\\evil.md', /backslash/],
    ['pdf-notes/references/GUIDE.md', /clashes with/],
    ['pdf-notes/references/guide.md', /clashes with/],
    ['pdf-notes/evil.zip', /nested archives/],
  ])('refuses a part named %s with 400', async (name, message) => {
    const form = folderForm(FOLDER);
    form.append('file', new Blob([enc('x')]), name);
    const r = await upload(form);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(message);
  });

  it('refuses names equal after Unicode normalisation (NFC vs NFD)', async () => {
    const r = await upload(folderForm({ ...FOLDER, 'pdf-notes/references/caf\u00e9.md': 'a', 'pdf-notes/references/cafe\u0301.md': 'b' }));
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/clashes with/);
  });

  it('refuses more than 500 files before parsing them, and more than 21 MiB with 413', async () => {
    const many = folderForm(FOLDER);
    for (let i = 0; i < 500; i++) many.append('file', new Blob([]), `pdf-notes/assets/f${i}.txt`);
    const r = await upload(many);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/more than 500 files/);
    const big = folderForm({ ...FOLDER, 'pdf-notes/assets/big.bin': new Uint8Array(22 * 1024 * 1024) });
    const tooBig = await upload(big);
    expect(tooBig.status).toBe(413);
  });

  it('refuses a text field, a body without boundary or SKILL.md, and a malformed body with 400', async () => {
    const withField = folderForm(FOLDER);
    withField.append('note', 'hello');
    expect((await upload(withField)).json.error).toMatch(/"note" is not a file/);
    const noSkill = await upload(folderForm({ 'x/references/a.md': 'a' }));
    expect(noSkill.status).toBe(400);
    expect(noSkill.json.error).toMatch(/no SKILL\.md/);
    const noBoundary = await rawRequest(`${srv.url}/api/skill-builder/import`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'x',
    });
    expect(noBoundary.status).toBe(400);
    expect(JSON.parse(noBoundary.text).error).toMatch(/no boundary/);
    const broken = await upload('--b\r\nContent-Disposition: form-data; name="file"; filename="SKILL.md"\r\n\r\nno end', {
      'content-type': 'multipart/form-data; boundary=b',
    });
    expect(broken.status).toBe(400);
    expect(broken.json.error).toMatch(/multipart body cannot be read/);
  });
});
