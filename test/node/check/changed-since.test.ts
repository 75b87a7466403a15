// --changed-since in a temporary git repository: exactly the skills with a
// file changed since the ref (committed since, unstaged or untracked) are
// checked, an unknown ref is a setup error (exit 2).
import { describe, expect, it } from 'vitest';
import { CLEAN_MD, makeSkillRepo } from './support.js';

const skillsOf = (out: string): string[] => (JSON.parse(out) as { skills: Array<{ path: string }> }).skills.map((s) => s.path);

describe('check --changed-since', () => {
  it('selects exactly the skills whose files changed', async () => {
    const repo = await makeSkillRepo({ git: true });
    expect(skillsOf((await repo.run(['agent', 'loose', '--changed-since', 'HEAD', '--format', 'json'])).out)).toEqual([]);

    await repo.write('agent/skills/notes-reader/SKILL.md', CLEAN_MD.replace('two', 'three'));
    expect(skillsOf((await repo.run(['agent', 'loose', '--changed-since', 'HEAD', '--format', 'json'])).out)).toEqual(['agent/skills/notes-reader']);

    await repo.write('loose/notes-reader-2/references/new.md', 'untracked\n');
    expect(skillsOf((await repo.run(['agent', 'loose', '--changed-since', 'HEAD', '--format', 'json'])).out)).toEqual([
      'agent/skills/notes-reader',
      'loose/notes-reader-2',
    ]);

    repo.git('add', '.');
    repo.git('commit', '-q', '-m', 'two changes');
    expect(skillsOf((await repo.run(['agent', 'loose', '--changed-since', 'HEAD~1', '--format', 'json'])).out)).toEqual([
      'agent/skills/notes-reader',
      'loose/notes-reader-2',
    ]);
    expect(skillsOf((await repo.run(['agent', 'loose', '--changed-since', 'HEAD', '--format', 'json'])).out)).toEqual([]);
    // Run from a sub-folder: paths stay relative to the repository root.
    expect(skillsOf((await repo.run(['skills', '--changed-since', 'HEAD~1', '--format', 'json'], `${repo.root}/agent`)).out)).toEqual([
      'agent/skills/notes-reader',
    ]);
  });

  it('refuses an unknown ref with exit 2', async () => {
    const repo = await makeSkillRepo({ git: true });
    const r = await repo.run(['agent', '--changed-since', 'no-such-branch']);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/"no-such-branch" is not a commit/);
  });
});
