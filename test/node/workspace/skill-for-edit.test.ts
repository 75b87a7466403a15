// The on-disk skill for edit mode: the edit-mode prompt's shape, unsafe and
// unknown names refused.
import { describe, expect, it } from 'vitest';
import { NotFoundError, UnsafePathError } from '../../../src/core/errors.js';
import { loadSkillForEdit } from '../../../src/node/workspace/skill-for-edit.js';
import { createMemoryWorkspace } from '../../../src/testing/memory-workspace.js';
import { thrown } from '../../helpers/node-guards.js';
import { skillMd } from '../../helpers/skill-fixtures.js';

describe('loadSkillForEdit', () => {
  it('loads the skill in the edit-mode prompt shape, refusing unsafe and unknown names', async () => {
    const md = skillMd('weather-report');
    const ws = await createMemoryWorkspace({
      'alpha/forge.yaml': '',
      'alpha/skills/weather-report/SKILL.md': md,
      'alpha/skills/weather-report/scripts/w.sh': 'echo {}\n',
      'alpha/skills/weather-report/references/codes.md': '# Codes\n',
      'alpha/skills/weather-report/assets/icon.bin': '\0\u0001',
    });
    const skill = await loadSkillForEdit(ws.path('alpha'), 'weather-report', ws);
    expect(skill.dirName).toBe('weather-report');
    expect(skill.skillMd).toBe(md);
    expect(skill.scripts).toEqual({ 'w.sh': 'echo {}\n' });
    expect(skill.files).toEqual({ 'references/codes.md': '# Codes\n' });
    expect(skill.binaries.map((b) => [b.path, b.bytes])).toEqual([['assets/icon.bin', undefined]]);
    const unsafe = await thrown(() => loadSkillForEdit(ws.path('alpha'), '../forge', ws));
    expect(unsafe).toBeInstanceOf(UnsafePathError);
    expect((unsafe as UnsafePathError).field).toBe('editing_name');
    expect(NotFoundError.isInstance(await thrown(() => loadSkillForEdit(ws.path('alpha'), 'missing-skill', ws)))).toBe(true);
  });
});
