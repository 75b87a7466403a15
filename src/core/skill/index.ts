// The skill value and its data shapes.
export { Skill } from './skill.js';
export type { SkillBinary, SkillInit, SkillLike } from './skill.js';
