// Rollback is a save: the chosen version's files become a Skill and go
// through saveSkill as an edit of the skill (validated, atomic), which in turn
// records the version it replaces, so a rollback can itself be undone.

import { NotFoundError } from '../../core/errors.js';
import { assertSafeSkillName } from '../../core/names.js';
import { toSkill } from '../../core/skill-folder/to-draft.js';
import { resolveIo } from '../fs/types.js';
import { saveSkill, type SaveSkillOptions, type SaveSkillResult } from './save-skill.js';
import { readSkillVersion } from '../history/store.js';

/** Restores version `to` of skill `name` through saveSkill. Throws UnsafePathError (bad name), NotFoundError (no such version) and whatever the save throws. */
export async function rollbackSkill(agentDir: string, name: string, to: string, opts: SaveSkillOptions = {}): Promise<SaveSkillResult> {
  assertSafeSkillName(name, 'name');
  const entries = await readSkillVersion(resolveIo(opts).fs, agentDir, name, to);
  if (!entries) throw new NotFoundError('skill', `skill "${name}" has no version "${to}"; list them with \`history\``);
  const skill = await toSkill([...entries].map(([path, bytes]) => ({ path, bytes })));
  return saveSkill(
    agentDir,
    {
      skillName: name,
      skillMd: skill.skillMd,
      scripts: skill.scripts,
      files: skill.files,
      binaries: skill.binaries.map((b) => ({ path: b.path, bytes: b.bytes! })),
      editingName: name,
      overwrite: true,
    },
    opts,
  );
}
