// The parsed shape of a SKILL.md: frontmatter, normalised `metadata.forge`,
// body sections and `## Tool:` sections. Produced by parse.ts; read by the
// validator, the compiler/decompiler, the catalog and the artifact builder.

import type { Diagnostic } from '../diagnostics.js';

/** One `requires.bins` entry; a bare string in YAML becomes `{name}`. */
export interface BinRequirement {
  name: string;
  version?: string;
  optional?: boolean;
  apt?: string;
  apk?: string;
  url?: string;
  dest?: string;
  chmod?: string;
  run?: string[];
  /** Keys of the mapping we do not model, kept as written. */
  extra?: Record<string, unknown>;
  /** 1-based line of this entry in the SKILL.md, when known (for diagnostics). */
  line?: number;
}

export interface EnvRequirements {
  required: string[];
  /** At least one of these must be set. */
  oneOf: string[];
  optional: string[];
}

/** `metadata.forge`, normalised: missing lists are empty, unknown keys kept in `extra`. */
export interface ForgeMetadata {
  requires: {
    bins: BinRequirement[];
    env: EnvRequirements;
    capabilities: string[];
  };
  egressDomains: string[];
  deniedTools: string[];
  /** Seconds, or the string as written (`"300s"`). */
  timeoutHint?: number | string;
  runtime?: 'script' | 'binary';
  workflowPhase?: string;
  /** Unknown keys of `metadata.forge` (and of `requires`, under `requires.<key>`), preserved. */
  extra: Record<string, unknown>;
}

/** The frontmatter as written (unknown keys kept). */
export interface SkillFrontmatter {
  name?: string;
  description?: string;
  icon?: string;
  category?: string;
  tags?: string[];
  license?: string;
  compatibility?: string;
  'allowed-tools'?: unknown;
  metadata?: Record<string, unknown>;
  [key: string]: unknown;
}

/** A heading of the body and the text under it up to the next heading of any level. */
export interface SkillSection {
  level: number;
  title: string;
  /** 1-based line of the heading in the whole file. */
  line: number;
  /** Text between this heading and the next heading (any level), without the heading line. */
  content: string;
}

export interface ToolParam {
  name: string;
  type: string;
  required: boolean;
  description: string;
  /** Inline form only: the text after a colon in the parentheses (`days (integer: 1-3)` → `1-3`). */
  constraint?: string;
}

export interface ToolExample {
  request: string;
  /** Parsed JSON when the cell holds JSON, else the cell text. */
  input: unknown;
}

export type ToolOutput =
  | {
      kind: 'json';
      value: unknown;
      raw: string;
      /** Prose that described the output next to the JSON (e.g. the inline `**Output:**` text when the JSON came from a `### Response Format` block). */
      description?: string;
    }
  | { kind: 'text'; text: string };

/** A `## Tool: <name>` section. */
export interface ToolSection {
  name: string;
  /** 1-based line of the `## Tool:` heading. */
  line: number;
  description: string;
  input: ToolParam[];
  /**
   * How the Input was written: a Markdown table only, the inline `a (string), b (integer)`
   * form only (the one Forge's runtime reads), the inline form followed by a table
   * (`both`: `input` then comes from the table), or missing.
   */
  inputForm: 'table' | 'inline' | 'both' | 'none';
  output: ToolOutput | null;
  examples: ToolExample[];
  heuristics: string[];
  /** The raw section text below the heading, up to the next `##`-or-higher heading. */
  body: string;
}

export interface ParsedSkillMd {
  /** `null` when the file has no frontmatter or it failed to parse. */
  frontmatter: SkillFrontmatter | null;
  /** 1-based line of each top-level frontmatter key, for diagnostics (`name` → 2). */
  frontmatterLines: Record<string, number>;
  /**
   * The YAML text between the fences as parsed (LF line endings, no BOM), and
   * the first YAML error's message when it did not parse; absent when the file
   * has no closed frontmatter. The runtime view reads it instead of parsing
   * the YAML again.
   */
  frontmatterYaml?: { text: string; error?: string };
  forge: ForgeMetadata;
  body: string;
  /** 1-based line where the body starts (the last line when the file ends right after the frontmatter). */
  bodyLine: number;
  sections: SkillSection[];
  tools: ToolSection[];
  /** Names from the legacy list body (`- translate`), when the body is in that form. */
  legacyNames: string[];
  diagnostics: Diagnostic[];
}
