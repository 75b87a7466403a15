// Skill packages over real HTTP (issue 17): POST /skill-builder/import turns
// a .zip/.skill body into a draft (nothing written); the draft saves through
// …/save with its files and binaries; GET …/skills/{name}/export gives the
// same bytes back (with ?provenance=0: the folder's files only), through both adapters. Hostile archives are a 400 with
// the workspace untouched.
import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSkillZip } from '../../../src/core/skill-folder/zip-write.js';
import { createFetchHandler } from '../../../src/node/http/fetch-handler.js';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { listen, type Listening } from './support.js';

const MD =
  '---\nname: pdf-notes\ndescription: When the user asks to summarise a PDF ("summarise this PDF"), follow the guide.\n---\n\n# PDF notes\n\nCall `datetime_now`, then read [the guide](references/guide.md) and use assets/logo.png.\n';
const LOGO = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 7, 255]);
const DRAFT = {
  skillMd: MD,
  scripts: { 'fetch.sh': '#!/usr/bin/env bash\nset -euo pipefail\ncurl -fsS "https://pdf.acme.io/$1" -H "X-Key: $PDF_KEY"\n' },
  files: { 'references/guide.md': '# Guide\n' },
  binaries: [{ path: 'assets/logo.png', size: LOGO.length, sha256: '', bytes: LOGO }],
};

let ws: MemoryWorkspace;
let srv: Listening;
beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'alpha/forge.yaml': 'agent_id: alpha\n' });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir }));
});
afterEach(async () => {
  await srv.close();
});

async function importZip(body: Uint8Array, query = '', type = 'application/zip'): Promise<{ status: number; json: any }> {
  const res = await fetch(`${srv.url}/api/skill-builder/import${query}`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: body as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, json: await res.json() };
}

describe('HTTP import and export', () => {
  it('imports a .zip into a draft with validation and proposals, writing nothing', async () => {
    const before = JSON.stringify(ws.vol.toJSON());
    const r = await importZip(writeSkillZip(DRAFT));
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.skill_md).toBe(MD);
    expect(r.json.files).toEqual({ 'references/guide.md': '# Guide\n' });
    expect(r.json.binaries).toEqual([
      { path: 'assets/logo.png', size: LOGO.length, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), content_base64: Buffer.from(LOGO).toString('base64') },
    ]);
    expect(r.json.validation.errors).toEqual([]);
    expect(r.json.proposals).toEqual({ bins: ['curl'], egress_domains: ['pdf.acme.io'], env: ['PDF_KEY'] });
    expect(JSON.stringify(ws.vol.toJSON())).toBe(before);
  });

  it('refuses a hostile archive with 400 and a wrong content type with 415', async () => {
    const evil = zipSync({
      'SKILL.md': new TextEncoder().encode(MD),
      'references/x': [new TextEncoder().encode('/etc/passwd'), { os: 3, attrs: (0o120777 << 16) >>> 0 }],
    });
    const r = await importZip(evil);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/symbolic link/);
    expect((await importZip(writeSkillZip(DRAFT), '', 'application/json')).status).toBe(415);
  });

  it('import → save → export gives the same bytes (node:http and Fetch adapters)', async () => {
    const zip = writeSkillZip(DRAFT);
    const { json: draft } = await importZip(zip, '?name=pdf-notes');
    const save = await fetch(`${srv.url}/api/agents/alpha/skill-builder/save`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        skill_name: draft.name,
        skill_md: draft.skill_md,
        scripts: draft.scripts,
        files: draft.files,
        binaries: draft.binaries.map((b: any) => ({ path: b.path, content_base64: b.content_base64 })),
      }),
    });
    expect(save.status, await save.clone().text()).toBe(200);
    const res = await fetch(`${srv.url}/api/agents/alpha/skill-builder/skills/pdf-notes/export?format=zip&provenance=0`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="pdf-notes.zip"');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(zip))).toBe(true);
    const fetchHandler = createFetchHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir });
    const viaFetch = await fetchHandler(new Request('http://localhost/api/agents/alpha/skill-builder/skills/pdf-notes/export?format=skill'));
    expect(viaFetch.status).toBe(200);
    const pkg = new Uint8Array(await viaFetch.arrayBuffer());
    expect(Buffer.from(pkg).toString('latin1')).toContain('pdf-notes/SKILL.md');
  });

  it('export: 404 for an unknown skill, 400 for an unknown format', async () => {
    expect((await fetch(`${srv.url}/api/agents/alpha/skill-builder/skills/nope/export`)).status).toBe(404);
    expect((await fetch(`${srv.url}/api/agents/alpha/skill-builder/skills/nope/export?format=tar`)).status).toBe(400);
  });

  it('GET skills/{name} lists the folder files; a save keeping binaries by sha256 exports the same bytes (body over 1 MiB)', async () => {
    const big = randomBytes(1536 * 1024); // incompressible: a repeating pattern would pass the 100:1 ratio
    const draft = { ...DRAFT, binaries: [...DRAFT.binaries, { path: 'assets/model.bin', size: big.length, sha256: '', bytes: big }] };
    const zip = writeSkillZip(draft);
    const { json: imported } = await importZip(zip);
    const post = (body: unknown) =>
      fetch(`${srv.url}/api/agents/alpha/skill-builder/save`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const first = await post({
      skill_name: 'pdf-notes',
      skill_md: imported.skill_md,
      scripts: imported.scripts,
      files: imported.files,
      binaries: imported.binaries.map((b: any) => ({ path: b.path, content_base64: b.content_base64 })),
    });
    expect(first.status, await first.clone().text()).toBe(200);
    const got = await (await fetch(`${srv.url}/api/agents/alpha/skill-builder/skills/pdf-notes`)).json();
    expect(got.files).toEqual({ 'references/guide.md': '# Guide\n' });
    expect(got.binaries).toEqual(imported.binaries.map((b: any) => ({ path: b.path, size: b.size, sha256: b.sha256 })));
    // The element's edit: the text changes, binaries travel back as {path, sha256} only.
    const edit = await post({
      skill_name: 'pdf-notes',
      editing_name: 'pdf-notes',
      skill_md: got.skill_md,
      scripts: got.scripts,
      files: { 'references/guide.md': '# Guide v2\n' },
      binaries: got.binaries.map((b: any) => ({ path: b.path, sha256: b.sha256 })),
    });
    expect(edit.status, await edit.clone().text()).toBe(200);
    const exported = new Uint8Array(await (await fetch(`${srv.url}/api/agents/alpha/skill-builder/skills/pdf-notes/export?provenance=0`)).arrayBuffer());
    const expected = writeSkillZip({ ...draft, files: { 'references/guide.md': '# Guide v2\n' } });
    expect(Buffer.from(exported).equals(Buffer.from(expected))).toBe(true);
  });

  it('proposals are applied only when the save accepts them; a second import of the name is 409 until saved as an edit', async () => {
    const { json: imported } = await importZip(writeSkillZip(DRAFT));
    expect(imported.proposed_skill_md).toContain('    egress_domains:\n      - pdf.acme.io\n');
    expect(imported.skill_md).toBe(MD); // the draft itself is untouched
    const post = (body: Record<string, unknown>) =>
      fetch(`${srv.url}/api/agents/alpha/skill-builder/save`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const base = {
      skill_name: 'pdf-notes',
      skill_md: imported.skill_md,
      scripts: imported.scripts,
      files: imported.files,
      binaries: imported.binaries.map((b: any) => ({ path: b.path, content_base64: b.content_base64 })),
    };
    const bad = await post({ ...base, accept_requirements: { bins: ['curl; rm -rf /'] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toMatch(/accept_requirements\.bins: "curl; rm -rf \/" is not a program name/);
    const saved = await post({ ...base, accept_requirements: { bins: ['curl'], env: ['PDF_KEY'] } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect((await saved.json()).env_missing).toEqual([{ name: 'PDF_KEY', kind: 'required' }]);
    const onDisk = await (await fetch(`${srv.url}/api/agents/alpha/skill-builder/skills/pdf-notes`)).json();
    expect(onDisk.skill_md).toContain('    requires:\n      bins:\n        - curl\n      env:\n        required:\n          - PDF_KEY\n');
    expect(onDisk.skill_md).not.toContain('egress_domains'); // not accepted, not applied
    // The same import again: 409, nothing changed; after reviewing GET's files the client saves it as an edit.
    const again = await post(base);
    expect(again.status).toBe(409);
    const replaced = await post({ ...base, editing_name: 'pdf-notes', overwrite: true });
    expect(replaced.status, await replaced.clone().text()).toBe(200);
    expect((await (await fetch(`${srv.url}/api/agents/alpha/skill-builder/skills/pdf-notes`)).json()).skill_md).toBe(MD);
  });

  it('validate checks the SKILL.md links against files and binaries when they are sent', async () => {
    const validate = async (extra: Record<string, unknown>) =>
      (await (
        await fetch(`${srv.url}/api/skill-builder/validate`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ skill_md: MD, ...extra }),
        })
      ).json()) as any;
    const codes = (r: any) => [...r.errors, ...r.warnings].map((d: any) => d.code).filter((c: string) => c.startsWith('file-'));
    expect(codes(await validate({}))).toEqual([]); // no folder sent: not checked
    const missing = await validate({ files: {}, binaries: [] });
    expect(missing.errors.filter((d: any) => d.code === 'file-missing').map((d: any) => d.message)).toEqual([
      expect.stringContaining('references/guide.md'),
      expect.stringContaining('assets/logo.png'),
    ]);
    expect(
      codes(
        await validate({
          files: { 'references/guide.md': '# G\n', 'references/extra.md': 'x' },
          binaries: [{ path: 'assets/logo.png', size: 7, sha256: 'x' }],
        }),
      ),
    ).toEqual(['file-unreferenced']);
  });
});
