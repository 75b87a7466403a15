// Eval cases derived from a skill's own Examples tables, free for every skill:
// each example's request becomes a case expecting the agent to call that tool
// with the example's input (the fields the example gives). A tool the runtime
// does not register (an instruction-only skill) is reached through read_skill,
// so its cases expect read_skill with the skill's name instead.
import { buildAgentView, routingSkillName } from '../routing/agent-view.js';
import type { Skill } from '../skill/skill.js';
import type { EvalCase } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The cases of the skill's Examples tables, numbered from `firstId`, each request once. */
export function casesFromExamples(skill: Skill, firstId = 1): EvalCase[] {
  const name = routingSkillName(skill);
  const view = buildAgentView([skill]);
  const seen = new Set<string>();
  const out: EvalCase[] = [];
  for (const tool of skill.parsed.tools) {
    for (const example of tool.examples) {
      const prompt = example.request.trim();
      if (!prompt || seen.has(prompt.toLowerCase())) continue;
      seen.add(prompt.toLowerCase());
      const registered = Object.hasOwn(view.toolOwners, tool.name);
      const expectation = registered
        ? `tool_called: ${tool.name}${isObject(example.input) && Object.keys(example.input).length > 0 ? ` with ${JSON.stringify(example.input)}` : ''}`
        : `tool_called: read_skill with ${JSON.stringify({ name })}`;
      out.push({
        id: firstId + out.length,
        prompt,
        expectedOutput: registered ? `The agent calls ${tool.name} for this request.` : `The agent loads the ${name} skill for this request.`,
        files: [],
        expectations: [expectation],
        source: 'examples',
      });
    }
  }
  return out;
}
