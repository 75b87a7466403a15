// The skill store: the one way node code lists and reads skills on disk, from
// an agent folder (its `skills/`) or a plain skills folder, with one skip
// policy (list.ts) and one skipped shape (SkippedEntry).

export { listSkillsFolder, hasSkillsIn } from './list.js';
export type { SkillLocation, SkillsFolderListing } from './list.js';
export { readSkillMd, readSkillScripts } from './read.js';
export { listAgentSkills, listCustomSkills } from './agent-list.js';
export { customSkillData, locateSkill, nameOccupant, readCustomSkill, refuseNonSkillOccupant } from './agent-read.js';
export type { CustomSkill } from './agent-read.js';
export { agentCatalogInputs, catalogInputs, readAllSkills, readSkillsFolder } from './read-all.js';
export type { ReadSkillsFolderResult, StoredSkill, StoredSkills } from './read-all.js';
export { isInside, MAX_SKILL_FILE_BYTES, SkillReadError } from './inside.js';
