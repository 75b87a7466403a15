// `forge-skill-builder check` over a repository of skills, in process: which
// skills a path names (agent, skills folder, skill, SKILL.md), the findings of
// each check at their lines, the agent's risk policy, and the exit codes
// (0 pass, 1 findings at --fail-on, 2 usage or setup).
import { describe, expect, it } from 'vitest';
import { makeSkillRepo } from './support.js';

describe('check', () => {
  it('checks an agent and a loose skill, grouped by skill with file:line findings; exit 1 on an error', async () => {
    const repo = await makeSkillRepo();
    const { code, out } = await repo.run(['agent', 'loose/notes-reader-2']);
    expect(code).toBe(1);
    expect(out.match(/^[\w-]+ \([\w/-]+\)$/gm)).toEqual([
      'broken-tool (agent/skills/broken-tool)',
      'notes-reader (agent/skills/notes-reader)',
      'notes-reader-2 (loose/notes-reader-2)',
    ]);
    expect(out).toContain('agent/skills/broken-tool/SKILL.md:9: error [links/file-missing]');
    expect(out).toMatch(/agent\/skills\/broken-tool\/scripts\/report\.sh:3: error \[syntax\/bash-syntax\]/);
    expect(out).toMatch(/3 skills checked: \d+ errors?, .* FAILED \(--fail-on error\)/);
  });

  it('exits 0 when only warnings are found, 1 with --fail-on warning', async () => {
    const repo = await makeSkillRepo();
    expect((await repo.run(['agent/skills/notes-reader'])).code).toBe(0);
    expect((await repo.run(['agent/skills/notes-reader/SKILL.md', '--fail-on', 'warning'])).code).toBe(1);
  });

  it('applies the agent policy from forge.yaml security.policy_path, and --policy over it', async () => {
    const repo = await makeSkillRepo();
    await repo.write('agent/forge.yaml', 'agent_id: helper\nsecurity:\n  policy_path: strict.yaml\n');
    await repo.write('agent/strict.yaml', 'max_risk_score: 0\n');
    const json = JSON.parse((await repo.run(['agent/skills/notes-reader', '--format', 'json'])).out) as {
      skills: Array<{ checks: Array<{ check: string; summary?: string }> }>;
    };
    expect(json.skills[0]!.checks.find((c) => c.check === 'risk')!.summary).toContain('policy agent/strict.yaml');
    const loose = JSON.parse((await repo.run(['loose', '--format', 'json'])).out) as typeof json;
    expect(loose.skills[0]!.checks.find((c) => c.check === 'risk')!.summary).toContain('default policy');
  });

  it('exits 2 for wrong usage and setup errors, naming the problem', async () => {
    const repo = await makeSkillRepo();
    const cases: Array<[string[], RegExp]> = [
      [[], /at least one/],
      [['nowhere'], /nowhere: no such file or folder/],
      [['agent', '--format', 'xml'], /--format must be one of human, json, sarif, junit/],
      [['agent', '--fail-on', 'note'], /--fail-on must be one of error, warning/],
      [['agent', '--changed-since', 'main'], /needs a git work tree/],
      [['agent', '--policy', 'nope.yaml'], /no such policy file/],
    ];
    for (const [args, message] of cases) {
      const r = await repo.run(args);
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.err).toMatch(message);
    }
    await repo.write('empty/README.md', 'nothing here\n');
    const empty = await repo.run(['empty']);
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/holds no SKILL\.md/);
  });
});
