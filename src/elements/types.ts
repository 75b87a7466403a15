// The shapes the elements read from and send to the HTTP API (SPEC §6), in
// camelCase. The API client converts from and to the snake_case wire format;
// nothing else in the elements sees snake_case.

import type { ValidationResult } from '../core/diagnostics.js';

export type ConfigSource = 'workspace' | 'user' | 'agent_fallback' | 'unset';

/** The resolved skill-builder LLM configuration. Never carries the key. */
export interface ProviderInfo {
  provider: string;
  model: string;
  baseUrl: string;
  apiKeyEnv: string;
  /** Whether a key is available under `apiKeyEnv` (in .forge/.env or the process environment). */
  hasKey: boolean;
  source: ConfigSource;
  /** A warning to show as text (e.g. the agent-fallback deprecation). */
  warning: string;
  /** False when a workspace `base_url` is not trusted on this machine; absent when not applicable. */
  trusted?: boolean;
}

/** GET/PUT /settings/skill-builder: the resolved config plus the provider choices. */
export interface SettingsInfo extends ProviderInfo {
  providers: string[];
}

/** PUT /settings/skill-builder. An empty or absent `apiKey` keeps the saved key. */
export interface SettingsUpdate {
  provider: string;
  model: string;
  baseUrl?: string;
  apiKeyEnv?: string;
  apiKey?: string;
}

export interface AgentInfo {
  id: string;
  path: string;
  hasSkills: boolean;
}

export interface SkillSummary {
  name: string;
  description: string;
  category: string;
  tags: string[];
  path: string;
  hasScripts: boolean;
  tools: string[];
}

/** A folder file kept byte for byte (issue 17): listed with its size, never edited or sent to a model. */
export interface DraftBinary {
  /** Relative path in the skill folder (`assets/logo.png`). */
  path: string;
  size: number;
  sha256: string;
  /** The bytes, base64; absent for a saved skill's file listed only (a save keeps it on disk). */
  contentBase64?: string;
}

/** SKILL.md and its scripts, keyed by plain file name; a skill folder also has its other files. */
export interface Draft {
  skillMd: string;
  scripts: Record<string, string>;
  /** Text files under references/, reference/ and assets/: relative path → text. Present for a whole-folder draft. */
  files?: Record<string, string>;
  /** Every other file of the folder. */
  binaries?: DraftBinary[];
}

export interface SkillFile extends Draft {
  name: string;
  path: string;
  format: 'subdir' | 'flat';
}

export interface ChatMessage {
  role: 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  mode?: 'create' | 'edit';
  editingName?: string;
  draft?: Draft;
}

export interface ValidateRequest extends Draft {
  mode?: 'create' | 'edit';
  editingName?: string;
}

export interface SaveRequest extends Draft {
  skillName: string;
  envVars?: Record<string, string>;
  overwrite?: boolean;
  editingName?: string;
}

/** A declared env var the agent still lacks after a save. */
export interface MissingEnvVar {
  name: string;
  /** `required`: must be set. `one_of`: a member of the skill's `one_of` group, of which any one is enough. */
  kind: 'required' | 'one_of';
}

export interface SaveResult {
  path: string;
  egressAdded: string[];
  envConfigured: string[];
  envMissing: MissingEnvVar[];
}

export type { ValidationResult };

/** `POST …/skill-builder/try`: one tool of a draft, with its JSON input. */
export interface TryRequest extends Draft {
  tool: string;
  input: unknown;
}

/** What a tool run did (the server's result, camelCase). */
export type { ToolRunReport as ToolRunResult } from '../core/tool-run/report.js';
