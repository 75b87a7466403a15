// `export` always adds the manifest and skill.provenance.json, dated by the
// skill's last save (its files' modification time), so two exports are the
// same bytes; `import` prints that provenance before anything is written and
// does not save it into the agent; `--no-provenance` leaves both out; and
// `history` shows the eval run a kept version carried.
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { testIo } from './support.js';

let dir: string;
const MD = '---\nname: notes\ndescription: When the user asks for notes ("take a note"), write one.\n---\n\n# Notes\n';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'export-prov-'));
  await mkdir(join(dir, 'notes'));
  await writeFile(join(dir, 'notes/SKILL.md'), MD);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = async (...argv: string[]) => {
  const io = testIo({ cwd: dir, homeDir: dir });
  const code = await main(argv, io);
  return { code, out: io.out(), err: io.err() };
};
const entriesOf = (file: string) => unzipSync(new Uint8Array(readFileSync(join(dir, file))));

describe('export provenance', () => {
  it('is on by default, dated by the save, and the same bytes twice; import prints it and saves none of it', async () => {
    const saved = new Date('2026-03-04T05:06:07.890Z');
    await utimes(join(dir, 'notes/SKILL.md'), saved, saved);
    expect((await run('export', 'notes', '-o', 'a.zip')).code).toBe(0);
    expect((await run('export', 'notes', '-o', 'b.zip', '--provenance')).code).toBe(0);
    expect(readFileSync(join(dir, 'a.zip')).equals(readFileSync(join(dir, 'b.zip')))).toBe(true);
    const entries = entriesOf('a.zip');
    expect(Object.keys(entries).sort()).toEqual(['SKILL.md', 'skill.manifest.json', 'skill.provenance.json']);
    expect(JSON.parse(new TextDecoder().decode(entries['skill.provenance.json'])).created).toBe('2026-03-04T05:06:07.000Z');

    const imp = await run('import', 'a.zip');
    expect(imp.code).toBe(0);
    expect(imp.out).toMatch(/provenance: version [0-9a-f]{16}, saved 2026-03-04T05:06:07\.000Z by forge-skill-builder@\S+, risk \d+ \(\w+\)/);
    await mkdir(join(dir, 'agent/skills'), { recursive: true });
    await writeFile(join(dir, 'agent/forge.yaml'), 'agent_id: agent\n');
    const saveIt = await run('import', 'a.zip', '--agent', 'agent');
    expect(saveIt.code, saveIt.err).toBe(0);
    expect(saveIt.out.indexOf('provenance:')).toBeLessThan(saveIt.out.indexOf('saved '));
    expect(existsSync(join(dir, 'agent/skills/notes/skill.provenance.json'))).toBe(false);
    expect(await readFile(join(dir, 'agent/skills/notes/SKILL.md'), 'utf8')).toBe(MD);
  });

  it('--no-provenance writes the folder files only; both flags at once is a usage error', async () => {
    expect((await run('export', 'notes', '-o', 'plain.zip', '--no-provenance')).code).toBe(0);
    expect(Object.keys(entriesOf('plain.zip'))).toEqual(['SKILL.md']);
    expect((await run('export', 'notes', '-o', 'x.zip', '--no-provenance', '--provenance')).code).toBe(2);
  });

  it('history shows the eval run each kept version carried', async () => {
    const bench = {
      metadata: { skill_name: 'notes', timestamp: '2026-11-30T10:00:00.000Z' },
      runs: [{ configuration: 'with_skill' }, { configuration: 'without_skill' }],
      run_summary: { with_skill: { pass_rate: { mean: 1 } }, without_skill: { pass_rate: { mean: 0.5 } } },
    };
    await mkdir(join(dir, 'agent/skills/notes/evals'), { recursive: true });
    await writeFile(join(dir, 'agent/forge.yaml'), 'agent_id: agent\n');
    await writeFile(join(dir, 'agent/skills/notes/SKILL.md'), MD);
    await writeFile(join(dir, 'agent/skills/notes/evals/benchmark.json'), JSON.stringify(bench));
    await writeFile(join(dir, 'notes/SKILL.md'), MD.replace('# Notes', '# Notes v2'));
    const replaced = await run('import', 'notes', '--agent', 'agent', '--replace');
    expect(replaced.code, replaced.err).toBe(0);
    const history = await run('history', 'agent', 'notes');
    expect(history.code).toBe(0);
    expect(history.out).toMatch(/evals: pass rate 100% with the skill, 50% without \(\+50 points\), 2 runs, 2026-11-30T10:00:00\.000Z/);
  });
});
