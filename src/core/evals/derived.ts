// Eval cases derived from a skill's own Examples tables, free for every skill:
// each example's request becomes a case expecting the agent to call that tool
// with the example's input (the fields the example gives). A tool the runtime
// does not register (an instruction-only skill) is reached through read_skill,
// so its cases expect read_skill with the skill's name instead.
import { buildAgentView, routingSkillName } from '../routing/agent-view.js';
import type { Skill } from '../skill/skill.js';
import { casesFromTools } from './examples-cases.js';
import type { EvalCase } from './types.js';

/** The cases of the skill's Examples tables, numbered from `firstId`, each request once. */
export function casesFromExamples(skill: Skill, firstId = 1): EvalCase[] {
  const view = buildAgentView([skill]);
  return casesFromTools(routingSkillName(skill), skill.parsed.tools, (tool) => Object.hasOwn(view.toolOwners, tool), firstId);
}
