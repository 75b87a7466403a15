// Skill folders and packages on Node: import from a folder or zip,
// export to deterministic zip bytes.

export { importSkill } from './import-skill.js';
export type { ImportSkillSource } from './import-skill.js';
export { exportSkill } from './export-skill.js';
export type { ExportSkillOptions } from './export-skill.js';
