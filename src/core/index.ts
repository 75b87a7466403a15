// Public surface of `forge-skill-builder` (the package root): the skill model.
// A skill (the `Skill` value, SKILL.md parse, validate, compile/decompile, the
// runtime view and fixes), Forge's runtime contract helpers, the catalog, the
// risk assessment, skill packages (zip) and the error hierarchy. Isomorphic (no
// node:*, no process). The designer, the LLM client, the routing check and the
// build artifacts have entries of their own (src/core/entries/); the HTTP wire
// mapping and tunables are internal. Every export is named here.

// Errors: the one hierarchy every entry throws from.
export {
  ForgeError,
  LlmError,
  LlmReplayMissError,
  ConfigError,
  RequestError,
  SkillConflictError,
  UnsafePathError,
  NotFoundError,
  SkillValidationError,
  PartialResultError,
  LLM_ERROR_CODES,
} from './errors.js';
export type { ForgeErrorCode, LlmErrorCode } from './errors.js';

// The skill value: one skill folder with its views computed once.
export { Skill } from './skill/index.js';
export type { SkillBinary, SkillInit, SkillLike } from './skill/index.js';

// SKILL.md: the authored model, validation, the compiler.
export { parseSkillMd } from './skillmd/parse.js';
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
export { validateSkillMd } from './skillmd/validate/validate.js';
export type { SkillValidationResult, ValidateOptions, ValidationProfile } from './skillmd/validate/validate.js';
export { formatDiagnostic, toValidationResult } from './diagnostics.js';
export type { Diagnostic, Severity, ValidationResult } from './diagnostics.js';
export { checkSkillName, checkScriptFileName, checkEnvVarName } from './names.js';
export { compileSkill, safeCompileSkill } from './skillmd/compile.js';
export type { CompileResult } from './skillmd/compile.js';
export { decompileSkill, safeDecompileSkill } from './skillmd/decompile.js';
export type { DecompileResult } from './skillmd/decompile.js';
export { SkillSpecSchema } from './skillmd/spec-schema.js';
export type {
  SkillSpec,
  SkillSpecInput,
  ToolSpec,
  ToolParamSpec,
  ToolExampleSpec,
  ExtraSectionSpec,
  ForgeMetadataSpec,
  BinRecipeSpec,
} from './skillmd/spec-schema.js';

// Forge's runtime contract and what the runtime makes of a skill.
export {
  toolScriptBaseName,
  interpreterFor,
  BUILTIN_TOOLS,
  isBuiltinTool,
  KNOWN_CAPABILITIES,
  PROPERTY_KEY_PATTERN,
  runtimeJsonType,
} from './forge-runtime/index.js';
export type { Interpreter, BuiltinTool, RuntimeJsonType } from './forge-runtime/index.js';
export { forgeRuntimeView, runtimeInputSchema } from './runtime-view/index.js';
export type { RuntimeInputSchema, RuntimeToolView, RuntimeView, RuntimeViewOptions } from './runtime-view/index.js';
export { fixForRuntime } from './runtime-form/fix.js';
export type { RuntimeFix, RuntimeFixChange } from './runtime-form/fix.js';

// The catalog an agent's prompt lists its skills in.
export { buildSkillCatalog, filterSkills } from './catalog.js';
export type { CatalogSkill, FilterableSkill, SkillCatalogFormat, SkillCatalogOptions, SkillFilter } from './catalog.js';

// Risk: what a skill may do, against a policy.
export { assessSkillRisk } from './risk/assess.js';
export { defaultRiskPolicy, parseRiskPolicy, RiskPolicyError } from './risk/policy.js';
export type { RiskFactor, RiskFinding, RiskFindingRule, RiskLevel, RiskPolicy, RiskViolation, ScriptPolicy, SkillRiskAssessment } from './risk/types.js';

// Skill packages: zip read/write (fflate; isomorphic) and accepting inferred requirements.
export { SkillArchiveError, acceptRequirements, readSkillZip, readSkillFiles, writeSkillZip } from './skill-folder/index.js';
export type { AcceptedRequirements } from './skill-folder/index.js';
