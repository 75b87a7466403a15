// What Forge's runtime registers as tools and lists in its catalog, settled
// against forge-cli/runtime/runner.go (registerSkillTools, buildSkillCatalog)
// and forge-core/tools/registry.go (Register refuses `__` and a taken name).
import { describe, expect, it } from 'vitest';
import { compileSkills } from '../../../src/core/artifacts/compile-skills.js';
import { catalogListing, registersTool, toolNameProblem, type CatalogSkillFacts } from '../../../src/core/forge-runtime/registration.js';
import { buildAgentView } from '../../../src/core/routing/agent-view.js';

const skill = (over: Partial<CatalogSkillFacts>): CatalogSkillFacts => ({
  name: 'demo',
  description: 'Does demo things.',
  runtime: 'script',
  entries: [],
  loads: true,
  declaresBins: false,
  ...over,
});

describe('catalogListing', () => {
  it('lists a skill with no entries (an instruction skill)', () => {
    expect(catalogListing(skill({}))).toEqual({ provides: [], usesCli: false });
  });

  it('leaves out a skill whose every entry is callable, keeps one with an instruction-only entry', () => {
    expect(catalogListing(skill({ entries: [{ name: 'a', script: 'scripts/a.sh' }] }))).toBeNull();
    expect(catalogListing(skill({ entries: [{ name: 'a', script: 'scripts/a.sh' }, { name: 'b', script: null }, { name: 'b' }], declaresBins: true }))).toEqual(
      {
        provides: ['b', 'b'],
        usesCli: true,
      },
    );
  });

  it('every entry of a binary skill is callable', () => {
    expect(catalogListing(skill({ runtime: 'binary', entries: [{ name: 'a' }] }))).toBeNull();
  });

  it('needs a name, a description and a skill the runtime loads', () => {
    expect(catalogListing(skill({ name: '' }))).toBeNull();
    expect(catalogListing(skill({ description: '' }))).toBeNull();
    expect(catalogListing(skill({ loads: false }))).toBeNull();
  });
});

describe('tool registration', () => {
  it('names: providers refuse some, the registry reserves `__` and keeps built-in names and read_skill', () => {
    expect(toolNameProblem('my_tool')).toBeNull();
    expect(toolNameProblem('my tool')).toBe('provider');
    expect(toolNameProblem('x'.repeat(65))).toBe('provider');
    expect(toolNameProblem('my__tool')).toBe('reserved');
    expect(toolNameProblem('web_search')).toBe('taken');
    expect(toolNameProblem('read_skill')).toBe('taken');
  });

  it('registers a callable entry with usable keys and a free name', () => {
    expect(registersTool('script', { name: 'a', script: 'scripts/a.sh', invalidKeys: [] })).toBe(true);
    expect(registersTool('script', { name: 'a', script: null })).toBe(false);
    expect(registersTool('binary', { name: 'a' })).toBe(true);
    expect(registersTool('script', { name: 'a', script: 'scripts/a.sh', invalidKeys: ['pod name'] })).toBe(false);
  });

  const md = (tool: string) =>
    `---\nname: demo-skill\ndescription: When the user asks for a demo ("demo please"), run it.\n---\n# Demo\n\n## Tool: ${tool}\n\nDoes it.\n\n**Input:** q (string, required)\n**Output:** Text.\n`;
  const script = (tool: string) => ({ [`${tool.replace(/_/g, '-')}.sh`]: '#!/usr/bin/env bash\nset -euo pipefail\necho "${1:-}"\n' });

  it('routing and tools.json leave out a tool named like a built-in or with `__`, as the registry refuses it', () => {
    for (const tool of ['web_search', 'my__tool']) {
      expect(buildAgentView([{ skillMd: md(tool), scripts: script(tool) }]).tools.map((t) => t.name)).toEqual(['read_skill']);
      const built = compileSkills([{ skillMd: md(tool), dirName: 'demo-skill', scripts: script(tool) }]);
      expect(built.tools).toEqual([]);
    }
    const reserved = compileSkills([{ skillMd: md('my__tool'), dirName: 'demo-skill', scripts: script('my__tool') }]);
    expect(reserved.diagnostics.find((d) => d.code === 'tool-name-invalid')?.message).toContain('"__"');
  });
});
