// Public surface of `forge-skill-builder` (the package root; there is no `/core` alias): the
// isomorphic core (no node:*, no process). Every export is named here; anything
// not listed is internal.

export { formatDiagnostic, toValidationResult } from './diagnostics.js';
export type { Diagnostic, Severity, ValidationResult } from './diagnostics.js';
export {
  ForgeError,
  LlmError,
  ConfigError,
  RequestError,
  SkillConflictError,
  UnsafePathError,
  NotFoundError,
  SkillValidationError,
  LLM_ERROR_CODES,
} from './errors.js';
export type { LlmErrorCode } from './errors.js';
export {
  checkSkillName,
  checkScriptFileName,
  checkEnvVarName,
  assertSafeSkillName,
  assertSafeScriptFileName,
  SKILL_NAME_PATTERN,
  MAX_SKILL_NAME_LENGTH,
} from './names.js';
export type { BuilderEvent, BuilderEventType, DraftPhase, ParsedEnvelope, SkillDraft } from './envelope/events.js';
export type {
  BinRequirement,
  EnvRequirements,
  ForgeMetadata,
  ParsedSkillMd,
  SkillFrontmatter,
  SkillSection,
  ToolExample,
  ToolOutput,
  ToolParam,
  ToolSection,
} from './skillmd/types.js';
// The skill value: one skill folder with its views computed once.
export { Skill } from './skill/index.js';
export type { SkillBinary, SkillInit, SkillLike } from './skill/index.js';
export { parseSkillMd } from './skillmd/parse.js';
export { compileSkill, safeCompileSkill } from './skillmd/compile.js';
export type { CompileResult } from './skillmd/compile.js';
export { decompileSkill, safeDecompileSkill } from './skillmd/decompile.js';
export type { DecompileResult } from './skillmd/decompile.js';
export { SkillSpecSchema } from './skillmd/spec-schema.js';
export type { SkillSpec, SkillSpecInput, ToolSpec, ToolParamSpec, ToolExampleSpec, ExtraSectionSpec, ForgeMetadataSpec, BinRecipeSpec } from './skillmd/spec-schema.js';
export { validateSkillMd } from './skillmd/validate/validate.js';
export type { SkillValidationResult, ValidateOptions, ValidationProfile } from './skillmd/validate/validate.js';
export { escapeControlChars, createStreamEscaper } from './safe-text/control-chars.js';
export { CONTINUE_MESSAGE, TRUNCATED_NO_DRAFT_NOTICE } from './builder/continue-turn.js';
export type { EscapeOptions, StreamEscaper } from './safe-text/control-chars.js';
export { buildSkillCatalog, filterSkills } from './catalog.js';
export type { FilterableSkill, SkillCatalogFormat, SkillCatalogInput, SkillCatalogOptions, SkillFilter } from './catalog.js';
// Forge's runtime contract (forge-runtime/): thin re-exports of the names users reach for.
export { toolScriptBaseName, interpreterFor, BUILTIN_TOOLS, isBuiltinTool, KNOWN_CAPABILITIES, PROPERTY_KEY_PATTERN, runtimeJsonType } from './forge-runtime/index.js';
export type { Interpreter, BuiltinTool, RuntimeJsonType } from './forge-runtime/index.js';
export { buildSystemPrompt } from './builder/prompt.js';
export type { DraftSkill, ExistingSkill, PromptMode, SystemPromptOptions } from './builder/prompt.js';
export { parseEnvelope } from './envelope/parse.js';
export { EnvelopeSchema, envelopeJsonSchema, ENVELOPE_SCHEMA_NAME } from './envelope/schema.js';
export type { Envelope, EnvelopeSchemaFlavour } from './envelope/schema.js';
export { createEnvelopeStream } from './envelope/stream.js';
export type { EnvelopeStream } from './envelope/stream.js';
export { createSkillBuilder } from './builder/builder.js';
export type { ChatOptions, SendError, SkillBuilder, SkillBuilderOptions } from './builder/builder.js';
export { ChatRequestSchema, SaveRequestSchema, ValidateRequestSchema, DraftSchema, parseRequestBody, REQUEST_LIMITS } from './api/schemas.js';
export type { ChatRequestWire, SaveRequestWire, ValidateRequestWire } from './api/schemas.js';
// The API's camelCase shapes (one per concept, shared by ./node and ./elements) and their one wire mapping.
export type {
  AgentInfo,
  BuilderContext,
  ChatMode,
  ChatRequest,
  ConfigSource,
  CustomSkill,
  Draft,
  DraftBinary,
  MissingEnvVar,
  ProviderInfo,
  SaveBinaryFile,
  SaveSkillRequest,
  SaveSkillResult,
  SettingsInfo,
  SettingsUpdate,
  SkillFormat,
  SkillSummary,
  SkippedFile,
  SkippedEntry,
  SkipCode,
  SkillsListing,
  ValidateRequest,
} from './api/types.js';
export {
  agentInfoFromWire,
  agentInfoToWire,
  builderEventFromWire,
  builderEventToWire,
  chatRequestFromWire,
  chatRequestToWire,
  contextFromWire,
  contextToWire,
  customSkillFromWire,
  customSkillToWire,
  draftFromWire,
  draftToWire,
  folderFromWire,
  providerInfoFromWire,
  providerInfoToWire,
  saveRequestFromWire,
  saveRequestToWire,
  saveResultFromWire,
  saveResultToWire,
  settingsInfoFromWire,
  settingsInfoToWire,
  settingsUpdateFromWire,
  settingsUpdateToWire,
  skillSummaryFromWire,
  skillSummaryToWire,
  toolRunFromWire,
  toolRunToWire,
  validateRequestFromWire,
  validateRequestToWire,
  validationFromWire,
  validationToWire,
} from './api/wire.js';
export type { SseMessage, ToolRunWireResult, WireCodec, WireJson } from './api/wire.js';
export {
  SkillBuilderConfigSchema,
  parseSkillBuilderConfig,
  validateSkillBuilderSettings,
  settingsFromConfig,
  settingsToConfig,
} from './config/schema.js';
export type { SkillBuilderConfig, SkillBuilderSettings } from './config/schema.js';
export { PROVIDERS, DEFAULT_API_KEY_ENV } from './llm/types.js';
export { createLlmClient } from './llm/client.js';
export { ANTHROPIC_DEFAULT_MAX_TOKENS, DEFAULT_IDLE_TIMEOUT_MS } from './llm/defaults.js';
export type {
  ChatMessage,
  FinishReason,
  JsonSchema,
  LlmClient,
  LlmConfig,
  LlmRequest,
  LlmStreamPart,
  LlmTool,
  LlmUsage,
  ProviderName,
} from './llm/types.js';
export { checkRouting, routeCheck, suggestRoutingRequests, DEFAULT_ROUTING_CONCURRENCY } from './routing/check-routing.js';
export type { RoutingCheckError } from './routing/check-routing.js';
export { buildAgentView, READ_SKILL_TOOL } from './routing/agent-view.js';
export type { AgentView } from './routing/agent-view.js';
export { improveDescription, MAX_DESCRIPTION_CHARS } from './routing/improve-description.js';
export type { ImproveDescriptionOptions, ImprovedDescription } from './routing/improve-description.js';
export { planRouting, checkRequests as checkRoutingRequests, DEFAULT_MAX_REQUESTS } from './routing/requests.js';
export type { RoutingPlan } from './routing/requests.js';
export { withDescription } from './routing/skills.js';
export { DesignerReplyError } from './routing/errors.js';
export type {
  CheckRoutingOptions,
  RoutingChoice,
  RoutingEvent,
  RoutingExpectation,
  RoutingOverlap,
  RoutingReport,
  RoutingRequest,
  RoutingResult,
  RoutingSkill,
} from './routing/types.js';
export { compileSkills } from './artifacts/compile-skills.js';
export { serializeArtifacts, ARTIFACT_FILE_NAMES } from './artifacts/serialize.js';
export { buildInputSchema } from './artifacts/input-schema.js';
export { mapInputType, INPUT_TYPE_ALIASES } from './skillmd/input-types.js';
export { parseTimeoutHint } from './artifacts/requirements.js';
export { ARTIFACTS_VERSION } from './artifacts/types.js';
export type {
  BuildDiagnostic,
  CompiledSkills,
  CompileSkillsOptions,
  RequirementsArtifact,
  SkillArtifact,
  SkillSource,
  SkillToolArtifact,
  RuntimeToolArtifact,
  AuthoredToolArtifact,
  ToolDefinition,
} from './artifacts/types.js';
export type { ToolInputSchema } from './artifacts/input-schema.js';
export type { JsonSchemaNode } from './skillmd/input-types.js';
export { forgeRuntimeView, runtimeInputSchema } from './runtime-view/index.js';
export type { RuntimeInputSchema, RuntimeToolView, RuntimeView, RuntimeViewOptions } from './runtime-view/index.js';
export { assessSkillRisk } from './risk/assess.js';
export type { AssessRiskOptions } from './risk/assess.js';
export { defaultRiskPolicy, parseRiskPolicy, RiskPolicyError, RISK_POLICY_KEYS } from './risk/policy.js';
export { TRUSTED_DOMAINS, HIGH_RISK_BINS, SENSITIVE_ENV_PATTERNS } from './risk/score.js';
export type { RiskFactor, RiskFinding, RiskFindingRule, RiskLevel, RiskPolicy, RiskViolation, ScriptPolicy, SkillRiskAssessment } from './risk/types.js';
// Skill folders and packages (issue 17): the draft shape, archive safety checks, zip read/write (fflate; isomorphic).
export { SkillArchiveError, SKILL_FOLDER_LIMITS, TEXT_FILE_FOLDERS, acceptRequirements, readSkillZip, readSkillFiles, writeSkillZip } from './skill-folder/index.js';
export type { AcceptedRequirements, SkillBinaryFile, SkillFolderDraft } from './skill-folder/index.js';
export { fixForRuntime } from './runtime-form/fix.js';
export type { RuntimeFix, RuntimeFixChange } from './runtime-form/fix.js';
