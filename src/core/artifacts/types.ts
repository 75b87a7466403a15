// The artifact document `compileSkills` returns and `forge-skill-builder build`
// writes (skills.json, tools.json, prompt.txt). This is a wire format, so keys
// are snake_case like the rest of the wire (`input_schema`, `one_of`,
// `timeout_hint`); the object is JSON-serialisable as it is. Where a field
// says what Forge's runtime will run (tools.json, `runtime_tools`), it is the
// runtime view (forgeRuntimeView); what only this package reads from the
// author's text stays apart, under `authored` / `skills[].tools`.

import type { RiskFactor, RiskLevel, RiskPolicy, RiskViolation } from '../risk/types.js';
import type { Diagnostic } from '../diagnostics.js';
import type { ToolExample, ToolOutput, ToolParam } from '../skillmd/types.js';
import type { RuntimeInputSchema } from '../runtime-view/input-schema.js';
import type { ToolInputSchema } from './input-schema.js';

/** Identifies the artifact layout; bumped on any breaking change to it. */
export const ARTIFACTS_VERSION = 'forge-skill-builder.artifacts/v2';

export interface CompileSkillsOptions {
  /** Keep only skills in this category. */
  category?: string;
  /** Keep only skills that have every one of these tags (AND). */
  tags?: string[];
  /**
   * Hex SHA-256 of a text's UTF-8 bytes. Default: the built-in pure-TS
   * implementation (runs anywhere); the Node build passes node:crypto's, which
   * is several times faster. Any correct SHA-256 gives the same output.
   */
  sha256Hex?: (text: string) => string;
  /** The policy each skill's `risk` is assessed under (Forge's keys, camelCase). Default: Forge's default policy. */
  riskPolicy?: Partial<RiskPolicy>;
}

/** A skill's risk as `forge skills audit` scores it (see assessSkillRisk), under the build's policy. */
export interface SkillRiskArtifact {
  score: number;
  level: RiskLevel;
  /** No policy violation of severity error or critical. */
  passed: boolean;
  factors: RiskFactor[];
  violations: RiskViolation[];
}

/** A bin requirement as written in `requires.bins`, flattened (unknown keys after the known ones). */
export interface BinArtifact {
  name: string;
  version?: string;
  optional?: true;
  apt?: string;
  apk?: string;
  url?: string;
  dest?: string;
  chmod?: string;
  run?: string[];
  [key: string]: unknown;
}

export interface EnvArtifact {
  required: string[];
  one_of: string[];
  optional: string[];
}

export interface SkillRequiresArtifact {
  bins: BinArtifact[];
  env: EnvArtifact;
  capabilities: string[];
}

/** A `## Tool:` section as the author wrote it and this package reads it (not what Forge's runtime sends; see RuntimeToolArtifact). */
export interface SkillToolArtifact {
  name: string;
  description: string;
  input_form: 'table' | 'inline' | 'both' | 'none';
  input: ToolParam[];
  /** Our JSON Schema of `input` (types, enums, ranges, descriptions); null when a parameter key is unusable (see diagnostics). Forge's runtime does not send it. */
  input_schema: ToolInputSchema | null;
  output: ToolOutput | null;
  examples: ToolExample[];
  heuristics: string[];
  /** Path of the backing script relative to the skills folder, or null for an instruction-only tool. */
  script: string | null;
  interpreter: string | null;
}

/** One tool entry as Forge's runtime reads it from the SKILL.md (forgeRuntimeView), phantom entries included. */
export interface RuntimeToolArtifact {
  name: string;
  /** `tool`: a `## Tool:` heading; `phantom`: a `- word` bullet outside tool sections, which the runtime reads as a tool. */
  kind: 'tool' | 'phantom';
  /** 1-based line of the heading or bullet in the SKILL.md. */
  line: number;
  /** The description as the runtime joins it (every text line of the entry, one space between). */
  description: string;
  /** The text of the `**Input:**` line. */
  input_spec: string;
  /** What the runtime computes from `input_spec` (InputSpecToSchema): the schema the model receives. */
  input_schema: RuntimeInputSchema;
  output_spec: string;
  output_format: string;
  /** `<dir>/scripts/<file>` the runtime binds the entry to, or null (none; or a `runtime: binary` skill). */
  script: string | null;
  /** Property keys providers reject: the runtime then skips the tool. */
  invalid_keys: string[];
}

export interface ScriptArtifact {
  /** Relative to the skills folder: `<dir>/scripts/<file>`. */
  file: string;
  /** How the runtime runs it, or null when it cannot (not an executable kind). */
  interpreter: string | null;
  checksum: string;
}

export interface SkillArtifact {
  name: string;
  description: string;
  category: string | null;
  tags: string[];
  icon: string | null;
  /** `tools`: at least one tool runs a script. `instructions`: the body goes into the prompt. */
  kind: 'tools' | 'instructions';
  /** `sha256:<hex>` of the SKILL.md bytes (UTF-8). */
  checksum: string;
  provenance: { source: 'local'; checksum: string };
  risk: SkillRiskArtifact;
  requires: SkillRequiresArtifact;
  egress_domains: string[];
  denied_tools: string[];
  /** Seconds, or null when not declared (or not understood — see diagnostics). */
  timeout_hint: number | null;
  runtime: 'script' | 'binary' | null;
  workflow_phase: string | null;
  tools: SkillToolArtifact[];
  /** Every entry Forge's runtime reads, in file order (phantoms included); empty when the runtime would drop the skill. */
  runtime_tools: RuntimeToolArtifact[];
  scripts: ScriptArtifact[];
  /** The SKILL.md body (frontmatter removed). */
  body: string;
}

/** What only this package reads from the author's `## Tool:` section; Forge's runtime does not send it to the model. */
export interface AuthoredToolArtifact {
  /** The tool's prose description, without its Input, Output and Examples parts. */
  description: string;
  /** Our JSON Schema of the Input table / spec: JSON types, enums, ranges, per-parameter descriptions; null when a key is unusable. */
  input_schema: ToolInputSchema | null;
}

/**
 * A tool Forge's runtime registers (a script-backed entry of the runtime view):
 * `name`, `description` and `input_schema` are exactly what the model receives
 * from Forge; `authored` is ours, kept apart.
 */
export interface ToolDefinition {
  name: string;
  /** As the runtime joins it (the entry's text lines, tables and code included). */
  description: string;
  /** InputSpecToSchema of the `**Input:**` line, as Forge computes it. */
  input_schema: RuntimeInputSchema;
  output_spec: string;
  output_format: string;
  /** The skill it belongs to (its env and egress rules apply when it runs). */
  skill: string;
  /** Path of the script relative to the skills folder. */
  script: string;
  interpreter: string;
  /** The author's section as we read it; null for a phantom entry (a `- word` bullet) that has no section. */
  authored: AuthoredToolArtifact | null;
}

/** The union of every included skill's requirements. */
export interface RequirementsArtifact {
  bins: BinArtifact[];
  env: {
    required: string[];
    /** Each skill's `one_of` group, kept apart: one var of every group must be set. */
    one_of: Array<{ skill: string; vars: string[] }>;
    optional: string[];
  };
  capabilities: string[];
  egress_domains: string[];
  denied_tools: string[];
  /** The largest `timeout_hint` in seconds, or null when no skill declares one. */
  timeout_hint: number | null;
}

/** A finding about one skill (by folder name when known, else its name). */
export interface BuildDiagnostic extends Diagnostic {
  skill: string;
}

export interface CompiledSkills {
  version: string;
  count: number;
  skills: SkillArtifact[];
  /** Instructions for instruction-only skills, each body once. Empty when there are none. */
  prompt: string;
  tools: ToolDefinition[];
  requirements: RequirementsArtifact;
  /** Every finding, errors and warnings, sorted by skill then line. */
  diagnostics: BuildDiagnostic[];
  /** Skills left out because of errors, sorted. */
  excluded: string[];
}
