// discoverAgents / findAgent (SPEC §4: an agent is a sub-folder, depth ≤ 3, holding forge.yaml).
import { describe, expect, it } from 'vitest';
import { NotFoundError } from '../../../src/core/errors.js';
import { discoverAgents, findAgent } from '../../../src/node/workspace/agents.js';
import { listCustomSkills } from '../../../src/node/skill-store/index.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { guardProcessEnv } from '../../helpers/node-guards.js';

guardProcessEnv();

describe('discoverAgents', () => {
  it('finds forge.yaml folders up to depth 3 in stable path order, skipping node_modules, .git and dot-folders', async () => {
    const ws = await createMemoryWorkspace({
      'zeta/forge.yaml': 'a: 1',
      'alpha/forge.yaml': 'a: 1',
      'alpha/skills/weather/SKILL.md': '---\nname: weather\n---\n',
      'teams/ops/triage/forge.yaml': 'a: 1',
      'one/two/three/four/forge.yaml': 'too deep',
      'node_modules/pkg/forge.yaml': 'no',
      '.git/forge.yaml': 'no',
      '.cache/agent/forge.yaml': 'no',
      'notes/readme.md': 'not an agent',
    });
    const agents = await discoverAgents(ws.workspaceDir, ws);
    expect(agents.map((a) => [a.id, a.relativePath, a.hasSkills])).toEqual([
      ['alpha', 'alpha', true],
      ['triage', 'teams/ops/triage', false],
      ['zeta', 'zeta', false],
    ]);
    expect(agents[0]!.path).toBe('/workspace/alpha');
  });

  it('counts a flat skills/<name>.md as skills and ignores hidden entries', async () => {
    const ws = await createMemoryWorkspace({
      'a/forge.yaml': '',
      'a/skills/x.md': '# x',
      'b/forge.yaml': '',
      'b/skills/.tmp-x/SKILL.md': 'half-written',
      'b/skills/empty/notes.txt': '',
    });
    const agents = await discoverAgents(ws.workspaceDir, ws);
    expect(agents.map((a) => [a.id, a.hasSkills])).toEqual([
      ['a', true],
      ['b', false],
    ]);
  });

  it('counts symlinked skills as the skills list does', async () => {
    const ws = await createMemoryWorkspace({
      'a/forge.yaml': '',
      'a/skills/_store/weather/SKILL.md': '---\nname: weather\n---\n',
      'a/skills/_drafts/notes.md': '# notes',
      'b/forge.yaml': '',
      'b/skills/_drafts/notes.md': '# notes',
    });
    await ws.fs.promises.symlink(ws.path('a/skills/_store/weather'), ws.path('a/skills/weather'));
    await ws.fs.promises.symlink(ws.path('b/skills/_drafts/notes.md'), ws.path('b/skills/notes.md'));
    const agents = await discoverAgents(ws.workspaceDir, ws);
    expect(agents.map((a) => [a.id, a.hasSkills])).toEqual([
      ['a', true],
      ['b', true],
    ]);
    expect((await listCustomSkills(ws.path('a'), ws)).map((s) => [s.dirName, s.error])).toEqual([['weather', undefined]]);
  });

  it('includes the workspace itself when it holds forge.yaml, and gives clashing folder names distinct ids', async () => {
    const ws = await createMemoryWorkspace({ 'forge.yaml': '', 'team-a/bot/forge.yaml': '', 'team-b/bot/forge.yaml': '' });
    const agents = await discoverAgents(ws.workspaceDir, ws);
    expect(agents.map((a) => [a.id, a.relativePath])).toEqual([
      ['workspace', '.'],
      ['bot', 'team-a/bot'],
      ['team-b~bot', 'team-b/bot'],
    ]);
  });

  it('does not follow a symlinked folder', async () => {
    const ws = await createMemoryWorkspace({ 'real/forge.yaml': '', '/elsewhere/agent/forge.yaml': '' });
    await ws.fs.promises.symlink('/elsewhere/agent', ws.path('linked'));
    expect((await discoverAgents(ws.workspaceDir, ws)).map((a) => a.id)).toEqual(['real']);
  });

  it('returns [] for an empty or missing workspace', async () => {
    const ws = await createMemoryWorkspace();
    expect(await discoverAgents(ws.workspaceDir, ws)).toEqual([]);
    expect(await discoverAgents('/nowhere', ws)).toEqual([]);
  });
});

describe('findAgent', () => {
  it('finds by id and refuses unknown or path-like ids with NotFoundError', async () => {
    const ws = await createMemoryWorkspace({ 'alpha/forge.yaml': '', 'beta/forge.yaml': '' });
    expect((await findAgent(ws.workspaceDir, 'beta', ws)).path).toBe('/workspace/beta');
    for (const id of ['gamma', '../alpha', 'alpha/..', '']) {
      const err = await findAgent(ws.workspaceDir, id, ws).catch((e: unknown) => e);
      expect(NotFoundError.isInstance(err)).toBe(true);
    }
    await expect(findAgent(ws.workspaceDir, 'gamma', ws)).rejects.toThrow(/known: alpha, beta/);
  });
});
