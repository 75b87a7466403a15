// The on-disk skill an edit-mode turn starts from (createWorkspaceSkillBuilder
// and the HTTP chat route): read through the skill store, in the
// shape the edit-mode prompt takes.

import { assertSafeSkillName } from '../../core/names.js';
import type { ExistingSkill } from '../../core/builder/prompt.js';
import type { IoOptions } from '../fs/types.js';
import { readCustomSkill } from '../skill-store/agent-read.js';

/**
 * The on-disk skill `name` of the agent, in the shape the edit-mode prompt
 * takes. UnsafePathError for a name that is not a safe skill name (field
 * `editing_name`), NotFoundError when the agent has no such skill.
 */
export async function loadSkillForEdit(agentDir: string, name: string, io: IoOptions = {}): Promise<ExistingSkill> {
  assertSafeSkillName(name, 'editing_name');
  const skill = await readCustomSkill(agentDir, name, io);
  return { name: skill.name, skillMd: skill.skillMd, scripts: skill.scripts, files: skill.files, binaryPaths: skill.binaries.map((b) => b.path) };
}
