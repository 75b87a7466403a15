// The shapes the elements read from and send to the HTTP API (docs/http-api.md): the
// camelCase types of core/api/types.ts, the same ones the Node functions use.
// The API client maps them to and from the snake_case wire with
// core/protocol (wire.ts); nothing else in the elements sees snake_case.

export type {
  AgentInfo,
  ChatMessage,
  ChatRequest,
  ConfigSource,
  CustomSkillData,
  Draft,
  DraftBinary,
  MissingEnvVar,
  ProviderInfo,
  SaveSkillRequest,
  SaveSkillResult,
  SettingsInfo,
  SettingsUpdate,
  SkillSummary,
  ValidateRequest,
  ValidationResult,
} from '../core/api/types.js';
import type { Draft, SkillSummary } from '../core/api/types.js';
import type { SkillTrust } from '../core/trust/types.js';

export type { SkillTrust };

/** One skill of `GET …/skill-builder/skills`: its summary and, for a signed or checked folder, what its signatures say. */
export interface SkillListItem extends SkillSummary {
  trust?: SkillTrust;
}

/** `POST …/skill-builder/try`: one tool of a draft, with its JSON input. */
export interface TryRequest extends Draft {
  tool: string;
  input: unknown;
}

/** What a tool run did (the server's result, camelCase). */
export type { ToolRunReport as ToolRunResult } from '../core/tool-run/report.js';
