// Provenance in packages over real HTTP: every GET …/export carries a
// manifest of every file and skill.provenance.json (version id as the history
// names this folder, when it was last saved, builder, risk, evals), dated by
// the save and not the export, so two exports are the same bytes; POST
// …/import shows that provenance (and the manifest's checksums) before
// anything is written, and leaves it out of the draft. `?provenance=0` gives
// the folder's files only.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unzipSync } from 'fflate';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { createMemoryWorkspace, type MemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { saveSkill } from '../../../src/node/workspace/save-skill.js';
import { listSkillVersions } from '../../../src/node/history/store.js';
import { listen, type Listening } from './support.js';

const md = (v: number) =>
  `---\nname: notes\ndescription: When the user asks for notes ("take a note"), write one (v${v}).\nmetadata:\n  forge:\n    requires:\n      bins: [curl]\n---\n\n# Notes v${v}\n`;
const EVALS = JSON.stringify({ skill_name: 'notes', evals: [{ id: 1, prompt: 'take a note', expected_output: 'a note', files: [], expectations: [] }] });
/** skill-creator's benchmark.json, as `eval --out` writes it (the fields the summary reads). */
const BENCHMARK = JSON.stringify({
  metadata: { skill_name: 'notes', timestamp: '2026-11-30T10:00:00.000Z' },
  runs: [1, 2, 3, 4].map((n) => ({ eval_id: 1, configuration: n % 2 ? 'with_skill' : 'without_skill', run_number: n })),
  run_summary: { with_skill: { pass_rate: { mean: 0.75 } }, without_skill: { pass_rate: { mean: 0.25 } }, delta: { pass_rate: '+0.50' } },
});
const enc = (s: string) => new TextEncoder().encode(s);

let ws: MemoryWorkspace;
let srv: Listening;
beforeEach(async () => {
  ws = await createMemoryWorkspace({ 'alpha/forge.yaml': 'agent_id: alpha\n' });
  srv = await listen(createRequestHandler({ workspaceDir: ws.workspaceDir, fs: ws.fs, env: ws.env, homeDir: ws.homeDir }));
});
afterEach(async () => {
  vi.useRealTimers();
  await srv.close();
});

const exportUrl = (q: string) => `${srv.url}/api/agents/alpha/skill-builder/skills/notes/export${q}`;
const exportBytes = async (q = '') => new Uint8Array(await (await fetch(exportUrl(q))).arrayBuffer());
const io = () => ({ fs: ws.fs, env: ws.env, homeDir: ws.homeDir });

describe('provenance in packages', () => {
  it('every export carries the manifest and where it came from, and import shows it without writing or keeping it', async () => {
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(1), binaries: [{ path: 'evals/evals.json', bytes: enc(EVALS) }] }, io());
    const bytes = await exportBytes();
    const entries = unzipSync(bytes);
    expect(Object.keys(entries).sort()).toEqual(['SKILL.md', 'evals/evals.json', 'skill.manifest.json', 'skill.provenance.json']);
    const manifest = JSON.parse(new TextDecoder().decode(entries['skill.manifest.json']));
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(['SKILL.md', 'evals/evals.json']);
    const prov = JSON.parse(new TextDecoder().decode(entries['skill.provenance.json']));
    expect(Object.keys(prov)).toEqual(['version_id', 'created', 'builder', 'risk_score', 'risk_level', 'eval_summary']);
    expect(prov.builder).toMatch(/^forge-skill-builder@\d/);
    expect(prov.eval_summary).toBe('1 eval case in evals/evals.json');
    expect(prov.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(typeof prov.risk_score).toBe('number');

    // The version id is the one the history records for this folder when a save replaces it.
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(2), editingName: 'notes' }, io());
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
    // The provenance describes the package: the draft a save would write does not carry it.
    const paths = [...Object.keys(reply.files), ...reply.binaries.map((b: { path: string }) => b.path)].sort();
    expect(paths).toEqual(['evals/evals.json', 'skill.manifest.json']);
    expect(JSON.stringify(ws.vol.toJSON())).toBe(before);
  });

  it('is dated by the save, not the export: the same skill exported at two times is the same bytes', async () => {
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(1) }, io());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
    const a = await exportBytes();
    vi.setSystemTime(new Date('2031-06-01T12:34:56Z'));
    const b = await exportBytes('?format=zip');
    vi.useRealTimers();
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const created = JSON.parse(new TextDecoder().decode(unzipSync(a)['skill.provenance.json'])).created as string;
    expect(created.startsWith('2030') || created.startsWith('2031')).toBe(false);
    // A save changes it: new content, new time, new bytes.
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(2), editingName: 'notes' }, io());
    expect(Buffer.from(await exportBytes()).equals(Buffer.from(a))).toBe(false);
  });

  it('carries the last eval run saved with the skill, as the history record of that version does', async () => {
    const binaries = [
      { path: 'evals/evals.json', bytes: enc(EVALS) },
      { path: 'evals/benchmark.json', bytes: enc(BENCHMARK) },
    ];
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(1), binaries }, io());
    const prov = JSON.parse(new TextDecoder().decode(unzipSync(await exportBytes())['skill.provenance.json']));
    const evals = { with_skill: 0.75, without_skill: 0.25, delta: 0.5, runs: 4, when: '2026-11-30T10:00:00.000Z' };
    expect(prov.evals).toEqual(evals);
    expect(prov.eval_summary).toBe('pass rate 75% with the skill, 25% without (+50 points), 4 runs, 2026-11-30T10:00:00.000Z');
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(2), editingName: 'notes' }, io());
    const history = (await (await fetch(`${srv.url}/api/agents/alpha/skill-builder/skills/notes/history`)).json()) as {
      versions: Array<Record<string, unknown>>;
    };
    expect(history.versions[0]!.evals).toEqual(evals);
  });

  it('?provenance=0 gives the folder files only, deterministic; a bad flag is a 400', async () => {
    await saveSkill(ws.path('alpha'), { skillName: 'notes', skillMd: md(1) }, io());
    const a = await exportBytes('?provenance=0');
    const b = await exportBytes('?format=zip&provenance=false');
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    expect(Object.keys(unzipSync(a))).toEqual(['SKILL.md']);
    expect((await fetch(exportUrl('?provenance=yes'))).status).toBe(400);
  });
});
