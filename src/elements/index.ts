// Public surface of `forge-skill-builder/elements`: registers
// <forge-skill-builder> and <forge-skill-settings> and exports their classes.

export { ForgeSkillBuilder, DEFAULT_STARTERS } from './builder/forge-skill-builder.js';
export { ForgeSkillSettings } from './settings/forge-skill-settings.js';
export { ApiError, createApiClient } from './api/client.js';
export type { ApiClient, ApiClientOptions } from './api/client.js';
export type { ForgeErrorDetail, ForgeEventMap, SettingsSavedDetail, SkillDraftDetail, SkillSavedDetail } from './events.js';
export type {
  AgentInfo,
  ChatMessage,
  ChatRequest,
  ConfigSource,
  Draft,
  MissingEnvVar,
  ProviderInfo,
  SaveRequest,
  SaveResult,
  SettingsInfo,
  SettingsUpdate,
  SkillFile,
  SkillSummary,
  ValidateRequest,
} from './types.js';
