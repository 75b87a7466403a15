// The last step of decompileSkill: the fields read from a SKILL.md checked
// against SkillSpecSchema, with its defaults filled in. A tool section with no
// structured parts gives a tool of only a name and a description, which the
// schema can never refuse; those tools are filled in here from the schema's own
// defaults instead of one schema run each (on a body of tens of thousands of
// bare tool headings, those runs were most of the decompile's allocations).

import type { ZodSafeParseResult } from 'zod';
import { SkillSpecSchema, ToolSpecSchema, type SkillSpec, type ToolSpec } from './spec-schema.js';

/** What the schema makes of a tool of an empty name and description: the keys in its order, each default. */
const PLAIN_TOOL: Readonly<Record<string, unknown>> = ToolSpecSchema.parse({ name: '', description: '' });

/** Whether every default of PLAIN_TOOL is a string or an empty list, which plainTool can make afresh. */
const CAN_FILL = Object.values(PLAIN_TOOL).every((v) => typeof v === 'string' || (Array.isArray(v) && v.length === 0));

/** The schema's output for the tool `{ name, description }`: a new object, with new empty lists. */
function plainTool(name: string, description: string): ToolSpec {
  const tool: Record<string, unknown> = {};
  for (const key in PLAIN_TOOL) {
    const v = PLAIN_TOOL[key];
    tool[key] = key === 'name' ? name : key === 'description' ? description : Array.isArray(v) ? [] : v;
  }
  return tool as ToolSpec;
}

/** Whether a read tool has exactly the keys `name` and `description`, both strings. */
function isPlainTool(tool: Record<string, unknown>): boolean {
  let keys = 0;
  for (const _ in tool) keys++;
  return keys === 2 && typeof tool['name'] === 'string' && typeof tool['description'] === 'string';
}

/** SkillSpecSchema.safeParse(raw), with the same result. */
export function parseDecompiledSpec(raw: Record<string, unknown>): ZodSafeParseResult<SkillSpec> {
  const tools = raw['tools'];
  if (!CAN_FILL || !Array.isArray(tools)) return SkillSpecSchema.safeParse(raw);
  const plain = tools.map((t) => isPlainTool(t as Record<string, unknown>));
  if (!plain.includes(true)) return SkillSpecSchema.safeParse(raw);
  const rest = SkillSpecSchema.safeParse({ ...raw, tools: tools.filter((_, i) => !plain[i]) });
  // Only the other fields can fail: the whole spec is then parsed again, so the issues and their paths are the schema's own.
  if (!rest.success) return SkillSpecSchema.safeParse(raw);
  const checked = rest.data.tools;
  const out = new Array<ToolSpec>(tools.length);
  for (let i = 0, j = 0; i < tools.length; i++) {
    const t = tools[i] as Record<string, string>;
    out[i] = plain[i] ? plainTool(t['name']!, t['description']!) : checked[j++]!;
  }
  rest.data.tools = out;
  return rest;
}
