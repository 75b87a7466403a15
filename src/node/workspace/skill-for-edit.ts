// The on-disk skill an edit-mode turn starts from (createWorkspaceSkillBuilder
// and the HTTP chat route): read through the skill store, in the
// Skill the edit-mode prompt takes (named by its folder).

import { CHAT_REQUEST } from '../../core/protocol/fields.js';
import { assertSafeSkillName } from '../../core/names.js';
import type { Skill } from '../../core/skill/skill.js';
import type { IoOptions } from '../fs/types.js';
import { readCustomSkill } from '../skill-store/agent-read.js';

/**
 * The on-disk skill `name` of the agent as a Skill (`dirName` is the folder
 * name; binaries by reference, without their bytes). UnsafePathError for a name that is not a safe skill name (field
 * `editing_name`), NotFoundError when the agent has no such skill.
 */
export async function loadSkillForEdit(agentDir: string, name: string, io: IoOptions = {}): Promise<Skill> {
  assertSafeSkillName(name, CHAT_REQUEST.editingName);
  const read = await readCustomSkill(agentDir, name, io);
  return read.name === read.dirName ? read.skill : read.skill.with({ dirName: read.name });
}
