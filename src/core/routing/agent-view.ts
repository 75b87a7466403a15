// What an agent's model sees in Forge's runtime when a user request arrives:
// the system prompt (`You are <agent>, an AI agent.` and the skill catalog in
// our forge format, with the routing directive, listing the skills reached
// through read_skill), the `read_skill` tool, and every script-backed tool of
// every skill registered directly as a tool with its input schema. Also which
// skill owns each tool, so a tool call can be traced back to its skill.
//
// Tools and input schemas are read the way Forge's runtime reads them
// (forgeRuntimeView: the line-based entry reader, InputSpecToSchema of the
// one-line `**Input:**` spec, script binding by both name forms). A skill the
// runtime would drop registers nothing and is not listed; which tools a skill
// registers is the runtime contract's rule (forge-runtime registersTool: no
// unusable property key, a name providers accept that the registry does not
// already hold). The first skill (by name) to register a tool name keeps it.
import { buildSkillCatalog } from '../catalog.js';
import { READ_SKILL_TOOL_NAME, registersTool } from '../forge-runtime/registration.js';
import type { LlmTool } from '../llm/types.js';
import { Skill, type SkillLike } from '../skill/skill.js';

/**
 * Forge's `read_skill` tool as the model receives it. The description and
 * parameter texts are the runtime's own, reproduced verbatim: they are part of
 * what the model decides on.
 */
export const READ_SKILL_TOOL: LlmTool = Object.freeze({
  name: READ_SKILL_TOOL_NAME,
  description:
    'Read the full instructions for an available skill. ' +
    "Pass the skill name exactly as listed under 'Available Skills'. " +
    "Returns the skill's SKILL.md content with usage details, parameters, and examples. " +
    "Pass the optional 'file' argument to read a specific file relative to the skill's directory " +
    '(e.g. a reference doc the instructions point to) instead of SKILL.md.',
  parameters: Object.freeze({
    type: 'object',
    properties: {
      name: { type: 'string', description: "Skill name exactly as shown in the Available Skills list (e.g. 'k8s-incident-triage')" },
      file: {
        type: 'string',
        description:
          "Optional. A file path RELATIVE TO THE SKILL's directory to read instead of SKILL.md (e.g. 'reference/runbook.md', 'owl.md'). Use for skill instructions like 'read reference/runbook.md'.",
      },
    },
    required: ['name'],
  }),
}) as LlmTool;

export interface AgentView {
  /** The system prompt: identity line, then the catalog when one skill or more is listed. */
  system: string;
  /** The catalog part of the system prompt ('' when no skill is listed). */
  catalog: string;
  /** read_skill, then the script-backed tools. */
  tools: LlmTool[];
  /** Tool name → the skill that registered it. */
  toolOwners: Record<string, string>;
  /** Every skill's catalog name, in order. */
  skills: string[];
}

/** The name the catalog lists (and read_skill takes): the frontmatter `name`, else the folder. */
export function routingSkillName(skill: SkillLike): string {
  return Skill.from(skill).name?.trim() ?? '';
}

/** The tools the runtime registers for one skill, in SKILL.md order; null when it drops the skill. */
function skillTools(skill: Skill): LlmTool[] | null {
  const view = skill.runtimeView;
  if (view.loadErrors.length > 0) return null;
  const out: LlmTool[] = [];
  for (const tool of view.tools) {
    if (!registersTool(view.runtime, tool)) continue;
    out.push({ name: tool.name, description: tool.description, parameters: tool.inputSchema as unknown as Record<string, unknown> });
  }
  return out;
}

/** The agent as its model sees it, for `skills` (the skill being checked and the agent's others). */
export function buildAgentView(skills: readonly SkillLike[], options: { agentName?: string } = {}): AgentView {
  const named = skills
    .map((s) => Skill.from(s))
    .map((skill) => ({ skill, name: routingSkillName(skill), tools: skillTools(skill) }))
    .filter((s): s is { skill: Skill; name: string; tools: LlmTool[] } => Boolean(s.name) && s.tools !== null);
  named.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const catalog = buildSkillCatalog(
    named.map(({ skill, name }) => (skill.dirName === undefined ? skill.with({ dirName: name }) : skill)),
    { format: 'forge' },
  );
  const tools: LlmTool[] = [READ_SKILL_TOOL];
  const toolOwners: Record<string, string> = {};
  for (const { name, tools: own } of named) {
    for (const tool of own) {
      if (tool.name === READ_SKILL_TOOL.name || Object.hasOwn(toolOwners, tool.name)) continue;
      toolOwners[tool.name] = name;
      tools.push(tool);
    }
  }
  const identity = `You are ${options.agentName?.trim() || 'agent'}, an AI agent.`;
  return { system: catalog ? `${identity}\n\n${catalog}` : identity, catalog, tools, toolOwners, skills: named.map((s) => s.name) };
}
