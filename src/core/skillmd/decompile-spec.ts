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

/**
 * A tool as decompileSkill read it: its fields, or only its name for a tool
 * section with no lines (a name and an empty description, without an object
 * kept alive until the schema step).
 */
export type ReadTool = Record<string, unknown> | string;

/** Whether a read tool has exactly the keys `name` and `description`, both strings. */
function isPlainTool(tool: ReadTool): boolean {
  if (typeof tool === 'string') return true;
  let keys = 0;
  for (const _ in tool) keys++;
  return keys === 2 && typeof tool['name'] === 'string' && typeof tool['description'] === 'string';
}

/** SkillSpecSchema.safeParse of the fields read, `tools` among them (each a ReadTool), with the same result. */
export function parseDecompiledSpec(raw: Record<string, unknown>): ZodSafeParseResult<SkillSpec> {
  const tools = raw['tools'];
  if (!Array.isArray(tools)) return SkillSpecSchema.safeParse(raw);
  const read = tools as ReadTool[];
  const whole = (): ZodSafeParseResult<SkillSpec> =>
    SkillSpecSchema.safeParse({ ...raw, tools: read.map((t) => (typeof t === 'string' ? { name: t, description: '' } : t)) });
  if (!CAN_FILL) return whole();
  const plain = read.map(isPlainTool);
  if (!plain.includes(true)) return SkillSpecSchema.safeParse(raw);
  const rest = SkillSpecSchema.safeParse({ ...raw, tools: read.filter((_, i) => !plain[i]) });
  // Only the other fields can fail: the whole spec is then parsed again, so the issues and their paths are the schema's own.
  if (!rest.success) return whole();
  const checked = rest.data.tools;
  const out = new Array<ToolSpec>(read.length);
  for (let i = 0, j = 0; i < read.length; i++) {
    const t = read[i]!;
    if (!plain[i]) out[i] = checked[j++]!;
    else out[i] = typeof t === 'string' ? plainTool(t, '') : plainTool(t['name'] as string, t['description'] as string);
  }
  rest.data.tools = out;
  return rest;
}
