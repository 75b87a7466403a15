// Public surface of `forge-skill-builder/llm`: the LLM client — one streaming
// interface over OpenAI, Anthropic, Gemini and Ollama (each provider's SDK
// loaded on first use), its request and stream-part types, and the
// skill-builder LLM settings as written in `ui.yaml` (the zod schema and the
// camelCase settings), and record/replay of provider calls. Errors (`LlmError`, `ConfigError`) come from the root.

export { createLlmClient } from '../llm/client.js';
export { PROVIDERS, DEFAULT_API_KEY_ENV } from '../llm/types.js';
export { createMemoryRecordingStore } from '../llm/recording/transport.js';
export { RECORDING_FORMAT } from '../llm/recording/types.js';
export type { CanonicalRequest, LlmRecording, LlmRecordingStore, RecordedResponse, RecordingFile } from '../llm/recording/types.js';
export type {
  ChatMessage,
  FinishReason,
  JsonSchema,
  LlmClient,
  LlmConfig,
  LlmMessage,
  LlmRequest,
  LlmStreamPart,
  LlmTool,
  LlmToolCall,
  LlmUsage,
  ProviderName,
  ToolCallsMessage,
  ToolResultMessage,
} from '../llm/types.js';
export { SkillBuilderConfigSchema, parseSkillBuilderConfig, validateSkillBuilderSettings, settingsFromConfig, settingsToConfig } from '../config/schema.js';
export type { SkillBuilderConfig, SkillBuilderSettings } from '../config/schema.js';
