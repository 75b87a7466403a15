// Forge's runtime contract, in one place: which script a tool runs and under
// which interpreter (script-binding), how a one-line `**Input:**` spec becomes
// parameters (input-spec: property keys, type words, `required`, the first
// parameter), the built-in tools and capabilities (builtins), what the runtime
// registers as tools and lists in its catalog (registration), and the Go text
// primitives its reader uses (go-text). Everything that speaks for the runtime
// imports these rules; nothing restates them.

export { BUILTIN_TOOLS, builtinToolsMentioned, isBuiltinTool, KNOWN_CAPABILITIES } from './builtins.js';
export type { BuiltinTool } from './builtins.js';
export {
  interpreterFor,
  normalizeScriptName,
  SCRIPT_EXTENSIONS,
  SCRIPT_INTERPRETERS,
  scriptForTool,
  scriptStem,
  toolForScript,
  toolNameForStem,
  toolScriptBaseName,
  toolScriptStems,
} from './script-binding.js';
export type { Interpreter } from './script-binding.js';
export {
  isValidPropertyKey,
  PROPERTY_KEY_PATTERN,
  REQUIRED_MARKER,
  RUNTIME_TYPE_WORDS,
  runtimeJsonType,
  runtimeRequires,
  suggestPropertyKey,
} from './input-spec.js';
export type { RuntimeJsonType } from './input-spec.js';
export { catalogListing, isCallableEntry, READ_SKILL_TOOL_NAME, registersTool, TOOL_NAME_PATTERN, toolNameProblem } from './registration.js';
export type { CatalogListing, CatalogSkillFacts, RuntimeEntryFacts } from './registration.js';
