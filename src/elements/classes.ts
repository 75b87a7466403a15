// Public surface of `forge-skill-builder/elements/classes`: the element
// classes, the API client and the types, without registering any tag. Import
// it to subclass an element or define it under another name; the
// `forge-skill-builder/elements` entry re-exports all of this and registers
// <forge-skill-builder> and <forge-skill-settings>.

export { ForgeSkillBuilder, DEFAULT_STARTERS } from './builder/forge-skill-builder.component.js';
export { ForgeSkillSettings } from './settings/forge-skill-settings.component.js';
export { ApiError, createApiClient } from './api/client.js';
export type { ApiClient, ApiClientOptions } from './api/client.js';
export type { ForgeErrorDetail, ForgeEventMap, SettingsSavedDetail, SkillDraftDetail, SkillSavedDetail } from './events.js';
export type {
  AgentInfo,
  ChatMessage,
  ChatRequest,
  ConfigSource,
  CustomSkillData,
  Draft,
  MissingEnvVar,
  ProviderInfo,
  SaveSkillRequest,
  SaveSkillResult,
  SettingsInfo,
  SettingsUpdate,
  SkillListItem,
  SkillSummary,
  SkillTrust,
  ValidateRequest,
} from './types.js';
