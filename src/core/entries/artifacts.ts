// Public surface of `forge-skill-builder/artifacts`: the build step — a
// skills folder compiled into what an agent runtime loads (skills.json,
// tools.json with each tool's JSON Schema input, prompt.txt), versioned by
// ARTIFACTS_VERSION. `forge-skill-builder/node`'s buildSkillsFolder reads and
// writes the folders; this is the isomorphic part.

export { compileSkills } from '../artifacts/compile-skills.js';
export { serializeArtifacts, ARTIFACT_FILE_NAMES } from '../artifacts/serialize.js';
export { buildInputSchema } from '../artifacts/input-schema.js';
export type { ToolInputSchema } from '../artifacts/input-schema.js';
export { mapInputType } from '../skillmd/input-types.js';
export type { JsonSchemaNode } from '../skillmd/input-types.js';
export { parseTimeoutHint } from '../artifacts/requirements.js';
export { ARTIFACTS_VERSION } from '../artifacts/types.js';
export type {
  AuthoredToolArtifact,
  BuildDiagnostic,
  CompiledSkills,
  CompileSkillsOptions,
  RequirementsArtifact,
  RuntimeToolArtifact,
  SkillArtifact,
  SkillToolArtifact,
  ToolDefinition,
} from '../artifacts/types.js';
