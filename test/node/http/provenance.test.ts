// Provenance in packages over real HTTP: GET …/export?provenance=1 adds a
// manifest of every file and skill.provenance.json (version id as the
// history names this folder, time, builder, risk, evals); POST …/import shows
// that provenance (and the manifest's checksums) before anything is written.
// Without the flag the export stays byte-deterministic.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { listSkillVersions } from '../../../src/node/history/store.js';
import { listen, type Listening } from './support.js';

const md = (v: number) =>
  `---\nname: notes\ndescription: When the user asks for notes ("take a note"), write one (v${v}).\nmetadata:\n  forge:\n    requires:\n      bins: [curl]\n---\n\n# Notes v${v}\n`;
const EVALS = JSON.stringify({ skill_name: 'notes', evals: [{ id: 1, prompt: 'take a note', expected_output: 'a note', files: [], expectations: [] }] });

let ws: MemoryWorkspace;
let srv: Listening;
beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'alpha/forge.yaml': 'agent_id: alpha\n' });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir }));
});
afterEach(async () => {
  await srv.close();
});

const exportUrl = (q: string) => `${srv.url}/api/agents/alpha/skill-builder/skills/notes/export${q}`;

describe('provenance in packages', () => {
  it('an export with provenance carries the manifest and where it came from, and import shows it', async () => {
    const io = { fs: ws.fs, env: ws.env, homeDir: ws.homeDir };
    await saveSkill(
      ws.path('alpha'),
      { skillName: 'notes', skillMd: md(1), binaries: [{ path: 'evals/evals.json', bytes: new TextEncoder().encode(EVALS) }] },
      io,
    );
    const bytes = new Uint8Array(await (await fetch(exportUrl('?provenance=1'))).arrayBuffer());
    const entries = unzipSync(bytes);
    expect(Object.keys(entries).sort()).toEqual(['SKILL.md', 'evals/evals.json', 'skill.manifest.json', 'skill.provenance.json']);
    const manifest = JSON.parse(new TextDecoder().decode(entries['skill.manifest.json']));
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(['SKILL.md', 'evals/evals.json']);
    const prov = JSON.parse(new TextDecoder().decode(entries['skill.provenance.json']));
    expect(Object.keys(prov)).toEqual(['version_id', 'created', 'builder', 'risk_score', 'risk_level', 'eval_summary']);
    expect(prov.builder).toMatch(/^forge-skill-builder@\d/);
    expect(prov.eval_summary).toBe('1 eval case in evals/evals.json');
    expect(typeof prov.risk_score).toBe('number');

    // The version id is the one the history records for this folder when a save replaces it.
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(2), editingName: 'notes' }, io);
    expect((await listSkillVersions(ws.fs, ws.path('alpha'), 'notes'))[0]!.id).toBe(prov.version_id);

    const before = JSON.stringify(ws.vol.toJSON());
    const res = await fetch(`${srv.url}/api/skill-builder/import`, {
      method: 'POST',
      headers: { 'content-type': 'application/zip' },
      body: bytes as Uint8Array<ArrayBuffer>,
    });
    const reply = (await res.json()) as Record<string, any>;
    expect(res.status).toBe(200);
    expect(reply.provenance).toEqual(prov);
    expect(reply.trust).toMatchObject({ status: 'unsigned', checksums_match: true });
    expect(JSON.stringify(ws.vol.toJSON())).toBe(before);
  });

  it('without the flag the export is unchanged and deterministic; a bad flag is a 400', async () => {
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(1) }, { fs: ws.fs, env: ws.env, homeDir: ws.homeDir });
    const a = new Uint8Array(await (await fetch(exportUrl(''))).arrayBuffer());
    const b = new Uint8Array(await (await fetch(exportUrl('?format=zip'))).arrayBuffer());
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Object.keys(unzipSync(a))).toEqual(['SKILL.md']);
    expect((await fetch(exportUrl('?provenance=yes'))).status).toBe(400);
  });
});
