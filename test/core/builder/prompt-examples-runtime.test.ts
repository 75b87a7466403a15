// Issue 13: "the three worked examples compile to skills whose runtime view has
// the intended parameters". Each worked example of the designer prompt is
// compiled and read the way Forge's runtime reads it (forgeRuntimeView); the
// expectations are written out by hand from the example's spec and the
// runtime's rules (first parameter required, integer → number, keys in byte
// order), not taken from our own output.
import { describe, expect, it } from 'vitest';
import { compileSkills } from '../../../src/core/artifacts/compile-skills.js';
import { PROMPT_EXAMPLES } from '../../../src/core/builder/prompt-examples.js';
import { buildSkillCatalog } from '../../../src/core/catalog.js';
import { forgeRuntimeView } from '../../../src/core/runtime-view/runtime-view.js';
import { compileSkill } from '../../../src/core/skillmd/compile.js';

function compiled(title: string) {
  const ex = PROMPT_EXAMPLES.find((e) => e.title === title)!;
  const skillMd = compileSkill(ex.envelope.skill.spec);
  const scripts = Object.keys(ex.envelope.skill.scripts);
  return { skillMd, scripts, view: forgeRuntimeView(skillMd, { scripts }), name: String(ex.envelope.skill.spec['name']) };
}

describe('the worked examples of the designer prompt, as Forge runtime reads them', () => {
  it('built-in only: the runtime reads no tool at all (no phantom from its lists)', () => {
    const { view } = compiled('a skill that only uses a built-in tool');
    expect(view.loadErrors).toEqual([]);
    expect(view.tools).toEqual([]);
  });

  it('binary-backed, read-only: one tool with namespace required, deployment, pod, log_lines (a number) optional', () => {
    const { view, skillMd, name } = compiled('a binary-backed, read-only skill');
    expect(view.loadErrors).toEqual([]);
    expect(view.tools.map((t) => [t.name, t.kind, t.script])).toEqual([['k8s_pod_triage', 'tool', null]]);
    const tool = view.tools[0]!;
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: { deployment: { type: 'string' }, log_lines: { type: 'number' }, namespace: { type: 'string' }, pod: { type: 'string' } },
      required: ['namespace'],
    });
    expect(tool.invalidKeys).toEqual([]);
    // The entry runs to the section after the tool, not cut short by a heading or a `#` line inside it.
    expect(tool.endedBy?.text).toBe('## Safety Constraints');
    expect(tool.outputSpec).not.toBe('');
    expect(tool.description.startsWith('Finds why pods of a namespace, deployment or single pod are unhealthy')).toBe(true);
    // No script: the agent reaches it through read_skill, and it needs kubectl.
    const line = buildSkillCatalog([{ skillMd, dirName: name }])
      .split('\n')
      .find((l) => l.startsWith('- '));
    expect(line).toMatch(/^- k8s-pod-triage: .* \[provides: k8s_pod_triage\] \(uses cli_execute\)$/);
  });

  it('script-backed: github_repo_stats bound to its script, with repo required, and registered so in tools.json', () => {
    const { view, skillMd, scripts, name } = compiled('a script-backed skill with a custom tool');
    expect(view.loadErrors).toEqual([]);
    expect(view.tools.map((t) => [t.name, t.kind, t.script])).toEqual([['github_repo_stats', 'tool', 'scripts/github-repo-stats.sh']]);
    const schema = { type: 'object', properties: { repo: { type: 'string' } }, required: ['repo'] };
    expect(view.tools[0]!.inputSchema).toEqual(schema);
    expect(view.tools[0]!.outputSpec).not.toBe('');
    const ex = PROMPT_EXAMPLES.find((e) => e.title === 'a script-backed skill with a custom tool')!;
    const built = compileSkills([{ skillMd, dirName: name, scripts: ex.envelope.skill.scripts }]);
    expect(built.excluded).toEqual([]);
    expect(built.tools.map((t) => [t.name, t.input_schema, t.script])).toEqual([
      ['github_repo_stats', schema, 'github-repo-stats/scripts/github-repo-stats.sh'],
    ]);
    // Every tool is a callable tool, so the catalog does not list the skill.
    expect(buildSkillCatalog([{ skillMd, dirName: name, scripts: Object.fromEntries(scripts.map((n) => [n, ''])) }])).toBe('');
  });
});
