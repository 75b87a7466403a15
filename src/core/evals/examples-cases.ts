// The Examples cases from a skill's parts, without the Skill value: its name,
// its tool sections (each with its Examples rows) and whether the runtime
// registers each tool. Each example's request becomes a case expecting that
// tool called with the example's input; a tool the runtime does not register
// is reached through read_skill, so its case expects read_skill with the
// skill's name. Light enough for the browser (derived.ts wraps it for a Skill).
import type { ToolSection } from '../skillmd/types.js';
import type { EvalCase } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The cases of `tools`' Examples tables, numbered from `firstId`, each request once. */
export function casesFromTools(name: string, tools: readonly ToolSection[], registered: (tool: string) => boolean, firstId = 1): EvalCase[] {
  const seen = new Set<string>();
  const out: EvalCase[] = [];
  for (const tool of tools) {
    for (const example of tool.examples) {
      const prompt = example.request.trim();
      if (!prompt || seen.has(prompt.toLowerCase())) continue;
      seen.add(prompt.toLowerCase());
      const runs = registered(tool.name);
      const expectation = runs
        ? `tool_called: ${tool.name}${isObject(example.input) && Object.keys(example.input).length > 0 ? ` with ${JSON.stringify(example.input)}` : ''}`
        : `tool_called: read_skill with ${JSON.stringify({ name })}`;
      out.push({
        id: firstId + out.length,
        prompt,
        expectedOutput: runs ? `The agent calls ${tool.name} for this request.` : `The agent loads the ${name} skill for this request.`,
        files: [],
        expectations: [expectation],
        source: 'examples',
      });
    }
  }
  return out;
}
