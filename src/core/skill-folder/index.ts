// Skill folders and packages: reading files into a Skill, the safety checks
// on archive and folder listings, and zip reading/writing with fflate.

export { SkillArchiveError } from './errors.js';
export { SKILL_FOLDER_LIMITS, TEXT_FILE_FOLDERS } from './limits.js';
export { entryPathProblem, foldedPath } from '../safe-text/entry-path.js';
export { checkListing } from './listing.js';
export type { CheckedListing, EntryKind, ListedEntry } from './listing.js';
export { toSkill, sha256Hex } from './to-draft.js';
export { readSkillZip, readSkillFiles } from './read.js';
export { acceptRequirements } from './accept-requirements.js';
export type { AcceptedRequirements } from './accept-requirements.js';
export { writeSkillZip, skillEntries } from './zip-write.js';
export type { SkillFolderEntry } from './to-draft.js';
