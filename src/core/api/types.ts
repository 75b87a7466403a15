// The TypeScript shapes of the skill-builder API (docs/http-api.md), in camelCase: one
// name and one shape per concept for every entry point. The Node functions
// return them (discoverAgents, listCustomSkills, saveSkill),
// the elements' API client returns them, and wire.ts maps each to and from its
// snake_case HTTP JSON. Types only.

import type { Diagnostic, ValidationResult } from '../diagnostics.js';
import type { ChatMessage } from '../llm/types.js';
import type { AcceptedRequirements } from '../skill-folder/accept-requirements.js';
import type { SkillBinary } from '../skill/binary.js';

export type { ChatMessage, ValidationResult };

/** Where the skill-builder configuration came from: the tier that supplied it (docs/skill-builder-llm.md). */
export type ConfigSource = 'workspace' | 'user' | 'agent_fallback' | 'unset';

/** The resolved skill-builder LLM configuration as the API reports it. Never carries the key. */
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
  /** Remove the saved key (wire `delete_api_key: true`): the other way to move baseUrl to a new origin (a saved key is bound to its origin). */
  deleteApiKey?: boolean;
}

/** An agent of a workspace: a folder holding `forge.yaml`. */
export interface AgentInfo {
  /** The folder name (unique within the workspace; clashes get their relative path with "~"). */
  id: string;
  /** Absolute path of the agent folder. */
  path: string;
  /** Path relative to the workspace ('.' for the workspace itself), with "/" separators. */
  relativePath: string;
  /** True when `skills/` holds at least one skill, symlinked ones included, as the skills list shows them. */
  hasSkills: boolean;
}

export type SkillFormat = 'subdir' | 'flat';

/** One entry of an agent's skills list. */
export interface SkillSummary {
  /** The frontmatter `name`, or the folder/file name when the frontmatter has none. */
  name: string;
  /** The folder name (subdir) or file name without `.md` (flat). */
  dirName: string;
  description: string;
  category: string;
  tags: string[];
  /** The skill folder (subdir) or the `.md` file (flat). */
  path: string;
  hasScripts: boolean;
  /** Names of the `## Tool:` sections. */
  tools: string[];
  format: SkillFormat;
  /** Why the skill could not be read or parsed; the other fields are best effort then. */
  error?: string;
}

/** Why an entry of a skills folder (or of a skill's scripts/) was not read as a skill. */
export type SkipCode = 'template-skipped' | 'not-a-skill' | 'bad-name' | 'symlink-escape' | 'duplicate' | 'unreadable' | 'script-skipped' | 'file-skipped';

/** An entry of a skills folder that is not read as a skill, with the reason: the one shape every reader reports. */
export interface SkippedEntry {
  /** Path relative to the skills folder, "/"-separated (`_template`, `evil/SKILL.md`, `weather/scripts/x sh`). */
  path: string;
  code: SkipCode;
  reason: string;
  /** The skill it belongs to, when it was part of one. */
  skill?: string;
}

/** An agent's skills list with what was left out of it. */
export interface SkillsListing {
  skills: SkillSummary[];
  skipped: SkippedEntry[];
}

/**
 * A binary file of a draft as plain data: a SkillBinary whose bytes, when they travel, are base64
 * (`contentBase64`) because the draft is JSON (the HTTP wire and the elements' editor state).
 */
export type DraftBinary = Omit<SkillBinary, 'bytes'> & {
  /** The bytes, base64; absent for a saved skill's file listed only (a save keeps it on disk). */
  readonly contentBase64?: string;
};

/**
 * SKILL.md and its scripts, keyed by plain file name; a skill folder also has its other files. The
 * plain JSON form of a skill that the browser edits and the HTTP wire carries (the Skill value is for
 * code that analyses it: `Skill.from` takes a Draft's text parts as they are).
 */
export interface Draft {
  skillMd: string;
  scripts: Record<string, string>;
  /** The folder's UTF-8 text files (references/, templates/, scripts/lib/, the top …; not SKILL.md or a script): relative path → text. Present for a whole-folder draft. */
  files?: Record<string, string>;
  /** Every other file of the folder. */
  binaries?: DraftBinary[];
}

/**
 * One installed skill as `GET …/skills/{name}` answers it and the elements' client reads it: the plain
 * data of the skill store's CustomSkill (Node's readCustomSkill returns that, with a Skill).
 */
export interface CustomSkillData extends Draft {
  name: string;
  dirName: string;
  path: string;
  format: SkillFormat;
  /** The folder's UTF-8 text files (subdir form), in any folder: relative path → content. */
  files: Record<string, string>;
  /** The folder's other files (subdir form): listed with size and sha256, never their bytes. */
  binaries: DraftBinary[];
  /** Entries of the skill folder that were not read, paths relative to the skills folder (`weather/scripts/x sh`). */
  skipped: SkippedEntry[];
}

export type ChatMode = 'create' | 'edit';

/** `POST …/skill-builder/chat`. */
export interface ChatRequest {
  messages: ChatMessage[];
  mode?: ChatMode;
  editingName?: string;
  /** The editor's draft: the model sees the names of its files (binaries by path only), and the content of shared text files. */
  draft?: Draft;
  /** Text files whose content the model sees: `'all'` or a list of paths. Default none. */
  shareFiles?: 'all' | string[];
}

/** `POST …/skill-builder/validate`. */
export interface ValidateRequest extends Draft {
  mode?: ChatMode;
  editingName?: string;
}

/** A binary file of a save request: its bytes, base64 (as the HTTP wire carries them), or the sha256 of an edited skill's file to keep. */
export interface SaveBinaryFile {
  path: string;
  /** The bytes (TypeScript callers). */
  bytes?: Uint8Array;
  /** The bytes, base64. */
  contentBase64?: string;
  /** Without bytes: keep the edited skill's file with this SHA-256 (lower-case hex), byte-identical. */
  sha256?: string;
}

/** `saveSkill(agentDir, request)` and `POST …/skill-builder/save`. */
export interface SaveSkillRequest {
  skillName: string;
  skillMd: string;
  /** File name (plain, no folders) → content. Written to `scripts/` with mode 0755. */
  scripts?: Record<string, string>;
  /** Values for the skill's env vars, appended to the agent's `.env`. Empty values are skipped. */
  envVars?: Record<string, string>;
  /** Set false to refuse replacing even in edit mode. Replacing needs `editingName === skillName`. */
  overwrite?: boolean;
  /** The skill being edited (edit mode). */
  editingName?: string | null;
  /**
   * Folder text files: relative path in any folder (not SKILL.md or a script) → UTF-8 text, written 0644.
   * When given it is the complete set: an edited skill's text files it leaves out are removed.
   */
  files?: Record<string, string>;
  /** Other folder files (`{path, bytes}`, `{path, contentBase64}` or `{path, sha256}` to keep one). When given it is the complete set too. */
  binaries?: SaveBinaryFile[];
  /**
   * Requirement proposals of an import the operator accepted: declared in the
   * SKILL.md frontmatter before the checks. Nothing is accepted unless listed.
   */
  acceptRequirements?: AcceptedRequirements;
  /** HTTP only (saveSkill takes it as an option): save even with risky `egress_domains`. */
  allowRiskyEgress?: boolean;
}

/** A declared env var the agent still lacks after a save. */
export interface MissingEnvVar {
  name: string;
  /** `required`: must be set. `one_of`: a member of the skill's `one_of` group, of which any one is enough. */
  kind: 'required' | 'one_of';
}

export interface SaveSkillResult {
  /** The skill folder. */
  path: string;
  /** Domains newly added to forge.yaml egress.allowed_domains. */
  egressAdded: string[];
  /** Env var names written to the agent's .env by this save. */
  envConfigured: string[];
  /** Declared env vars still unset (agent .env + environment). */
  envMissing: MissingEnvVar[];
  /** Validator warnings of the saved SKILL.md, plus egress domains that were not merged. */
  warnings: Diagnostic[];
}

/** `GET /agents/{id}/skill-builder/context`. */
export interface BuilderContext {
  systemPrompt: string;
}

/** One file of a kept version of a skill. */
export interface SkillVersionFile {
  path: string;
  /** Lower-case hex sha256 of the file's bytes. */
  sha256: string;
  size: number;
}

/** One kept version of a skill: the folder as it was before a save replaced it (the skill's save history). */
export interface SkillVersion {
  /** The first 16 hex of the sha256 of the file list: the same folder is the same id. */
  id: string;
  /** ISO time it was recorded. */
  created: string;
  /** One line: what this version changed against the one kept before it. */
  summary: string;
  /** Forge's audit risk score of this version (0–100), and its level. */
  riskScore?: number;
  riskLevel?: string;
  /** The last eval run saved with this version (its `evals/benchmark.json`), when it has one. */
  evals?: SkillEvalSummary;
  files: SkillVersionFile[];
}

/** What an eval run of a skill showed, as its `evals/benchmark.json` records it. */
export interface SkillEvalSummary {
  /** Mean pass rate with the skill, 0 to 1. */
  withSkill: number;
  /** Mean pass rate without it (the baseline), when the baseline ran. */
  withoutSkill?: number;
  /** `withSkill - withoutSkill`, when both ran. */
  delta?: number;
  /** How many runs the benchmark holds (every case, configuration and repetition). */
  runs: number;
  /** When the run happened (the benchmark's timestamp, ISO). */
  when: string;
}

/** `GET …/skills/{name}/history`: the versions kept, newest first, and how many are kept at most. */
export interface SkillHistory {
  name: string;
  keep: number;
  versions: SkillVersion[];
}

/** One file of a diff between two versions: a unified diff for text, sizes only for binaries. */
export interface SkillVersionDiffFile {
  path: string;
  status: 'added' | 'removed' | 'changed';
  /** Lines added and removed (0 for a binary file). */
  added: number;
  removed: number;
  binary: boolean;
  /** Unified diff of the file (empty for a binary file). */
  patch: string;
}

/** `GET …/skills/{name}/diff?from=&to=`: the files that differ between two versions (`current` is the skill on disk). */
export interface SkillVersionDiff {
  from: string;
  to: string;
  files: SkillVersionDiffFile[];
}

/** `skill.provenance.json` of an exported package: where it came from. */
export interface SkillProvenance {
  /** The history id of the exported folder's content (same rule as a version id). */
  versionId: string;
  /** ISO time this content was last saved (the newest modification time of its files, whole seconds): never the export time, so an export is byte-deterministic. */
  created: string;
  /** `forge-skill-builder@<version>`. */
  builder: string;
  riskScore: number;
  riskLevel: string;
  /** A one-line summary of the skill's evals: its last run (`evals/benchmark.json`), else its cases (`evals/evals.json`), when it has any. */
  evalSummary?: string;
  /** The last eval run saved with the skill (`evals/benchmark.json`), when it has one. */
  evals?: SkillEvalSummary;
}
