// Public surface of `forge-skill-builder/node`: filesystem, config tiers, .env
// handling, skills on disk, HTTP handlers and the server. Everything takes an
// optional `fs`, `env` and `homeDir` so it runs in memory too.

export { resolveIo } from './fs/types.js';
export type { EnvRecord, FsLike, FsPromisesLike, FsStatsLike, FsDirentLike, IoOptions } from './fs/types.js';
export { writeFileAtomic } from './fs/atomic-write.js';
export { readEnvFile, setEnvFileValue, parseEnvText, ensureGitignoreEntry } from './config/env-file.js';
export { loadSkillBuilderLLM, saveSkillBuilderSettings, toUsableLlmConfig, workspaceUiYamlPath, workspaceEnvPath, OAUTH_PLACEHOLDER } from './config/tiers.js';
export type { KeySource, LoadSkillBuilderLLMOptions, ResolvedSkillBuilderLLM, SaveSkillBuilderSettingsOptions, SkillBuilderSource } from './config/tiers.js';
export { originOf, readTrustedOrigins, isBaseUrlTrusted, trustBaseUrl, userUiYamlPath } from './config/trust.js';
export { discoverAgents, findAgent, MAX_AGENT_DEPTH } from './workspace/agents.js';
export type { AgentInfo } from './workspace/agents.js';
export { customSkillData, listAgentSkills, listCustomSkills, readCustomSkill, locateSkill, listSkillsFolder } from './skill-store/index.js';
export type { CustomSkill, SkillLocation, SkillsFolderListing } from './skill-store/index.js';
export type { CustomSkillData, SkillFormat, SkillSummary, SkippedEntry, SkipCode, SkillsListing } from '../core/api/types.js';
export { saveSkill, existingSkillNames } from './workspace/save-skill.js';
export { systemHostResolver, type HostResolver } from './workspace/resolve-egress.js';
export { rollbackSkill } from './workspace/rollback-skill.js';
export { listSkillHistory, diffSkillVersions, CURRENT_VERSION } from './history/skill-history.js';
export type { SkillHistoryOptions } from './history/skill-history.js';
export type { SkillHistory, SkillVersion, SkillVersionFile, SkillVersionDiff, SkillVersionDiffFile, SkillEvalSummary } from '../core/api/types.js';
export type { MissingEnvVar, SaveSkillOptions, SaveSkillRequest, SaveSkillResult, SkillSaveRequest } from './workspace/save-skill.js';
export type { SkillLike } from '../core/skill/skill.js';
export type { DraftBinary, SaveBinaryFile } from '../core/api/types.js';
export {
  checkAgentRouting,
  routeCheckAgent,
  suggestAgentRoutingRequests,
  improveAgentDescription,
  agentRoutingSkills,
  prepareAgentRouting,
  routeOptimizeAgent,
  optimizeAgentRouting,
  agentCatalogBudget,
} from './routing/agent-routing.js';
export type { AgentRoutingOptions } from './routing/agent-routing.js';
export { readTriggerFile, writeTriggerFile, TRIGGERS_FILE } from './routing/trigger-file.js';
// Evals for an agent on disk: its other skills, the workspace model, tools in the sandbox.
export { runAgentEvals, suggestAgentEvals } from './evals/agent-evals.js';
export { readEvalFeedback, saveEvalFeedback } from './evals/eval-files.js';
export type { AgentEvalsOptions } from './evals/agent-evals.js';
export { sandboxExecutor } from './evals/sandbox-executor.js';
export type { SandboxExecutorOptions } from './evals/sandbox-executor.js';
export { createWorkspaceSkillBuilder } from './builder.js';
export type { ExplicitSkillBuilderOptions, NodeChatOptions, NodeSkillBuilder, NodeSkillBuilderOptions, WorkspaceSkillBuilderOptions } from './builder.js';

// HTTP API (docs/http-api.md) and the local server.
export { createRequestHandler } from './http/request-handler.js';
export type { NodeRequestHandler, RequestHandlerOptions } from './http/request-handler.js';
export { createFetchHandler } from './http/fetch-handler.js';
export type { FetchHandler, FetchHandlerOptions } from './http/fetch-handler.js';
export type { ApiHandlerOptions, LlmClientFactory, RequestLogEntry, RequestLogger } from './http/types.js';
export { API_ROUTES } from './http/routes.js';
export { startServer, PortInUseError, DEFAULT_PORT, DEFAULT_HOST } from './server.js';
export type { RunningServer, StartServerOptions } from './server.js';

export { buildSkillsFolder } from './artifacts/build-folder.js';
export type { BuildSkillsFolderOptions, BuildSkillsFolderResult } from './artifacts/build-folder.js';
export { readSkillsFolder } from './skill-store/index.js';
export type { ReadSkillsFolderResult } from './skill-store/index.js';
export { runBuildCommand } from './cli/build.js';

// Trying a draft's tools before saving: sandboxed runs with an egress proxy.
export { runSkillTool } from './sandbox/run-skill-tool.js';
export { ToolRunError } from './sandbox/types.js';
export type { OutputDiagnostic, RunCause, RunCauseCode, RunSkillToolOptions, SandboxMode, ToolRunProblem, ToolRunResult } from './sandbox/types.js';
export type { ObservedFile, ObservedProgram, ObservedRequest, RunObservation, WrittenArea } from '../core/tool-run/observation.js';

// Record and replay LLM calls in a directory (LlmConfig.recording).
export { createDirectoryRecordingStore } from './llm-recording/directory-store.js';

// Checking scripts without running them, and the risk policy on disk.
export { checkScriptSyntax } from './script-check/index.js';
export type { CheckScriptSyntaxOptions, ScriptSyntaxFinding, ScriptSyntaxResult, SyntaxTool } from './script-check/index.js';
export { readAgentRiskPolicy, readRiskPolicyFile } from './risk/policy-file.js';
export type { AgentRiskPolicy } from './risk/policy-file.js';

// Skills are folders: import a folder, .zip or .skill into a draft; export deterministic zip bytes.
export { importSkill, exportSkill } from './skill-folder/index.js';
export type { ExportSkillOptions, ImportSkillSource } from './skill-folder/index.js';

// Forge-compatible signing: Ed25519 key files, signed manifests, verification against a keyring.
export {
  generateSigningKey,
  readPrivateKeyFile,
  loadKeyring,
  forgeKeysDir,
  trustedKeysDir,
  signSkillFolder,
  verifySkillFolder,
  verifySkillEntries,
} from './trust/index.js';
export type { GeneratedKey, Keyring, SignSkillResult, VerifySkillOptions } from './trust/index.js';
export { checkSkillTrust } from './trust/import-trust.js';
export { readAgentTrustPolicy, readWorkspaceTrustPolicy } from './config/trust-policy.js';
export type { SourcedTrustPolicy } from './config/trust-policy.js';
