// The artifact document `compileSkills` returns and `forge-skill-builder build`
// writes (skills.json, tools.json, prompt.txt). This is a wire format, so keys
// are snake_case like the rest of the wire (`input_schema`, `one_of`,
// `timeout_hint`); the object is JSON-serialisable as it is.

import type { RiskFactor, RiskLevel, RiskPolicy, RiskViolation } from '../risk/types.js';
import type { Diagnostic } from '../diagnostics.js';
import type { ToolExample, ToolOutput, ToolParam } from '../skillmd/types.js';
import type { ToolInputSchema } from './input-schema.js';

/** Identifies the artifact layout; bumped on any breaking change to it. */
export const ARTIFACTS_VERSION = 'forge-skill-builder.artifacts/v1';

/** One skill handed to the compiler. */
export interface SkillSource {
  /** The SKILL.md text. */
  skillMd: string;
  /** Folder name under `skills/` (or the flat file's stem); checked against `name`, used in script paths. */
  dir?: string;
  /** Files of `scripts/`, by file name (`weather-current.sh`; a `scripts/` prefix is accepted). */
  scripts?: Record<string, string>;
}

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

export interface SkillToolArtifact {
  name: string;
  description: string;
  input_form: 'table' | 'inline' | 'both' | 'none';
  input: ToolParam[];
  /** The JSON Schema built from `input`; null when a parameter key is unusable (see diagnostics). */
  input_schema: ToolInputSchema | null;
  output: ToolOutput | null;
  examples: ToolExample[];
  heuristics: string[];
  /** Path of the backing script relative to the skills folder, or null for an instruction-only tool. */
  script: string | null;
  interpreter: string | null;
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
  scripts: ScriptArtifact[];
  /** The SKILL.md body (frontmatter removed). */
  body: string;
}

/** An LLM tool definition for a script-backed tool. */
export interface ToolDefinition {
  name: string;
  description: string;
  input_schema: ToolInputSchema;
  /** The skill it belongs to (its env and egress apply when it runs). */
  skill: string;
  /** Path of the script relative to the skills folder. */
  script: string;
  interpreter: string;
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
