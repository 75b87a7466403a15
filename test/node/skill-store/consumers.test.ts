// One skills tree, every reader of skills on disk: the HTTP skills list (real
// HTTP) and catalog, an agent's hasSkills, the catalog and validate commands
// (validate's folder expansion) and build must agree on which entries are
// skills and which are skipped, and why (issue 22: GET …/skills used to list
// _template/ and README.md while build and catalog skipped them).
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { main } from '../../../src/node/cli.js';
import { buildSkillsFolder } from '../../../src/node/artifacts/build-folder.js';
import { createRequestHandler } from '../../../src/node/http/request-handler.js';
import { discoverAgents } from '../../../src/node/workspace/agents.js';
import { guardProcessEnv } from '../../helpers/node-guards.js';
import { SCRIPT, skillMd } from '../../helpers/skill-fixtures.js';
import { testIo } from '../cli/support.js';
import { listen, type Listening } from '../http/support.js';

guardProcessEnv();

const SKILLS = ['flat-one', 'folder-one'];
/** [path inside skills/, code], sorted by path. */
const SKIPPED: Array<[string, string]> = [
  ['Bad_Name', 'bad-name'],
  ['README.md', 'not-a-skill'],
  ['_template', 'template-skipped'],
  ['escape', 'symlink-escape'],
  ['no-skill', 'not-a-skill'],
];

let root: string;
let srv: Listening;
const skillsDir = () => join(root, 'ws/agent/skills');

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(root, path)), { recursive: true });
  await writeFile(join(root, path), text);
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'fsb-store-'));
  await put('ws/agent/forge.yaml', 'agent_id: agent\n');
  await put('ws/agent/skills/_template/SKILL.md', skillMd('my-skill'));
  await put('ws/agent/skills/README.md', '# Our skills\n');
  await put('ws/agent/skills/.hidden/SKILL.md', skillMd('hidden'));
  await put('ws/agent/skills/flat-one.md', skillMd('flat-one'));
  await put('ws/agent/skills/folder-one/SKILL.md', skillMd('folder-one'));
  await put('ws/agent/skills/folder-one/scripts/run.sh', SCRIPT);
  await put('ws/agent/skills/no-skill/notes.txt', 'not a skill');
  await put('ws/agent/skills/Bad_Name/SKILL.md', skillMd('bad-name'));
  await put('outside/stolen/SKILL.md', skillMd('stolen'));
  await symlink(join(root, 'outside/stolen'), join(skillsDir(), 'escape'));
  srv = await listen(createRequestHandler({ workspaceDir: join(root, 'ws'), env: {}, homeDir: join(root, 'home') }));
});
afterEach(async () => {
  await srv.close();
  await rm(root, { recursive: true, force: true });
});

/** `<dir>/<entry>: skipped [code] …` lines (as the CLI prints them) → [entry, code]. */
function skippedLines(stderr: string, dir: string): Array<[string, string]> {
  return stderr
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const m = /^(.*): skipped \[([a-z-]+)\] /.exec(l);
      if (!m) throw new Error(`not a skipped line: ${l}`);
      return [m[1]!.slice(dir.length + 1), m[2]!] as [string, string];
    });
}

describe('the same tree through every consumer of the skill store', () => {
  it('HTTP GET …/skills lists the skills only; ?include=skipped adds the skipped entries', async () => {
    const res = await fetch(`${srv.url}/api/agents/agent/skill-builder/skills`);
    expect(res.status).toBe(200);
    expect((await res.json()).map((s: { dir_name: string }) => s.dir_name)).toEqual(SKILLS);
    const withSkipped = await (await fetch(`${srv.url}/api/agents/agent/skill-builder/skills?include=skipped`)).json();
    expect(withSkipped.skills.map((s: { dir_name: string }) => s.dir_name)).toEqual(SKILLS);
    expect(withSkipped.skipped.map((s: { path: string; code: string }) => [s.path, s.code])).toEqual(SKIPPED);
    expect(JSON.stringify(withSkipped)).not.toContain('stolen');
    expect((await fetch(`${srv.url}/api/agents/agent/skill-builder/skills?include=nope`)).status).toBe(400);
  });

  it('HTTP GET …/skills/{name} opens a listed skill and answers 404 for a skipped one', async () => {
    expect((await fetch(`${srv.url}/api/agents/agent/skill-builder/skills/folder-one`)).status).toBe(200);
    for (const name of ['escape', 'no-skill', 'my-skill', 'stolen'])
      expect((await fetch(`${srv.url}/api/agents/agent/skill-builder/skills/${name}`)).status, name).toBe(404);
  });

  it('the HTTP catalog and the catalog command name the same skills; the command reports the same skipped entries', async () => {
    const http = (await (await fetch(`${srv.url}/api/agents/agent/skill-builder/catalog`)).json()).catalog as string;
    const io = testIo({ cwd: root });
    expect(await main(['catalog', 'ws/agent'], io), io.err()).toBe(0);
    const names = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('- '))
        .map((l) => l.slice(2, l.indexOf(':')));
    expect(names(http)).toEqual(SKILLS);
    expect(names(io.out())).toEqual(SKILLS);
    expect(skippedLines(io.err(), 'ws/agent/skills')).toEqual(SKIPPED);
  });

  it('build reads the same skills and reports the same skipped entries', async () => {
    const r = await buildSkillsFolder(skillsDir());
    expect(r.compiled.skills.map((s) => s.name)).toEqual(SKILLS);
    expect(r.skipped.map((s) => [s.path, s.code])).toEqual(SKIPPED);
  });

  it('validate expands the folder to the same skills and names the same skipped entries', async () => {
    const io = testIo({ cwd: root });
    await main(['validate', '--no-syntax', 'ws/agent/skills'], io);
    const validated = [...io.out().matchAll(/^ws\/agent\/skills\/(.+?)(?:\/SKILL\.md|\.md): (?:valid|\d+ error)/gm)].map((m) => m[1]);
    expect(validated).toEqual(SKILLS);
    expect(skippedLines(io.err(), 'ws/agent/skills')).toEqual(SKIPPED);
  });

  it('a create-mode save (HTTP) never lands on a skipped entry: 409, the entry and its target untouched', async () => {
    for (const name of ['escape', 'no-skill']) {
      const res = await fetch(`${srv.url}/api/agents/agent/skill-builder/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ skill_name: name, skill_md: skillMd(name) }),
      });
      expect(res.status, name).toBe(409);
      expect((await res.json()).error).toMatch(new RegExp(`skills/${name} is in the way of "${name}" and is not a skill`));
    }
    expect(await readFile(join(root, 'outside/stolen/SKILL.md'), 'utf8')).toBe(skillMd('stolen'));
    expect(await readlink(join(skillsDir(), 'escape'))).toBe(join(root, 'outside/stolen'));
    expect(await readdir(join(skillsDir(), 'no-skill'))).toEqual(['notes.txt']);
  });

  it('hasSkills is true for this tree and false once only the skipped entries are left', async () => {
    expect((await discoverAgents(join(root, 'ws'))).map((a) => [a.id, a.hasSkills])).toEqual([['agent', true]]);
    await rm(join(skillsDir(), 'flat-one.md'));
    await rm(join(skillsDir(), 'folder-one'), { recursive: true });
    expect((await discoverAgents(join(root, 'ws'))).map((a) => [a.id, a.hasSkills])).toEqual([['agent', false]]);
    expect(await (await fetch(`${srv.url}/api/agents/agent/skill-builder/skills`)).json()).toEqual([]);
  });
});
