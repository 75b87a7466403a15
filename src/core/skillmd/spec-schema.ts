// SkillSpecSchema: the structured form of a skill that compileSkill turns into
// a SKILL.md and decompileSkill reads back. It is also sent to the LLM (as JSON
// Schema inside the envelope schema), so every field carries a description,
// nothing uses transforms or refinements, and defaults are plain values.

import { z } from 'zod';

const BinRecipeSchema = z
  .object({
    name: z.string().describe('Binary name as it appears in PATH, e.g. "jq".'),
    version: z.union([z.string(), z.number()]).optional().describe('Version constraint, e.g. ">=0.4.0".'),
    optional: z.boolean().optional().describe('true when the skill works without it.'),
    apt: z.string().optional().describe('Debian/Ubuntu package that provides it (apt-get install).'),
    apk: z.string().optional().describe('Alpine package that provides it (apk add).'),
    url: z.string().optional().describe('Direct download URL of the binary; needs `dest`.'),
    dest: z.string().optional().describe('Where the downloaded binary is written, e.g. "/usr/local/bin/tool".'),
    chmod: z.union([z.string(), z.number()]).optional().describe('File mode for the download as a quoted octal string, e.g. "0755".'),
    run: z.array(z.string()).optional().describe('Shell commands that install it, run in order.'),
  })
  .catchall(z.unknown())
  .describe('A binary with its own install recipe: {name, apt|apk}, {name, url, dest, chmod} or {name, run: [...]}.');

const EnvSchema = z
  .object({
    required: z.array(z.string()).optional().describe('Environment variables that must be set.'),
    one_of: z.array(z.string()).optional().describe('At least one of these must be set.'),
    optional: z.array(z.string()).optional().describe('Used when present (extra features, overrides).'),
  })
  .catchall(z.unknown());

const RequiresSchema = z
  .object({
    bins: z
      .array(z.union([z.string(), BinRecipeSchema]))
      .optional()
      .describe(
        'Binaries the skill runs, including the interpreter of .py (python3) and .js (node) scripts. A bare name, or an install recipe for a binary the base image lacks.',
      ),
    env: EnvSchema.optional().describe('Environment variables (credentials, endpoints) the skill reads.'),
    capabilities: z.array(z.string()).optional().describe('Runtime capabilities the skill needs, e.g. "browser".'),
  })
  .catchall(z.unknown());

export const ForgeMetadataSpecSchema = z
  .object({
    runtime: z.enum(['script', 'binary']).optional().describe('"script" (default: tools run scripts/) or "binary" (the tool is a declared binary).'),
    workflow_phase: z.string().optional().describe('Phase in a multi-skill workflow, e.g. "edit" or "finalize".'),
    requires: RequiresSchema.optional().describe('Runtime dependencies.'),
    egress_domains: z.array(z.string()).optional().describe('Every network host the skill or its scripts contact, e.g. "api.example.com".'),
    denied_tools: z.array(z.string()).optional().describe('Built-in tools the agent must not use with this skill, e.g. "http_request".'),
    timeout_hint: z.union([z.number(), z.string()]).optional().describe('Suggested timeout: seconds (300) or a duration string ("300s").'),
  })
  .catchall(z.unknown())
  .describe('`metadata.forge`: requirements and policy for the Forge runtime. Other keys (guardrails, trust_hints, …) are kept as written.');

const MetadataSchema = z
  .object({
    forge: ForgeMetadataSpecSchema.optional(),
  })
  .catchall(z.unknown())
  .describe('Frontmatter `metadata`. `forge` is the Forge runtime block; other keys are kept as written.');

export const ToolParamSpecSchema = z.object({
  name: z.string().describe('Parameter name as the script reads it from the JSON input, e.g. "query".'),
  type: z.string().default('string').describe('JSON type: string, integer, number, boolean, array, object (or e.g. "string[]").'),
  required: z.boolean().default(false).describe('Whether the caller must give it.'),
  description: z.string().default('').describe('What it means, allowed values, default.'),
});

export const ToolExampleSpecSchema = z.object({
  request: z.string().describe('What a user might say, e.g. "What is the weather in Paris tomorrow?".'),
  input: z.unknown().describe('The JSON input the agent should pass to the tool for that request, e.g. {"location": "Paris", "days": 2}.'),
});

export const ToolSpecSchema = z.object({
  name: z.string().describe('Tool name in snake_case, e.g. "weather_forecast"; its script is scripts/weather-forecast.sh (or scripts/weather_forecast.sh).'),
  description: z
    .string()
    .default('')
    .describe(
      'What the tool does (Markdown, may be several paragraphs; no headings, no lines starting with **Input:**, **Output:** or the other part labels, no "#" comment lines in code blocks: Forge\'s runtime ends the tool at any line starting with "#").',
    ),
  input: z
    .array(ToolParamSpecSchema)
    .default([])
    .describe(
      "Every parameter the script reads, rendered as the one-line **Input:** spec Forge's runtime reads (required ones first: the runtime always requires the first) and a table of descriptions.",
    ),
  output: z
    .unknown()
    .optional()
    .describe(
      'What the tool prints: a JSON Schema or an example JSON value (rendered as a one-line summary and a fenced json block), or a one-line text description.',
    ),
  examples: z.array(ToolExampleSpecSchema).default([]).describe('At least 5 "user request → tool input" examples.'),
  heuristics: z.array(z.string()).default([]).describe('Detection heuristics: one line each, the signals in a request that mean this tool should be used.'),
  process: z.array(z.string()).default([]).describe('Steps the agent follows around the call, one line each (rendered as a numbered list).'),
  notes: z
    .string()
    .optional()
    .describe(
      "Free Markdown placed at the end of the tool section, after the structured parts (tips, caveats, response details). Use **bold** labels, not headings: a heading ends the tool for Forge's runtime (the compiler turns any into bold labels).",
    ),
});

export const ExtraSectionSpecSchema = z.object({
  heading: z.string().describe('Heading text without the #s, e.g. "Authentication".'),
  level: z.number().int().min(1).max(2).default(2).describe('1 for "#", 2 for "##".'),
  content: z.string().default('').describe('Markdown under the heading, verbatim (### sub-headings allowed; no # or ## headings).'),
  after: z
    .string()
    .optional()
    .describe(
      'Where the section goes. Omitted: after the title, summary and instructions, before the first tool. "tool:<name>": right after that tool section ("tool:<name>#2" for the second tool of a repeated name; an unknown tool means after the last tool). "safety": after Safety Constraints. "notes": after Important Notes, at the end. Sections with the same place keep their order.',
    ),
});

export const SkillSpecSchema = z
  .object({
    name: z.string().describe('Skill name: lowercase kebab-case, at most 64 characters, e.g. "weather-report". It is also the folder name.'),
    description: z
      .string()
      .describe(
        'Trigger-rich description, the only thing the agent sees before loading the skill: what it does and when to use it ("Use when the user asks … (\\"…\\")").',
      ),
    icon: z.string().optional().describe('One emoji.'),
    category: z.string().optional().describe('Lowercase kebab-case category, e.g. "research", "sre", "developer".'),
    tags: z.array(z.string()).optional().describe('Lowercase kebab-case discovery keywords.'),
    license: z.string().optional(),
    compatibility: z.string().optional().describe('Environment requirements (Agent Skills field), at most 500 characters.'),
    'allowed-tools': z
      .union([z.string(), z.array(z.string())])
      .optional()
      .describe('Pre-approved tools (Agent Skills field).'),
    metadata: MetadataSchema.optional(),
    extra_frontmatter: z.record(z.string(), z.unknown()).optional().describe('Other top-level frontmatter keys, kept as written.'),
    title: z.string().optional().describe('The "# Title" heading, e.g. "Weather Report".'),
    summary: z.string().optional().describe('One paragraph under the title saying what the skill is for.'),
    instructions: z
      .string()
      .optional()
      .describe(
        'Free Markdown after the summary: how the agent uses the skill, built-in tools to call, process notes (### headings allowed; no # or ## headings).',
      ),
    tools: z
      .array(ToolSpecSchema)
      .default([])
      .describe('Custom tools, each backed by a script. Built-in tools are not listed here: name them in the instructions.'),
    safety: z.array(z.string()).default([]).describe('Safety constraints, one line each (rendered under "## Safety Constraints").'),
    notes: z.array(z.string()).default([]).describe('Important notes, one line each (rendered under "## Important Notes").'),
    extra_sections: z.array(ExtraSectionSpecSchema).default([]).describe('Any other section, carried verbatim and placed by `after`.'),
  })
  .describe('A skill in structured form; compiled into SKILL.md.');

/** A parsed spec (defaults filled in). */
export type SkillSpec = z.infer<typeof SkillSpecSchema>;
/** A spec as written by a caller or an LLM (defaults may be left out). */
export type SkillSpecInput = z.input<typeof SkillSpecSchema>;
export type ToolSpec = z.infer<typeof ToolSpecSchema>;
export type ToolParamSpec = z.infer<typeof ToolParamSpecSchema>;
export type ToolExampleSpec = z.infer<typeof ToolExampleSpecSchema>;
export type ExtraSectionSpec = z.infer<typeof ExtraSectionSpecSchema>;
export type ForgeMetadataSpec = z.infer<typeof ForgeMetadataSpecSchema>;
export type BinRecipeSpec = z.infer<typeof BinRecipeSchema>;
